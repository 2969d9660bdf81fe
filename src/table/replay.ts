/**
 * Replaying a log: the log is the truth, and replaying it rebuilds exactly the
 * state of the live table.
 */
import { z } from 'zod';
import { IllegalMove, InvalidTable } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { findGame, builtInGames } from '../games/registry.js';
import { createTable, type Table } from './table.js';

const logSchema = z.object({
  game: z.string().min(1),
  version: z.string().min(1).optional(),
  table: z.unknown(),
  seats: z.unknown(),
  seed: z.union([z.number().int(), z.string().min(1)]),
  options: z.record(z.string(), z.unknown()).optional(),
  moves: z.array(z.unknown()),
});

/** Options of `replay`. */
export interface ReplayOptions {
  /** Replay only the first `upto` moves. */
  readonly upto?: number;
  /** Games to look the log's game up in (the built-in games by default). */
  readonly games?: Readonly<Record<string, AnyGame>>;
}

/** How far a replay got: the table after the accepted moves, and the first refusal if any. */
export interface ReplayOutcome {
  readonly table: Table;
  /** Moves accepted. */
  readonly applied: number;
  /** The first refused move, with its index in `move`; null when every move applied. */
  readonly error: IllegalMove | null;
}

/**
 * Replays a log as far as it goes: stops at the first refused move and says
 * which. Throws only `InvalidTable`, when the log itself is wrong.
 *
 * @example
 * const { table, applied, error } = replayLog(log)
 * if (error) console.error(`move ${error.move}: ${error.code}`)
 */
export function replayLog(log: unknown, options: ReplayOptions = {}): ReplayOutcome {
  if (options.upto !== undefined && (!Number.isSafeInteger(options.upto) || options.upto < 0)) {
    throw new RangeError(`upto is a whole number of moves, 0 or more, not ${String(options.upto).slice(0, 40)}`);
  }
  const table = openFromLog(log, options.games ?? builtInGames);
  const moves = (log as { moves: unknown[] }).moves;
  const count = options.upto === undefined ? moves.length : Math.min(options.upto, moves.length);
  for (let i = 0; i < count; i++) {
    const result = table.tryPlay(moves[i]);
    if (!result.ok) {
      const { error } = result;
      const at = new IllegalMove({ code: error.code, message: error.message, ...(error.reason !== undefined ? { reason: error.reason } : {}) }, i);
      return { table, applied: i, error: at };
    }
  }
  return { table, applied: count, error: null };
}

/**
 * Rebuilds a table from its log. Throws `InvalidTable` when the log itself is
 * wrong (its field named in `path`), and `IllegalMove` with the index of the
 * first refused move (`move`, from 0).
 *
 * @example
 * const again = replay(table.log)
 * again.state // deep-equals table.state
 */
export function replay(log: unknown, options: ReplayOptions = {}): Table {
  const { table, error } = replayLog(log, options);
  if (error !== null) {
    table.stop();
    throw error;
  }
  return table;
}

/**
 * Opens the table a log describes, with no move played yet.
 *
 * @example
 * openFromLog({ game: 'mundane', table: 'table:1', seats: ['seat:a', 'seat:b'], seed: 1, moves: [] }).state.turn // 1
 */
export function openFromLog(log: unknown, games: Readonly<Record<string, AnyGame>> = builtInGames): Table {
  const parsed = logSchema.safeParse(log);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.join('.') : 'log';
    throw new InvalidTable({ code: 'INVALID_LOG', path, message: issue?.message ?? 'not a log' });
  }
  const { data } = parsed;
  const game = findGame(data.game, games);
  if (game === undefined) {
    throw new InvalidTable({ code: 'UNKNOWN_GAME', path: 'game', message: `no game ${JSON.stringify(data.game)}; known: ${Object.keys(games).join(', ')}` });
  }
  if (data.version !== undefined && data.version !== game.version) {
    throw new InvalidTable({ code: 'VERSION_MISMATCH', path: 'version', message: `the log is for ${game.id} version ${data.version}; this is version ${game.version}` });
  }
  return createTable(game, { table: data.table as string, seats: data.seats as string[], seed: data.seed, options: data.options ?? {} });
}
