/**
 * sandbox: a rules lab. Its options are the turn structure itself (game
 * phases with their rules objects, the transitions between them, direction,
 * first seat, owner), and its moves are cards that carry turn effects, so
 * every strategy can be tried from a log, the CLI and the inspector without
 * writing a game.
 */
import { z } from 'zod';
import { idSchema } from '../../core/move.js';
import { defineGame } from '../../definition/defineGame.js';
import type { SeatMoveSpec, TurnModel } from '../../definition/game.js';

/** sandbox's routines: `tally` counts its runs, `bonus` scores a card, `drop-idle` eliminates seats that played none. */
const routineName = z.enum(['tally', 'bonus', 'drop-idle']);

const phaseSchema = z
  .object({
    name: z.string().min(1).max(64),
    turns: z.unknown(),
    /** Phases of each turn with priority windows (then every game phase must have them): passes, the stack and auto-pass. */
    turnPhases: z.array(z.string().min(1).max(64)).min(1).max(10).optional(),
    /** The phase ends by itself: `when` is `round-over` or one of sandbox's conditions, `transition` leaves it. */
    endIf: z
      .object({ when: z.string().min(1).max(64), transition: z.string().min(1).max(64) })
      .strict()
      .optional(),
    /** One of sandbox's conditions: when it holds after a move, the seat's turn ends. */
    turnEndIf: z.string().min(1).max(64).optional(),
    /** Sandbox's routines run as the phase begins and ends, as each of its turns starts and ends, after each card. */
    onEnter: routineName.optional(),
    onLeave: routineName.optional(),
    onTurnStart: routineName.optional(),
    onTurnEnd: routineName.optional(),
    onMove: routineName.optional(),
    /**
     * Response windows a `call { window }` card opens in a seat's turn (with flowCards): who responds, with which of
     * sandbox's cards (default: react), and how many each plays before its part ends by itself.
     */
    windows: z
      .array(
        z
          .object({
            name: z.string().min(1).max(64),
            who: z.enum(['others', 'all', 'active']),
            moves: z.array(z.string().min(1).max(32)).min(1).max(20).optional(),
            movesPerSeat: z.number().int().min(1).max(100).optional(),
          })
          .strict(),
      )
      .max(5)
      .optional(),
    /** Sandbox's order for a PerRound phase: `fewest-first`, the seat with the fewest cards played acts next. */
    order: z.enum(['fewest-first']).optional(),
  })
  .strict();
const transitionSchema = z
  .object({ name: z.string().min(1).max(64), from: z.string().min(1).max(64), to: z.string().min(1).max(64) })
  .strict();

export const sandboxOptionsSchema = z
  .object({
    /** The game phases in order, the first one starting the game; each declares its turn rules under `turns`. */
    phases: z
      .array(phaseSchema)
      .min(1)
      .max(20)
      .default([{ name: 'main', turns: { strategy: 'PerRound' } }]),
    transitions: z.array(transitionSchema).max(100).default([]),
    direction: z.union([z.literal(1), z.literal(-1)]).default(1),
    firstSeat: z.optional(idSchema),
    owner: z.optional(idSchema),
    /** Allow `refill`: a seat announces a refill and owes supplemental plies before the turn moves on. */
    refills: z.boolean().default(false),
    /** Allow `eliminate`. */
    eliminations: z.boolean().default(false),
    /**
     * Allow `finish` (a card that ends the turn), `advance { transition }` (a card that takes a transition),
     * `pass-to { seat }` (a card that names the seat whose turn comes next, in a PerRound phase) and `call { window }`
     * (a card that opens one of the phase's response windows).
     */
    flowCards: z.boolean().default(false),
    /** The game ends when this turn ends. */
    lastTurn: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

export type SandboxOptions = z.output<typeof sandboxOptionsSchema>;

/** The cards of every sandbox table; `finish` and `advance` join them with `flowCards`. */
const PLAIN_CARDS = ['play', 'react', 'cast', 'reverse', 'skip', 'set-direction', 'refill', 'eliminate'];

/** sandbox's pieces: how many cards each seat has played, and how often the `tally` routine has run (once it has). */
export interface SandboxState {
  readonly played: Readonly<Record<string, number>>;
  readonly tally?: number;
}

type Card<S> = SeatMoveSpec<SandboxState, SandboxOptions, S>;

/** A card that only counts as played, with the turn effects `definition` adds (every card is instant speed in a priority window). */
function card<S>(definition: Omit<Card<S>, 'play'> & { play?: Card<S>['play'] }): Card<S> {
  return { ...definition, play: definition.play ?? (({ game: state, seat }) => ({ game: countPlay(state, seat) })) };
}

function countPlay(state: SandboxState, seat: string): SandboxState {
  return { ...state, played: { ...state.played, [seat]: (state.played[seat] ?? 0) + 1 } };
}

/**
 * The flow cards a phase allows (with `flowCards`; without, they are moves of no phase, refused with WRONG_TIMING and
 * not in the chart): a Free phase has no turn for finish to end and no turn to open a window in, a simultaneous
 * round none either, and only a PerRound phase lets pass-to name the next seat.
 */
function flowCardsOf(phase: { readonly turns: unknown; readonly windows?: readonly unknown[] }): string[] {
  const strategy = (phase.turns as { strategy?: unknown } | undefined)?.strategy;
  if (strategy === 'Free') return ['advance'];
  const calls = phase.windows !== undefined && phase.windows.length > 0 ? ['call'] : [];
  if (strategy === 'Simultaneous') return ['finish', 'advance'];
  return ['finish', 'advance', ...(strategy === 'PerRound' ? ['pass-to'] : []), ...calls];
}

/** The seat still in the game, and not in `acted`, with the fewest cards played (ties in table order), or null. */
function fewest(
  state: SandboxState,
  seating: { readonly seats: readonly string[]; readonly out: readonly string[] },
  acted: readonly string[],
): string | null {
  let best: string | null = null;
  for (const seat of seating.seats) {
    if (seating.out.includes(seat) || acted.includes(seat)) continue;
    if (best === null || (state.played[seat] ?? 0) < (state.played[best] ?? 0)) best = seat;
  }
  return best;
}

/** The phase's routines, as the sandbox's options name them. */
const HOOKS = ['onEnter', 'onLeave', 'onTurnStart', 'onTurnEnd', 'onMove'] as const;

/**
 * The game `sandbox`, version 1. Its move vocabulary:
 * `play` (a plain move), `react` (a plain move for rules that declare it out
 * of turn), `reverse`, `skip { amount? }`, `set-direction { direction }` (the
 * Circular mutations), `refill { plies }` (an obligation, with `refills`),
 * `eliminate { seat }` (with `eliminations`), `finish` (ends the turn) and
 * `advance { transition }` (takes a declared transition), both with `flowCards`.
 *
 * @example
 * createTable(sandbox, { table: 'table:lab', seats: ['seat:a', 'seat:b', 'seat:c'], seed: 1,
 *   options: { phases: [{ name: 'main', turns: { strategy: 'Circular', circular: { allowSelfSuccessor: true } } }] } })
 */
export const sandbox = defineGame({
  id: 'sandbox',
  version: '1',
  title: 'sandbox: a rules lab for every turn strategy',
  seats: { min: 1, max: 8 },
  options: sandboxOptionsSchema,
  structure: ({ options }) => ({
    phases: options.phases.map((phase) => ({
      name: phase.name,
      turns: phase.turns,
      ...(phase.turnPhases !== undefined ? { turnPhases: phase.turnPhases.map((name) => ({ name })) } : {}),
      ...(phase.endIf !== undefined ? { endIf: phase.endIf } : {}),
      ...(phase.turnEndIf !== undefined ? { turnEndIf: phase.turnEndIf } : {}),
      ...Object.fromEntries(HOOKS.flatMap((hook) => (phase[hook] === undefined ? [] : [[hook, phase[hook]]]))),
      ...(phase.order !== undefined ? { order: phase.order } : {}),
      ...(phase.windows !== undefined && phase.windows.length > 0
        ? { windows: phase.windows.map((w) => ({ ...w, moves: w.moves ?? ['react'] })) }
        : {}),
      moves: [...PLAIN_CARDS, ...(options.flowCards ? flowCardsOf(phase) : [])],
    })),
    transitions: options.transitions,
    direction: options.direction,
    ...(options.firstSeat !== undefined ? { firstSeat: options.firstSeat } : {}),
    ...(options.owner !== undefined ? { owner: options.owner } : {}),
  }),
  // The engine derives the layout from the rules; sandbox adds what only its moves know: a refill owes supplemental
  // plies (two plies of one seat in a round), and an eliminated seat leaves an empty cell.
  turnModel: ({ options }): TurnModel =>
    options.refills ? 'sequenced' : options.eliminations ? 'skip-turn' : 'sequential',
  checkOptions: ({ options }) =>
    options.flowCards && options.phases.some((phase) => phase.turnPhases !== undefined)
      ? {
          path: 'flowCards',
          message: 'a turn with priority phases ends when every seat passes in a row: no flow cards',
        }
      : null,
  setup: ({ seats }): SandboxState => ({ played: Object.fromEntries(seats.map((seat) => [seat, 0])) }),
  routines: {
    /** Counts its own runs in the pieces' `tally`, shown in the table's public view. */
    tally: ({ game: state }) => ({ game: { ...state, tally: (state.tally ?? 0) + 1 } }),
    /** The seat that just moved (after a move), else the seat whose turn it is, scores a card as if it had played one. */
    bonus: ({ game: state, seating, move }) => {
      const seat = move === undefined ? seating.activeSeat : move.seat;
      return { game: seat === null ? state : countPlay(state, seat) };
    },
    /** Every seat still in the game that has played no card is eliminated, unless none has played any. */
    'drop-idle': ({ game: state, seating }) => {
      const remaining = seating.seats.filter((seat) => !seating.out.includes(seat));
      const idle = remaining.filter((seat) => (state.played[seat] ?? 0) === 0);
      return { game: state, ...(idle.length < remaining.length ? { eliminate: idle } : {}) };
    },
  },
  orders: {
    /**
     * The seat still in the game with the fewest cards played acts first, and after each turn the one with the fewest
     * among those yet to act this round (ties in table order); when every seat has acted, a new round begins the same way.
     */
    'fewest-first': {
      first: ({ game: state, seating }) => fewest(state, seating, []),
      next: ({ game: state, seating, acted }) => fewest(state, seating, acted) ?? fewest(state, seating, []),
    },
  },
  conditions: {
    /** Every seat still in the game has played a card. */
    'all-played': ({ game: state, seating }) =>
      seating.seats.every((seat) => seating.out.includes(seat) || (state.played[seat] ?? 0) > 0),
    /** The seat whose turn it is has played more cards than any other seat. */
    ahead: ({ game: state, seating }) => {
      const seat = seating.activeSeat;
      if (seat === null) return false;
      const mine = state.played[seat] ?? 0;
      return seating.seats.every((other) => other === seat || (state.played[other] ?? 0) < mine);
    },
  },
  moves: {
    play: card({ notation: () => 'play' }),
    react: card({ notation: () => 'react' }),
    cast: card({
      payload: z
        .object({ spell: z.string().min(1).max(32).default('spell') })
        .strict()
        .prefault({}),
      play: ({ game: state, seat, payload: { spell } }) => ({
        game: countPlay(state, seat),
        stack: { card: spell, type: 'SPELL' },
      }),
      notation: ({ payload: { spell } }) => `cast ${spell}`,
      candidates: () => [{ spell: 'spell' }],
    }),
    reverse: card({ sequence: () => [{ operation: 'ReverseDirection' }], notation: () => 'reverse' }),
    skip: card({
      payload: z
        .object({ amount: z.number().int().min(1).max(8).default(1) })
        .strict()
        .prefault({}),
      sequence: ({ payload: { amount } }) => [{ operation: 'AddAdvance', amount }],
      notation: ({ payload: { amount } }) => (amount === 1 ? 'skip' : `skip ${amount}`),
      candidates: () => [{ amount: 1 }],
    }),
    'set-direction': card({
      payload: z.object({ direction: z.union([z.literal(1), z.literal(-1)]) }).strict(),
      sequence: ({ payload: { direction } }) => [{ operation: 'SetDirection', direction }],
      notation: ({ payload: { direction } }) => (direction === 1 ? 'forward' : 'backward'),
      candidates: () => [{ direction: 1 as const }, { direction: -1 as const }],
    }),
    refill: card({
      payload: z
        .object({ plies: z.number().int().min(1).max(8).default(1) })
        .strict()
        .prefault({}),
      check: ({ options }) =>
        options.refills ? null : { reason: 'NO_REFILLS', message: 'refills are off at this table (options.refills)' },
      play: ({ game: state, seat, payload: { plies } }) => ({ game: countPlay(state, seat), oblige: plies }),
      notation: ({ payload: { plies } }) => `refill ${plies}`,
      candidates: () => [{ plies: 1 }],
    }),
    finish: card({
      outcomes: ['endTurn'],
      play: ({ game: state, seat }) => ({ game: countPlay(state, seat), endTurn: true }),
      notation: () => 'finish',
    }),
    advance: card({
      outcomes: ['transition'],
      payload: z.object({ transition: z.string().min(1).max(64) }).strict(),
      check: ({ payload: { transition }, options, seating }) =>
        options.transitions.some((t) => t.from === seating.gamePhase && t.name === transition)
          ? null
          : { reason: 'NO_TRANSITION', message: `no transition ${transition} out of ${seating.gamePhase}` },
      play: ({ game: state, seat, payload: { transition } }) => ({ game: countPlay(state, seat), transition }),
      notation: ({ payload: { transition } }) => `advance ${transition}`,
      candidates: ({ options, seating }) =>
        options.transitions.filter((t) => t.from === seating.gamePhase).map((t) => ({ transition: t.name })),
    }),
    call: card({
      outcomes: ['window'],
      payload: z.object({ window: z.string().min(1).max(64) }).strict(),
      check: ({ payload: { window }, options, seating }) =>
        options.phases.find((phase) => phase.name === seating.gamePhase)?.windows?.some((w) => w.name === window)
          ? null
          : { reason: 'NO_WINDOW', message: `no window ${window} in ${seating.gamePhase}` },
      play: ({ game: state, seat, payload: { window } }) => ({ game: countPlay(state, seat), window }),
      notation: ({ payload: { window } }) => `call ${window}`,
      candidates: ({ options, seating }) =>
        (options.phases.find((phase) => phase.name === seating.gamePhase)?.windows ?? []).map((w) => ({
          window: w.name,
        })),
    }),
    'pass-to': card({
      outcomes: ['next'],
      payload: z.object({ seat: idSchema }).strict(),
      check: ({ seat, payload: { seat: target }, seating }) => {
        if (!seating.seats.includes(target)) return { reason: 'NOT_A_SEAT', message: `${target} is not at the table` };
        if (seating.out.includes(target)) return { reason: 'ALREADY_OUT', message: `${target} is out of the game` };
        return target === seat ? { reason: 'NOT_YOURSELF', message: 'pass-to names another seat' } : null;
      },
      play: ({ game: state, seat, payload: { seat: target } }) => ({ game: countPlay(state, seat), next: target }),
      notation: ({ payload: { seat } }) => `pass to ${seat}`,
      candidates: ({ seat, seating }) =>
        seating.seats.filter((s) => s !== seat && !seating.out.includes(s)).map((s) => ({ seat: s })),
    }),
    eliminate: card({
      payload: z.object({ seat: idSchema }).strict(),
      check: ({ game: state, seat, payload: { seat: target }, options, seating }) => {
        if (!options.eliminations)
          return { reason: 'NO_ELIMINATIONS', message: 'eliminations are off at this table (options.eliminations)' };
        if (!Object.hasOwn(state.played, target))
          return { reason: 'NOT_A_SEAT', message: `${target} is not at the table` };
        if (seating.out.includes(target))
          return { reason: 'ALREADY_OUT', message: `${target} is already out of the game` };
        return target === seat
          ? { reason: 'NOT_YOURSELF', message: 'a seat cannot eliminate itself (it may leave with engine.leave)' }
          : null;
      },
      play: ({ game: state, seat, payload: { seat: target } }) => ({
        game: countPlay(state, seat),
        eliminate: [target],
      }),
      notation: ({ payload: { seat } }) => `eliminate ${seat}`,
      candidates: ({ game: state, seat, seating }) =>
        Object.keys(state.played)
          .filter((s) => s !== seat && !seating.out.includes(s))
          .map((s) => ({ seat: s })),
    }),
  },
  // The demo: a circular table with reversals, skips and refills.
  demoOptions: ({ turns }) => ({
    phases: [
      { name: 'main', turns: { strategy: 'Circular', circular: { allowSelfSuccessor: true }, movesPerTurn: 2 } },
    ],
    refills: true,
    lastTurn: turns,
  }),
  endIf: ({ options, seating, remaining, turnEnded }) =>
    (turnEnded && options.lastTurn !== undefined && seating.turn >= options.lastTurn) ||
    (options.eliminations && remaining.length <= 1),
  // The most cards played wins; seats tied for the most share a draw.
  winners({ game: state, remaining }) {
    const most = Math.max(0, ...remaining.map((seat) => state.played[seat] ?? 0));
    const winners = remaining.filter((seat) => (state.played[seat] ?? 0) === most);
    return { winners, draw: winners.length > 1 };
  },
  seatView: ({ game: state, seat }) => ({ played: state.played[seat] ?? 0 }),
  publicView: ({ game: state }): { tally?: number } => (state.tally === undefined ? {} : { tally: state.tally }),
});
