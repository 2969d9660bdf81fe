/**
 * What a game gives the engine. The engine owns the turn structure (phases,
 * priority, the stack, whose turn it is); a game owns its pieces and says what
 * its moves do. A game never counts seats or passes, and the engine never
 * looks inside a card.
 */
import type { z } from 'zod';
import type { JsonValue } from './move.js';
import type { Random, Seed } from './random.js';
import type { StackItem } from '../stack/stack.js';
import type { Direction } from '../order/seatOrder.js';
import type { SequenceMutation } from '../progression/circular.js';

/** A phase of a turn, in order, with a priority window; `housekeeping` names a game routine run on entering it. */
export interface PhaseDefinition {
  readonly name: string;
  readonly housekeeping?: string;
}

/**
 * A game phase (seed 004): a stretch of the game with its own turn rules.
 * With `turnPhases`, each turn runs through them with priority windows
 * (mundane); without, a turn is a stretch of moves that `engine.end-turn` or
 * `movesPerTurn` ends.
 */
export interface GamePhaseDefinition {
  readonly name: string;
  /** The turn rules object (`{ strategy, ... }`), read by `readTurnRules` when the table opens. */
  readonly turns: unknown;
  readonly turnPhases?: readonly PhaseDefinition[];
  /** A game routine run on entering this game phase (orders revealed as combat begins, …). */
  readonly housekeeping?: string;
}

/** A declared move from one game phase to another, made with `engine.transition { transition: name }`. */
export interface TransitionDefinition {
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

/** The shape of a game's turn structure, which the statechart is built from. */
export interface GameStructure {
  /** The game phases; the first one starts the game. */
  readonly phases: readonly GamePhaseDefinition[];
  readonly transitions: readonly TransitionDefinition[];
  /** The direction of play when the table opens (default 1: table order). */
  readonly direction?: Direction;
  /** The seat that acts first, when the table names one (default: the first in order). */
  readonly firstSeat?: string;
  /** The table's owner seat, for Circular's RunOwner. */
  readonly owner?: string;
}

/** Whose turn it is, for a game routine (no active seat in a simultaneous or free phase). */
export interface TurnInfo {
  readonly activeSeat: string | null;
  readonly turn: number;
  readonly seats: readonly string[];
}

/** What a game may read of the turn structure when it checks or offers a move. */
export interface SeatingView {
  readonly seats: readonly string[];
  /** Seats eliminated or gone. */
  readonly out: readonly string[];
  readonly activeSeat: string | null;
  /** The turn counter, from 1. */
  readonly turn: number;
  /** The game moves made in this turn so far (out-of-turn moves do not count). */
  readonly movesThisTurn: number;
  /** The current game phase. */
  readonly gamePhase: string;
}

/** A game's own refusal: its code goes into `reason` under the engine code `REFUSED`. */
export interface GameRefusal {
  readonly reason: string;
  readonly message: string;
}

/** What playing a move did: the game's new state and what the engine must do about it. */
export interface MoveOutcome<G> {
  readonly game: G;
  /** One item to put on the stack. */
  readonly stack?: { readonly card: string; readonly type: string };
  /** Supplemental plies the seat now owes before the turn moves on (seed 000). */
  readonly oblige?: number;
  /** Seats eliminated by this move; the order skips them from now on. */
  readonly eliminate?: readonly string[];
}

/**
 * One of a game's own move types.
 * - `sorcery` speed: the seat must hold priority, be the active seat, in the
 *   game's sorcery phase, with the stack empty.
 * - `instant` speed: the seat must hold priority; any phase, any stack.
 */
export interface GameMoveDefinition<G, O, P = unknown> {
  /** Whether the seat may take this move back while it is the table's last ply and nothing has resolved since. */
  readonly undoable?: boolean;
  /** Timing in a priority window; moves of a game without priority windows leave it out. */
  readonly speed?: 'sorcery' | 'instant';
  /** The mutations of a Circular sequence this move makes (refused under other strategies). */
  sequence?(payload: P, options: O): readonly SequenceMutation[];
  /** Validates (and normalises) the payload; a failure is `INVALID_PAYLOAD`. */
  readonly payload: z.ZodType<P>;
  /** The game's own conditions, checked after the engine's; null allows the move. */
  check(game: G, seat: string, payload: P, options: O, seating: SeatingView): GameRefusal | null;
  /** Plays a move that passed every check. Must not throw. */
  play(game: G, seat: string, payload: P, options: O, seating: SeatingView): MoveOutcome<G>;
  /** A short text for move tables. */
  notation(payload: P): string;
  /** The payloads worth offering `seat` now (for `legalMoves`); each is still checked. */
  candidates(game: G, seat: string, seating: SeatingView): readonly P[];
}

/**
 * How a game's plies lay out in a move table (CONTRACT.md, `turnModel`):
 * `sequential` each seat once a round, `skip-turn` absent seats as empty
 * cells, `simultaneous` a round's moves in one row, `sequenced` a seat may make
 * several plies in a round (one sparse row per ply).
 */
export type TurnModel = 'sequential' | 'sequenced' | 'simultaneous' | 'skip-turn';

/** A game: its identity, seat bounds, options, phases, moves and pieces. */
export interface GameDefinition<G = unknown, O = unknown> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly seats: { readonly min: number; readonly max: number };
  /** Validates the options; its output (defaults filled) is what the game reads. */
  readonly options: z.ZodType<O>;
  /** Checks the options against the seats (a deck for a seat not at the table, …); null when they fit. */
  checkOptions?(options: O, seats: readonly string[]): { readonly path: string; readonly message: string } | null;
  /** The game phases, their turn rules and the transitions between them, for these options. */
  structure(options: O): GameStructure;
  /** The move-table layout its rules make possible with these options (a priority game is `sequenced`). */
  turnModel(options: O): TurnModel;
  /** The turn phase in which sorcery-speed moves are allowed (priority games). */
  readonly sorceryPhase?: string;
  /** The game's pieces at the start, before the first turn. */
  setup(input: { seats: readonly string[]; options: O; seed: Seed; random: Random }): G;
  readonly moves: Readonly<Record<string, GameMoveDefinition<G, O, any>>>;
  /** Whether a seat may take back its own pass (in a priority window) while nobody has acted since. */
  readonly undoablePasses?: boolean;
  /** A command condition on ending a turn (seed 002): why `seat` may not end its turn now, or null. Not asked of the application's seatless end-turn. */
  mayEndTurn?(game: G, seat: string, options: O, seating: SeatingView): GameRefusal | null;
  /** Whether `seat` (undefined: the application) may take the declared transition now; null allows it. */
  mayTransition?(game: G, seat: string | undefined, transition: string, options: O, seating: SeatingView): GameRefusal | null;
  /** Routines named by phases' `housekeeping`. Must not throw. */
  readonly housekeeping: Readonly<Record<string, (game: G, turn: TurnInfo, options: O) => G>>;
  /** Resolves the top item of the stack. Must not throw. */
  resolve(game: G, item: StackItem, options: O): G;
  /** Whether the game is over once turn `turn` ends. */
  isLastTurn(turn: number, options: O): boolean;
  /** Whether the game is over after a move, given the seats still in it (e.g. one seat left). */
  isOver?(game: G, remaining: readonly string[], options: O): boolean;
  /** The winners of a finished game, in table order (`seats`: those still in the game). */
  winners(game: G, seats: readonly string[], seating: SeatingView): string[];
  /** What the whole table shows beyond the seats (a discard's top card, a shared market), as `state.game` shows it. */
  publicView?(game: G): { [key: string]: JsonValue };
  /** A seat's public state, as `state.seats[seat]` shows it. */
  seatView(game: G, seat: string): { [key: string]: JsonValue };
  /** Options for a demo table that ends after `turns` turns (`plystack demo`). */
  demoOptions?(turns: number): unknown;
  /** Why the game has no use for an engine move it does not play, by move type. */
  readonly unusedEngineMoves: Readonly<Record<string, GameRefusal>>;
}

/** Any game, as the engine handles it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any>;

/**
 * The game's own definition of move type `type`, or undefined: only the game's
 * own keys count, never a property every object inherits (`constructor`, …).
 *
 * @example
 * gameMove(mundane, 'PlayCard')?.speed // 'sorcery'
 * gameMove(mundane, 'constructor')     // undefined
 */
export function gameMove(game: AnyGame, type: string): GameMoveDefinition<unknown, unknown> | undefined {
  return Object.hasOwn(game.moves, type) ? game.moves[type] : undefined;
}

/** The game's own entry for `key` in one of its records, never an inherited property. */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
