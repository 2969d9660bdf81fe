/**
 * The table machine's context: the turn structure's bookkeeping, the game's
 * pieces and the ply log. Plain, immutable, JSON-serialisable data, so that
 * `getPersistedSnapshot()` carries all of it.
 */
import { GameCodeError, type TableProblem } from '../core/errors.js';
import type { JsonValue } from '../core/move.js';
import { type Seed, seededRandom } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import type { Ply } from '../definition/records.js';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import { emptyLog, last, type PlyLog } from '../log/plyLog.js';
import type { Direction } from '../order/seatOrder.js';
import type { Progression, Seating } from '../progression/progression.js';
import { startPhase } from '../progression/turns.js';
import type { Stack } from '../stack/stack.js';
import { readTableInput } from './input.js';

/**
 * What an undo restores: the parts of the table its seat's last ply changed.
 * It exists only while that ply is the last one and nothing has resolved,
 * ended a phase or a turn since (any later ply or boundary clears it).
 */
export interface UndoRecord {
  readonly seat: string;
  readonly before: Pick<TableContext, 'prioritySeat' | 'passes' | 'stack' | 'game' | 'progression' | 'autoPass'>;
}

/** Where a seat's automatic passing stops (what MTG clients call "pass until"). */
export type AutoPassStop =
  | { readonly until: 'end-of-turn' }
  | { readonly until: 'stack-resolved' }
  | { readonly until: 'my-turn' }
  | { readonly until: 'phase'; readonly phase: string };

/** What a table opened with: it never changes. */
export interface Opening {
  /** The game and version the table was opened with: a snapshot restores only into the same. */
  readonly game: { readonly id: string; readonly version: string };
  readonly table: string;
  /** The seats in table order. */
  readonly seats: readonly string[];
  readonly seed: Seed;
  /** The options as given, for the log. */
  readonly givenOptions: { readonly [key: string]: JsonValue };
  /** The options as the game reads them, defaults filled. */
  readonly options: unknown;
  /** The game's structure for these options: game phases, turn rules, transitions. */
  readonly structure: StructurePlan;
  /** Set when the opening was refused: the machine then stays in `invalid`. */
  readonly problem: TableProblem | null;
}

/** Whose turn it is, and where the turn stands in the rounds. */
export interface TurnState {
  /** The turn counter, from 1. */
  readonly number: number;
  /** The round, from 1. */
  readonly round: number;
  /** The table's direction of play (Circular keeps its own in `progression.circular`). */
  readonly direction: Direction;
  /** Whose turn it is: changes once a turn; null when no single seat holds the turn (Simultaneous, Free). */
  readonly activeSeat: string | null;
}

/**
 * Everything a table knows. Kept to a dozen top-level fields in groups:
 * XState copies the context's top level on every `assign`, and V8 copies a
 * small object much faster than a wide one.
 */
export interface TableContext {
  readonly opening: Opening;
  readonly status: 'playing' | 'over';
  readonly winners: readonly string[];
  /** Whether a finished game is a draw between its winners (the game's victory policy says; absent in older snapshots). */
  readonly draw?: boolean;
  /** The current game phase. */
  readonly gamePhase: string;
  /** The current phase of the turn (a priority game), or the game phase; kept beside the chart's state for the pure rule functions. */
  readonly phase: string;
  readonly turn: TurnState;
  readonly progression: Progression;
  /** Who may act now: changes constantly; null when nobody may. */
  readonly prioritySeat: string | null;
  /** Consecutive passes. */
  readonly passes: number;
  readonly stack: Stack;
  readonly nextStackId: number;
  readonly plies: PlyLog<Ply>;
  /** Plies made so far in the current round. */
  readonly playOrder: number;
  /** What the last ply's seat may take back, or null. */
  readonly undo: UndoRecord | null;
  /** Seats passing automatically in priority windows, and where each stops. */
  readonly autoPass: { readonly [seat: string]: AutoPassStop };
  /** The game's pieces. */
  readonly game: unknown;
  /**
   * What the last move's outcome asked of the turn's course, until the chart takes it in the same move; null or
   * absent otherwise (a table at rest never holds one).
   */
  readonly flow?: FlowRequest | null;
}

/** A move's outcome asking to end the turn or to take a declared transition out of the game phase. */
export interface FlowRequest {
  readonly endTurn?: true;
  readonly transition?: string;
}

const COMMON = {
  status: 'playing' as const,
  winners: [],
  prioritySeat: null,
  passes: 0,
  stack: [],
  nextStackId: 1,
  playOrder: 0,
  autoPass: {},
  undo: null,
};

/** The context of a table whose opening was refused: it carries the problem, and the machine stays in `invalid`. */
function refusedContext(game: AnyGame, problem: TableProblem): TableContext {
  const structure: StructurePlan = {
    phases: [],
    transitions: [],
    priority: false,
    direction: 1,
    firstSeat: null,
    owner: null,
  };
  const opening: Opening = {
    game: { id: game.id, version: game.version },
    table: '',
    seats: [],
    seed: 0,
    givenOptions: {},
    options: {},
    structure,
    problem,
  };
  const progression: Progression = {
    rules: { strategy: 'Free' },
    order: [],
    acted: [],
    circular: null,
    initiative: {},
    waiting: [],
    movesThisTurn: 0,
    obligation: null,
    out: [],
  };
  return {
    ...COMMON,
    plies: emptyLog<Ply>(),
    opening,
    status: 'over',
    gamePhase: '',
    phase: '',
    turn: { number: 1, round: 1, direction: 1, activeSeat: null },
    progression,
    game: null,
  };
}

/**
 * The context of a table that opens with `input`, before its first phase
 * starts. An invalid opening gives a context that carries the problem instead
 * of throwing.
 *
 * @example
 * openingContext(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 7 }).turn.activeSeat // 'seat:ann'
 */
export function openingContext(game: AnyGame, input: unknown): TableContext {
  const read = readTableInput(game, input);
  if (!read.ok) return refusedContext(game, read.problem);
  const { table, seats, seed, givenOptions, options, structure } = read.opening;
  let pieces: unknown;
  try {
    pieces = game.setup({ seats, options, seed, random: seededRandom(seed) });
  } catch (error) {
    // A setup that throws refuses the table with the game's own words; nothing reaches XState's error status.
    return refusedContext(game, {
      code: 'SETUP_FAILED',
      path: 'setup',
      message: `${game.id}'s setup failed: ${error instanceof GameCodeError && error.cause instanceof Error ? error.cause.message : String(error)}`,
    });
  }
  const first = structure.phases[0] as PhasePlan;
  const seating = {
    seats,
    direction: structure.direction,
    activeSeat: null,
    owner: structure.owner,
    firstSeat: structure.firstSeat,
  };
  const start = startPhase(first.rules, seating, null);
  return {
    ...COMMON,
    plies: emptyLog<Ply>(),
    opening: {
      game: { id: game.id, version: game.version },
      table,
      seats,
      seed,
      givenOptions,
      options,
      structure,
      problem: null,
    },
    gamePhase: first.name,
    phase: first.turnPhases[0]?.name ?? first.name,
    turn: { number: 1, round: 1, direction: structure.direction, activeSeat: start.activeSeat },
    progression: start.progression,
    prioritySeat: structure.priority ? start.activeSeat : null,
    game: pieces,
  };
}

/**
 * How many moves of the log the table has accepted (automatic passes are not
 * moves). O(1): read from the last ply.
 *
 * @example
 * movesMade(table.context) === table.log.moves.length // true
 */
export function movesMade(ctx: Pick<TableContext, 'plies'>): number {
  const ply = last(ctx.plies);
  return ply === undefined ? 0 : ply.moveIndex + 1;
}

/**
 * How many seats are still in the game (not eliminated, not gone).
 *
 * @example
 * seatsInGame(ctx) // 2 at a two-seat table
 */
export function seatsInGame(ctx: TableContext): number {
  return ctx.opening.seats.length - ctx.progression.out.length;
}

/**
 * What turn progression reads of the table: the seats, the direction, who is active, the owner and first seat.
 *
 * @example
 * nextTurn(ctx.progression, seatingOf(ctx))
 */
export function seatingOf(ctx: TableContext): Seating {
  const { seats, structure } = ctx.opening;
  return {
    seats,
    direction: ctx.turn.direction,
    activeSeat: ctx.turn.activeSeat,
    owner: structure.owner,
    firstSeat: structure.firstSeat,
  };
}

/** What a step changes: the fields of the context it gives a new value (the rest stay as they were). */
export type Change = Partial<TableContext>;
