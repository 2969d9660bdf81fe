/**
 * What fast-check generates for the property tests: openings (seats, seed and
 * options of every strategy a built-in game offers) and commands, which the
 * stream (./stream.ts) turns into legal or bad moves on a live table.
 */
import { fc } from '@fast-check/vitest';
import { type AnyGame, ENGINE_MOVES } from '../../src/index.js';

/**
 * Event types XState keeps for itself. `table.play` refuses them like any
 * unknown move, but sent straight to the actor XState acts on them before the
 * chart sees them (`xstate.stop` stops the actor; its development build
 * rejects `*`), so the stream never sends them there.
 */
export const XSTATE_RESERVED = ['*', 'xstate.stop', 'xstate.init', 'xstate.error'];
export const reserved = (type: string) => type === '*' || type.startsWith('xstate.');

export const SEAT_NAMES = ['seat:ann', 'seat:bob', 'seat:cat', 'seat:dan', 'seat:eve'];

/** What a table opens with. */
export interface Opening {
  readonly seats: number;
  readonly seed: number;
  readonly options: unknown;
}

/**
 * One command of a stream. `pick` chooses among what the table offers at that
 * moment (modulo its length), so a command stays meaningful when shrinking
 * removes the ones before it.
 */
export type Command =
  | { readonly kind: 'legal'; readonly pick: number }
  /** A legal move's type and payload, sent for a seat that may not act now (refused unless that seat's own legal moves hold it). */
  | { readonly kind: 'wrong-seat'; readonly pick: number }
  /** A seat that is not at the table. */
  | { readonly kind: 'unknown-seat'; readonly pick: number }
  /** A move type the game does not have: UNKNOWN_MOVE (GAME_OVER once the game is over). */
  | { readonly kind: 'unknown-type'; readonly type: string; readonly pick: number }
  /** A move type the game has (an engine move included), by a seat that may act, with a junk payload: refused when its schema does not read it. */
  | { readonly kind: 'junk-payload'; readonly pick: number; readonly payload: unknown }
  /** An engine move without a seat: the application acting for the table. The table's own check is the oracle. */
  | { readonly kind: 'table'; readonly pick: number };

/** The commands: mostly legal moves, with bad moves mixed in. */
export function commandArb(game: AnyGame): fc.Arbitrary<Command> {
  const known = new Set<string>([...ENGINE_MOVES, ...Object.keys(game.moves)]);
  const pick = fc.nat({ max: 1_000 });
  return fc.oneof(
    { weight: 12, arbitrary: fc.record({ kind: fc.constant('legal' as const), pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrong-seat' as const), pick }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknown-seat' as const), pick }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('unknown-type' as const),
        // Names an object inherits are the unknown types most likely to slip through a lookup in a plain object, and
        // XState keeps some for itself.
        type: fc
          .oneof(
            fc.string({ minLength: 1, maxLength: 12 }),
            fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', ...XSTATE_RESERVED),
          )
          .filter((t) => !known.has(t)),
        pick,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('junk-payload' as const),
        pick,
        payload: fc.anything().filter((p) => p !== undefined),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('table' as const), pick }) },
  );
}

/** Turn rules objects of every strategy, with the settings that change who acts next. */
/** A minimum of moves before ending a turn kept within movesPerTurn, as the rules require. */
const withinLimit = (rules: { movesPerTurn?: number; minMovesPerTurn?: number }) =>
  rules.minMovesPerTurn !== undefined && rules.movesPerTurn !== undefined && rules.minMovesPerTurn > rules.movesPerTurn
    ? { ...rules, minMovesPerTurn: rules.movesPerTurn }
    : rules;

/** The rules without their minimum of moves. */
const withoutMinimum = (rules: unknown) =>
  Object.fromEntries(Object.entries(rules as object).filter(([key]) => key !== 'minMovesPerTurn'));

const turnRulesArb: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .record(
      {
        strategy: fc.constant('PerRound'),
        movesPerTurn: fc.integer({ min: 1, max: 3 }),
        minMovesPerTurn: fc.integer({ min: 1, max: 2 }),
        outOfTurn: fc.constant(['react']),
      },
      { requiredKeys: ['strategy'] },
    )
    .map(withinLimit),
  fc.record(
    {
      strategy: fc.constant('Circular'),
      circular: fc.record(
        {
          initialDirection: fc.constantFrom('Forward', 'Reverse'),
          roundPolicy: fc.constantFrom('Disabled', 'ActivationCount'),
          allowSelfSuccessor: fc.boolean(),
          firstActor: fc.constantFrom('RunOwner', 'FirstInOrder'),
        },
        { requiredKeys: [] },
      ),
      movesPerTurn: fc.integer({ min: 1, max: 3 }),
    },
    { requiredKeys: ['strategy'] },
  ),
  fc
    .record(
      {
        strategy: fc.constant('Initiative'),
        movesPerTurn: fc.integer({ min: 1, max: 3 }),
        minMovesPerTurn: fc.integer({ min: 1, max: 2 }),
      },
      { requiredKeys: ['strategy'] },
    )
    .map(withinLimit),
  fc.constant({ strategy: 'Simultaneous' }),
  fc.constant({ strategy: 'Free' }),
);

/** A sandbox phase's end conditions, where its strategy has them (a Free phase has no round, only turns seat by seat a turnEndIf). */
function endsOf(turns: unknown, when: string, transition: string, turnEnds: boolean): object {
  const strategy = (turns as { strategy: string }).strategy;
  const bySeat = ['PerRound', 'Circular', 'Initiative'].includes(strategy);
  return {
    ...(when === 'round-over' && strategy === 'Free' ? {} : { endIf: { when, transition } }),
    ...(turnEnds && bySeat ? { turnEndIf: 'ahead' } : {}),
  };
}

/**
 * A sandbox phase with `hooks` (a Free phase without the turn hooks: it has no turns), and in a PerRound phase the
 * game's order and its `firstActor` rule, where the hooks name them.
 */
function withHooks(phase: { turns: unknown; turnPhases?: unknown }, hooks: Record<string, string>): object {
  const { order, firstActor, window, ...routines } = hooks;
  const turns = phase.turns as { strategy: string };
  // A response window (opened by the call card) in a phase of turns seat by seat without priority windows.
  const windows =
    window !== undefined &&
    phase.turnPhases === undefined &&
    ['PerRound', 'Circular', 'Initiative'].includes(turns.strategy)
      ? { windows: [{ name: 'respond', who: window, moves: ['react', 'play'], movesPerSeat: 1 }] }
      : {};
  if (turns.strategy === 'PerRound')
    return {
      ...phase,
      ...routines,
      ...windows,
      ...(order === undefined ? {} : { order }),
      ...(firstActor === undefined ? {} : { turns: { ...turns, firstActor } }),
    };
  if (turns.strategy !== 'Free') return { ...phase, ...routines, ...windows };
  const { onTurnStart: _start, onTurnEnd: _end, ...rest } = routines;
  return { ...phase, ...rest };
}

/**
 * Options for the built-in games this file knows: mundane's decks, hands and
 * Time, and an end; sandbox's whole turn structure (one or two game phases of
 * any strategy, with priority windows or without, transitions both ways or a restart,
 * phases and turns that end by conditions, flow cards, lifecycle hooks, orders from the pieces, response windows,
 * direction, refills, eliminations, an end). Any other game opens with `{}`.
 */
function optionsArb(game: AnyGame): fc.Arbitrary<unknown> {
  if (game.id === 'mundane') {
    return fc.record(
      {
        turns: fc.integer({ min: 1, max: 4 }),
        openingHand: fc.integer({ min: 0, max: 7 }),
        startingTime: fc.integer({ min: 0, max: 6 }),
        shuffle: fc.boolean(),
      },
      { requiredKeys: ['turns'] },
    );
  }
  if (game.id === 'sandbox') {
    const windowed = fc.constantFrom(['MAIN'], ['UPKEEP', 'MAIN', 'END']);
    const plain = fc.oneof(
      // A phase may restart itself (a transition back to the same phase).
      fc.tuple(turnRulesArb, fc.boolean()).map(([turns, restarts]) => ({
        phases: [{ name: 'one', turns }],
        transitions: restarts ? [{ name: 'again', from: 'one', to: 'one' }] : [],
      })),
      fc.tuple(turnRulesArb, turnRulesArb).map(([a, b]) => ({
        phases: [
          { name: 'one', turns: a },
          { name: 'two', turns: b },
        ],
        transitions: [
          { name: 'forth', from: 'one', to: 'two' },
          { name: 'back', from: 'two', to: 'one' },
        ],
      })),
      // Phases that end by themselves (round-over, or sandbox's all-played), turns a condition ends, flow cards.
      fc
        .tuple(turnRulesArb, turnRulesArb, fc.constantFrom('round-over', 'all-played'), fc.boolean(), fc.boolean())
        .map(([a, b, when, turnEnds, flowCards]) => ({
          phases: [
            { name: 'one', turns: a, ...endsOf(a, when, 'forth', turnEnds) },
            { name: 'two', turns: b, ...endsOf(b, 'all-played', 'back', turnEnds) },
          ],
          transitions: [
            { name: 'forth', from: 'one', to: 'two' },
            { name: 'back', from: 'two', to: 'one' },
          ],
          flowCards,
        })),
    );
    // Priority windows (every game phase, or none), where a seat's turn passes from seat to seat: passes, the stack, auto-pass.
    const priority = fc
      .tuple(
        fc.array(
          turnRulesArb.filter((t) =>
            ['PerRound', 'Circular', 'Initiative'].includes((t as { strategy: string }).strategy),
          ),
          { minLength: 1, maxLength: 2 },
        ),
        windowed,
      )
      .map(([rules, turnPhases]) => ({
        // A turn with priority phases ends by passes, so its rules declare no minimum of moves.
        phases: rules.map((turns, i) => ({
          name: ['one', 'two'][i] as string,
          turns: withoutMinimum(turns),
          turnPhases,
        })),
        transitions:
          rules.length === 2
            ? [
                { name: 'forth', from: 'one', to: 'two' },
                { name: 'back', from: 'two', to: 'one' },
              ]
            : [],
      }));
    const extras = fc.record(
      {
        direction: fc.constantFrom(1, -1),
        refills: fc.boolean(),
        eliminations: fc.boolean(),
        lastTurn: fc.integer({ min: 1, max: 6 }),
        owner: fc.constant(SEAT_NAMES[0]),
      },
      { requiredKeys: [] },
    );
    // Lifecycle hooks on each game phase, or none: sandbox's routines count, score cards and eliminate idle seats.
    const routine = fc.constantFrom('tally', 'bonus', 'drop-idle');
    const hooks = fc.option(
      fc.array(
        fc.record(
          {
            onEnter: routine,
            onLeave: routine,
            onTurnStart: routine,
            onTurnEnd: routine,
            onMove: routine,
            order: fc.constant('fewest-first'),
            window: fc.constantFrom('others', 'all', 'active'),
            firstActor: fc.constantFrom('FirstInOrder', 'AfterLastActor'),
          },
          { requiredKeys: [] },
        ),
        { minLength: 2, maxLength: 2 },
      ),
    );
    return fc.tuple(fc.oneof(plain, priority), extras, hooks).map(([structure, more, named]) => {
      const phases = structure.phases.map((phase, i) => withHooks(phase, named?.[i] ?? {}));
      // A response window opens only by the call card, and a seat names the next one only by pass-to: both are flow
      // cards, so a table that declares a window or the game's order has them (a priority game declares neither).
      const flowCards =
        ('flowCards' in structure && structure.flowCards) ||
        (phases.every((phase) => !('turnPhases' in phase)) &&
          phases.some((phase) => 'windows' in phase || 'order' in phase));
      return { ...structure, phases, ...(flowCards ? { flowCards: true } : {}), ...more };
    });
  }
  return fc.constant({});
}

/** An opening for `game`: a seat count in its bounds, a seed, and options. */
export function openingArb(game: AnyGame): fc.Arbitrary<Opening> {
  const seats = fc.integer({ min: game.seats.min, max: Math.min(game.seats.max, SEAT_NAMES.length) });
  return fc.record({ seats, seed: fc.integer({ min: -1_000_000, max: 1_000_000 }), options: optionsArb(game) });
}

/**
 * Sandbox openings built around what a game decides of its flow (issue 18): a draft in the game's order
 * (`fewest-first`) that ends when its round is over and opens a response window, then a main phase of turns seat by
 * seat with a second window, a minimum of moves, `turnEndIf`, `firstActor`, a phase end by `all-played` or a
 * restart, and lifecycle hooks on both, the flow cards (`call`, `pass-to`, `finish`, `advance`) always on and an end
 * far enough away that the windows, orders and hooks come into play. The general openings (`openingArb`) hold these
 * too, but seldom in games long enough to reach them.
 */
export function flowOpeningArb(): fc.Arbitrary<Opening> {
  const who = fc.constantFrom('others', 'all', 'active');
  const perSeat = fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined });
  // drop-idle only as a phase ends: run as a turn starts, it would leave one seat after the first card
  const routine = fc.constantFrom('tally', 'bonus');
  const hooks = fc.record(
    {
      onEnter: routine,
      onLeave: fc.constantFrom('tally', 'bonus', 'drop-idle'),
      onTurnStart: routine,
      onTurnEnd: routine,
      onMove: routine,
    },
    { requiredKeys: [] },
  );
  const window = (name: string, moves: string[]) =>
    fc.tuple(who, perSeat).map(([w, n]) => ({ name, who: w, moves, ...(n === undefined ? {} : { movesPerSeat: n }) }));
  const mainTurns = fc.oneof(
    fc.record(
      {
        strategy: fc.constant('PerRound'),
        firstActor: fc.constantFrom('FirstInOrder', 'AfterLastActor'),
        minMovesPerTurn: fc.integer({ min: 1, max: 2 }),
      },
      { requiredKeys: ['strategy'] },
    ),
    fc.record(
      { strategy: fc.constant('Circular'), minMovesPerTurn: fc.integer({ min: 1, max: 2 }) },
      { requiredKeys: ['strategy'] },
    ),
    fc.constant({ strategy: 'Initiative' }),
  );
  const options = fc
    .record({
      draftMinimum: fc.boolean(),
      draftWindow: window('militia', ['react']),
      mainWindow: window('everyone', ['play', 'react']),
      mainTurns,
      turnEndIf: fc.boolean(),
      mainEnd: fc.constantFrom('all-played', 'restart', 'none'),
      draftHooks: hooks,
      mainHooks: hooks,
      eliminations: fc.boolean(),
      lastTurn: fc.integer({ min: 8, max: 30 }),
    })
    .map((o) => ({
      phases: [
        {
          name: 'draft',
          turns: { strategy: 'PerRound', ...(o.draftMinimum ? { minMovesPerTurn: 1 } : {}) },
          order: 'fewest-first',
          endIf: { when: 'round-over', transition: 'play' },
          windows: [o.draftWindow],
          ...o.draftHooks,
        },
        {
          name: 'main',
          turns: o.mainTurns,
          windows: [o.mainWindow],
          ...(o.turnEndIf ? { turnEndIf: 'ahead' } : {}),
          ...(o.mainEnd === 'all-played' ? { endIf: { when: 'all-played', transition: 'deal' } } : {}),
          ...o.mainHooks,
        },
      ],
      transitions: [
        { name: 'play', from: 'draft', to: 'main' },
        { name: 'deal', from: 'main', to: 'draft' },
        ...(o.mainEnd === 'restart' ? [{ name: 'again', from: 'main', to: 'main' }] : []),
      ],
      flowCards: true,
      eliminations: o.eliminations,
      lastTurn: o.lastTurn,
    }));
  return fc.record({
    seats: fc.integer({ min: 2, max: SEAT_NAMES.length }),
    seed: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    options,
  });
}
