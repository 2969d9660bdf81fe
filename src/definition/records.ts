/**
 * The records a table keeps and shows, in the shapes of docs/contract.md: a
 * ply (one accepted move, as the log and the export keep it), the table's
 * public state, and what a game's code reads of the turn structure. Types only: the engine makes them; a game's properties and
 * every program that reads a log or a state read them.
 */
import type { JsonObject, JsonValue, Move } from '../core/move.js';
import type { Direction } from '../order/seatOrder.js';
import type { Strategy } from '../progression/rules.js';
import type { StackItem } from '../stack/stack.js';

/** One accepted move, as the log and the export keep it. */
export interface Ply {
  /** The seat that submitted the move, taken before it was applied; null for the application. */
  readonly actor: string | null;
  /**
   * The seat whose column the ply takes in a move table: the actor, or for a seatless pass or end of turn the seat
   * that held priority or the turn; null for the application's own moves and for moves of the table as a whole
   * (transitions, initiative scores, a seat leaving).
   */
  readonly seat: string | null;
  readonly move: Move;
  readonly notation: string;
  /** The round when the move was made, from 1. */
  readonly round: number;
  /** Plies within that round, from 1. */
  readonly playOrder: number;
  readonly turn: number;
  readonly phase: string;
  /** The index of the log's move this ply belongs to, from 0 (automatic passes belong to the move that set them off). */
  readonly moveIndex: number;
  /** A pass the engine made for a seat under its auto-pass stop; not a move of the log (replay makes it again). */
  readonly automatic?: true;
}

/** A table's public state (docs/contract.md, `state`); `V` is what the game shows of a seat. */
export interface TableState<V = JsonObject> {
  readonly status: 'playing' | 'over';
  readonly phase: string;
  readonly turn: number;
  readonly round: number;
  readonly activeSeat: string | null;
  readonly prioritySeat: string | null;
  readonly passes: number;
  readonly direction: Direction;
  readonly toAct: string[];
  /** Bottom first, top last. */
  readonly stack: StackItem[];
  readonly winners: string[];
  readonly seats: { [seat: string]: V };
  /** plystack's additions: the game's table-wide public state, the game phase, seats out of the game, and an open supplemental obligation. */
  readonly game: { [key: string]: JsonValue };
  readonly gamePhase: string;
  readonly out: string[];
  readonly obligation: { readonly seat: string; readonly remaining: number } | null;
  /** The response window open in the seat's turn, with the seats yet to do their part; null when none is. */
  readonly window: { readonly name: string; readonly waiting: string[] } | null;
  /** The activation strategy of the current game phase. */
  readonly strategy: Strategy;
  /** The order of the current round: the seats still in the game, in the order they act. */
  readonly order: string[];
  /** The seat scheduled to take the next turn, pending skips and reversals included; null where no single seat takes turns. */
  readonly nextSeat: string | null;
  /** The game moves made in the current turn (in a simultaneous round, by every seat; out-of-turn moves not counted). */
  readonly movesThisTurn: number;
  /** Once the game is over: its winners and whether the result is a draw; null while it is on. */
  readonly outcome: { readonly winners: string[]; readonly draw: boolean } | null;
}

/** What a game may read of the turn structure. */
export interface SeatingView {
  /** Every seat, in table order. */
  readonly seats: readonly string[];
  /** Seats eliminated or gone. */
  readonly out: readonly string[];
  /** Whose turn it is; null in a simultaneous or free phase. */
  readonly activeSeat: string | null;
  /** The turn counter, from 1. */
  readonly turn: number;
  /** The round, from 1. */
  readonly round: number;
  /** The game moves made in this turn so far (out-of-turn moves do not count). */
  readonly movesThisTurn: number;
  /** The current game phase. */
  readonly gamePhase: string;
  /** The current phase of the turn (a priority game), or the game phase. */
  readonly phase: string;
  /** The response window open in this turn, or null (the engine always says; optional for views built by hand). */
  readonly window?: string | null;
}
