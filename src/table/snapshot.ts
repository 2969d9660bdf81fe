/**
 * Checking a persisted snapshot before a table is restored from it: it must be
 * one of this game's, of this version, not in XState's error status, and
 * whole. A bad one is refused with a code, never a TypeError from deep inside.
 */
import { z } from 'zod';
import type { TableProblem } from '../core/errors.js';
import type { AnyGame } from '../definition/game.js';
import { CHUNK, fromChunkList, isChunkList, PAGE } from '../log/plyLog.js';

const plyLogSchema = z.object({
  size: z.number().int().min(0),
  pages: z.unknown().optional(),
  chunks: z.unknown(),
  tail: z.array(z.unknown()),
});

const snapshotSchema = z.object({
  status: z.string(),
  value: z.unknown(),
  context: z.object({
    opening: z.object({
      game: z.object({ id: z.string(), version: z.string() }),
      table: z.string(),
      seats: z.array(z.string()),
      seed: z.union([z.number(), z.string()]),
      givenOptions: z.record(z.string(), z.unknown()),
      options: z.unknown(),
      structure: z.object({ phases: z.array(z.unknown()), transitions: z.array(z.unknown()) }),
      problem: z.null(),
    }),
    status: z.enum(['playing', 'over']),
    turn: z.object({
      number: z.number().int(),
      round: z.number().int(),
      direction: z.union([z.literal(1), z.literal(-1)]),
      activeSeat: z.string().nullable(),
    }),
    progression: z.object({
      rules: z.object({ strategy: z.string() }),
      out: z.array(z.string()),
      waiting: z.array(z.string()),
    }),
    stack: z.array(z.object({ id: z.number(), seat: z.string(), card: z.string(), type: z.string() })),
    plies: plyLogSchema,
    gamePhase: z.string(),
    phase: z.string(),
  }),
});

/** Whether a ply log of the shape before pages (a linked list of chunks) holds exactly `size` plies. */
function chunkListProblem(log: z.infer<typeof plyLogSchema>): string | null {
  let count = log.tail.length;
  let node = log.chunks as { items?: unknown; older?: unknown } | null;
  while (node !== null) {
    if (typeof node !== 'object' || !Array.isArray(node.items)) return 'context.plies: a chunk without items';
    count += node.items.length;
    if (count > log.size) return 'context.plies: more plies than its size says';
    node = (node.older ?? null) as typeof node;
  }
  return count === log.size ? null : `context.plies: holds ${count} plies, and its size says ${log.size}`;
}

/** Whether each of `chunks` is an array of exactly `CHUNK` plies. */
function fullChunks(chunks: unknown): chunks is unknown[][] {
  return Array.isArray(chunks) && chunks.every((chunk) => Array.isArray(chunk) && chunk.length === CHUNK);
}

/**
 * Whether the ply log has its shape (full pages of full chunks, fewer than
 * `PAGE` chunks after them, a tail of at most `CHUNK`) and holds exactly
 * `size` plies; a log of the shape before pages is checked as that.
 */
function plyLogProblem(log: z.infer<typeof plyLogSchema>): string | null {
  if (
    log.pages === undefined &&
    (log.chunks === null || (typeof log.chunks === 'object' && !Array.isArray(log.chunks)))
  )
    return chunkListProblem(log);
  const { pages, chunks, tail } = log;
  if (!Array.isArray(pages) || !pages.every((page) => Array.isArray(page) && page.length === PAGE && fullChunks(page)))
    return `context.plies.pages: each page is ${PAGE} chunks of ${CHUNK} plies`;
  if (!fullChunks(chunks) || chunks.length >= PAGE)
    return `context.plies.chunks: fewer than ${PAGE} chunks of ${CHUNK} plies`;
  if (tail.length > CHUNK) return `context.plies.tail: at most ${CHUNK} plies, not ${tail.length}`;
  const count = (pages.length * PAGE + chunks.length) * CHUNK + tail.length;
  if (count !== log.size) return `context.plies: holds ${count} plies, and its size says ${log.size}`;
  if (count > 0 && tail.length === 0) return 'context.plies.tail: empty after a full chunk';
  return null;
}

/**
 * The snapshot to restore: `persisted` itself, or, when its ply log has the
 * shape before pages (a linked list of chunks, as snapshots written before it
 * hold), a copy whose log is read into the current shape. Call it once
 * `snapshotProblem` found nothing wrong; the caller's object is never changed.
 *
 * @example
 * restorable(oldSnapshot).context.plies.pages // an array
 */
export function restorable<S>(persisted: S): S {
  const context = (persisted as { context?: { plies?: unknown } }).context;
  if (context === undefined || !isChunkList(context.plies)) return persisted;
  return { ...persisted, context: { ...context, plies: fromChunkList(context.plies) } };
}

/**
 * Why `persisted` cannot be restored as a table of `game`, or null.
 *
 * @example
 * snapshotProblem(mundane, sandboxTable.persist()) // { code: 'INVALID_SNAPSHOT', message: 'a snapshot of sandbox, not of mundane', ... }
 */
export function snapshotProblem(game: AnyGame, persisted: unknown): TableProblem | null {
  const invalid = (path: string, message: string): TableProblem => ({ code: 'INVALID_SNAPSHOT', path, message });
  const parsed = snapshotSchema.safeParse(persisted);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(
      issue?.path.join('.') || 'snapshot',
      `not a persisted table snapshot: ${issue?.message ?? 'wrong shape'}`,
    );
  }
  const { status, context } = parsed.data;
  if (status !== 'active')
    return invalid(
      'status',
      `the snapshot's status is ${status.slice(0, 40)}: only a table that was running can go on`,
    );
  const { id, version } = context.opening.game;
  if (id !== game.id) return invalid('context.opening.game.id', `a snapshot of ${id.slice(0, 64)}, not of ${game.id}`);
  if (version !== game.version)
    return {
      code: 'VERSION_MISMATCH',
      path: 'context.opening.game.version',
      message: `the snapshot is of ${game.id} version ${version.slice(0, 64)}; this is version ${game.version}`,
    };
  const plies = plyLogProblem(context.plies);
  return plies === null ? null : invalid('context.plies', plies);
}
