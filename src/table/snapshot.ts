/**
 * Checking a persisted snapshot before a table is restored from it: it must be
 * one of this game's, of this version, not in XState's error status, and
 * whole. A bad one is refused with a code, never a TypeError from deep inside.
 */
import { z } from 'zod';
import type { TableProblem } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';

const plyLogSchema = z.object({ size: z.number().int().min(0), chunks: z.unknown(), tail: z.array(z.unknown()) });

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

/** Whether the ply log's chunks hold exactly `size` plies, each a ply with a move. */
function plyLogProblem(log: z.infer<typeof plyLogSchema>): string | null {
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
