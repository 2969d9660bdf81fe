/**
 * The turn model follows from what the rules make possible, and the record's
 * header and its rows agree. The rule: "use turn-model: sequenced when a seat
 * may submit more than one ply before every seat has acted once in the cycle".
 */
import { describe, expect, it } from 'vitest';
import { gameRecord, layOutRows, type Move, type Table } from '../../src/index.js';
import { openSandbox, withRules } from '../support/sandbox.js';

const [A, B, C] = ['seat:a', 'seat:b', 'seat:c'];
const THREE = [A, B, C];

const recordOf = (table: Table) =>
  gameRecord({ log: table.log, plies: table.plies, state: table.state, turnModel: table.turnModel });

/**
 * Whether a table's layout keeps its promise: `sequenced` gives one row per
 * ply; every other model gives rows in which no seat's ply stands alone
 * (a round's seat plies packed into one row, and rows of their own only for
 * plies of the table as a whole).
 */
function headerAndRowsAgree(table: Table): boolean {
  const rows = layOutRows(table.plies, table.log.seats, table.turnModel);
  if (table.turnModel === 'sequenced') return rows.length === table.plies.length;
  return rows.every((row) => row.ply === null || row.ply.seat === null);
}

describe('the turn model is derived from what the rules allow', () => {
  it('PerRound without movesPerTurn is sequenced: a seat plays and then ends its turn, two plies of one seat in a row', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }), THREE);
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.turnModel).toBe('sequenced');
    const record = recordOf(table);
    expect(record.header['turn-model']).toBe('sequenced');
    expect(record.rounds).toEqual([
      ['play', null, null],
      [{ move: 'end turn', sequence: 2 }, null, null],
    ]);
  });

  it('Initiative is sequenced even with movesPerTurn: 1: a seat that delays acts again later in the same round', () => {
    const table = openSandbox(withRules({ strategy: 'Initiative', movesPerTurn: 1 }), THREE);
    expect(table.turnModel).toBe('sequenced');
    table.play({ type: 'engine.delay', seat: A, payload: { after: B } });
    table.play({ type: 'play', seat: B });
    table.play({ type: 'play', seat: A });
    expect(table.plies.map((ply) => [ply.actor, ply.round])).toEqual([
      [A, 1],
      [B, 1],
      [A, 1],
    ]);
    expect(recordOf(table).rounds).toHaveLength(3);
  });

  it('Circular, Free, out-of-turn moves and priority windows are sequenced too', () => {
    expect(openSandbox(withRules({ strategy: 'Circular', movesPerTurn: 1 }), THREE).turnModel).toBe('sequenced');
    expect(openSandbox(withRules({ strategy: 'Free' }), THREE).turnModel).toBe('sequenced');
    expect(
      openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1, outOfTurn: ['react'] }), THREE).turnModel,
    ).toBe('sequenced');
    expect(
      openSandbox(
        { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 }, turnPhases: ['MAIN'] }] },
        THREE,
      ).turnModel,
    ).toBe('sequenced');
  });

  it('PerRound with movesPerTurn: 1 is sequential: each round one packed row, in the header and the rows', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }), THREE);
    for (const seat of [A, B, C, A]) table.play({ type: 'play', seat });
    const record = recordOf(table);
    expect(record.header['turn-model']).toBe('sequential');
    expect(record.rounds).toEqual([
      ['play', 'play', 'play'],
      ['play', null, null],
    ]);
  });

  it("Simultaneous with movesPerTurn: 1 is simultaneous: a round's moves in one row", () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 1 }), THREE);
    for (const seat of [C, A, B]) table.play({ type: 'play', seat });
    expect(table.turnModel).toBe('simultaneous');
    expect(recordOf(table).rounds).toEqual([['play', 'play', 'play']]);
  });

  it("moves of the table as a whole (a timer's end of round, a seat leaving) get rows of their own and never a second cell in a seat's round", () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 1 }), THREE);
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.leave', seat: A });
    table.play({ type: 'engine.end-turn' }); // the application closes the round for the seats still waiting
    expect(table.turnModel).toBe('simultaneous');
    expect(table.plies.map((ply) => [ply.actor, ply.seat])).toEqual([
      [A, A],
      [A, null],
      [null, null],
    ]);
    expect(recordOf(table).rounds).toEqual([
      ['play', null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(headerAndRowsAgree(table)).toBe(true);
  });

  it('a game that declares a packed model never overrides rules that make it sequenced', () => {
    // sandbox declares skip-turn for eliminations, but its PerRound rules without movesPerTurn let a seat play twice.
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { eliminations: true }), THREE);
    expect(table.game.turnModel(table.context.opening.options as never)).toBe('skip-turn');
    expect(table.turnModel).toBe('sequenced');
  });

  describe('header and rows agree in every case: random legal play under every kind of rules', () => {
    const configurations: [string, object][] = [
      ['PerRound', withRules({ strategy: 'PerRound' })],
      ['PerRound, one move a turn', withRules({ strategy: 'PerRound', movesPerTurn: 1 })],
      [
        'PerRound, one move a turn, eliminations',
        withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { eliminations: true }),
      ],
      ['PerRound, refills', withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { refills: true })],
      ['Initiative', withRules({ strategy: 'Initiative' })],
      ['Initiative, one move a turn', withRules({ strategy: 'Initiative', movesPerTurn: 1 })],
      ['Circular', withRules({ strategy: 'Circular', movesPerTurn: 1, circular: { allowSelfSuccessor: true } })],
      ['Simultaneous', withRules({ strategy: 'Simultaneous' })],
      ['Simultaneous, one move a turn', withRules({ strategy: 'Simultaneous', movesPerTurn: 1 })],
      ['Free', withRules({ strategy: 'Free' })],
      ['out of turn', withRules({ strategy: 'PerRound', movesPerTurn: 1, outOfTurn: ['react'] })],
      [
        'phases with transitions',
        {
          phases: [
            { name: 'plan', turns: { strategy: 'Simultaneous', movesPerTurn: 1 } },
            { name: 'act', turns: { strategy: 'PerRound', movesPerTurn: 1 } },
          ],
          transitions: [
            { name: 'go', from: 'plan', to: 'act' },
            { name: 'back', from: 'act', to: 'plan' },
          ],
        },
      ],
    ];
    for (const [name, options] of configurations) {
      it(name, () => {
        for (let seed = 1; seed <= 5; seed++) {
          const table = openSandbox(options, THREE);
          let state = seed * 7919;
          const pick = <T>(items: readonly T[]): T => {
            state = (state * 1103515245 + 12345) % 2147483648;
            return items[state % items.length] as T;
          };
          for (let step = 0; step < 60 && table.state.status === 'playing'; step++) {
            // Every seat's legal moves (out-of-turn ones too), and the application's end of turn or transition.
            const moves: Move[] = THREE.flatMap((seat) => table.legalMoves(seat).allowed);
            for (const move of [
              { type: 'engine.end-turn' },
              { type: 'engine.transition', payload: { transition: 'go' } },
              { type: 'engine.transition', payload: { transition: 'back' } },
            ]) {
              if (table.check(move) === null) moves.push(move as Move);
            }
            if (moves.length === 0) break;
            table.play(pick(moves));
          }
          expect(headerAndRowsAgree(table), `${name}, seed ${seed}: ${table.turnModel}`).toBe(true);
        }
      });
    }
  });
});
