/**
 * The one rule for the moves a bot considers (`botMoves`): no leaving, auto-pass
 * stops or undo while a seat has anything else to do, and those when they are
 * all it has; both bots keep to it, at the root and in their playouts; a game's
 * `bots` hints weigh what a random pick takes (circular-table: play a card
 * rather than draw) and score a cut-off playout.
 */

import { describe, expect, it } from 'vitest';
import { botMoves, LAST_RESORT_MOVES, mctsBot, randomBot } from '../../src/bots/index.js';
import type { Ply } from '../../src/definition/records.js';
import { seatingView } from '../../src/engine/seatingView.js';
import {
  type CircularTableOptions,
  type CircularTableState,
  circularTable,
} from '../../src/games/circularTable/circularTable.js';
import { mundane } from '../../src/games/index.js';
import { createTable, defineGame, extendGame, type Table } from '../../src/index.js';
import { toArray } from '../../src/log/plyLog.js';

const SEATS = ['seat:ann', 'seat:bob'];

/**
 * A game where a seat marks once a turn and can never end it: before its mark it may mark or leave; after it, only
 * take the mark back (the move is undoable) or leave.
 */
const marks = defineGame({
  id: 'marks',
  seats: { min: 2, max: 2 },
  setup: () => ({ marked: false }),
  moves: {
    mark: {
      undoable: true,
      check: ({ game }) => (game.marked ? { reason: 'MARKED', message: 'marked already' } : null),
      play: () => ({ game: { marked: true } }),
    },
  },
  mayEndTurn: () => ({ reason: 'NEVER', message: 'a turn of marks never ends' }),
});

/** mundane just after seat:ann played a card: she may pass, set auto-pass stops, or take the card back. */
function mundaneAfterACard(): Table {
  const table = createTable(mundane, { table: 'table:m', seats: SEATS, seed: 3, options: { turns: 2 } });
  while (!table.legalMoves('seat:ann').allowed.some((move) => move.type === 'PlayCard')) {
    table.play({ type: 'engine.pass', seat: table.toAct()[0]! });
  }
  table.play(table.legalMoves('seat:ann').allowed.find((move) => move.type === 'PlayCard')! as never);
  return table;
}

/**
 * circular-table from a stacked deck, three cards each: seat:ann holds red-1 (which goes on the red-5 face up),
 * blue-3 and green-6 (which do not), so she may play red-1, draw, or leave.
 */
function oneCardToPlay(game = circularTable): Table {
  return createTable(game, {
    table: 'table:ct',
    seats: SEATS,
    seed: 1,
    options: {
      handSize: 3,
      deck: ['red-1', 'blue-2', 'blue-3', 'green-4', 'green-6', 'yellow-8', 'red-5', 'yellow-6', 'yellow-7'],
    },
  });
}

const types = (moves: readonly { type: string }[]) => moves.map((move) => move.type);

describe('botMoves: the moves a bot considers', () => {
  it('leaves out engine.leave, engine.auto-pass and engine.undo while a seat has other moves', () => {
    const table = mundaneAfterACard();
    expect(types(table.legalMoves('seat:ann').allowed)).toEqual(
      expect.arrayContaining(['engine.pass', 'engine.auto-pass', 'engine.undo']),
    );
    expect(types(botMoves(table, 'seat:ann'))).toEqual(
      types(table.legalMoves('seat:ann').allowed).filter(
        (type) => !type.startsWith('engine.') || type === 'engine.pass',
      ),
    );
    expect(types(botMoves(table, 'seat:ann'))).toContain('engine.pass');

    const ct = oneCardToPlay();
    expect(types(ct.legalMoves('seat:ann').allowed)).toEqual(['engine.leave', 'play', 'draw']);
    expect(botMoves(ct, 'seat:ann')).toEqual([
      { type: 'play', seat: 'seat:ann', payload: { card: 'red-1' } },
      { type: 'draw', seat: 'seat:ann' },
    ]);
    // Without a seat: the moves of every seat that may act.
    expect(botMoves(ct)).toEqual(botMoves(ct, 'seat:ann'));
  });

  it('gives them when they are all a seat has', () => {
    const table = createTable(marks, { table: 'table:marks', seats: SEATS, seed: 1 });
    expect(types(botMoves(table, 'seat:ann'))).toEqual(['mark']);
    table.play({ type: 'mark', seat: 'seat:ann' });
    expect(types(table.legalMoves('seat:ann').allowed).sort()).toEqual(['engine.leave', 'engine.undo']);
    expect(types(botMoves(table, 'seat:ann')).sort()).toEqual(['engine.leave', 'engine.undo']);
    expect(LAST_RESORT_MOVES).toEqual(['engine.leave', 'engine.auto-pass', 'engine.undo']);
  });
});

describe('both bots keep to the rule', () => {
  it('neither picks leave, undo or auto-pass while the seat has other moves, whatever the seed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const table = mundaneAfterACard();
      expect(LAST_RESORT_MOVES).not.toContain(randomBot({ seed }).choose(table, 'seat:ann')!.type);
      expect(LAST_RESORT_MOVES).not.toContain(mctsBot({ seed, iterations: 4 }).choose(table, 'seat:ann')!.type);
      const ct = oneCardToPlay();
      expect(['play', 'draw']).toContain(randomBot({ seed }).choose(ct, 'seat:ann')!.type);
      expect(['play', 'draw']).toContain(mctsBot({ seed, iterations: 6, depth: 10 }).choose(ct, 'seat:ann')!.type);
    }
  });

  it('both pick one when that is all the seat has: the mark back, or leaving', () => {
    const table = createTable(marks, { table: 'table:marks', seats: SEATS, seed: 1 });
    expect(randomBot({ seed: 1 }).choose(table, 'seat:ann')).toEqual({ type: 'mark', seat: 'seat:ann' });
    table.play({ type: 'mark', seat: 'seat:ann' });
    const chosen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      chosen.add(randomBot({ seed }).choose(table, 'seat:ann')!.type);
      chosen.add(mctsBot({ seed, iterations: 5, depth: 5 }).choose(table, 'seat:ann')!.type);
    }
    expect([...chosen].sort()).toEqual(['engine.leave', 'engine.undo']);
  });

  it('neither chooses anything for a seat that may not act now (not an auto-pass stop, not leaving)', () => {
    const table = mundaneAfterACard();
    const waiting = SEATS.find((seat) => !table.toAct().includes(seat)) as string;
    expect(types(table.legalMoves(waiting).allowed)).toContain('engine.auto-pass');
    expect(botMoves(table, waiting)).toEqual([]);
    for (let seed = 1; seed <= 5; seed++) {
      expect(randomBot({ seed }).choose(table, waiting)).toBeNull();
      expect(mctsBot({ seed, iterations: 4 }).choose(table, waiting)).toBeNull();
    }
  });

  it('the MCTS bot keeps to it in its playouts too: no playout it scores has a seat leave', () => {
    const table = createTable(circularTable, { table: 'table:ct', seats: SEATS, seed: 4 });
    const scored: Ply[][] = [];
    const bot = mctsBot({
      seed: 2,
      iterations: 30,
      depth: 25,
      evaluate: (simulation) => {
        scored.push(toArray(simulation.context.plies));
        return 0.5;
      },
    });
    for (let i = 0; i < 10; i++) table.play(bot.choose(table)! as never);
    expect(scored.length).toBeGreaterThan(100);
    const left = scored.flat().filter((ply) => LAST_RESORT_MOVES.includes(ply.move.type));
    expect(left).toEqual([]);
  });

  it('the same seed on the same position chooses the same move, for each bot', () => {
    const table = createTable(circularTable, { table: 'table:ct', seats: SEATS, seed: 6 });
    for (let i = 0; i < 8; i++) {
      const seat = table.toAct()[0]!;
      const random = randomBot({ seed: `r${i}` }).choose(table, seat);
      expect(randomBot({ seed: `r${i}` }).choose(table, seat)).toEqual(random);
      const searched = mctsBot({ seed: `m${i}`, iterations: 10, depth: 20 }).choose(table, seat);
      expect(mctsBot({ seed: `m${i}`, iterations: 10, depth: 20 }).choose(table, seat)).toEqual(searched);
      table.play((i % 2 === 0 ? random : searched) as never);
    }
    // Other seeds choose otherwise (seat:ann may pass or cast, as likely each).
    const mundaneTable = mundaneAfterACard();
    const picks = Array.from({ length: 30 }, (_, seed) => randomBot({ seed }).choose(mundaneTable, 'seat:ann')!.type);
    expect(new Set(picks).size).toBeGreaterThan(1);
  });
});

describe("a game's bot hints", () => {
  /** How often of 200 seeds the random bot plays red-1 rather than draw, on `game`'s table. */
  const plays = (game = circularTable) => {
    const table = oneCardToPlay(game);
    let played = 0;
    for (let seed = 0; seed < 200; seed++) if (randomBot({ seed }).choose(table, 'seat:ann')!.type === 'play') played++;
    return played;
  };

  it("circular-table's weight makes the random bot play a card when it has one rather than draw", () => {
    // Weighed 20 to 1: about 190 of 200.
    expect(plays()).toBeGreaterThanOrEqual(180);
    // The same game without hints: a uniform pick between the two, about 100 of 200.
    const unhinted = plays(extendGame(circularTable, { id: 'circular-unhinted', bots: {} }));
    expect(unhinted).toBeGreaterThan(70);
    expect(unhinted).toBeLessThan(130);
  });

  it('the weight steers MCTS playouts too: they play cards rather than draw far more often', () => {
    /** Plays and draws in the playouts of a few MCTS moves on `game`, cut off after 20 moves. */
    const playouts = (game: typeof circularTable) => {
      const count = { play: 0, draw: 0 };
      const table = createTable(game, { table: 'table:ct', seats: SEATS, seed: 4 });
      const bot = mctsBot({
        seed: 1,
        iterations: 30,
        depth: 20,
        evaluate: (simulation) => {
          // The plies a playout added to the table's.
          for (const ply of toArray(simulation.context.plies).slice(table.plies.length))
            if (ply.move.type === 'play' || ply.move.type === 'draw') count[ply.move.type]++;
          return 0.5;
        },
      });
      for (let i = 0; i < 4; i++) table.play(bot.choose(table)! as never);
      return count.play / count.draw;
    };
    const hinted = playouts(circularTable);
    // Without the weight and the evaluation; with the hint that draws what a seat may not see, which MCTS needs.
    const unhinted = playouts(
      extendGame(circularTable, { id: 'circular-unhinted', bots: { determinize: circularTable.bots.determinize } }),
    );
    // About 2.6 plays a draw against 1.3 (many draws are forced: no card in hand goes on the discard).
    expect(hinted).toBeGreaterThan(1.5 * unhinted);
  });

  it("circular-table's evaluate scores a playout cut off before an empty hand: fewer cards than the closest rival is better", () => {
    let asked = 0;
    const watched = extendGame(circularTable, {
      id: 'circular-watched',
      bots: {
        ...circularTable.bots,
        evaluate: (ctx) => {
          asked++;
          return circularTable.bots.evaluate!(ctx);
        },
      },
    });
    const table = createTable(watched, { table: 'table:ct', seats: SEATS, seed: 4 });
    mctsBot({ seed: 1, iterations: 20, depth: 6 }).choose(table);
    // Every playout is cut off after 6 moves, and scored by the hint for the seats on the way.
    expect(asked).toBeGreaterThanOrEqual(20);
    const score = (ann: number, bob: number) =>
      circularTable.bots.evaluate!(hintAt(table, 'seat:ann', { 'seat:ann': ann, 'seat:bob': bob }));
    expect([score(2, 6), score(6, 2), score(4, 4)]).toEqual([0.75, 0.25, 0.5]);
  });

  it('a weight that is not a finite number of 0 or more is the game’s error, said by the bot', () => {
    const broken = extendGame(circularTable, { id: 'circular-broken', bots: { weight: () => Number.NaN } });
    const choosing = () => randomBot({ seed: 1 }).choose(oneCardToPlay(broken), 'seat:ann');
    expect(choosing).toThrow("circular-broken's bots.weight gave NaN for play: a weight is a finite number, 0 or more");
    expect(choosing).toThrow(expect.objectContaining({ name: 'HintError', code: 'BAD_HINT', hint: 'bots.weight' }));
  });

  it('defineGame refuses hints that are not functions, or unknown ones', () => {
    const base = { id: 'g', seats: { min: 1, max: 2 }, setup: () => ({}), moves: {} };
    expect(() => defineGame({ ...base, bots: { weight: 3 as never } })).toThrow(/bots\.weight.*must be a function/);
    expect(() => defineGame({ ...base, bots: { wieght: () => 1 } as never })).toThrow(/bots\.wieght/);
  });
});

/** What circular-table's hints read at `table`, with the hands cut to the sizes given. */
function hintAt(table: Table, seat: string, sizes: Record<string, number>) {
  const state = table.context.game as CircularTableState;
  const hands = Object.fromEntries(Object.entries(sizes).map(([s, n]) => [s, Array(n).fill('red-1')]));
  return {
    game: { ...state, hands },
    options: table.context.opening.options as CircularTableOptions,
    seating: { ...seatingView(table.context), seats: SEATS, out: [] },
    seat,
  };
}
