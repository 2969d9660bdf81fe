/**
 * The two turn-progression streams (issue 3's engine), and the plain reducers
 * that define them, as bench/streams.ts does for the priority streams.
 *
 * - circular table with reversals: 4 seats on a Circular table (sandbox,
 *   `allowSelfSuccessor`). Turn t (from 1): the active seat plays one card and
 *   ends its turn; the card is `reverse` when t is a multiple of 5, else `skip`
 *   when t is a multiple of 7, else `play`. Two plies a turn.
 * - simultaneous round: 4 seats in a Simultaneous phase. Round r (from 0):
 *   every seat plays once, in the order PERMUTATIONS[r mod 24], then every seat
 *   ends its own turn, in the order PERMUTATIONS[(7r + 5) mod 24]. Eight plies
 *   a round; the round ends when the last seat ends its turn.
 *
 * The reducers (`circularStep`, `simultaneousStep`) are the plain-reducer
 * contestants and the yardstick: every contestant's final state must equal
 * theirs (`circularOutcome`, `simultaneousOutcome`).
 */

/** A move of the turn streams: a sandbox card, or ending one's turn. */
export type CardEvent = { readonly type: 'play' | 'reverse' | 'skip'; readonly seat: string };
export type EndTurnEvent = { readonly type: 'engine.end-turn'; readonly seat: string };
export type TurnEvent = CardEvent | EndTurnEvent;

export const REVERSE_EVERY = 5;
export const SKIP_EVERY = 7;

const bump = (played: readonly number[], seat: number): number[] => {
  const next = played.slice();
  next[seat] = (next[seat] as number) + 1;
  return next;
};
const playedBySeat = (seats: readonly string[], played: readonly number[]): Record<string, number> =>
  Object.fromEntries(seats.map((seat, i) => [seat, played[i] as number]));

// ─── circular table with reversals ───────────────────────────────────────────

export interface CircularState {
  readonly seats: readonly string[];
  /** Index of the active seat. */
  readonly active: number;
  readonly direction: 1 | -1;
  /** Seats to pass over when the turn ends (skip adds one). */
  readonly pending: number;
  readonly turn: number;
  /** Finished turns: a round is `seats.length` of them (sandbox's default ActivationCount). */
  readonly activations: number;
  readonly plies: number;
  /** Cards played, per seat index. */
  readonly played: readonly number[];
}

export interface CircularOutcome {
  readonly plies: number;
  readonly turn: number;
  readonly round: number;
  readonly activeSeat: string;
  readonly direction: 1 | -1;
  readonly played: Readonly<Record<string, number>>;
}

export function circularOpening(seats: readonly string[]): CircularState {
  return { seats, active: 0, direction: 1, pending: 0, turn: 1, activations: 0, plies: 0, played: seats.map(() => 0) };
}

/**
 * The circular table's reducer: only the active seat moves. A card counts as
 * played (`reverse` also flips the direction, `skip` adds one seat to pass
 * over); `engine.end-turn` moves the turn `direction × (1 + pending)` seats on.
 *
 * @example
 * circularStep(circularOpening(SEATS_4), { type: 'engine.end-turn', seat: 'seat:ann' }).active // 1
 */
export function circularStep(state: CircularState, event: TurnEvent): CircularState {
  const seat = state.seats.indexOf(event.seat);
  if (seat < 0 || seat !== state.active) return state;
  const plies = state.plies + 1;
  switch (event.type) {
    case 'play':
      return { ...state, plies, played: bump(state.played, seat) };
    case 'reverse':
      return { ...state, plies, played: bump(state.played, seat), direction: state.direction === 1 ? -1 : 1 };
    case 'skip':
      return { ...state, plies, played: bump(state.played, seat), pending: state.pending + 1 };
    case 'engine.end-turn': {
      const n = state.seats.length;
      const active = (((state.active + state.direction * (1 + state.pending)) % n) + n) % n;
      return { ...state, plies, active, pending: 0, turn: state.turn + 1, activations: state.activations + 1 };
    }
    default:
      return state;
  }
}

export function circularOutcome(state: CircularState): CircularOutcome {
  return {
    plies: state.plies,
    turn: state.turn,
    round: Math.floor(state.activations / state.seats.length) + 1,
    activeSeat: state.seats[state.active] as string,
    direction: state.direction,
    played: playedBySeat(state.seats, state.played),
  };
}

/** The card of turn `turn` (from 1): reverse every 5th, else skip every 7th, else play. */
export const cardOfTurn = (turn: number): CardEvent['type'] =>
  turn % REVERSE_EVERY === 0 ? 'reverse' : turn % SKIP_EVERY === 0 ? 'skip' : 'play';

/**
 * The circular stream of `plies` moves: each turn the active seat plays the
 * card of the turn and ends its turn. Fresh objects.
 */
export function makeCircularStream(seats: readonly string[], plies: number): TurnEvent[] {
  const stream: TurnEvent[] = new Array(plies);
  let state = circularOpening(seats);
  for (let i = 0; i < plies; i++) {
    const seat = seats[state.active] as string;
    const event: TurnEvent = i % 2 === 0 ? { type: cardOfTurn(state.turn), seat } : { type: 'engine.end-turn', seat };
    stream[i] = event;
    state = circularStep(state, event);
  }
  return stream;
}

export function circularReference(seats: readonly string[], stream: readonly TurnEvent[]): CircularOutcome {
  let state = circularOpening(seats);
  for (const event of stream) state = circularStep(state, event);
  return circularOutcome(state);
}

// ─── simultaneous round ──────────────────────────────────────────────────────

export interface SimultaneousState {
  readonly seats: readonly string[];
  /** Seats still to end their turn this round, as a bit mask over seat indexes. */
  readonly toAct: number;
  readonly round: number;
  readonly plies: number;
  readonly played: readonly number[];
}

export interface SimultaneousOutcome {
  readonly plies: number;
  readonly turn: number;
  readonly round: number;
  /** In table order. */
  readonly toAct: readonly string[];
  readonly played: Readonly<Record<string, number>>;
}

const everyone = (n: number): number => (1 << n) - 1;

export function simultaneousOpening(seats: readonly string[]): SimultaneousState {
  return { seats, toAct: everyone(seats.length), round: 1, plies: 0, played: seats.map(() => 0) };
}

/**
 * The simultaneous round's reducer: a seat still to act may play (any number
 * of times) and end its own turn; the last one to end it ends the round.
 *
 * @example
 * simultaneousStep(simultaneousOpening(SEATS_4), { type: 'engine.end-turn', seat: 'seat:cat' }).toAct // 0b1011
 */
export function simultaneousStep(state: SimultaneousState, event: TurnEvent): SimultaneousState {
  const seat = state.seats.indexOf(event.seat);
  if (seat < 0 || (state.toAct & (1 << seat)) === 0) return state;
  const plies = state.plies + 1;
  if (event.type === 'play') return { ...state, plies, played: bump(state.played, seat) };
  if (event.type !== 'engine.end-turn') return state;
  const toAct = state.toAct & ~(1 << seat);
  return toAct === 0
    ? { ...state, plies, toAct: everyone(state.seats.length), round: state.round + 1 }
    : { ...state, plies, toAct };
}

export function simultaneousOutcome(state: SimultaneousState): SimultaneousOutcome {
  return {
    plies: state.plies,
    turn: state.round, // plystack counts one turn per simultaneous round
    round: state.round,
    toAct: state.seats.filter((_, i) => (state.toAct & (1 << i)) !== 0),
    played: playedBySeat(state.seats, state.played),
  };
}

/** The 24 orders of four seat indexes, lexicographic. */
export const PERMUTATIONS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  const walk = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) out.push(prefix);
    for (const [i, x] of rest.entries()) walk([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  walk([], [0, 1, 2, 3]);
  return out;
})();

/**
 * The simultaneous stream of `plies` moves for 4 seats: each round, four
 * `play`s in one scripted order, then four `engine.end-turn`s in another.
 */
export function makeSimultaneousStream(seats: readonly string[], plies: number): TurnEvent[] {
  if (seats.length !== 4) throw new Error('the simultaneous stream is scripted for 4 seats');
  const stream: TurnEvent[] = new Array(plies);
  for (let i = 0; i < plies; i++) {
    const round = Math.floor(i / 8);
    const k = i % 8;
    const order = (k < 4 ? PERMUTATIONS[round % 24] : PERMUTATIONS[(7 * round + 5) % 24]) as readonly number[];
    const seat = seats[order[k % 4] as number] as string;
    stream[i] = k < 4 ? { type: 'play', seat } : { type: 'engine.end-turn', seat };
  }
  return stream;
}

export function simultaneousReference(seats: readonly string[], stream: readonly TurnEvent[]): SimultaneousOutcome {
  let state = simultaneousOpening(seats);
  for (const event of stream) state = simultaneousStep(state, event);
  return simultaneousOutcome(state);
}
