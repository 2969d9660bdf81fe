/**
 * What the server does on its own, on a timer: clocks that ran out (the claim
 * in the store lets exactly one process fire each); about once a second, tables
 * a bot must act at that nobody plays for (after a restart, or a process that
 * went away); and on PostgreSQL, streamed tables checked against the store, in
 * case a notification was lost.
 */
import { fireDeadline } from './deadlines.js';
import type { LiveTables } from './liveTables.js';
import type { TableStore } from './store/tableStore.js';

/** Starts the timer, every `tickMs`; returns what stops it. */
export function startScheduler(store: TableStore, tables: LiveTables, tickMs: number): () => void {
  let ticking = false;
  let ticks = 0;
  const tick = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void (async () => {
      try {
        const everySecond = ++ticks % Math.max(1, Math.round(1000 / tickMs)) === 0;
        const streamed = store.kind === 'postgres' && everySecond ? tables.streamed() : [];
        if (streamed.length > 0) for (const [id, moves] of await store.moveCounts(streamed)) tables.notified(id, moves);
        // Tables this process cannot serve (their rules revision) are left to a process that can.
        const skip = tables.unservableIds();
        if (everySecond) tables.wakeDueBots(await store.dueBots(20, skip));
        // A turn clock on a game whose timeout move is a pass may need several passes to end the turn: fire while still due.
        for (const id of await store.dueTables(20, skip))
          for (let i = 0; i < 100 && (await fireDeadline(tables, id).catch(() => null)) !== null; i++);
      } catch {
        // The store is away: the next tick tries again.
      } finally {
        ticking = false;
      }
    })();
  }, tickMs);
  tick.unref();
  return () => clearInterval(tick);
}
