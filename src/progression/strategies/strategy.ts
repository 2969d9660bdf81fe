/**
 * A turn strategy as one object: how a game phase under it starts, where the
 * turn goes next, who holds the turn and who may act, and how the chart draws
 * it. Turn progression, the rules, legal moves and the chart builder all read
 * these objects instead of each switching over strategy names.
 */

import type { Progression, Seating } from '../progression.js';
import type { Strategy, TurnRules } from '../rules.js';

/** Where the turn goes when the active seat's turn ends. */
export type NextTurn =
  | { readonly ok: true; readonly activeSeat: string; readonly progression: Progression; readonly roundEnded: boolean }
  | { readonly ok: false; readonly code: 'NO_ELIGIBLE_SEAT'; readonly message: string };

/** What a strategy reads when a game phase starts. */
export interface PhaseStart {
  readonly rules: TurnRules;
  readonly seating: Seating;
  /** The progression with nothing of this strategy's yet: order, kept scores and seats out. */
  readonly base: Progression;
  /** The seats still in the game, in table order. */
  readonly eligible: readonly string[];
  /** The seat the table names to act first, when it is eligible. */
  readonly named: string | null;
}

/**
 * One activation strategy. Its `shape` says how the chart draws a game phase of it: `turns` (one seat's turn after
 * another's: `inTurn`), `rounds` (every seat plays and ends its own turn in a round: `round`, whose bookkeeping the
 * strategy's `round` book keeps) or `open` (any seat, any time: `open`).
 */
export type StrategyModel = StrategyRules &
  (
    | { readonly shape: 'rounds'; readonly round: RoundBook }
    | { readonly shape: 'turns' | 'open'; readonly round?: undefined }
  );

/** What every strategy says, whatever its shape. */
interface StrategyRules {
  readonly name: Strategy;
  /** Whether the acting seat may delay its turn (`engine.delay`). */
  readonly delays: boolean;
  /** The phase's progression and first seat to act (null without a single active seat). */
  start(start: PhaseStart): { progression: Progression; activeSeat: string | null };
  /** The next turn after `current`'s; `eligible` are the seats still in the game. */
  next(progression: Progression, seating: Seating, eligible: readonly string[], current: string): NextTurn;
  /** Whether `seat` holds the turn now. */
  holdsTurn(progression: Progression, activeSeat: string | null, seat: string): boolean;
  /** The seats that may act now (outside obligations and priority windows). */
  toAct(progression: Progression, activeSeat: string | null, eligible: () => string[]): string[];
  /** The order of the current round: the seats still in the game, in the order they act. */
  roundOrder(progression: Progression, seating: Seating, eligible: readonly string[]): string[];
  /** The game moves `seat` made in its turn, as movesPerTurn and minMovesPerTurn count them. */
  movesMade(progression: Progression, seat: string): number;
  /** The progression after a game move of `seat` in its turn (the application's and out-of-turn moves count in none). */
  countMove(progression: Progression, seat: string): Progression;
}

/** How a strategy of the `rounds` shape keeps its round: who is done, and the next round. */
export interface RoundBook {
  /** `seat` is done with its turn in the round; no seat (the application): every seat is. */
  endSeat(progression: Progression, seat: string | null): Progression;
  /** The next round begins, `eligible` (the seats still in the game) all waiting, nothing counted. */
  next(progression: Progression, eligible: readonly string[]): Progression;
}

export const noEligibleSeat = {
  ok: false as const,
  code: 'NO_ELIGIBLE_SEAT' as const,
  message: 'no seat is eligible to act',
};

/** What every strategy with a single active seat shares: it holds the turn, and it alone acts. */
export const activeSeatHolds = {
  holdsTurn: (_progression: Progression, activeSeat: string | null, seat: string) => activeSeat === seat,
  toAct: (_progression: Progression, activeSeat: string | null) => (activeSeat === null ? [] : [activeSeat]),
};

/** What every strategy that counts moves by the turn shares: one count, the turn's, whoever made them. */
export const turnCounts = {
  movesMade: (progression: Progression) => progression.movesThisTurn,
  countMove: (progression: Progression) => ({ ...progression, movesThisTurn: progression.movesThisTurn + 1 }),
};

/** A turn's bookkeeping as it starts afresh: no moves made, nothing owed. */
const FRESH_TURN = { movesThisTurn: 0, obligation: null };

/**
 * The progression as the next turn starts: its bookkeeping afresh, with `changes`. Built with Object.assign into an
 * empty object: a second spread into an object literal, or a spread followed by fields, is copied far more slowly
 * (measured on the progressions a table makes: 0.74 of the time of the spreads).
 *
 * @example
 * freshTurn(progression, { acted: ['seat:ann', 'seat:bob'] }).movesThisTurn // 0
 */
export function freshTurn(progression: Progression, changes: Partial<Progression>): Progression {
  return Object.assign({}, progression, FRESH_TURN, changes);
}

/** The round in table order: the seats still in the game as the table seats them. */
export const tableOrder = (_progression: Progression, _seating: Seating, eligible: readonly string[]) => [...eligible];

/**
 * The seats of `seats` that `eligible` holds, going round in `direction` from `first` (which comes first when it is
 * eligible itself).
 *
 * @example
 * cycleFrom(['a', 'b', 'c'], 'b', -1, ['a', 'b', 'c']) // ['b', 'a', 'c']
 */
export function cycleFrom(
  seats: readonly string[],
  first: string | null,
  direction: 1 | -1,
  eligible: readonly string[],
): string[] {
  const start = first === null ? -1 : seats.indexOf(first);
  if (start < 0) return [...eligible];
  const n = seats.length;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const seat = seats[(((start + direction * i) % n) + n) % n] as string;
    if (eligible.includes(seat)) out.push(seat);
  }
  return out;
}
