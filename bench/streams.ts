/**
 * The scripted streams every contestant plays, and the plain reducer that
 * defines them.
 *
 * A stream is an array of moves in plystack's shape, made before any clock
 * starts: `engine.pass` by the seat holding priority, and every 7th event a
 * `CastInstant` of a 0-cost instant by that seat. Who holds priority at each
 * event is decided by `step`, a plain reducer of the minimal turn structure
 * (the five phases of mundane, priority passing, a LIFO stack, turns passing
 * round the table), so every contestant receives exactly the same objects and
 * every move in the stream is legal.
 *
 * `step` is also the "plain reducer" contestant, and `outcomeOf` is the
 * yardstick every contestant's final state is compared with.
 */

/** mundane's phases, in order. */
export const PHASES = ['RESET', 'WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN'] as const;
/** Every `CAST_EVERY`th event (the 7th, 14th, …) is a cast; the others are passes. */
export const CAST_EVERY = 7;
/** The instant every cast puts on the stack (see bench/game.ts). */
export const CARD = 'Sip';

export const SEATS_2 = ['seat:ann', 'seat:bob'] as const;
export const SEATS_4 = ['seat:ann', 'seat:bob', 'seat:cat', 'seat:dan'] as const;

export type PassEvent = { readonly type: 'engine.pass'; readonly seat: string };
export type CastEvent = {
  readonly type: 'CastInstant';
  readonly seat: string;
  readonly payload: { readonly card: string };
};
/** One event of a stream: a move in plystack's shape, also the event the bare XState machines take. */
export type StreamEvent = PassEvent | CastEvent;

/** An item on the stack, as the minimal contestants keep it. */
export interface RefItem {
  readonly id: number;
  readonly seat: string;
}

/** The minimal turn structure: what the reducer, the bare XState actors and boardgame.io keep. */
export interface RefState {
  readonly seats: readonly string[];
  /** Index into PHASES. */
  readonly phase: number;
  readonly turn: number;
  readonly round: number;
  /** Index of the active seat (whose turn). */
  readonly active: number;
  /** Index of the seat holding priority. */
  readonly priority: number;
  /** Consecutive passes. */
  readonly passes: number;
  /** Bottom first. */
  readonly stack: readonly RefItem[];
  readonly nextStackId: number;
  /** Accepted events. */
  readonly plies: number;
}

/** The comparable end of a run: the same fields, whoever played it. */
export interface Outcome {
  readonly plies: number;
  readonly turn: number;
  readonly round: number;
  readonly phase: string;
  readonly activeSeat: string;
  readonly prioritySeat: string | null;
  readonly passes: number;
  readonly stack: readonly RefItem[];
  readonly nextStackId: number;
}

/**
 * The state before the first move: turn 1, the first seat active and holding
 * priority in RESET.
 *
 * @example
 * openingState(SEATS_2).priority // 0
 */
export function openingState(seats: readonly string[]): RefState {
  return { seats, phase: 0, turn: 1, round: 1, active: 0, priority: 0, passes: 0, stack: [], nextStackId: 1, plies: 0 };
}

/**
 * The plain reducer: the state after `event`, or `state` itself when the
 * event is refused (the seat does not hold priority, or the type is unknown).
 *
 * A pass gives priority to the next seat; the pass that completes a round of
 * passes resolves the top of the stack (priority back to the active seat) or,
 * with the stack empty, ends the phase; after WIND_DOWN the next seat's turn
 * begins at RESET. A cast pushes an item and gives the active seat priority.
 *
 * @example
 * step(openingState(SEATS_2), { type: 'engine.pass', seat: 'seat:ann' }).priority // 1
 */
export function step(state: RefState, event: StreamEvent): RefState {
  const seat = state.seats.indexOf(event.seat);
  if (seat < 0 || seat !== state.priority) return state;
  const plies = state.plies + 1;
  const n = state.seats.length;
  if (event.type === 'CastInstant') {
    const item: RefItem = { id: state.nextStackId, seat: event.seat };
    return {
      ...state,
      plies,
      stack: [...state.stack, item],
      nextStackId: state.nextStackId + 1,
      priority: state.active,
      passes: 0,
    };
  }
  if (event.type !== 'engine.pass') return state;
  const passes = state.passes + 1;
  if (passes < n) return { ...state, plies, passes, priority: (state.priority + 1) % n };
  if (state.stack.length > 0)
    return { ...state, plies, stack: state.stack.slice(0, -1), priority: state.active, passes: 0 };
  if (state.phase < PHASES.length - 1)
    return { ...state, plies, phase: state.phase + 1, priority: state.active, passes: 0 };
  const active = (state.active + 1) % n;
  return {
    ...state,
    plies,
    phase: 0,
    turn: state.turn + 1,
    round: active === 0 ? state.round + 1 : state.round,
    active,
    priority: active,
    passes: 0,
  };
}

/**
 * The scripted stream of `plies` events for `seats`: event i (from 1) is a
 * cast when i is a multiple of `castEvery` (7 unless told), else a pass,
 * always by the seat holding priority. Fresh objects, as an application would
 * send them.
 *
 * @example
 * makeStream(SEATS_2, 7)[6] // { type: 'CastInstant', seat: 'seat:bob', payload: { card: 'Sip' } }
 */
export function makeStream(seats: readonly string[], plies: number, castEvery: number = CAST_EVERY): StreamEvent[] {
  const stream: StreamEvent[] = new Array(plies);
  let state = openingState(seats);
  for (let i = 0; i < plies; i++) {
    const seat = seats[state.priority] as string;
    const event: StreamEvent =
      (i + 1) % castEvery === 0
        ? { type: 'CastInstant', seat, payload: { card: CARD } }
        : { type: 'engine.pass', seat };
    stream[i] = event;
    state = step(state, event);
  }
  return stream;
}

/** The comparable outcome of a reducer state. */
export function outcomeOf(state: RefState): Outcome {
  return {
    plies: state.plies,
    turn: state.turn,
    round: state.round,
    phase: PHASES[state.phase] as string,
    activeSeat: state.seats[state.active] as string,
    prioritySeat: state.seats[state.priority] ?? null,
    passes: state.passes,
    stack: state.stack.map(({ id, seat }) => ({ id, seat })),
    nextStackId: state.nextStackId,
  };
}

/** The reducer's outcome of a whole stream: the reference every contestant must reach. */
export function referenceOutcome(seats: readonly string[], stream: readonly StreamEvent[]): Outcome {
  let state = openingState(seats);
  for (const event of stream) state = step(state, event);
  return outcomeOf(state);
}
