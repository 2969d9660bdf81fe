/**
 * Turn progression as pure functions: who acts when a game phase starts, who
 * acts next when a turn ends, and when a round ends, under each strategy.
 * The machine's actions name these; they never count seats themselves.
 */
import { initiativeOrder, type Scores } from './initiative.js';
import type { Progression, Seating } from './progression.js';
import type { TurnRules } from './rules.js';
import { type NextTurn, strategyOf } from './strategies/index.js';
import { noEligibleSeat } from './strategies/strategy.js';

/**
 * Empty lists and counts a progression starts with, shared by every table: a context is never changed in place, so
 * an idle table need not hold empty objects of its own.
 */
const NO_SEATS: readonly string[] = Object.freeze([]);
const NO_SCORES: { readonly [seat: string]: number } = Object.freeze({});

/** The seats still in the game, in table order. */
export function eligibleSeats(seats: readonly string[], progression: Pick<Progression, 'out'>): string[] {
  // A loop, not `filter`: a table's seats are frozen, and V8's filter of a frozen array takes its slow path (several
  // times slower), while the end condition asks for the seats remaining after most moves.
  const out = progression.out;
  const eligible: string[] = [];
  for (const seat of seats) if (!out.includes(seat)) eligible.push(seat);
  return eligible;
}

/**
 * A game phase begins under `rules`: the round's order and the first seat to
 * act (null when no single seat holds the turn: Simultaneous and Free).
 *
 * @example
 * startPhase(rules, seating, progression).activeSeat // 'seat:ann' for PerRound at a fresh table
 */
export function startPhase(
  rules: TurnRules,
  seating: Seating,
  previous: Progression | null,
): { progression: Progression; activeSeat: string | null } {
  const kept = { initiative: previous?.initiative ?? NO_SCORES, out: previous?.out ?? NO_SEATS };
  const eligible = eligibleSeats(seating.seats, kept);
  const base: Progression = {
    rules,
    order: eligible,
    acted: NO_SEATS,
    circular: null,
    waiting: NO_SEATS,
    movesThisTurn: 0,
    roundMoves: NO_SCORES,
    obligation: null,
    ...kept,
  };
  const named = seating.firstSeat !== null && eligible.includes(seating.firstSeat) ? seating.firstSeat : null;
  return strategyOf(rules).start({ rules, seating, base, eligible, named });
}

export type { NextTurn } from './strategies/index.js';

/**
 * The next turn after the active seat's, under the phase's strategy:
 * PerRound goes on in the table direction and ends the round when it comes to
 * a seat that already acted in it; Initiative follows the round's order and
 * re-orders by initiative for the next round; Circular follows its sequence.
 * Seats out of the game are passed over without a turn.
 *
 * @example
 * nextTurn(progression, seating) // { ok: true, activeSeat: 'seat:bob', roundEnded: false, ... }
 */
export function nextTurn(progression: Progression, seating: Seating): NextTurn {
  const eligible = eligibleSeats(seating.seats, progression);
  const current = seating.activeSeat;
  if (eligible.length === 0 || current === null) return noEligibleSeat;
  return strategyOf(progression.rules).next(progression, seating, eligible, current);
}

/**
 * New initiative scores merged in. Under Initiative, the round is ordered
 * again from its first seat, the round number kept.
 *
 * @example
 * withInitiative(progression, seats, { 'seat:bob': 9 }).activeSeat // 'seat:bob' under Initiative
 */
export function withInitiative(
  progression: Progression,
  seats: readonly string[],
  scores: Scores,
): { progression: Progression; activeSeat?: string } {
  const initiative = { ...progression.initiative, ...scores };
  // Only a phase ordered by initiative is ordered again at once; others keep the scores for a later one.
  if (!strategyOf(progression.rules).delays) return { progression: { ...progression, initiative } };
  const order = initiativeOrder(eligibleSeats(seats, progression), initiative);
  const first = order[0];
  return {
    progression: { ...progression, initiative, order, acted: first === undefined ? [] : [first], movesThisTurn: 0 },
    ...(first !== undefined ? { activeSeat: first } : {}),
  };
}

/**
 * The order of the current round: the seats still in the game in the order
 * they act under the phase's strategy (PerRound from the round's first seat in
 * the table direction, Circular from the acting seat in the sequence's
 * direction, Initiative by score, Simultaneous and Free in table order).
 *
 * @example
 * roundOrder(progression, seating) // ['seat:ann', 'seat:bob', 'seat:cat']
 */
export function roundOrder(progression: Progression, seating: Seating): string[] {
  return strategyOf(progression.rules).roundOrder(progression, seating, eligibleSeats(seating.seats, progression));
}

/**
 * The seat scheduled to take the next turn, pending skips and reversals
 * included; null where no single seat takes turns (Simultaneous, Free) or
 * none can.
 *
 * @example
 * scheduledSeat(progression, seating) // 'seat:cat' after seat:ann played a skip over seat:bob
 */
export function scheduledSeat(progression: Progression, seating: Seating): string | null {
  if (strategyOf(progression.rules).shape !== 'turns') return null;
  const next = nextTurn(progression, seating);
  return next.ok ? next.activeSeat : null;
}

/**
 * How many more game moves `seat` must make in its turn before it may end it
 * (the phase's minMovesPerTurn, counted as movesPerTurn counts: in a
 * simultaneous round, the seat's own moves); 0 when it may.
 *
 * @example
 * movesOwed({ ...progression, rules: { strategy: 'PerRound', minMovesPerTurn: 2 }, movesThisTurn: 1 }, 'seat:ann') // 1
 */
export function movesOwed(progression: Progression, seat: string): number {
  const minimum = progression.rules.minMovesPerTurn;
  if (minimum === undefined) return 0;
  return Math.max(0, minimum - strategyOf(progression.rules).movesMade(progression, seat));
}
