/**
 * The circular activation sequence as pure functions: a direction,
 * an advance scheduled by effects, counters, and who acts next among the
 * eligible seats. Navigation draws no randomness.
 */
import type { Direction } from '../order/seatOrder.js';
import type { CircularRules } from './rules.js';

/** Where a circular sequence stands; the table keeps it in its snapshot. */
export interface CircularState {
  /** The order of the seats, fixed when the sequence starts. */
  readonly order: readonly string[];
  readonly direction: Direction;
  /** Extra steps scheduled for the next advance (AddAdvance); the normal advance is 1. */
  readonly pendingAdvance: number;
  /** Finished activations since the sequence started. */
  readonly activations: number;
  /** Finished activations per round under ActivationCount; null when rounds are Disabled. */
  readonly activationsPerRound: number | null;
  readonly allowSelfSuccessor: boolean;
}

/** A mutation of the sequence, as effects name them. */
export type SequenceMutation =
  | { readonly operation: 'ReverseDirection' }
  | { readonly operation: 'SetDirection'; readonly direction: Direction }
  | { readonly operation: 'AddAdvance'; readonly amount: number };

/**
 * A circular sequence over `order` under `rules`, with its first actor:
 * the owner (RunOwner) or the first seat in order (FirstInOrder).
 *
 * @example
 * startCircular(['a', 'b', 'c'], { initialDirection: 'Reverse', firstActor: 'FirstInOrder', roundPolicy: 'Disabled', allowSelfSuccessor: false })
 * // { state: { direction: -1, ... }, first: 'a' }
 */
export function startCircular(
  order: readonly string[],
  rules: CircularRules,
  owner?: string,
): { state: CircularState; first: string } {
  const first =
    rules.firstActor === 'RunOwner' && owner !== undefined && order.includes(owner) ? owner : (order[0] as string);
  return {
    state: {
      order,
      direction: rules.initialDirection === 'Reverse' ? -1 : 1,
      pendingAdvance: 0,
      activations: 0,
      activationsPerRound: rules.roundPolicy === 'Disabled' ? null : (rules.activationsPerRound ?? order.length),
      allowSelfSuccessor: rules.allowSelfSuccessor,
    },
    first,
  };
}

/**
 * Applies a mutation. AddAdvance(1) makes the next advance skip one seat.
 *
 * @example
 * mutate(state, { operation: 'ReverseDirection' }).direction // -state.direction
 */
export function mutate(state: CircularState, mutation: SequenceMutation): CircularState {
  switch (mutation.operation) {
    case 'ReverseDirection':
      return { ...state, direction: state.direction === 1 ? -1 : 1 };
    case 'SetDirection':
      return { ...state, direction: mutation.direction };
    case 'AddAdvance':
      return { ...state, pendingAdvance: Math.max(0, state.pendingAdvance + mutation.amount) };
  }
}

/**
 * The seat `steps` eligible places from `current` in `direction`, counting
 * only eligible seats (the current seat may itself be ineligible); undefined
 * when no seat is eligible.
 */
function stepAmongEligible(
  order: readonly string[],
  current: string,
  direction: Direction,
  steps: number,
  eligible: (seat: string) => boolean,
): string | undefined {
  const n = order.length;
  const start = order.indexOf(current);
  if (n === 0 || start < 0 || !order.some(eligible)) return undefined;
  let index = start;
  let left = steps;
  while (left > 0) {
    index = (((index + direction) % n) + n) % n;
    if (eligible(order[index] as string)) left--;
  }
  return order[index];
}

/** Where the sequence goes after `current`'s activation ends. */
export type CircularAdvance =
  | { readonly ok: true; readonly state: CircularState; readonly next: string; readonly roundEnded: boolean }
  | { readonly ok: false; readonly code: 'NO_ELIGIBLE_SEAT'; readonly message: string };

/**
 * Ends `current`'s activation and finds the next actor: 1 + the pending
 * advance steps among eligible seats in the current direction. Ineligible
 * seats are passed over without an activation of their own. Zero eligible
 * seats is a failure; landing on `current` again is allowed only with
 * allowSelfSuccessor (otherwise the sequence steps on once more, and fails
 * when `current` is the only eligible seat).
 *
 * @example
 * advance(state, 'a', () => true) // { ok: true, next: 'b', ... } going Forward over ['a', 'b', 'c']
 */
export function advance(state: CircularState, current: string, eligible: (seat: string) => boolean): CircularAdvance {
  const eligibleCount = state.order.filter(eligible).length;
  if (eligibleCount === 0) return { ok: false, code: 'NO_ELIGIBLE_SEAT', message: 'no seat is eligible to act' };
  let next = stepAmongEligible(state.order, current, state.direction, 1 + state.pendingAdvance, eligible) as string;
  if (next === current && !state.allowSelfSuccessor) {
    if (eligibleCount === 1) {
      return {
        ok: false,
        code: 'NO_ELIGIBLE_SEAT',
        message: `${current} is the only eligible seat and may not act twice in a row (allowSelfSuccessor is off)`,
      };
    }
    next = stepAmongEligible(state.order, next, state.direction, 1, eligible) as string;
  }
  const activations = state.activations + 1;
  const roundEnded = state.activationsPerRound !== null && activations % state.activationsPerRound === 0;
  return { ok: true, state: { ...state, activations, pendingAdvance: 0 }, next, roundEnded };
}

/**
 * The participant `offset` places after `current` in the current direction
 * (NEXT_PARTICIPANT), counting eligible seats only.
 *
 * @example
 * nextParticipant(state, 'a', () => true, 2) // 'c' going Forward over ['a', 'b', 'c']
 */
export function nextParticipant(
  state: CircularState,
  current: string,
  eligible: (seat: string) => boolean,
  offset = 1,
): string | undefined {
  return stepAmongEligible(state.order, current, state.direction, Math.max(1, Math.floor(offset)), eligible);
}

/**
 * The participant `offset` places before `current` (PREVIOUS_PARTICIPANT).
 *
 * @example
 * previousParticipant(state, 'a', () => true) // 'c' going Forward over ['a', 'b', 'c']
 */
export function previousParticipant(
  state: CircularState,
  current: string,
  eligible: (seat: string) => boolean,
  offset = 1,
): string | undefined {
  return stepAmongEligible(
    state.order,
    current,
    state.direction === 1 ? -1 : 1,
    Math.max(1, Math.floor(offset)),
    eligible,
  );
}

/**
 * Who will act after `current`, counting the advance already scheduled
 * (NEXT_SCHEDULED_PARTICIPANT); undefined when the sequence would fail.
 *
 * @example
 * nextScheduledParticipant(mutate(state, { operation: 'AddAdvance', amount: 1 }), 'a', () => true) // 'c'
 */
export function nextScheduledParticipant(
  state: CircularState,
  current: string,
  eligible: (seat: string) => boolean,
): string | undefined {
  const result = advance(state, current, eligible);
  return result.ok ? result.next : undefined;
}
