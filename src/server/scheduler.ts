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

/**
 * Tables whose clocks a process fires at once: enough that hundreds of clocks running out together are all fired
 * within a tick or two, few enough that the store's connections and the event loop are left for the players' moves.
 */
export const CLOCK_CONCURRENCY = 32;

/** Due tables asked of the store at a time: a tick that finds this many asks again once they are fired. */
const DUE_PAGE = 1000;

/** Firings of a turn clock's timeout move a table may need at most, one after the other, to end its turn. */
const MAX_FIRINGS = 100;

/**
 * Fires the clocks of every table due now (but those this process cannot serve), `CLOCK_CONCURRENCY` tables at a
 * time; each table's deadlines in order (a turn clock on a game whose timeout move is a pass may need several passes
 * to end the turn: its table fires while it is still due). Resolves with how many tables it fired a clock of; rejects
 * when the store cannot be reached.
 */
export async function fireDueClocks(
  store: TableStore,
  tables: LiveTables,
  skip: readonly string[] = tables.unservableIds(),
): Promise<number> {
  let fired = 0;
  for (;;) {
    const due = await store.dueTables(DUE_PAGE, skip);
    const before = fired;
    let next = 0;
    const worker = async () => {
      for (let id = due[next++]; id !== undefined; id = due[next++]) {
        let firings = 0;
        while (firings < MAX_FIRINGS && (await fireDeadline(tables, id).catch(() => null)) !== null) firings++;
        if (firings > 0) fired++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CLOCK_CONCURRENCY, due.length) }, worker));
    // A full page asks again; one that fired nothing (every table of it was claimed meanwhile, or failed) does not.
    if (due.length < DUE_PAGE || fired === before) return fired;
  }
}

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
        await fireDueClocks(store, tables, skip);
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
