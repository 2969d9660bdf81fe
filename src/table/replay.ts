/**
 * Replaying a log: the log is the truth, and replaying it rebuilds exactly the
 * state of the live table.
 */
import { z } from 'zod';
import { IllegalMove, InvalidTable } from '../core/errors.js';
import { parseSchema } from '../core/schema.js';
import { SEED_RULE, seedSchema } from '../core/seed.js';
import type { AnyGame } from '../definition/game.js';
import { builtInGames, findGame } from '../games/registry.js';
import { migrateRulesDocument } from '../progression/migrate.js';
import { structureRevision } from '../progression/rules.js';
import { createTable, restoreTable, type Table } from './table.js';

const logSchema = z.object({
  game: z.string().min(1),
  version: z.string().min(1).optional(),
  table: z.unknown(),
  seats: z.unknown(),
  // Read by seedSchema below, so a malformed seed is the log's fault (INVALID_LOG), said as a table says it.
  seed: z.unknown(),
  options: z.record(z.string(), z.unknown()).optional(),
  rulesRevision: z.number().int().min(1).optional(),
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
  checkUpto(options);
  const table = openFromLog(log, options.games ?? builtInGames);
  const moves = (log as { moves: unknown[] }).moves;
  const count = options.upto === undefined ? moves.length : Math.min(options.upto, moves.length);
  let i = 0;
  return fastForward(table, () => (i < count ? { done: false, value: moves[i++] } : { done: true, value: undefined }));
}

/**
 * Replays a log whose moves arrive one at a time (read from a file as they
 * are needed): `header` is the log with its moves left out (any `moves`
 * array in it is ignored), validated as `replayLog` validates a log, and
 * `moves` is read in order, each move dropped once played. It stops at the
 * first refused move or after `upto` moves and reads no further: what is left
 * of `moves` is the caller's. An error thrown by `moves` stops the table and
 * is thrown on.
 *
 * @example
 * const { table, applied } = replayMoves({ ...header, moves: [] }, readMoves(file))
 */
export function replayMoves(header: unknown, moves: Iterator<unknown>, options: ReplayOptions = {}): ReplayOutcome {
  checkUpto(options);
  const table = openFromLog(header, options.games ?? builtInGames);
  const count = options.upto ?? Number.POSITIVE_INFINITY;
  let i = 0;
  try {
    return fastForward(table, () => (i++ < count ? moves.next() : { done: true, value: undefined }));
  } catch (error) {
    table.stop();
    throw error;
  }
}

/**
 * Plays moves on the fast path (the chart stepped without an actor, as
 * `table.simulate()` does: the same checks and refusals as the live table)
 * until they run out or one is refused, then opens the live table where they
 * left off, once, as a restored one: its checkpoints for time travel are
 * rebuilt from its log, on the same fast path, the first time it looks back.
 * With no move applied, the table opened from the log is handed back as it is.
 */
function fastForward(table: Table, next: () => IteratorResult<unknown>): ReplayOutcome {
  const copy = table.simulate();
  let applied = 0;
  let error: IllegalMove | null = null;
  for (let read = next(); read.done !== true; read = next()) {
    const result = copy.tryPlay(read.value);
    if (!result.ok) {
      const refused = result.error;
      error = new IllegalMove(
        {
          code: refused.code,
          message: refused.message,
          ...(refused.reason !== undefined ? { reason: refused.reason } : {}),
        },
        applied,
      );
      break;
    }
    applied++;
  }
  if (applied === 0) return { table, applied, error };
  table.stop();
  return { table: restoreTable(table.game, copy.persist()), applied, error };
}

function checkUpto(options: ReplayOptions): void {
  if (options.upto !== undefined && (!Number.isSafeInteger(options.upto) || options.upto < 0)) {
    throw new RangeError(`upto is a whole number of moves, 0 or more, not ${String(options.upto).slice(0, 40)}`);
  }
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
  const seed = parseSchema(seedSchema, data.seed);
  if (!seed.success) throw new InvalidTable({ code: 'INVALID_LOG', path: 'seed', message: SEED_RULE });
  const game = findGame(data.game, games);
  if (game === undefined) {
    throw new InvalidTable({
      code: 'UNKNOWN_GAME',
      path: 'game',
      message: `no game ${JSON.stringify(data.game)}; known: ${Object.keys(games).join(', ')}`,
    });
  }
  if (data.version !== undefined && data.version !== game.version) {
    throw new InvalidTable({
      code: 'VERSION_MISMATCH',
      path: 'version',
      message: `the log is for ${game.id} version ${data.version}; this is version ${game.version}`,
    });
  }
  const unmigrated = migrateRulesDocument(data.options ?? {}, false).changes[0];
  if (unmigrated !== undefined) {
    // No silent default: rules from before explicit strategies are not read as PerRound, and migrate-rules leaves logs alone.
    throw new InvalidTable({
      code: 'RULES_REVISION',
      path: `options.${unmigrated.path}`,
      message:
        'the log was opened with turn rules from before explicit strategies (revision 1, no "strategy"): this plystack does not replay them; replay the log with the plystack that wrote it',
    });
  }
  const table = createTable(game, {
    table: data.table as string,
    seats: data.seats as string[],
    seed: seed.data,
    options: data.options ?? {},
  });
  const revision = structureRevision(table.context.opening.structure);
  if (data.rulesRevision !== undefined && data.rulesRevision !== revision) {
    table.stop();
    throw new InvalidTable({
      code: 'RULES_REVISION',
      path: 'rulesRevision',
      message: `the log was opened with ${game.id}'s turn rules revision ${data.rulesRevision}; the rules it would replay against are revision ${revision}`,
    });
  }
  return table;
}
