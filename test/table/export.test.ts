import { describe, expect, it } from 'vitest';
import {
  exportPlies,
  layOutRows,
  moveRecord,
  moveTableText,
  type Ply,
  type RoundRow,
  replay,
  rounds,
  type Table,
} from '../../src/index.js';
import { ANN, BOB, castInstant, openMundane, pass, playCard } from '../support/mundane.js';

/**
 * A one-turn, two-seat mundane game with a card, a response and an
 * application's pass. With the test decks (opening hand 3), seat:ann holds
 * Toaster, Laundry, Coffee and draws Neighbour; seat:bob holds Excuse, Coffee,
 * Neighbour.
 */
function oneTurnGame(): Table {
  const table = openMundane({ turns: 1 });
  pass(table, ANN); // 1  RESET
  pass(table, BOB); // 2  → WAKE_UP
  pass(table, ANN); // 3
  pass(table, BOB); // 4  → PLAN
  playCard(table, ANN, 'Toaster'); // 5
  pass(table, ANN); // 6
  castInstant(table, BOB, 'Excuse'); // 7  a response on top of Toaster
  pass(table, ANN); // 8
  pass(table, BOB); // 9  Excuse resolves
  pass(table, ANN); // 10
  pass(table, BOB); // 11 Toaster resolves
  pass(table, ANN); // 12
  pass(table, BOB); // 13 → DO_STUFF
  castInstant(table, ANN, 'Coffee'); // 14
  pass(table, ANN); // 15
  pass(table, BOB); // 16 Coffee resolves
  pass(table, ANN); // 17
  pass(table, BOB); // 18 → WIND_DOWN
  table.play({ type: 'engine.pass' }); // 19 the application passes for seat:ann
  pass(table, BOB); // 20 the turn ends, and with it the game
  return table;
}

describe('the export of a 2-seat mundane game', () => {
  it('rounds() gives one sparse row per ply, each in its seat column, with sequence where the play order is not the column', () => {
    const table = oneTurnGame();
    expect(table.state.status).toBe('over');
    expect(table.state.winners).toEqual([ANN]);
    const expected: RoundRow[] = [
      ['pass', null],
      [null, 'pass'],
      [{ move: 'pass', sequence: 3 }, null],
      [null, { move: 'pass', sequence: 4 }],
      [{ move: 'play Toaster', sequence: 5 }, null],
      [{ move: 'pass', sequence: 6 }, null],
      [null, { move: 'cast Excuse', sequence: 7 }],
      [{ move: 'pass', sequence: 8 }, null],
      [null, { move: 'pass', sequence: 9 }],
      [{ move: 'pass', sequence: 10 }, null],
      [null, { move: 'pass', sequence: 11 }],
      [{ move: 'pass', sequence: 12 }, null],
      [null, { move: 'pass', sequence: 13 }],
      [{ move: 'cast Coffee', sequence: 14 }, null],
      [{ move: 'pass', sequence: 15 }, null],
      [null, { move: 'pass', sequence: 16 }],
      [{ move: 'pass', sequence: 17 }, null],
      [null, { move: 'pass', sequence: 18 }],
      [{ move: 'pass', sequence: 19 }, null],
      [null, { move: 'pass', sequence: 20 }],
    ];
    expect(table.turnModel).toBe('sequenced');
    expect(rounds(table.plies, table.log.seats, 'sequenced')).toEqual(expected);
    expect(moveRecord(table.plies, table.log.seats, 'sequenced')).toEqual({ turnModel: 'sequenced', rounds: expected });
    // The log is the truth: its replay exports the same rows.
    expect(rounds(replay(table.log).plies, table.log.seats, 'sequenced')).toEqual(expected);
  });

  it("a new round restarts the play order: seat:bob's turn stays in round 1, seat:ann's second turn opens round 2", () => {
    const table = openMundane({ turns: 3 });
    while (table.state.status === 'playing') pass(table);
    const plies = table.plies;
    expect(plies).toHaveLength(30);
    expect(plies.map((p) => p.round)).toEqual([...Array<number>(20).fill(1), ...Array<number>(10).fill(2)]);
    const rows = rounds(plies, table.log.seats, 'sequenced');
    expect(rows.slice(9, 12)).toEqual([
      [null, { move: 'pass', sequence: 10 }], // the last pass of seat:ann's turn 1
      [null, { move: 'pass', sequence: 11 }], // seat:bob opens his turn 2: he holds priority first
      [{ move: 'pass', sequence: 12 }, null],
    ]);
    expect(rows.slice(19, 22)).toEqual([
      [{ move: 'pass', sequence: 20 }, null], // the last pass of round 1
      ['pass', null], // round 2: seat:ann's turn 3, play order 1 in her own column
      [null, 'pass'],
    ]);
  });

  it('exportPlies gives exactly the fields docs/contract.md names: actor, move, notation, round, playOrder', () => {
    const table = oneTurnGame();
    const exported = exportPlies(table.plies);
    expect(exported).toHaveLength(20);
    for (const ply of exported)
      expect(Object.keys(ply).sort()).toEqual(['actor', 'move', 'notation', 'playOrder', 'round']);
    expect(exported[4]).toEqual({
      actor: ANN,
      move: { type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } },
      notation: 'play Toaster',
      round: 1,
      playOrder: 5,
    });
    expect(exported[6]).toEqual({
      actor: BOB,
      move: { type: 'CastInstant', seat: BOB, payload: { card: 'Excuse' } },
      notation: 'cast Excuse',
      round: 1,
      playOrder: 7,
    });
    // The application's pass: no actor, though it passed for seat:ann.
    expect(exported[18]).toEqual({
      actor: null,
      move: { type: 'engine.pass' },
      notation: 'pass',
      round: 1,
      playOrder: 19,
    });
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });

  it('moveTableText prints an aligned table: a header of round, ply, turn, phase and the seats, a rule, one line per ply', () => {
    const table = oneTurnGame();
    const seats = table.log.seats;
    const text = moveTableText(seats, layOutRows(table.plies, seats, 'sequenced'));
    expect(text).toBe(
      [
        'round  ply  turn  phase      seat:ann      seat:bob',
        '-----  ---  ----  ---------  ------------  -----------',
        '1      1    1     RESET      pass',
        '1      2    1     RESET                    pass',
        '1      3    1     WAKE_UP    pass',
        '1      4    1     WAKE_UP                  pass',
        '1      5    1     PLAN       play Toaster',
        '1      6    1     PLAN       pass',
        '1      7    1     PLAN                     cast Excuse',
        '1      8    1     PLAN       pass',
        '1      9    1     PLAN                     pass',
        '1      10   1     PLAN       pass',
        '1      11   1     PLAN                     pass',
        '1      12   1     PLAN       pass',
        '1      13   1     PLAN                     pass',
        '1      14   1     DO_STUFF   cast Coffee',
        '1      15   1     DO_STUFF   pass',
        '1      16   1     DO_STUFF                 pass',
        '1      17   1     DO_STUFF   pass',
        '1      18   1     DO_STUFF                 pass',
        '1      19   1     WIND_DOWN  pass',
        '1      20   1     WIND_DOWN                pass',
      ].join('\n'),
    );
    // Every cell starts right under its column's title, and no line ends in spaces.
    const lines = text.split('\n');
    const header = lines[0] as string;
    const starts = ['round', 'ply', 'turn', 'phase', ...seats].map((title) => header.indexOf(title));
    for (const line of lines.slice(2)) {
      expect(line).toBe(line.trimEnd());
      starts.forEach((start, c) => {
        const cell = line.slice(start, starts[c + 1]);
        if (cell.trim() !== '') expect(cell[0], `column ${c} of ${JSON.stringify(line)}`).not.toBe(' ');
        if (start > 0 && line.length > start) expect(line[start - 1]).toBe(' ');
      });
    }
  });
});

/** A hand-built ply, as the engine would record it for `seat`. */
function ply(seat: string, notation: string, round: number, playOrder: number): Ply {
  return {
    actor: seat,
    seat,
    move: { type: 'Move', seat, payload: notation },
    notation,
    round,
    playOrder,
    turn: round,
    phase: 'PLAY',
    moveIndex: 0,
  };
}

/** Numbers the plies of each round from 1, as the engine does. */
function plies(...byRound: [round: number, seats: [seat: string, notation: string][]][]): Ply[] {
  return byRound.flatMap(([round, list]) => list.map(([seat, notation], i) => ply(seat, notation, round, i + 1)));
}

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';
const D = 'seat:d';

describe('auto density on hand-built plies', () => {
  it('sequential: a round packs into one dense row, except a round where a seat appears twice, which stays sparse', () => {
    const list = plies(
      [
        1,
        [
          [A, 'a1'],
          [B, 'b1'],
          [C, 'c1'],
        ],
      ],
      [
        2,
        [
          [A, 'a2'],
          [B, 'b2'],
          [A, 'a2+'],
          [C, 'c2'],
        ],
      ],
      [
        3,
        [
          [A, 'a3'],
          [B, 'b3'],
          [C, 'c3'],
        ],
      ],
    );
    expect(rounds(list, [A, B, C], 'sequential')).toEqual([
      ['a1', 'b1', 'c1'],
      ['a2', null, null],
      [null, 'b2', null],
      [{ move: 'a2+', sequence: 3 }, null, null],
      [null, null, { move: 'c2', sequence: 4 }],
      ['a3', 'b3', 'c3'],
    ]);
    expect(layOutRows(list, [A, B, C], 'sequential').map((row) => [row.round, row.ply?.notation ?? null])).toEqual([
      [1, null],
      [2, 'a2'],
      [2, 'b2'],
      [2, 'a2+'],
      [2, 'c2'],
      [3, null],
    ]);
  });

  it('skip-turn: an absent seat is a null cell in a dense row; a seat acting twice keeps that round sparse', () => {
    const list = plies(
      [
        1,
        [
          [A, 'a1'],
          [C, 'c1'],
        ],
      ],
      [2, [[B, 'b2']]],
      [
        3,
        [
          [C, 'c3'],
          [A, 'a3'],
          [C, 'c3+'],
        ],
      ],
    );
    expect(rounds(list, [A, B, C], 'skip-turn')).toEqual([
      ['a1', null, 'c1'],
      [null, 'b2', null],
      [null, null, { move: 'c3', sequence: 1 }],
      [{ move: 'a3', sequence: 2 }, null, null],
      [null, null, 'c3+'],
    ]);
  });

  it("simultaneous: a round's moves share one row whatever order they came in; a seat submitting twice keeps the round sparse", () => {
    const list = plies(
      [
        1,
        [
          [C, 'c1'],
          [A, 'a1'],
          [B, 'b1'],
        ],
      ],
      [
        2,
        [
          [B, 'b2'],
          [B, 'b2+'],
        ],
      ],
      [
        3,
        [
          [B, 'b3'],
          [A, 'a3'],
        ],
      ],
    );
    expect(rounds(list, [A, B, C], 'simultaneous')).toEqual([
      ['a1', 'b1', 'c1'],
      [null, { move: 'b2', sequence: 1 }, null],
      [null, 'b2+', null],
      ['a3', 'b3', null],
    ]);
  });

  it("sequenced: frogger-refills' announced refill, seat 3 twice in a row, gives one sparse row per ply with both in seat 3's column", () => {
    const list = plies([
      1,
      [
        [A, 'a4-b4'],
        [B, 'c2-c3'],
        [C, 'l4-k4,9MS!/'],
        [C, 'k4-j3,NL/'],
        [D, 'd1-d2'],
      ],
    ]);
    expect(list.map((p) => p.actor)).toEqual([A, B, C, C, D]);
    expect(rounds(list, [A, B, C, D], 'sequenced')).toEqual([
      ['a4-b4', null, null, null],
      [null, 'c2-c3', null, null],
      [null, null, 'l4-k4,9MS!/', null],
      [null, null, { move: 'k4-j3,NL/', sequence: 4 }, null],
      [null, null, null, { move: 'd1-d2', sequence: 5 }],
    ]);
    // The same plies under a non-sequenced model: the repeated seat keeps the round sparse, so nothing is overwritten.
    expect(rounds(list, [A, B, C, D], 'sequential')).toEqual(rounds(list, [A, B, C, D], 'sequenced'));
  });

  it('a 4-seat sequenced move table reads as one line per ply, each move under its seat', () => {
    const list = plies([
      1,
      [
        [A, 'a4-b4'],
        [B, 'c2-c3'],
        [C, 'l4-k4,9MS!/'],
        [C, 'k4-j3,NL/'],
      ],
    ]);
    const text = moveTableText([A, B, C, D], layOutRows(list, [A, B, C, D], 'sequenced'));
    expect(text).toBe(
      [
        'round  ply  turn  phase  seat:a  seat:b  seat:c       seat:d',
        '-----  ---  ----  -----  ------  ------  -----------  ------',
        '1      1    1     PLAY   a4-b4',
        '1      2    1     PLAY           c2-c3',
        '1      3    1     PLAY                   l4-k4,9MS!/',
        '1      4    1     PLAY                   k4-j3,NL/',
      ].join('\n'),
    );
  });

  it('a Free round of 200,000 plies where seats act many times lays out as one sparse row a ply', () => {
    const seats = ['seat:ann', 'seat:bob'];
    const plies: Ply[] = Array.from({ length: 200_000 }, (_, i) => ({
      actor: seats[i % 2]!,
      seat: seats[i % 2]!,
      move: { type: 'flip', seat: seats[i % 2]! },
      notation: 'flip',
      round: 1,
      playOrder: i + 1,
      turn: 1,
      phase: 'main',
      moveIndex: i,
    }));
    const rows = layOutRows(plies, seats, 'sequential');
    expect(rows).toHaveLength(200_000);
    expect(rows[199_999]).toEqual({
      round: 1,
      ply: plies[199_999],
      cells: [null, { move: 'flip', sequence: 200_000 }],
    });
  });
});
