/**
 * The properties a game states about its own rules, for `verify`
 * (plystack/testing) and the generated tests to check at every state and
 * every step they explore: what must always hold (invariants), what every
 * move must honour (move properties), and what of the pieces is private.
 * Types only: the verifier reads them, the engine never does.
 */

import type { Move } from '../core/move.js';
import type { Random } from '../core/random.js';
import type { StackItem } from '../stack/stack.js';
import type { Ply, SeatingView, TableState } from './records.js';

/** What a property reads of a table at one point. `state` and `toAct` are worked out when first read. */
export interface StateAt<G = unknown, O = unknown> {
  /** The game's pieces. */
  readonly game: G;
  readonly options: O;
  /** What the game reads of the turn structure (seats, out, activeSeat, turn, round, phases, window). */
  readonly seating: SeatingView;
  /** The stack, bottom first and top last. */
  readonly stack: readonly StackItem[];
  readonly status: 'playing' | 'over';
  /** The winners, once the game is over. */
  readonly winners: readonly string[];
  /** The seat holding priority, or null. */
  readonly prioritySeat: string | null;
  /** The seats that may act (worked out when first read: read it, or destructure it; a spread copy leaves it out). */
  readonly toAct: readonly string[];
  /** The table's omniscient state, as `table.state` shows it (worked out when first read, as `toAct` is). */
  readonly state: TableState;
}

/** What a move property reads: the table before the move, the move, the ply it made, and the table after. */
export interface StepAt<G = unknown, O = unknown> {
  readonly before: StateAt<G, O>;
  readonly move: Move;
  /** The move's own ply (the first one it recorded). */
  readonly ply: Ply;
  /** Every ply the move recorded: its own, then any the engine made after it (automatic passes). */
  readonly plies: readonly Ply[];
  readonly after: StateAt<G, O>;
}

/**
 * What a property answers: `true` when it holds; a text saying what is wrong when it does not (`false` is read as a
 * violation without a message). A property that throws is a violation too, with its error's message.
 */
export type PropertyAnswer = true | false | string;

/** A property of every state the table can reach. */
export type Invariant<G = unknown, O = unknown> = (at: StateAt<G, O>) => PropertyAnswer;

/** A property of every move the table accepts. */
export type MoveProperty<G = unknown, O = unknown> = (step: StepAt<G, O>) => PropertyAnswer;

/** The properties a game states about itself: checked by `verify` and by generated tests, by name. */
export interface GameChecks<G = unknown, O = unknown> {
  /** By name: what holds in every reachable state ("no life below 0", "the game never ends with items on the stack"). */
  readonly invariants?: { readonly [name: string]: Invariant<G, O> };
  /** By name: what every accepted move honours ("a sorcery is only ever played by the active seat in MAIN"). */
  readonly moves?: { readonly [name: string]: MoveProperty<G, O> };
}

/**
 * What of a game's pieces is private, as pieces that differ only there: `vary` returns the pieces with what `seat`
 * keeps from the others changed to another value the game could have dealt (its hand swapped with cards from the
 * deck, its secret order redrawn); `seat` null varies what nobody sees (the deck's order). The verifier proves privacy
 * with it: no other seat's view, nor a spectator's, may change when only these pieces change.
 */
export interface HiddenPieces<G = unknown, O = unknown> {
  vary(ctx: { readonly game: G; readonly seat: string | null; readonly options: O; readonly random: Random }): G;
}
