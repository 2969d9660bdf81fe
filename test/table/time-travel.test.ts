import { describe, expect, it } from 'vitest';
import { playDemo } from '../../src/bots/autoplay.js';
import { randomLegalMove } from '../../src/bots/botMoves.js';
import { seededRandom } from '../../src/core/random.js';
import { mundane } from '../../src/games/index.js';
import { CHECKPOINT_EVERY, type Move, replay, restoreTable, type Table, type TableView } from '../../src/index.js';
import { countTransitions } from '../../src/table/timeTravel.js';
import { ANN, BOB, CAT, openMundane, pass, playCard } from '../support/mundane.js';

const K = CHECKPOINT_EVERY;

/** Seeded random mundane games, finished or cut off mid-game, each longer than a few checkpoints. */
const GAMES = [
  { name: 'a finished 2-seat game', seats: 2, seed: 3, options: { turns: 20 } },
  { name: 'a finished 3-seat game', seats: 3, seed: 5, options: { turns: 9 } },
  { name: 'a 4-seat game cut off mid-turn', seats: 4, seed: 21, options: { turns: 40 }, maxMoves: 301 },
] as const;

/** What must match between a view of the past and a replay of the same moves. */
const essence = (of: Pick<TableView, 'state' | 'plies' | 'log'>) =>
  structuredClone({ state: of.state, plies: of.plies, log: of.log });

/** Plays up to `count` seeded random legal moves on `table`. */
function playOn(table: Table, count: number, seed: string): Move[] {
  const random = seededRandom(seed);
  const played: Move[] = [];
  for (let i = 0; i < count; i++) {
    const move = randomLegalMove(table, (n) => random.int(0, n - 1));
    if (move === undefined) break;
    table.play(move);
    played.push(move);
  }
  return played;
}

describe('table.at(n)', () => {
  for (const game of GAMES) {
    it(`equals the table as it was after n plies, for every n of ${game.name}, and replay(log, { upto: n })`, () => {
      const table = playDemo(mundane, game);
      const count = table.plies.length;
      expect(count).toBeGreaterThan(3 * K);
      // The same table played again move by move (one replay of nothing, then each move of the log), compared after
      // each; and replay(log, { upto: n }) itself at the checkpoints, either side of them, and at the ends.
      const again = replay(table.log, { upto: 0 });
      const replayedAt = new Set([0, 1, K - 1, K, K + 1, 2 * K, Math.floor(count / 2), count - 1, count]);
      try {
        for (let n = 0; n <= count; n++) {
          if (n > 0) again.play(table.log.moves[n - 1]!);
          const view = table.at(n);
          expect(view.state, `state after ${n} plies`).toEqual(again.state);
          expect(view.plies, `plies after ${n} plies`).toEqual(again.plies);
          expect(view.log, `log after ${n} plies`).toEqual(again.log);
          expect(view.context).toEqual(again.context);
          if (replayedAt.has(n)) {
            const upto = replay(table.log, { upto: n });
            expect(essence(view), `replay(log, { upto: ${n} })`).toEqual(essence(upto));
            expect(view.context).toEqual(upto.context);
            upto.stop();
          }
        }
      } finally {
        again.stop();
      }
    });
  }

  it('at(n) of the latest ply is the table itself, and an early view stays as it was while the table plays on', () => {
    const table = playDemo(mundane, { seats: 2, seed: 4, maxMoves: 100 });
    expect(table.at(100).state).toEqual(table.state);
    const early = table.at(70);
    const before = essence(early);
    playOn(table, 80, 'on');
    expect(table.plies.length).toBe(180);
    expect(essence(early)).toEqual(before);
    expect(essence(table.at(70))).toEqual(before);
  });

  it('a view is read-only: frozen, with its plies frozen too', () => {
    const table = playDemo(mundane, { seats: 2, seed: 4, maxMoves: 30 });
    const view = table.at(12);
    expect(Object.isFrozen(view)).toBe(true);
    expect(Object.isFrozen(view.plies)).toBe(true);
    expect(() => (view.plies as unknown as Move[]).push({ type: 'engine.pass' } as never)).toThrow(TypeError);
    expect(view.plies).toHaveLength(12);
  });

  it('refuses n out of range, not an integer or not a number with a RangeError naming the range', () => {
    const table = playDemo(mundane, { seats: 2, seed: 4, maxMoves: 30 });
    for (const bad of [-1, 31, 1.5, Number.NaN, Infinity]) {
      expect(() => table.at(bad)).toThrow(RangeError);
    }
    expect(() => table.at(31)).toThrow('at(31): the table has 30 moves; give an integer from 0 to 30');
    expect(() => table.at('3' as unknown as number)).toThrow(RangeError);
    expect(() => table.branch(-1)).toThrow(RangeError);
    expect(() => table.cursor(31)).toThrow(RangeError);
    expect(() => table.cursor().seek(40)).toThrow('seek(40): the table has 30 moves; give an integer from 0 to 30');
    expect(table.plies).toHaveLength(30);
  });
});

describe('checkpoints bound the work', () => {
  it(`playing a game takes its checkpoints as references: no transition is replayed while moves are accepted`, () => {
    const {
      result: table,
      seek,
      rebuild,
    } = countTransitions(() => playDemo(mundane, { seats: 3, seed: 5, options: { turns: 9 } }));
    expect(table.plies.length).toBeGreaterThan(3 * K);
    expect(seek).toBe(0);
    expect(rebuild).toBe(0);
  });

  it(`at(n) makes at most ${K - 1} transitions for every n of a 600-ply game, and none at a checkpoint`, () => {
    const table = playDemo(mundane, { seats: 3, seed: 8, options: { turns: 100 }, maxMoves: 600 });
    expect(table.plies).toHaveLength(600);
    let most = 0;
    for (let n = 0; n <= 600; n++) {
      const { seek, rebuild } = countTransitions(() => table.at(n));
      expect(rebuild).toBe(0);
      expect(seek, `at(${n})`).toBe(n === 600 ? 0 : n % K);
      most = Math.max(most, seek);
    }
    expect(most).toBe(K - 1);
  });

  it('a table restored from a persisted snapshot rebuilds its past checkpoints once, by replaying its log, then stays within the bound', () => {
    const original = playDemo(mundane, { seats: 2, seed: 13, options: { turns: 30 }, maxMoves: 250 });
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    playOn(restored, 60, 'after restore');
    const total = restored.plies.length;
    expect(total).toBe(310);

    // After the restore point, the restored snapshot and the checkpoints taken since suffice.
    const late = countTransitions(() => restored.at(280));
    expect(late.rebuild).toBe(0);
    expect(late.seek).toBeLessThan(K);

    // Before it: one replay of the log up to the restore point, then the usual bound.
    const first = countTransitions(() => restored.at(100));
    expect(first.rebuild).toBe(250);
    expect(first.seek).toBe(100 % K);
    for (let n = 0; n <= total; n++) {
      const { result, seek, rebuild } = countTransitions(() => restored.at(n));
      expect(rebuild).toBe(0);
      expect(seek).toBeLessThan(K);
      if (n <= 250) expect(essence(result)).toEqual(essence(original.at(n)));
    }
    const again = replay(restored.log, { upto: 123 });
    expect(essence(restored.at(123))).toEqual(essence(again));
  });
});

describe('table.cursor()', () => {
  it('walking forward from the opening, then back, gives the views of at(n) both ways', () => {
    const table = playDemo(mundane, { seats: 3, seed: 5, options: { turns: 9 } });
    const count = table.plies.length;
    const cursor = table.cursor(0);
    expect(cursor.index).toBe(0);
    const forward: unknown[] = [essence(cursor.view)];
    let steps = 0;
    const walk = countTransitions(() => {
      while (cursor.forward()) {
        steps++;
        forward.push(essence(cursor.view));
      }
    });
    expect(steps).toBe(count);
    expect(cursor.index).toBe(count);
    expect(cursor.forward()).toBe(false);
    // One transition per step forward (the last step lands on the live table's own snapshot).
    expect(walk.seek).toBeLessThanOrEqual(count);

    const backward: unknown[] = [];
    const walkBack = countTransitions(() => {
      backward.unshift(essence(cursor.view));
      while (cursor.back()) backward.unshift(essence(cursor.view));
    });
    expect(cursor.index).toBe(0);
    expect(cursor.back()).toBe(false);
    expect(backward).toEqual(forward);
    // Back rebuilds each stretch between checkpoints once, not the whole game once per step.
    expect(walkBack.seek).toBeLessThanOrEqual(count);
    for (const n of [0, 1, K - 1, K, K + 1, count - 1, count]) expect(forward[n]).toEqual(essence(table.at(n)));
  });

  it(`one step back costs at most ${K - 1} transitions, one step forward at most one`, () => {
    const table = playDemo(mundane, { seats: 2, seed: 11, options: { turns: 12 } });
    const count = table.plies.length;
    for (let n = 1; n <= count; n++) {
      const cursor = table.cursor(n);
      expect(countTransitions(() => cursor.back()).seek).toBeLessThan(K);
      expect(cursor.index).toBe(n - 1);
      expect(countTransitions(() => cursor.forward()).seek).toBeLessThanOrEqual(1);
      expect(cursor.index).toBe(n);
    }
  });

  it('seek, first and last move the cursor anywhere; by default it stands at the latest ply', () => {
    const table = playDemo(mundane, { seats: 2, seed: 4, maxMoves: 150 });
    const cursor = table.cursor();
    expect(cursor.index).toBe(150);
    expect(cursor.view.state).toEqual(table.state);
    expect(essence(cursor.seek(77))).toEqual(essence(table.at(77)));
    expect(cursor.index).toBe(77);
    expect(cursor.first().plies).toHaveLength(0);
    expect(cursor.index).toBe(0);
    expect(cursor.last().state).toEqual(table.state);
    expect(cursor.index).toBe(150);
  });

  it('on a live table the cursor reaches plies played after it was made', () => {
    const table = playDemo(mundane, { seats: 2, seed: 4, maxMoves: 40 });
    const cursor = table.cursor();
    expect(cursor.forward()).toBe(false);
    playOn(table, 30, 'live');
    expect(cursor.forward()).toBe(true);
    expect(cursor.index).toBe(41);
    expect(essence(cursor.view)).toEqual(essence(table.at(41)));
    expect(cursor.last().state).toEqual(table.state);
    expect(cursor.index).toBe(70);
  });
});

describe('table.branch(n)', () => {
  it('a branch plays on independently while its parent stays exactly as it was', () => {
    const parent = playDemo(mundane, { seats: 3, seed: 5, options: { turns: 9 } });
    const before = essence(parent);
    const parentAt = essence(parent.at(150));
    const n = 140;

    const branch = parent.branch(n);
    expect(branch.log.moves).toEqual(parent.log.moves.slice(0, n));
    expect(essence(branch)).toEqual(essence(replay(parent.log, { upto: n })));
    expect(branch.state.status).toBe('playing');

    const played = playOn(branch, 200, 'branch');
    expect(played.length).toBeGreaterThan(50);
    expect(branch.log.moves.slice(0, n)).toEqual(parent.log.moves.slice(0, n));
    expect(branch.log.moves.slice(n)).toEqual(played);
    expect(essence(replay(branch.log))).toEqual(essence(branch));

    expect(essence(parent)).toEqual(before);
    expect(essence(parent.at(150))).toEqual(parentAt);
  });

  it("a branch inherits its parent's checkpoints: its past costs no rebuild, and a branch of a branch works the same", () => {
    const parent = playDemo(mundane, { seats: 2, seed: 11, options: { turns: 40 }, maxMoves: 200 });
    const branch = parent.branch(170);
    playOn(branch, 30, 'b1');
    for (let n = 0; n <= branch.plies.length; n++) {
      const { result, seek, rebuild } = countTransitions(() => branch.at(n));
      expect(rebuild).toBe(0);
      expect(seek).toBeLessThan(K);
      if (n <= 170) expect(essence(result)).toEqual(essence(parent.at(n)));
    }
    const grandchild = branch.branch(185);
    playOn(grandchild, 40, 'b2');
    expect(grandchild.log.moves.slice(0, 185)).toEqual(branch.log.moves.slice(0, 185));
    expect(essence(replay(grandchild.log))).toEqual(essence(grandchild));
    expect(essence(grandchild.at(100))).toEqual(essence(parent.at(100)));
  });

  it('branch(0) is the opening and branch(latest) is a copy that diverges from there', () => {
    const table = openMundane();
    pass(table, ANN);
    pass(table, BOB);
    const opening = table.branch(0);
    expect(opening.plies).toHaveLength(0);
    expect(opening.state).toEqual(replay(table.log, { upto: 0 }).state);

    const copy = table.branch(2);
    expect(copy.state).toEqual(table.state);
    pass(copy, ANN);
    pass(copy, BOB);
    playCard(copy, ANN, 'Toaster');
    expect(copy.plies).toHaveLength(5);
    expect(table.plies).toHaveLength(2);
    expect(table.state.phase).toBe('WAKE_UP');
    expect(copy.state.stack.map((item) => item.card)).toEqual(['Toaster']);
  });
});

describe('table.atPly(k): every ply, automatic passes included', () => {
  const autoPass = (seat: string) => ({ type: 'engine.auto-pass', seat, payload: { until: 'end-of-turn' } });
  /** seat:bob and seat:cat pass automatically: each pass of seat:ann sets off two automatic plies in one move. */
  function cascade(): Table {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    table.play(autoPass(BOB));
    table.play(autoPass(CAT));
    pass(table, ANN);
    pass(table, ANN);
    return table;
  }

  it("stands after exactly k plies, in the middle of a move's automatic passes too", () => {
    const table = cascade();
    expect(table.log.moves).toHaveLength(4);
    expect(table.plies.map((p) => `${p.phase} ${p.actor}${p.automatic ? ' auto' : ''}`)).toEqual([
      'RESET seat:bob',
      'RESET seat:cat',
      'RESET seat:ann',
      'RESET seat:bob auto',
      'RESET seat:cat auto',
      'WAKE_UP seat:ann',
      'WAKE_UP seat:bob auto',
      'WAKE_UP seat:cat auto',
    ]);
    for (let k = 0; k <= table.plies.length; k++) {
      const view = table.atPly(k);
      expect(view.plies, `plies after ply ${k}`).toEqual(table.plies.slice(0, k));
    }
    // after seat:bob's automatic pass, seat:cat holds priority in RESET with two passes in a row
    expect(table.atPly(4).state).toMatchObject({ phase: 'RESET', prioritySeat: CAT, passes: 2 });
    expect(table.atPly(4).log.moves).toHaveLength(3);
    // seat:cat's pass closes the window: WAKE_UP, priority back to seat:ann
    expect(table.atPly(5).state).toMatchObject({ phase: 'WAKE_UP', prioritySeat: ANN, passes: 0 });
    expect(table.atPly(7).state).toMatchObject({ phase: 'WAKE_UP', prioritySeat: CAT, passes: 2 });
  });

  it('a ply that ends its move is the table after that move: atPly agrees with at(n) there', () => {
    const table = cascade();
    const ends = [0, 1, 2, 5, 8];
    ends.forEach((k, n) => {
      expect(table.atPly(k).state, `ply ${k}, move ${n}`).toEqual(table.at(n).state);
      expect(table.atPly(k).context).toEqual(table.at(n).context);
      expect(table.atPly(k).value).toEqual(table.at(n).value);
    });
    expect(table.atPly(table.plies.length).state).toEqual(table.state);
  });

  it('on a game without automatic passes, atPly(k) is at(k) for every k', () => {
    const table = playDemo(mundane, { seats: 3, seed: 5, maxMoves: 150 });
    expect(table.plies.length).toBe(150);
    for (let k = 0; k <= 150; k += 5) expect(table.atPly(k).state, `ply ${k}`).toEqual(table.at(k).state);
  });

  it('refuses k out of range with a RangeError counting plies', () => {
    const table = cascade();
    for (const bad of [-1, 9, 1.5, Number.NaN]) expect(() => table.atPly(bad)).toThrow(RangeError);
    expect(() => table.atPly(9)).toThrow('atPly(9): the table has 8 plies; give an integer from 0 to 8');
  });
});
