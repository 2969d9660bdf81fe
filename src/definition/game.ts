/**
 * What a game gives the engine. The engine owns the turn structure (phases,
 * priority, the stack, whose turn it is); a game owns its pieces and says what
 * its moves do. A game never counts seats or passes, and the engine never
 * looks inside a card.
 *
 * Authors write a `GameSpec` and pass it to `defineGame` (defineGame.ts),
 * which checks it and fills every default; the engine only ever sees the
 * normalised `Game`. Every callback takes one context object, so a context can
 * grow without breaking a game.
 */

import type { JsonObject, Move } from '../core/move.js';
import type { Random, Seed } from '../core/random.js';
import type { Schema, SchemaInput, SchemaOutput } from '../core/schema.js';
import type { Direction } from '../order/seatOrder.js';
import type { SequenceMutation } from '../progression/circular.js';
import type { StackItem } from '../stack/stack.js';
import type { GameChecks, HiddenPieces } from './checks.js';
import type { SeatingView } from './records.js';

/** A phase of a turn, in order, with a priority window; `onEnter` names a routine run on entering it. */
export interface PhaseDefinition {
  readonly name: string;
  readonly onEnter?: string;
}

/**
 * A game phase: a stretch of the game with its own turn rules. With
 * `turnPhases`, each turn runs through them with priority windows (mundane);
 * without, a turn is a stretch of moves that `engine.end-turn` or
 * `movesPerTurn` ends.
 */
export interface GamePhaseDefinition {
  readonly name: string;
  /** The turn rules object (`{ strategy, ... }`); see docs/turn-rules.md. */
  readonly turns: unknown;
  readonly turnPhases?: readonly PhaseDefinition[];
  /** The game's own moves this phase allows (default: all); others are refused with WRONG_TIMING. */
  readonly moves?: readonly string[];
  /** A routine run on entering this game phase (orders revealed as combat begins, …). */
  readonly onEnter?: string;
  /** A routine run on leaving it by a transition (declared, a move's outcome, or its `endIf`). */
  readonly onLeave?: string;
  /** A routine run as each turn of this game phase starts (a simultaneous round is one turn); not in a Free phase. */
  readonly onTurnStart?: string;
  /** A routine run as each turn of this game phase ends, whatever ends it; not in a Free phase. */
  readonly onTurnEnd?: string;
  /** A routine run after each of the game's own moves made in this game phase, before its end conditions are asked. */
  readonly onMove?: string;
  /** One of the game's `orders`: who acts first in this game phase and who acts after each turn (PerRound phases). */
  readonly order?: string;
  /** Response windows a move may open within a seat's turn (phases of turns seat by seat, without priority phases). */
  readonly windows?: readonly WindowDefinition[];
  /**
   * When this game phase ends by itself: `when` names one of the game's `conditions` or a built-in one
   * (`round-over`: every seat has had its turn in this round), asked after every move; when it holds, the phase
   * leaves by `transition`, one of the transitions declared out of it.
   */
  readonly endIf?: PhaseEndDefinition;
  /** One of the game's `conditions`: when it holds after a move, the seat's turn ends (turn by turn phases only). */
  readonly turnEndIf?: string;
}

/**
 * A response window within a seat's turn, opened by a move whose outcome names it: who must respond (`others`: every
 * other seat in the game, `all`: every seat, `active`: the seat whose turn it is), the moves they may make (the
 * game's own), and how many each makes before its part ends by itself (default: until it ends it with
 * `engine.end-turn`). When every seat has done its part, the turn goes on with the active seat.
 */
export interface WindowDefinition {
  readonly name: string;
  readonly who: 'others' | 'all' | 'active';
  readonly moves: readonly string[];
  readonly movesPerSeat?: number;
}

/** A game phase's end condition: the condition that ends it, and the declared transition it then takes. */
export interface PhaseEndDefinition {
  readonly when: string;
  readonly transition: string;
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
  readonly transitions?: readonly TransitionDefinition[];
  /** The direction of play when the table opens (default 1: table order). */
  readonly direction?: Direction;
  /** The seat that acts first, when the table names one (default: the first in order). */
  readonly firstSeat?: string;
  /** The table's owner seat, for Circular's RunOwner. */
  readonly owner?: string;
}

/** A game's own refusal: its code goes into `reason` under the engine code `REFUSED`. */
export interface GameRefusal {
  readonly reason: string;
  readonly message: string;
}

/** How a finished game came out: its winners, and whether the result is a draw between them. */
export interface GameResult {
  readonly winners: readonly string[];
  readonly draw: boolean;
}

/** What a routine or a resolution did: the game's new pieces, and seats it eliminates. */
export interface Outcome<G> {
  readonly game: G;
  /** Seats eliminated; the order skips them from now on. */
  readonly eliminate?: readonly string[];
}

/** What resolving a stack item did: an outcome, and the items beneath it it took off the stack unresolved. */
export interface ResolveOutcome<G> extends Outcome<G> {
  /**
   * Ids of items beneath it that leave the stack without resolving (countered): each is announced as
   * `stack.countered`, and an item that targeted one of them fizzles when its turn comes. An id not beneath it is the
   * game's error (GAME_ERROR: the pass that set off the resolution is refused, the table unchanged).
   */
  readonly counter?: readonly number[];
}

/** What playing a move did: the game's new pieces and what the engine must do about it. */
export interface MoveOutcome<G> extends Outcome<G> {
  /**
   * One item to put on the stack (priority games). `target` names an item on the stack by its id (a counter's spell):
   * if that item leaves the stack before this one resolves, this one fizzles, unless the game's `targetGone` says
   * `'resolve'`. An id not on the stack is the game's error (GAME_ERROR, the table unchanged).
   */
  readonly stack?: { readonly card: string; readonly type: string; readonly target?: number };
  /** Supplemental plies the seat now owes before the turn moves on. */
  readonly oblige?: number;
  /** The move ends the turn (a move that declares `outcomes: ['endTurn']`). */
  readonly endTurn?: true;
  /** The move takes this transition out of the current game phase (a move that declares `outcomes: ['transition']`). */
  readonly transition?: string;
  /** The seat that takes the next turn when this one ends (a move that declares `outcomes: ['next']`; PerRound phases). */
  readonly next?: string;
  /** The response window of the current game phase this move opens (a move that declares `outcomes: ['window']`). */
  readonly window?: string;
}

/** The turn's course a move's outcome may change, as the move declares it (the chart draws only what is declared). */
export type FlowOutcome = 'endTurn' | 'transition' | 'next' | 'window';

/** What a move's callbacks read. */
export interface MoveContext<G, O, P> {
  readonly game: G;
  /** The seat making the move. */
  readonly seat: string;
  readonly payload: P;
  readonly options: O;
  readonly seating: SeatingView;
  /**
   * The stack, bottom first and top last (each item's id, the seat that controls it, its card and type); empty in a
   * game without priority windows. A move that answers something on the stack (a counter) reads it here.
   */
  readonly stack: readonly StackItem[];
}

/** What an application move's callbacks read: `seat` is null when the application makes it. */
export interface ApplicationMoveContext<G, O, P> extends Omit<MoveContext<G, O, P>, 'seat'> {
  readonly seat: string | null;
}

/** What `candidates` reads. */
export interface CandidatesContext<G, O> {
  readonly game: G;
  readonly seat: string;
  readonly options: O;
  readonly seating: SeatingView;
  /** The stack, bottom first: a move that targets an item offers one payload per item it may target. */
  readonly stack: readonly StackItem[];
}

/** The payload a move's schema reads into (undefined for a move without a schema). */
export type PayloadOut<S> = S extends Schema ? SchemaOutput<S> : undefined;
/** The payload an application sends for a move with schema `S`. */
export type PayloadIn<S> = S extends Schema ? SchemaInput<S> : undefined;

interface MoveSpecCommon<G, O, S> {
  /** The payload's schema; without one the move takes no payload. A failure is INVALID_PAYLOAD. */
  readonly payload?: S;
  /**
   * Timing in a priority window. `sorcery`: the seat must hold priority, be the active seat, in the game's
   * `sorceryPhase`, with the stack empty. `instant` (the default): the seat must hold priority.
   */
  readonly speed?: 'sorcery' | 'instant';
  /** Whether the seat may take this move back while it is the table's last ply and nothing has happened since. */
  readonly undoable?: boolean;
  /** Which of `endTurn` and `transition` its outcome may carry (default none): an undeclared one is the game's error. */
  readonly outcomes?: readonly FlowOutcome[];
  /** Payload fields other viewers do not see in the plies until the game's `revealed` says so. */
  readonly secret?: readonly string[];
  /** A short text for move tables (default: the move's type). Public: never put a secret in it. */
  notation?(ctx: { readonly payload: PayloadOut<S>; readonly options: O }): string;
  /** The payloads worth offering now (for `legalMoves`); each is still checked. Default: `[undefined]` for a move without a payload, else none. */
  candidates?(ctx: CandidatesContext<G, O>): readonly PayloadIn<S>[];
  /** The mutations of a Circular sequence this move makes (refused under other strategies). */
  sequence?(ctx: { readonly payload: PayloadOut<S>; readonly options: O }): readonly SequenceMutation[];
}

/** A move only seats make. */
export interface SeatMoveSpec<G, O, S> extends MoveSpecCommon<G, O, S> {
  readonly application?: false;
  /** The game's own conditions, asked after the engine's; null allows the move. */
  check?(ctx: MoveContext<G, O, PayloadOut<S>>): GameRefusal | null;
  /** Plays a move that passed every check. */
  play(ctx: MoveContext<G, O, PayloadOut<S>>): MoveOutcome<G>;
}

/** A move the application may make too (no seat): it is not held to the turns, and the game's `check` decides. */
export interface ApplicationMoveSpec<G, O, S> extends MoveSpecCommon<G, O, S> {
  readonly application: true;
  check?(ctx: ApplicationMoveContext<G, O, PayloadOut<S>>): GameRefusal | null;
  play(ctx: ApplicationMoveContext<G, O, PayloadOut<S>>): MoveOutcome<G>;
}

/** One of a game's own move types, as an author writes it. */
export type MoveSpec<G, O, S> = SeatMoveSpec<G, O, S> | ApplicationMoveSpec<G, O, S>;

/** What a routine (a phase's `onEnter`, `onLeave`, `onTurnStart`, `onTurnEnd`, `onMove`) reads. */
export interface RoutineContext<G, O> {
  readonly game: G;
  readonly options: O;
  readonly seating: SeatingView;
  /** The move just played, when the routine runs as a game phase's `onMove` (its seat null for the application's). */
  readonly move?: { readonly type: string; readonly seat: string | null };
}

/** What a game's order reads: a routine's context, and the seats that have had their turn this round, in order. */
export interface OrderContext<G, O> extends RoutineContext<G, O> {
  readonly acted: readonly string[];
}

/**
 * A turn order the game computes from its pieces, for a PerRound game phase that names it in `order`. `first` names
 * the seat that acts first as the phase begins (default: the phase's own rule); `next`, asked as each turn ends, names
 * the seat that acts next, or null for the seat after the current one in table order. A seat that has already had its
 * turn this round starts a new round.
 */
export interface GameOrder<G, O> {
  first?(ctx: OrderContext<G, O>): string | null;
  next(ctx: OrderContext<G, O>): string | null;
}

/** What `resolve` reads: the item leaving the top of the stack and what lies beneath it (bottom first). */
export interface ResolveContext<G, O> extends RoutineContext<G, O> {
  readonly item: StackItem;
  /** The items still on the stack beneath it, bottom first. */
  readonly beneath: readonly StackItem[];
  /**
   * The item it targets, still on the stack; null when it targets none, or when its target left the stack and the
   * game's `targetGone` is `'resolve'` (with the default, `'fizzle'`, such an item is not resolved at all).
   */
  readonly target: StackItem | null;
}

/** What the end condition reads. */
export interface EndContext<G, O> extends RoutineContext<G, O> {
  /** The seats still in the game. */
  readonly remaining: readonly string[];
  /** True when asked as a turn ends (a game that ends "after turn N"); false when asked after a move. */
  readonly turnEnded: boolean;
}

/** A ply as the game's `revealed` reads it. */
export interface RevealContext<G, O> extends RoutineContext<G, O> {
  /** The ply: who made it, its move type, when (turn, round, the turn phase or game phase) and its index in the plies. */
  readonly ply: {
    readonly actor: string | null;
    readonly type: string;
    readonly turn: number;
    readonly round: number;
    readonly phase: string;
    readonly index: number;
  };
}

/** What a bot hint reads: the game's pieces and options, the seating, and the seat it is asked about. */
export interface BotHintContext<G, O> {
  readonly game: G;
  readonly options: O;
  readonly seating: SeatingView;
  /** The seat making the move (`weight`), or the seat whose prospects are scored (`evaluate`). */
  readonly seat: string;
}

/**
 * Hints a game gives the bots of `plystack/bots`, which otherwise know nothing of it but its legal moves. They never
 * change what is legal, only how bots choose among legal moves: a game whose random play runs long (a card game where
 * drawing is always allowed) says which moves a player would rather make, and how a position stands.
 */
export interface BotHints<G, O> {
  /**
   * How likely a random pick (the random bot, an MCTS playout, the random demo) is to take `move`, one of the moves a
   * bot considers: a finite number, 0 or more, against the other moves' weights (default 1 each). A move of weight 0
   * is taken only when every move weighs 0 (the pick is then uniform).
   */
  weight?(ctx: BotHintContext<G, O> & { readonly move: Move }): number;
  /**
   * How good the position is for `seat`, from 0 (lost) to 1 (won), when an MCTS playout stops before the game ends
   * (default 0.5: unknown). A bot's own `evaluate` option comes first.
   */
  evaluate?(ctx: BotHintContext<G, O>): number;
  /**
   * The pieces as `seat` might believe them: everything it may not see (the other seats' hands, a draw pile's order, a
   * seed for later shuffles) drawn again with `random`, everything it sees left as it is, so that its view of the table
   * (`table.viewFor(seat)`) is the same. An MCTS bot searches such samples, never the table itself: a game that hides
   * anything (`hiddenSeatView`, `secret` move fields) gives it, or the MCTS bot refuses to search (`MISSING_HINT`).
   * Draw from the unseen pieces in an order of their own (sorted), not the order they lie in, so that two tables the
   * seat sees alike give the same samples.
   */
  determinize?(ctx: BotHintContext<G, O> & { readonly random: Random }): G;
}

/**
 * How a game's plies lay out in a move table: `sequential` each seat once a
 * round, `skip-turn` absent seats as empty cells, `simultaneous` a round's
 * moves in one row, `sequenced` a seat may make several plies in a round.
 */
export type TurnModel = 'sequential' | 'sequenced' | 'simultaneous' | 'skip-turn';

/**
 * A game as its author writes it, for `defineGame`. Only `id`, `seats`,
 * `setup` and `moves` are required; docs/writing-a-game.md walks through the rest.
 */
export interface GameSpec<
  G,
  S extends Schema,
  M,
  V extends JsonObject = JsonObject,
  K extends string = keyof M & string,
  H extends JsonObject = V,
> {
  /** The game's id, as logs name it: a letter, then letters, digits, `-` or `_`. */
  readonly id: string;
  /** The game's version (default '1'): a log of another version is refused. */
  readonly version?: string;
  readonly title?: string;
  readonly seats: { readonly min: number; readonly max: number };
  /** The options' schema; its output (defaults filled) is what the game reads. Default: no options. */
  readonly options?: S;
  /** Checks the options against the seats (a deck for a seat not at the table, …); null when they fit. */
  checkOptions?(ctx: {
    readonly options: SchemaOutput<S>;
    readonly seats: readonly string[];
  }): { readonly path: string; readonly message: string } | null;
  /** The game phases, their turn rules and transitions (default: one phase `main`, PerRound). A function reads the options. */
  readonly structure?: GameStructure | ((ctx: { readonly options: SchemaOutput<S> }) => GameStructure);
  /** The move-table layout (default: derived from the structure). */
  readonly turnModel?: TurnModel | ((ctx: { readonly options: SchemaOutput<S> }) => TurnModel);
  /** The turn phase in which sorcery-speed moves are allowed (priority games). */
  readonly sorceryPhase?: string;
  /** The game's pieces at the start, before the first turn. All randomness comes from `random`. */
  setup(ctx: {
    readonly seats: readonly string[];
    readonly options: SchemaOutput<S>;
    readonly seed: Seed;
    readonly random: Random;
  }): G;
  /** The game's own moves by type; each says what it does. */
  readonly moves: { readonly [P in K]: MoveSpec<G, SchemaOutput<S>, P extends keyof M ? M[P] : undefined> };
  /** Whether a seat may take back its own pass in a priority window while nobody has acted since. */
  readonly undoablePasses?: boolean;
  /** Whether seats may leave with `engine.leave` (default true). */
  readonly leaving?: boolean;
  /**
   * A condition on ending a turn: why `seat` may not end its turn now, or null. `seat` is null when the application
   * ends the turn (or a simultaneous round) for the table: the condition is asked then too, and a game that lets the
   * application cut a turn short says so by answering null for it.
   */
  mayEndTurn?(ctx: {
    readonly game: G;
    readonly seat: string | null;
    readonly options: SchemaOutput<S>;
    readonly seating: SeatingView;
  }): GameRefusal | null;
  /** Whether `seat` (null: the application) may take the declared transition now; null allows it. */
  mayTransition?(ctx: {
    readonly game: G;
    readonly seat: string | null;
    readonly transition: string;
    readonly options: SchemaOutput<S>;
    readonly seating: SeatingView;
  }): GameRefusal | null;
  /**
   * Routines that phases name in `onEnter` / `onLeave` (a game phase begins and ends), `onTurnStart` / `onTurnEnd` (each
   * of its turns) and `onMove` (after each game move). Pure functions of what they read: replay runs them again.
   */
  readonly routines?: { readonly [name: string]: (ctx: RoutineContext<G, SchemaOutput<S>>) => Outcome<G> };
  /** Conditions that phases name in `endIf.when` and `turnEndIf`: pure functions of the pieces and the seating. */
  readonly conditions?: { readonly [name: string]: (ctx: RoutineContext<G, SchemaOutput<S>>) => boolean };
  /** Turn orders that PerRound phases name in `order`: who acts first, and who acts next, from the pieces. */
  readonly orders?: { readonly [name: string]: GameOrder<G, SchemaOutput<S>> };
  /** Resolves the top item of the stack (default: nothing happens to the pieces); it may counter items beneath it. */
  resolve?(ctx: ResolveContext<G, SchemaOutput<S>>): ResolveOutcome<G>;
  /**
   * What happens to a stack item whose target left the stack before it resolves: `'fizzle'` (the default) takes it off
   * unresolved, announced as `stack.fizzled`; `'resolve'` resolves it all the same, its `target` null.
   */
  readonly targetGone?: 'fizzle' | 'resolve';
  /** Whether the game is over (default: only when no seat is left). Asked after every move and as each turn ends. */
  endIf?(ctx: EndContext<G, SchemaOutput<S>>): boolean;
  /**
   * The winners of a finished game (default: every seat still in it), or `{ winners, draw }` for a victory policy
   * with ties that says whether the result is a draw (a plain list is never a draw).
   */
  winners?(ctx: {
    readonly game: G;
    readonly remaining: readonly string[];
    readonly options: SchemaOutput<S>;
    readonly seating: SeatingView;
  }): string[] | GameResult;
  /** What a seat's own player (and the omniscient view) sees of it, as `state.seats[seat]` (default: nothing). */
  seatView?(ctx: { readonly game: G; readonly seat: string; readonly options: SchemaOutput<S> }): V;
  /**
   * What another seat or a spectator (`viewer` null) sees of `seat`, given its full `view` (default: all of it). What
   * it returns is the type `viewFor` gives another seat's entry (`HiddenSeatViewOf`).
   */
  hiddenSeatView?(ctx: {
    readonly game: G;
    readonly seat: string;
    readonly viewer: string | null;
    readonly options: SchemaOutput<S>;
    readonly view: V;
  }): H;
  /** What the whole table shows beyond the seats (a discard's top card, a market), as `state.game`. */
  publicView?(ctx: { readonly game: G; readonly options: SchemaOutput<S> }): JsonObject;
  /** Whether a ply's secret payload fields are shown to everyone now (default: never). */
  revealed?(ctx: RevealContext<G, SchemaOutput<S>>): boolean;
  /** Options for a demo table that ends after about `turns` turns (`plystack demo`). */
  demoOptions?(ctx: { readonly turns: number }): SchemaInput<S>;
  /** Hints for bots: how likely a random pick is to take each move, and how an unfinished position stands for a seat. */
  readonly bots?: BotHints<G, SchemaOutput<S>>;
  /** Properties of the game's own rules, by name, that `verify` and generated tests check at every state and move. */
  readonly checks?: GameChecks<G, SchemaOutput<S>>;
  /** What of the pieces is private to a seat (or to nobody), as `vary`: the verifier proves no view shows it. */
  readonly hidden?: HiddenPieces<G, SchemaOutput<S>>;
}

/** A move as the engine reads it: every member present. */
export interface GameMove<G = unknown, O = unknown> {
  readonly type: string;
  readonly payload: Schema | null;
  readonly speed: 'sorcery' | 'instant';
  readonly undoable: boolean;
  readonly outcomes: readonly FlowOutcome[];
  readonly application: boolean;
  readonly secret: readonly string[];
  check(ctx: ApplicationMoveContext<G, O, unknown>): GameRefusal | null;
  play(ctx: ApplicationMoveContext<G, O, unknown>): MoveOutcome<G>;
  notation(ctx: { readonly payload: unknown; readonly options: O }): string;
  candidates(ctx: CandidatesContext<G, O>): readonly unknown[];
  sequence(ctx: { readonly payload: unknown; readonly options: O }): readonly SequenceMutation[];
}

declare const GAME_TYPES: unique symbol;

/**
 * A game, checked and with every default filled: what `defineGame` returns and
 * the engine reads. `G` its pieces, `O` its options as read, `M` its moves'
 * payload schemas by type (for typed moves), `S` its options' schema, `V` its seat view.
 */
export interface Game<G = unknown, O = unknown, M = unknown, S extends Schema = Schema, V = JsonObject, H = V> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly seats: { readonly min: number; readonly max: number };
  readonly options: Schema<O>;
  checkOptions(ctx: {
    readonly options: O;
    readonly seats: readonly string[];
  }): { readonly path: string; readonly message: string } | null;
  structure(options: O): GameStructure;
  turnModel(options: O): TurnModel | null;
  readonly sorceryPhase: string | null;
  setup(ctx: {
    readonly seats: readonly string[];
    readonly options: O;
    readonly seed: Seed;
    readonly random: Random;
  }): G;
  readonly moves: { readonly [type: string]: GameMove<G, O> };
  readonly undoablePasses: boolean;
  readonly leaving: boolean;
  mayEndTurn(ctx: {
    readonly game: G;
    readonly seat: string | null;
    readonly options: O;
    readonly seating: SeatingView;
  }): GameRefusal | null;
  mayTransition(ctx: {
    readonly game: G;
    readonly seat: string | null;
    readonly transition: string;
    readonly options: O;
    readonly seating: SeatingView;
  }): GameRefusal | null;
  readonly routines: { readonly [name: string]: (ctx: RoutineContext<G, O>) => Outcome<G> };
  readonly conditions: { readonly [name: string]: (ctx: RoutineContext<G, O>) => boolean };
  readonly orders: { readonly [name: string]: GameOrder<G, O> };
  resolve(ctx: ResolveContext<G, O>): ResolveOutcome<G>;
  readonly targetGone: 'fizzle' | 'resolve';
  endIf(ctx: EndContext<G, O>): boolean;
  winners(ctx: {
    readonly game: G;
    readonly remaining: readonly string[];
    readonly options: O;
    readonly seating: SeatingView;
  }): string[] | GameResult;
  seatView(ctx: { readonly game: G; readonly seat: string; readonly options: O }): JsonObject;
  hiddenSeatView(ctx: {
    readonly game: G;
    readonly seat: string;
    readonly viewer: string | null;
    readonly options: O;
    readonly view: V;
  }): H;
  publicView(ctx: { readonly game: G; readonly options: O }): JsonObject;
  revealed(ctx: RevealContext<G, O>): boolean;
  /** Whether any move has secret fields or a seat view hides anything (views are worth computing per viewer). */
  readonly hidesInformation: boolean;
  demoOptions(ctx: { readonly turns: number }): unknown;
  /** The game's hints for bots, each wrapped so that what it throws names it (`{}` when it gives none). */
  readonly bots: BotHints<G, O>;
  /** The game's own properties (`{ invariants: {}, moves: {} }` when it states none). */
  readonly checks: {
    readonly invariants: NonNullable<GameChecks<G, O>['invariants']>;
    readonly moves: NonNullable<GameChecks<G, O>['moves']>;
  };
  /** What of the pieces is private, or null when the game does not say. */
  readonly hidden: HiddenPieces<G, O> | null;
  /** Types only: what the game's moves, options and views are, for typed tables. */
  readonly [GAME_TYPES]?: { readonly moves: M; readonly schema: S; readonly view: V; readonly hiddenView: H };
}

/** Any game, as the engine handles it. */
// biome-ignore lint/suspicious/noExplicitAny: the engine handles games of every piece type
export type AnyGame = Game<any, any, any, any, any, any>;

type IsAny<T> = 0 extends 1 & T ? true : false;
// biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads; unknown would not match
type MovesOf<Gm> = Gm extends Game<any, any, infer M, any, any, any> ? M : never;

/** An engine move, as an application sends it. */
export type EngineMove =
  | { readonly type: 'engine.pass'; readonly seat?: string }
  | { readonly type: 'engine.end-turn'; readonly seat?: string }
  | { readonly type: 'engine.transition'; readonly seat?: string; readonly payload: { readonly transition: string } }
  | {
      readonly type: 'engine.initiative';
      readonly seat?: string;
      readonly payload: { readonly scores: { readonly [seat: string]: number } };
    }
  | { readonly type: 'engine.delay'; readonly seat: string; readonly payload: { readonly after: string } }
  | { readonly type: 'engine.leave'; readonly seat: string }
  | { readonly type: 'engine.leave'; readonly payload: { readonly seat: string } }
  | {
      readonly type: 'engine.auto-pass';
      readonly seat: string;
      readonly payload:
        | { readonly until: 'end-of-turn' | 'stack-resolved' | 'my-turn' | 'off' }
        | { readonly until: 'phase'; readonly phase: string };
    }
  | { readonly type: 'engine.undo'; readonly seat: string };

/**
 * The moves of game `Gm`, as an application sends them: its own move types with
 * their payloads, and the engine moves. A misspelt type or payload field does
 * not compile.
 *
 * @example
 * const move: MoveOf<typeof mundane> = { type: 'PlayCard', seat: 'seat:ann', payload: { card: 'Toaster' } }
 */
export type MoveOf<Gm> =
  IsAny<MovesOf<Gm>> extends true
    ? unknown
    :
        | EngineMove
        | {
            [K in keyof MovesOf<Gm> & string]: undefined extends PayloadIn<MovesOf<Gm>[K]>
              ? { readonly type: K; readonly seat?: string; readonly payload?: PayloadIn<MovesOf<Gm>[K]> }
              : { readonly type: K; readonly seat?: string; readonly payload: PayloadIn<MovesOf<Gm>[K]> };
          }[keyof MovesOf<Gm> & string];

/** The options of game `Gm` as a table is opened with them. */
export type OptionsOf<Gm> =
  // biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads; unknown would not match
  Gm extends Game<any, any, any, infer S, any, any> ? (IsAny<S> extends true ? unknown : SchemaInput<S>) : unknown;

/** The pieces of game `Gm`. */
// biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads; unknown would not match
export type PiecesOf<Gm> = Gm extends Game<infer G, any, any, any, any, any> ? G : unknown;

/** What `state.seats[seat]` holds for game `Gm`. */
export type SeatViewOf<Gm> =
  // biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads; unknown would not match
  Gm extends Game<any, any, any, any, infer V, any> ? (IsAny<V> extends true ? JsonObject : V) : JsonObject;

/**
 * What another seat or a spectator reads of a seat of game `Gm`: what its `hiddenSeatView` returns, or the seat's
 * whole view when the game hides nothing.
 */
export type HiddenSeatViewOf<Gm> =
  // biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads; unknown would not match
  Gm extends Game<any, any, any, any, any, infer H> ? (IsAny<H> extends true ? JsonObject : H) : JsonObject;

/**
 * What one viewer reads of a seat of game `Gm`: the game's view of its own seat, or what the game shows of another
 * seat (its hidden view).
 */
export type ViewedSeatOf<Gm> = SeatViewOf<Gm> | HiddenSeatViewOf<Gm>;

/**
 * The game's own move of type `type`, or undefined: only the game's own keys
 * count, never a property every object inherits (`constructor`, …).
 *
 * @example
 * gameMove(mundane, 'PlayCard')?.speed // 'sorcery'
 * gameMove(mundane, 'constructor')     // undefined
 */
export function gameMove(game: AnyGame, type: string): GameMove | undefined {
  return Object.hasOwn(game.moves, type) ? game.moves[type] : undefined;
}

/** The game's own entry for `key` in one of its records, never an inherited property. */
export function ownEntry<T>(record: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
