/**
 * What turn progression keeps and reads: its bookkeeping in the table's
 * snapshot (the round's order, who has acted, the circular sequence, the
 * initiative scores, an obligation, a response window, who is out) and the
 * seating it is asked about. Types only: turns.ts and the strategies work on them.
 */
import type { Direction } from '../order/seatOrder.js';
import type { CircularState } from './circular.js';
import type { Scores } from './initiative.js';
import type { TurnRules } from './rules.js';

/** A supplemental obligation: `seat` owes `remaining` extra plies before the turn moves on. */
export interface Obligation {
  readonly seat: string;
  readonly remaining: number;
}

/** The turn progression's bookkeeping, kept in the table's snapshot. */
export interface Progression {
  /** The current game phase's turn rules. */
  readonly rules: TurnRules;
  /** The round's order (table order, or by initiative). */
  readonly order: readonly string[];
  /** Seats that have had their turn this round (PerRound, Initiative). */
  readonly acted: readonly string[];
  /** The circular sequence (Circular only). */
  readonly circular: CircularState | null;
  /** Initiative scores, kept from one game phase to the next. */
  readonly initiative: Scores;
  /** Seats yet to end their turn this round (Simultaneous). */
  readonly waiting: readonly string[];
  /** Game moves made in this turn, for movesPerTurn (out-of-turn moves do not count); in a simultaneous round, by every seat. */
  readonly movesThisTurn: number;
  /** Game moves each seat made in this simultaneous round, for movesPerTurn there (absent in older snapshots). */
  readonly roundMoves?: { readonly [seat: string]: number };
  readonly obligation: Obligation | null;
  /** The seat a move or the game's order named to take the next turn (PerRound), until the turn passes. */
  readonly chosen?: string;
  /** The response window open in the seat's turn: its name, the seats yet to do their part, and each one's moves in it. */
  readonly window?: ResponseWindow;
  /** Seats eliminated or gone: the order skips them. */
  readonly out: readonly string[];
}

/** A response window open within a seat's turn. */
export interface ResponseWindow {
  readonly name: string;
  readonly waiting: readonly string[];
  readonly made: { readonly [seat: string]: number };
}

/** What the table knows that progression reads: the seats, the table direction, who is active. */
export interface Seating {
  readonly seats: readonly string[];
  readonly direction: Direction;
  readonly activeSeat: string | null;
  readonly owner: string | null;
  readonly firstSeat: string | null;
}
