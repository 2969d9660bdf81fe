/**
 * The hooks a real game needs: moves a game phase allows, routines on entering
 * and leaving a phase, eliminations from a resolution or a routine, the stack
 * beneath a resolving item, options in candidates, and moves the application
 * may make.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTable, defineGame, replay } from '../../src/index.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

/**
 * A counterspell game: a priority window per turn; `bolt` hurts a seat when
 * it resolves, `counter` cancels the item right beneath it. A seat at 0 life
 * is eliminated by the resolution.
 */
const counterspell = defineGame({
  id: 'counterspell',
  seats: { min: 2, max: 4 },
  options: z
    .object({ life: z.number().int().min(1).default(2), bolts: z.array(z.string()).default(['bolt']) })
    .strict(),
  structure: { phases: [{ name: 'duel', turns: { strategy: 'PerRound' }, turnPhases: [{ name: 'MAIN' }] }] },
  setup: ({ seats, options }) => ({
    life: Object.fromEntries(seats.map((s) => [s, options.life])) as Record<string, number>,
    countered: [] as number[],
    targets: {} as Record<number, string>,
  }),
  moves: {
    bolt: {
      payload: z.object({ target: z.string(), name: z.string().default('bolt') }).strict(),
      play: ({ game, payload }) => ({ game, stack: { card: `${payload.name}>${payload.target}`, type: 'BOLT' } }),
      // The options reach candidates: the bolts this table deals.
      candidates: ({ options, seating, seat }) =>
        options.bolts.flatMap((name) => seating.seats.filter((s) => s !== seat).map((target) => ({ target, name }))),
    },
    counter: { play: ({ game }) => ({ game, stack: { card: 'counter', type: 'COUNTER' } }) },
  },
  resolve: ({ game, item, beneath }) => {
    if (game.countered.includes(item.id)) return { game };
    if (item.type === 'COUNTER') {
      // The item right beneath the counter is cancelled: it will resolve to nothing.
      const target = beneath[beneath.length - 1];
      return { game: target === undefined ? game : { ...game, countered: [...game.countered, target.id] } };
    }
    const victim = item.card.split('>')[1] as string;
    const life = { ...game.life, [victim]: (game.life[victim] ?? 0) - 1 };
    return { game: { ...game, life }, eliminate: (life[victim] ?? 0) <= 0 ? [victim] : [] };
  },
  endIf: ({ remaining }) => remaining.length <= 1,
  seatView: ({ game, seat }) => ({ life: game.life[seat] ?? 0 }),
});

describe('resolve sees the stack beneath its item, and may eliminate', () => {
  it('a counter cancels the bolt beneath it: the bolt resolves to nothing', () => {
    const table = createTable(counterspell, { table: 'table:1', seats: [A, B], seed: 1 });
    table.play({ type: 'bolt', seat: A, payload: { target: B } });
    table.play({ type: 'engine.pass', seat: A });
    table.play({ type: 'counter', seat: B });
    // Priority returns to the active seat after each push and each resolution: the counter resolves, then the bolt.
    for (const seat of [A, B, A, B]) table.play({ type: 'engine.pass', seat });
    expect(table.state.stack).toEqual([]);
    expect(table.state.seats[B]).toEqual({ life: 2 });
  });

  it('a bolt that takes the last life eliminates its target, and the game ends with one seat left', () => {
    const table = createTable(counterspell, { table: 'table:1', seats: [A, B], seed: 1, options: { life: 1 } });
    table.play({ type: 'bolt', seat: A, payload: { target: B } });
    table.play({ type: 'engine.pass', seat: A });
    table.play({ type: 'engine.pass', seat: B });
    expect(table.state).toMatchObject({ status: 'over', out: [B], winners: [A] });
    expect(replay(table.log, { games: { counterspell } }).state).toEqual(table.state);
  });

  it('candidates read the options', () => {
    const table = createTable(counterspell, {
      table: 'table:1',
      seats: [A, B, C],
      seed: 1,
      options: { bolts: ['spark', 'flare'] },
    });
    const offered = table
      .legalMoves(A)
      .allowed.filter((m) => m.type === 'bolt')
      .map((m) => m.payload);
    expect(offered).toEqual([
      { target: B, name: 'spark' },
      { target: C, name: 'spark' },
      { target: B, name: 'flare' },
      { target: C, name: 'flare' },
    ]);
  });
});

/**
 * A muster game: a Simultaneous `muster` phase where seats only `recruit`, then a
 * PerRound `battle` where they only `raid`. Entering battle counts the troops;
 * leaving it (by `retreat`) disbands the weakest seat, eliminating it.
 * The referee (the application) may `reinforce` any seat at any time.
 */
const muster = defineGame({
  id: 'muster',
  seats: { min: 2, max: 4 },
  structure: {
    phases: [
      { name: 'muster', turns: { strategy: 'Simultaneous' }, moves: ['recruit', 'reinforce'] },
      {
        name: 'battle',
        turns: { strategy: 'PerRound', movesPerTurn: 1 },
        moves: ['raid', 'reinforce'],
        onEnter: 'count',
        onLeave: 'disband',
      },
    ],
    transitions: [
      { name: 'march', from: 'muster', to: 'battle' },
      { name: 'retreat', from: 'battle', to: 'muster' },
    ],
  },
  setup: ({ seats }) => ({
    troops: Object.fromEntries(seats.map((s) => [s, 1])) as Record<string, number>,
    counted: 0,
  }),
  moves: {
    recruit: {
      play: ({ game, seat }) => ({
        game: { ...game, troops: { ...game.troops, [seat]: (game.troops[seat] ?? 0) + 1 } },
      }),
    },
    raid: { play: ({ game }) => ({ game }) },
    reinforce: {
      application: true,
      payload: z.object({ seat: z.string() }).strict(),
      check: ({ seat }) => (seat === null ? null : { reason: 'REFEREE_ONLY', message: 'only the referee reinforces' }),
      play: ({ game, payload }) => ({
        game: { ...game, troops: { ...game.troops, [payload.seat]: (game.troops[payload.seat] ?? 0) + 5 } },
      }),
    },
  },
  routines: {
    count: ({ game }) => ({ game: { ...game, counted: Object.values(game.troops).reduce((a, b) => a + b, 0) } }),
    disband: ({ game, seating }) => {
      const standing = seating.seats.filter((s) => !seating.out.includes(s));
      const weakest = [...standing].sort((x, y) => (game.troops[x] ?? 0) - (game.troops[y] ?? 0))[0];
      return { game, eliminate: weakest === undefined ? [] : [weakest] };
    },
  },
  seatView: ({ game, seat }) => ({ troops: game.troops[seat] ?? 0 }),
  publicView: ({ game }) => ({ counted: game.counted }),
});

describe('phases list their moves, and run routines on entering and leaving', () => {
  const open = () => createTable(muster, { table: 'table:m', seats: [A, B, C], seed: 1 });

  it('a move the current phase does not list is refused WRONG_TIMING, and the chart of muster handles only recruit', () => {
    const table = open();
    expect(table.check({ type: 'raid', seat: A })).toMatchObject({ code: 'WRONG_TIMING', reason: 'NOT_IN_THIS_PHASE' });
    expect(table.check({ type: 'recruit', seat: A })).toBeNull();
    const musterState = table.actor.logic.root.states.playing?.states.turn?.states.muster;
    expect(Object.keys(musterState?.states.round?.on ?? {})).not.toContain('raid');
  });

  it('entering battle runs count once; leaving it by retreat runs disband, which eliminates the weakest seat', () => {
    const table = open();
    table.play({ type: 'recruit', seat: A });
    table.play({ type: 'recruit', seat: A });
    table.play({ type: 'recruit', seat: C });
    table.play({ type: 'engine.transition', payload: { transition: 'march' } });
    expect(table.state.game).toEqual({ counted: 6 });
    table.play({ type: 'raid', seat: A });
    table.play({ type: 'engine.transition', payload: { transition: 'retreat' } });
    expect(table.state).toMatchObject({ gamePhase: 'muster', out: [B] });
    expect(replay(table.log, { games: { muster } }).state).toEqual(table.state);
  });
});

describe('a move the application may make', () => {
  it('the referee reinforces without a seat, outside any turn; the game decides, and a seat may not', () => {
    const table = createTable(muster, { table: 'table:m', seats: [A, B], seed: 1 });
    const ply = table.play({ type: 'reinforce', payload: { seat: B } });
    expect(ply).toMatchObject({ actor: null });
    expect(table.state.seats[B]).toEqual({ troops: 6 });
    expect(table.check({ type: 'reinforce', seat: A, payload: { seat: A } })).toMatchObject({
      code: 'REFUSED',
      reason: 'REFEREE_ONLY',
    });
    // An application move counts in no seat's turn.
    expect(table.context.progression.movesThisTurn).toBe(0);
  });

  it('a move the game keeps for seats is refused to the application: SEAT_REQUIRED', () => {
    const table = createTable(muster, { table: 'table:m', seats: [A, B], seed: 1 });
    expect(table.check({ type: 'recruit' })).toMatchObject({ code: 'REFUSED', reason: 'SEAT_REQUIRED' });
  });
});
