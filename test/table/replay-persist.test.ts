import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import {
  createTable,
  IllegalMove,
  InvalidTable,
  type Move,
  replay,
  restoreTable,
  type Table,
} from '../../src/index.js';
import {
  ANN,
  BOB,
  CAT,
  castInstant,
  openMundane,
  pass,
  passAll,
  passUntilPhase,
  playCard,
} from '../support/mundane.js';

/** A small seeded generator (mulberry32), so a test's random game is the same every run. */
function randomSource(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Plays up to `count` random legal moves, picked by `pick` from `legalMoves(seat).allowed`. Returns the moves played. */
function playRandomly(
  table: Table,
  count: number,
  pick: (n: number) => number,
  after?: (played: number) => void,
): Move[] {
  const played: Move[] = [];
  for (let i = 0; i < count && table.state.status === 'playing'; i++) {
    const seat = table.toAct()[0] as string;
    const allowed = table.legalMoves(seat).allowed;
    const move = allowed[pick(allowed.length)] as Move;
    table.play(move);
    played.push(move);
    after?.(played.length);
  }
  return played;
}

function logOf(moves: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game: 'mundane',
    version: mundane.version,
    table: 'table:1',
    seats: [ANN, BOB],
    seed: 1,
    options: {},
    moves,
    ...extra,
  };
}

/** What replay or restore must reproduce exactly. */
const truth = (table: Table) => structuredClone({ state: table.state, plies: table.plies, log: table.log });

describe('replaying a log', () => {
  it('after 400 random legal moves of a seeded three-seat game, replay(table.log) rebuilds the same state and plies', () => {
    const table = createTable(mundane, { table: 'table:long', seats: [ANN, BOB, CAT], seed: 20240611 });
    const moves = playRandomly(table, 400, randomSource(7));
    expect(moves).toHaveLength(400);
    expect(moves.some((m) => m.type === 'PlayCard')).toBe(true);
    expect(moves.some((m) => m.type === 'CastInstant')).toBe(true);
    expect(table.state.turn).toBeGreaterThan(3);

    const again = replay(table.log);
    expect(again.state).toEqual(table.state);
    expect(again.plies).toEqual(table.plies);
    expect(again.log).toEqual(table.log);
  });

  it('a log that went through JSON text replays to the same state', () => {
    const table = createTable(mundane, { table: 'table:json', seats: [ANN, BOB], seed: 99 });
    playRandomly(table, 200, randomSource(3));
    const again = replay(JSON.parse(JSON.stringify(table.log)));
    expect(again.state).toEqual(table.state);
    expect(again.plies).toEqual(table.plies);
  });

  it('a game played to its end with turns: 4 replays to the same finished state and winners', () => {
    const table = createTable(mundane, { table: 'table:end', seats: [ANN, BOB], seed: 5, options: { turns: 4 } });
    playRandomly(table, 10_000, randomSource(11));
    expect(table.state.status).toBe('over');
    const again = replay(table.log);
    expect(again.state).toEqual(table.state);
    expect(again.state.winners).toEqual(table.state.winners);
  });

  it('replay(log, { upto: n }) rebuilds the table as it stood after its first n moves', () => {
    const table = createTable(mundane, { table: 'table:upto', seats: [ANN, BOB, CAT], seed: 31 });
    const states = new Map<number, unknown>([[0, structuredClone(table.state)]]);
    playRandomly(table, 150, randomSource(5), (n) => {
      if (n % 37 === 0 || n === 1) states.set(n, structuredClone(table.state));
    });
    for (const [n, state] of states) {
      const partial = replay(table.log, { upto: n });
      expect(partial.state).toEqual(state);
      expect(partial.log.moves).toHaveLength(n);
    }
  });

  it('replay(log, { upto: n }) with n past the end replays every move', () => {
    const table = openMundane();
    passAll(table);
    expect(replay(table.log, { upto: 50 }).state).toEqual(table.state);
  });

  it("a log without a version replays as the game's current version", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const { version: _version, ...unversioned } = table.log;
    expect(replay(unversioned).state).toEqual(table.state);
  });
});

describe('logs that cannot be replayed', () => {
  it('seat:ann passing twice in a row is refused at move 1: IllegalMove NO_PRIORITY with move 1', () => {
    const log = logOf([
      { type: 'engine.pass', seat: ANN },
      { type: 'engine.pass', seat: ANN },
    ]);
    let thrown: unknown = null;
    try {
      replay(log);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalMove);
    expect((thrown as IllegalMove).code).toBe('NO_PRIORITY');
    expect((thrown as IllegalMove).move).toBe(1);
  });

  it("a live log with seat:ann's Toaster changed to a Plumber she never held is refused at that move: CARD_NOT_IN_HAND", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    passAll(table);
    const moves = table.log.moves.map((m) => structuredClone(m) as Move);
    const index = moves.findIndex((m) => m.type === 'PlayCard');
    moves[index] = { type: 'PlayCard', seat: ANN, payload: { card: 'Plumber' } };
    let thrown: unknown = null;
    try {
      replay({ ...table.log, moves });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalMove);
    expect((thrown as IllegalMove).toJSON()).toMatchObject({
      code: 'REFUSED',
      reason: 'CARD_NOT_IN_HAND',
      move: index,
    });
  });

  it('a log whose fourth move is not an object is refused at move 3', () => {
    const pass = (seat: string) => ({ type: 'engine.pass', seat });
    expect(() => replay(logOf([pass(ANN), pass(BOB), pass(ANN), 'pass']))).toThrow(
      expect.objectContaining({ code: 'INVALID_PAYLOAD', move: 3 }),
    );
  });

  it('a log for version 2 of mundane is refused: VERSION_MISMATCH', () => {
    expect(() => replay(logOf([], { version: '2' }))).toThrow(
      expect.objectContaining({ name: 'InvalidTable', code: 'VERSION_MISMATCH' }),
    );
  });

  it('the VERSION_MISMATCH refusal names the field, version; an InvalidTable of no one field has no path property at all', () => {
    let thrown: unknown;
    try {
      replay(logOf([], { version: '2' }));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as InvalidTable).path).toBe('version');
    const whole = new InvalidTable({ code: 'INVALID_SNAPSHOT', message: 'the snapshot does not restore' });
    expect(Object.keys(whole).sort()).toEqual(['code', 'name']);
  });

  it('a log for a game plystack does not know is refused: UNKNOWN_GAME', () => {
    expect(() => replay(logOf([], { game: 'chess' }))).toThrow(
      expect.objectContaining({ name: 'InvalidTable', code: 'UNKNOWN_GAME' }),
    );
  });

  for (const [label, log, path] of [
    [
      'without moves',
      (() => {
        const { moves: _m, ...rest } = logOf([]);
        return rest;
      })(),
      'moves',
    ],
    ['whose moves are not a list', logOf([], { moves: 'pass pass' }), 'moves'],
    ['with a seed of 1.5', logOf([], { seed: 1.5 }), 'seed'],
    ['with a seed of 257 characters', logOf([], { seed: 'x'.repeat(257) }), 'seed'],
    ['with a seed beyond the safe integers', logOf([], { seed: 2 ** 53 }), 'seed'],
    [
      'without a game',
      (() => {
        const { game: _g, ...rest } = logOf([]);
        return rest;
      })(),
      'game',
    ],
    ['that is a text, not an object', 'mundane', undefined],
  ] as const) {
    it(`a log ${label} is refused: INVALID_LOG${path === undefined ? '' : ` at ${path}`}`, () => {
      let thrown: unknown = null;
      try {
        replay(log);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidTable);
      expect((thrown as InvalidTable).code).toBe('INVALID_LOG');
      if (path !== undefined) expect((thrown as InvalidTable).path).toBe(path);
      else expect((thrown as InvalidTable).path).toEqual(expect.any(String));
    });
  }

  it('a log whose seats repeat seat:ann is refused like such a table: DUPLICATE_SEAT at seats.1', () => {
    expect(() => replay(logOf([], { seats: [ANN, ANN] }))).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_SEAT', path: 'seats.1' }),
    );
  });
});

describe('persisting and restoring a table', () => {
  it('a table persisted after 150 random moves and restored from JSON continues exactly as the original', () => {
    const original = createTable(mundane, { table: 'table:persist', seats: [ANN, BOB, CAT], seed: 8 });
    playRandomly(original, 150, randomSource(21));
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    expect(truth(restored)).toEqual(truth(original));

    const pickA = randomSource(42);
    const pickB = randomSource(42);
    const movesA = playRandomly(original, 150, pickA);
    const movesB = playRandomly(restored, 150, pickB);
    expect(movesB).toEqual(movesA);
    expect(truth(restored)).toEqual(truth(original));
  });

  it('a table persisted with Toaster and Excuse on the stack resolves them in the same order after restoring, and numbers the next card 3', () => {
    const original = openMundane();
    passUntilPhase(original, 'PLAN');
    playCard(original, ANN, 'Toaster');
    pass(original, ANN);
    castInstant(original, BOB, 'Excuse');
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    expect(restored.state.stack.map((item) => item.card)).toEqual(['Toaster', 'Excuse']);

    for (const table of [original, restored]) {
      passAll(table);
      castInstant(table, ANN, 'Coffee');
      passAll(table);
      passAll(table);
    }
    expect(truth(restored)).toEqual(truth(original));
    expect(restored.plies.filter((p) => p.move.type !== 'engine.pass').map((p) => p.notation)).toEqual([
      'play Toaster',
      'cast Excuse',
      'cast Coffee',
    ]);
    expect(restored.log.moves).toHaveLength(original.log.moves.length);
  });

  it('a restored table refuses what the original refuses: seat:bob still may not pass out of turn', () => {
    const original = openMundane();
    pass(original, ANN);
    pass(original, BOB);
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    expect(restored.tryPlay({ type: 'engine.pass', seat: BOB })).toMatchObject({
      ok: false,
      error: { code: 'NO_PRIORITY' },
    });
    expect(restored.state).toEqual(original.state);
  });

  it('a restored table goes on numbering its plies: the first new ply.recorded has the index the original would give', () => {
    const original = openMundane();
    passUntilPhase(original, 'PLAN');
    pass(original, ANN);
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    const indices: number[] = [];
    restored.on('ply.recorded', ({ index }) => indices.push(index));
    pass(restored, BOB);
    expect(indices).toEqual([original.plies.length]);
    expect(restored.state.phase).toBe('DO_STUFF');
  });

  it("the log of a restored table replays to the restored table's state", () => {
    const original = createTable(mundane, { table: 'table:both', seats: [ANN, BOB], seed: 13 });
    playRandomly(original, 80, randomSource(2));
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(original.persist())));
    playRandomly(restored, 80, randomSource(4));
    expect(replay(restored.log).state).toEqual(restored.state);
  });
});
