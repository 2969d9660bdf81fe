/**
 * A game's code that throws, a listener that throws, a move played from inside
 * the actor, a snapshot that is not this table's: each is refused with a code,
 * and the table stays exactly as it was and alive.
 */

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mundane, sandbox } from '../../src/games/index.js';
import {
  createTable,
  defineGame,
  IllegalMove,
  InvalidTable,
  type ListenerFailure,
  restoreTable,
  type Table,
} from '../../src/index.js';

const A = 'seat:a';
const B = 'seat:b';

/** A priority game whose callbacks throw when its options say so: a card game with a stack and a phase routine. */
const fragile = defineGame({
  id: 'fragile',
  seats: { min: 2, max: 2 },
  options: z
    .object({ breaks: z.enum(['none', 'play', 'resolve', 'routine', 'check', 'candidates', 'view']).default('none') })
    .strict(),
  structure: {
    phases: [
      {
        name: 'main',
        turns: { strategy: 'PerRound' },
        turnPhases: [{ name: 'MAIN' }, { name: 'END', onEnter: 'tidy' }],
      },
    ],
  },
  setup: () => ({ cast: 0, resolved: 0, tidied: 0 }),
  moves: {
    cast: {
      check: ({ options }) => {
        if (options.breaks === 'check') throw new Error('check broke');
        return null;
      },
      play: ({ game, options }) => {
        if (options.breaks === 'play') throw new Error('play broke');
        return { game: { ...game, cast: game.cast + 1 }, stack: { card: 'bolt', type: 'SPELL' } };
      },
      candidates: ({ options }) => {
        if (options.breaks === 'candidates') throw new Error('candidates broke');
        return [undefined];
      },
    },
  },
  routines: {
    tidy: ({ game, options }) => {
      if (options.breaks === 'routine') throw new Error('tidy broke');
      return { game: { ...game, tidied: game.tidied + 1 } };
    },
  },
  resolve: ({ game, options }) => {
    if (options.breaks === 'resolve') throw new TypeError("Cannot read properties of undefined (reading 'power')");
    return { game: { ...game, resolved: game.resolved + 1 } };
  },
  seatView: ({ options }) => {
    if (options.breaks === 'view') throw new Error('view broke');
    return {};
  },
});

type Breaks = 'none' | 'play' | 'resolve' | 'routine' | 'check' | 'candidates' | 'view';

/**
 * A table's chart runs on the fast runner until its actor is asked for, and through the actor after: each failure is
 * contained the same way on both.
 */
const RUNS = [
  { on: 'the fast runner (no actor asked for)', actor: false },
  { on: 'its actor (asked for at the opening)', actor: true },
] as const;

/** Everything a caller can read of a table, to compare before and after (its state value read from its snapshot, which makes no actor). */
const everything = (table: Table) => ({
  value: (table.persist() as unknown as { value: unknown }).value,
  context: table.context,
  log: table.log,
  plies: table.plies,
});

describe.each(RUNS)(
  "a game's code that throws refuses the move with GAME_ERROR and leaves the table as it was, alive, on $on",
  ({ actor }) => {
    const open = (breaks: Breaks) => {
      const table = createTable(fragile, { table: 'table:f', seats: [A, B], seed: 1, options: { breaks } });
      if (actor) expect(table.actor.getSnapshot().status).toBe('active');
      return table;
    };

    function expectGameError(table: Table, move: unknown, where: RegExp): void {
      const before = everything(table);
      const result = table.submit(move);
      expect(result.ok).toBe(false);
      const error = (result as { error: IllegalMove }).error;
      expect(error).toBeInstanceOf(IllegalMove);
      expect(error.code).toBe('GAME_ERROR');
      expect(error.message).toMatch(where);
      expect(everything(table)).toEqual(before);
      if (actor) expect(table.actor.getSnapshot().status).toBe('active');
    }

    it('play: the cast is refused and seat:a can still pass', () => {
      const table = open('play');
      expectGameError(table, { type: 'cast', seat: A }, /moves\.cast\.play threw: play broke/);
      table.play({ type: 'engine.pass', seat: A });
      expect(table.state.prioritySeat).toBe(B);
    });

    it('resolve: the pass that would resolve the top item is refused; the item stays on the stack', () => {
      const table = open('resolve');
      table.play({ type: 'cast', seat: A });
      table.play({ type: 'engine.pass', seat: A });
      expectGameError(table, { type: 'engine.pass', seat: B }, /resolve threw: Cannot read properties of undefined/);
      expect(table.state.stack).toHaveLength(1);
      // The table goes on: seat:b may still answer with a card of its own.
      expect(table.play({ type: 'cast', seat: B }).notation).toBe('cast');
    });

    it("a phase's routine: the pass that would enter END is refused", () => {
      const table = open('routine');
      table.play({ type: 'engine.pass', seat: A });
      expectGameError(table, { type: 'engine.pass', seat: B }, /routines\.tidy threw: tidy broke/);
      expect(table.state.phase).toBe('MAIN');
    });

    it('check: the move is refused with GAME_ERROR by check() as by play()', () => {
      const table = open('check');
      expect(table.check({ type: 'cast', seat: A })).toMatchObject({ code: 'GAME_ERROR' });
      expectGameError(table, { type: 'cast', seat: A }, /moves\.cast\.check threw: check broke/);
    });

    it('candidates: legalMoves blocks the move with the error instead of throwing', () => {
      const table = open('candidates');
      expect(table.legalMoves(A).blocked.find((b) => b.type === 'cast')).toMatchObject({ code: 'GAME_ERROR' });
    });

    it('after a contained failure, the table still replays, restores and travels in time like one that never failed', () => {
      const table = open('play');
      table.play({ type: 'engine.pass', seat: A });
      expectGameError(table, { type: 'cast', seat: B }, /play broke/);
      table.play({ type: 'engine.pass', seat: B });
      const restored = restoreTable(fragile, JSON.parse(JSON.stringify(table.persist())));
      expect(restored.state).toEqual(table.state);
      expect(table.at(1).state.prioritySeat).toBe(B);
    });
  },
);

describe('listeners', () => {
  it('a table.on handler that throws never reaches the caller; it is reported once to listener.failed', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const failures: ListenerFailure[] = [];
    table.on('listener.failed', (failure) => failures.push(failure));
    table.on('ply.recorded', () => {
      throw new Error('my handler broke');
    });
    const seen: string[] = [];
    table.on('priority.changed', (event) => seen.push(String(event.seat)));
    expect(() => table.play({ type: 'engine.pass', seat: A })).not.toThrow();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ type: 'listener.failed', event: 'ply.recorded' });
    expect((failures[0]?.error as Error | undefined)?.message).toBe('my handler broke');
    // The other handlers still ran, and the table is alive.
    expect(seen).toEqual([B]);
    expect(table.actor.getSnapshot().status).toBe('active');
  });

  it('without a listener.failed handler, onListenerError receives the failure', () => {
    const onListenerError = vi.fn();
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 }, { onListenerError });
    table.on('ply.recorded', () => {
      throw new Error('boom');
    });
    table.play({ type: 'engine.pass', seat: A });
    expect(onListenerError).toHaveBeenCalledTimes(1);
  });

  it('a move played from a table.on handler is applied once, and its events follow those of the move that set it off', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const order: string[] = [];
    table.on('ply.recorded', (event) => {
      order.push(`${event.index}:${event.ply.notation}`);
      if (event.index === 0) table.play({ type: 'engine.pass', seat: B });
    });
    table.on('priority.changed', (event) => order.push(`priority ${event.seat}`));
    table.play({ type: 'engine.pass', seat: A });
    expect(table.plies.map((p) => p.seat)).toEqual([A, B]);
    // The second pass closes RESET: the next phase gives priority back to seat:a.
    expect(order).toEqual(['0:pass', `priority ${B}`, '1:pass', `priority ${A}`]);
  });

  it('a move played from inside the actor (an actor.on handler) is refused with PLAY_DURING_MOVE and never applied later', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const results: unknown[] = [];
    const subscription = table.actor.on('ply.recorded', () => {
      results.push(table.submit({ type: 'engine.pass', seat: B }));
    });
    table.play({ type: 'engine.pass', seat: A });
    subscription.unsubscribe();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ ok: false, error: { code: 'REFUSED', reason: 'PLAY_DURING_MOVE' } });
    expect(table.plies).toHaveLength(1);
  });
});

describe('restoreTable checks the snapshot', () => {
  const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
  table.play({ type: 'engine.pass', seat: A });
  const persisted = () => JSON.parse(JSON.stringify(table.persist()));
  const refusal = (game: typeof mundane | typeof sandbox, snapshot: unknown) => {
    try {
      restoreTable(game as typeof mundane, snapshot);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidTable);
      return (error as InvalidTable).toJSON();
    }
    throw new Error('the snapshot was restored');
  };

  it("another game's snapshot: INVALID_SNAPSHOT", () => {
    expect(refusal(sandbox, persisted())).toMatchObject({ code: 'INVALID_SNAPSHOT', path: 'context.opening.game.id' });
  });

  it("a snapshot in XState's error status: INVALID_SNAPSHOT", () => {
    expect(refusal(mundane, { ...persisted(), status: 'error' })).toMatchObject({
      code: 'INVALID_SNAPSHOT',
      path: 'status',
    });
  });

  it('a snapshot of a newer version: VERSION_MISMATCH', () => {
    const newer = persisted();
    newer.context.opening.game.version = '2';
    expect(refusal(mundane, newer)).toMatchObject({ code: 'VERSION_MISMATCH' });
  });

  it('a truncated snapshot: INVALID_SNAPSHOT naming the missing part, never a TypeError', () => {
    const cut = persisted();
    delete cut.context.turn;
    expect(refusal(mundane, cut)).toMatchObject({ code: 'INVALID_SNAPSHOT', path: 'context.turn' });
    expect(refusal(mundane, null)).toMatchObject({ code: 'INVALID_SNAPSHOT' });
    expect(refusal(mundane, JSON.parse(JSON.stringify(table.persist()).slice(0, 0) || '{}'))).toMatchObject({
      code: 'INVALID_SNAPSHOT',
    });
  });

  it('a ply log whose size disagrees with its plies: INVALID_SNAPSHOT', () => {
    const lying = persisted();
    lying.context.plies.size = 40;
    expect(refusal(mundane, lying)).toMatchObject({ code: 'INVALID_SNAPSHOT', path: 'context.plies' });
  });

  it('a state value the chart does not have: INVALID_SNAPSHOT', () => {
    const wrong = persisted();
    wrong.value = { nowhere: {} };
    expect(refusal(mundane, wrong)).toMatchObject({ code: 'INVALID_SNAPSHOT' });
  });
});
