/**
 * Clocks: a table may run a deadline per turn, per move, or a chess clock per
 * seat. After each committed move the table is in a clock window (its turn, or
 * its ply count); a new window starts a new deadline, in the database's time.
 * A chess clock gives each seat a bank: while a seat is to act its bank runs
 * down, and a move it makes adds the increment; the deadline is when the first
 * bank of a seat to act runs out. When a deadline passes, one process claims it
 * and plays the game's timeout moves as the application (`timeoutMoves`): a
 * seatless `engine.end-turn` where the game allows it, else a seatless
 * `engine.pass`, else what the game asks of the seat before its turn may end.
 */

import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { size } from '../log/plyLog.js';
import { createTable, type Table } from '../table/table.js';

/**
 * A chess clock's seat whose bank is empty has each later decision played for it
 * this long after it is to act (unless it moves first), so a table whose players
 * have all run out of time winds down at a walk instead of racing to its end.
 */
export const FLAGGED_MS = 1000;

/** Longest clock a table may ask for: a day. */
export const MAX_CLOCK_MS = 86_400_000;

/** How a table's clock runs: a deadline per turn or per move, or a bank per seat with an increment, in milliseconds. */
export type ClockSpec =
  | { readonly per: 'turn' | 'move'; readonly ms: number }
  | { readonly per: 'seat'; readonly bank: number; readonly increment: number };

/** What a chess clock's move changes: whose banks ran since the last move, who runs now, who earns the increment. */
export interface SeatClockStep {
  /** Seats that were to act since the last move: their banks are charged the time since. */
  readonly charged: readonly string[];
  /** Seats to act after the move: the deadline is when the first of their banks runs out. */
  readonly running: readonly string[];
  /** The seat whose own move this was (it earns the increment), or null for a seatless move. */
  readonly mover: string | null;
  readonly increment: number;
}

/**
 * The clock window the table is in, or null when no window runs (no clock or a
 * chess clock, the game over, nobody to act).
 *
 * @example
 * clockWindow({ per: 'turn', ms: 30_000 }, table) // { key: 'turn 1.1.main', ms: 30000 }
 */
export function clockWindow(clock: ClockSpec | null, table: Table): { key: string; ms: number } | null {
  if (clock === null || clock.per === 'seat') return null;
  const { context } = table;
  if (context.status === 'over' || table.toAct().length === 0) return null;
  const key =
    clock.per === 'turn'
      ? `turn ${context.turn.round}.${context.turn.number}.${context.gamePhase}`
      : `ply ${size(context.plies)}`;
  return { key, ms: clock.ms };
}

/**
 * What a move does to a chess clock, given who was to act before it; null for other clocks.
 *
 * @example
 * seatClockStep({ per: 'seat', bank: 60_000, increment: 1000 }, ['seat:ann'], table, { type: 'engine.pass', seat: 'seat:ann' })
 * // { charged: ['seat:ann'], running: ['seat:bob'], mover: 'seat:ann', increment: 1000 }
 */
export function seatClockStep(
  clock: ClockSpec | null,
  before: readonly string[],
  table: Table,
  move: Move,
  cause: 'request' | 'clock' = 'request',
): SeatClockStep | null {
  if (clock === null || clock.per !== 'seat') return null;
  const running = table.context.status === 'over' ? [] : table.toAct();
  return {
    charged: before,
    running,
    // A move the clock made for a seat (a draw before its turn may end) is not the seat's own: it earns nothing.
    mover: cause === 'request' && typeof move.seat === 'string' ? move.seat : null,
    increment: clock.increment,
  };
}

/** What `chessBanks` reads of a served log (`ServedLog` of `plystack/client` is one). */
export interface ChessClockLog {
  readonly table: string;
  readonly seats: readonly string[];
  readonly seed: number | string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly moves: readonly Move[];
  /** Each move's commit time, ISO 8601. */
  readonly times: readonly string[];
  /** When the table was created: the banks start running then. */
  readonly started: string;
  /** Indexes of the moves the clock played: they earn no increment, even those it played for a seat. */
  readonly timeouts?: readonly number[];
  readonly clock?: { readonly per: string; readonly bank?: number; readonly increment?: number } | null;
}

/**
 * A chess clock's banks after a log's moves, from the log alone: its `started`
 * time, each move's commit time, and who was to act before each move (a replay).
 * The server keeps its banks by the same arithmetic, in whole milliseconds, so
 * this gives exactly the banks it held after the last move. Throws a RangeError
 * for a log without a chess clock, or with a move its game refuses.
 *
 * @example
 * chessBanks(mundane, await client.log(table)) // { 'seat:ann': 58_211, 'seat:bob': 60_000 }
 */
export function chessBanks(game: AnyGame, log: ChessClockLog): Record<string, number> {
  const { clock } = log;
  if (clock == null || clock.per !== 'seat' || clock.bank === undefined)
    throw new RangeError('chessBanks: the log has no chess clock');
  const { bank, increment = 0 } = clock;
  const table = createTable(game, {
    table: log.table,
    seats: [...log.seats],
    seed: log.seed,
    options: (log.options ?? {}) as never,
  });
  try {
    const banks: Record<string, number> = Object.fromEntries(log.seats.map((seat) => [seat, bank]));
    const byClock = new Set(log.timeouts ?? []);
    let since = Date.parse(log.started);
    log.moves.forEach((move, i) => {
      const at = Date.parse(log.times[i]!);
      for (const seat of table.toAct()) banks[seat] = Math.max(0, banks[seat]! - (at - since));
      if (typeof move.seat === 'string' && !byClock.has(i)) banks[move.seat] = banks[move.seat]! + increment;
      since = at;
      const played = table.tryPlay(move);
      if (!played.ok) throw new RangeError(`chessBanks: move ${i} refused: ${played.error.code}`);
    });
    return banks;
  } finally {
    table.stop();
  }
}

const END_TURN: Move = Object.freeze({ type: 'engine.end-turn' });
const PASS: Move = Object.freeze({ type: 'engine.pass' });

/**
 * The moves the application plays, in order, when the clock runs out; empty when
 * the game allows none of them now:
 * 1. a seatless `engine.end-turn` where the game allows it (sandbox, skirmish);
 * 2. else a seatless `engine.pass`: in a priority window the seat holding priority passes (mundane);
 * 3. else, when the game holds the end of the turn to something the seat whose turn it is has not done yet
 *    (circular-table's Circular and duel turns have no priority to pass, and a seat that has neither played nor
 *    drawn must draw first: DRAW_REQUIRED), the least the seat may do for it: its first allowed move of the game's
 *    own without a payload after which the seatless end of turn is allowed (circular-table: `draw`), then that end of
 *    turn. The move is tried on a detached copy first, so nothing is played unless the turn can then be ended.
 *
 * @example
 * timeoutMoves(mundaneTable) // [{ type: 'engine.pass' }]: mundane has no end-turn move
 * timeoutMoves(circularTable) // [{ type: 'draw', seat: 'seat:a' }, { type: 'engine.end-turn' }]
 */
export function timeoutMoves(table: Table): Move[] {
  const endTurn = table.check(END_TURN);
  if (endTurn === null) return [END_TURN];
  if (table.check(PASS) === null) return [PASS];
  const seats = table.toAct();
  if (endTurn.code !== 'REFUSED' || seats.length !== 1) return [];
  const seat = seats[0]!;
  for (const move of table.legalMoves(seat).allowed) {
    if (move.type.startsWith('engine.') || move.payload !== undefined) continue;
    const copy = table.simulate();
    if (copy.tryPlay(move).ok && copy.check(END_TURN) === null) return [move, END_TURN];
  }
  return [];
}
