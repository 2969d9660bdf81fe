/**
 * A stream's catch-up: the plies a stream is behind its table by (more than the
 * table's last move), each sent with the table as it stood after that ply's
 * move, as the stream's viewer saw it. The moves are replayed once, forward, on
 * the fast path (a detached copy of the table, from the store's newest snapshot
 * at or before the first move to send, else from the opening), a chunk at a
 * time: between chunks the table is free for its moves and the event loop for
 * every other table, and a socket with a backlog is waited for. The table's new
 * plies are held back from the stream meanwhile; it goes live, in the same step
 * as its last caught-up ply, once it has been sent every ply of the table.
 */
import type { Ply } from '../definition/records.js';
import { movesMade, type TableContext } from '../engine/context.js';
import type { Simulation } from '../fast/simulation.js';
import { at, size } from '../log/plyLog.js';
import { createTable, restoreTable } from '../table/table.js';
import type { Entry, Subscriber, TablesAtWork } from './liveEntry.js';
import { plySeen, stateSeen } from './view.js';

/** Plies a catch-up sends at a time (a move replayed before the first ply it sends counts as one) before the event loop gets a turn. */
export const CATCH_UP_CHUNK = 32;

/** What a catch-up needs of the live tables (`LiveTables` is one). */
export type CatchUpTables = Pick<TablesAtWork, 'store' | 'exclusive' | 'fresh'>;

const work = { replayed: 0, viewed: 0 };

/**
 * The work every catch-up of this process has done so far: moves replayed, and the table's states built for a viewer
 * (one per move sent). Internal: for tests, to prove the work grows with what is sent.
 *
 * @example
 * catchUpWork().replayed // 1_040 after a catch-up of 1,000 moves that started 40 moves past a snapshot
 */
export function catchUpWork(): { readonly replayed: number; readonly viewed: number } {
  return { ...work };
}

/**
 * The index of the first ply of the table's last move (the plies after it are automatic passes it set off); 0 at
 * the opening.
 *
 * @example
 * lastMoveStart(table.context) // 11 for a table whose last move, its 11th ply, set off one automatic pass
 */
export function lastMoveStart(ctx: TableContext): number {
  const last = movesMade(ctx) - 1;
  let start = size(ctx.plies);
  while (start > 0 && (at(ctx.plies, start - 1) as Ply).moveIndex === last) start--;
  return start;
}

/** A copy of the table after its first `moves` moves or fewer: the store's newest snapshot at or before, or the opening. */
async function startingPoint(tables: CatchUpTables, entry: Entry, moves: number): Promise<Simulation> {
  const { record, game } = entry;
  const found = await tables.store.snapshot(record.id, moves);
  // A snapshot changed since it was written is not used (the live table's opening logged it): the moves are.
  const stored = found?.intact === false ? null : found;
  const table =
    stored !== null
      ? restoreTable(game, stored.snapshot)
      : createTable(game, { table: record.id, seats: record.seats, seed: record.seed, options: record.options });
  try {
    return table.simulate();
  } finally {
    table.stop();
  }
}

/**
 * Sends `subscriber` (marked `catching`) every ply from its `next` on, then lets it go live. Rejects when the store
 * cannot be read, or the table's log does not replay (the subscriber is sent nothing more by then).
 */
export async function catchUp(tables: CatchUpTables, entry: Entry, subscriber: Subscriber): Promise<void> {
  const { game } = entry;
  const { viewer } = subscriber;
  const first = at(entry.table.context.plies, subscriber.next) as Ply;
  const copy = await startingPoint(tables, entry, first.moveIndex);
  for (;;) {
    const chunk = await tables.exclusive(entry, async () => {
      await tables.fresh(entry);
      if (!entry.subscribers.has(subscriber)) return null;
      const plies = entry.table.context.plies;
      const total = size(plies);
      let backlog: Promise<void> | undefined;
      for (let budget = CATCH_UP_CHUNK; budget > 0 && subscriber.next < total && backlog === undefined; ) {
        // The copy stands where the live log's next move begins: the move's own ply comes first, its passes after.
        const from = size(copy.context.plies);
        const own = at(plies, from) as Ply;
        const played = own.automatic ? null : copy.tryPlay(own.move);
        if (played === null || !played.ok)
          throw new Error(`${entry.record.id}: move ${own.moveIndex} of the live table does not replay for a stream`);
        work.replayed++;
        const ctx = copy.context;
        const to = size(ctx.plies);
        if (to <= subscriber.next) {
          budget--;
          continue;
        }
        const state = stateSeen(game, ctx, viewer);
        work.viewed++;
        for (let index = Math.max(from, subscriber.next); index < to; index++) {
          const waiting = subscriber.send({ index, ply: plySeen(game, ctx, viewer, index), state });
          subscriber.next = index + 1;
          budget--;
          if (waiting !== undefined) backlog = waiting;
        }
      }
      // Caught up: from here the stream is sent each new ply as the table makes it.
      if (subscriber.next >= total) subscriber.catching = false;
      return { live: !subscriber.catching, backlog };
    });
    if (chunk === null || chunk.live) return;
    if (chunk.backlog !== undefined) await chunk.backlog;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
