/**
 * A run-out clock fired: the process that wins the claim on the table's deadline in the store (exactly one does)
 * plays the game's timeout moves as the application, each committed as the clock's.
 */
import type { Ply } from '../definition/records.js';
import { timeoutMoves } from './clock.js';
import type { TablesAtWork } from './liveEntry.js';

/**
 * Fires the table's deadline if this process wins the claim: plays the timeout
 * moves as the application, each committed as the clock's. Returns the last ply played, or null.
 */
export async function fireDeadline(tables: TablesAtWork, id: string): Promise<Ply | null> {
  if (tables.isUnservable(id)) return null;
  const claimed = await tables.store.claimDeadline(id);
  if (claimed === null) return null;
  const entry = await tables.claimed(id, (table) => tables.store.releaseDeadline(table));
  if (entry === null) return null;
  return tables.exclusive(entry, async () => {
    if (entry.moves !== claimed) {
      entry.behind = Math.max(entry.behind, claimed);
      await tables.fresh(entry);
    }
    if (entry.moves !== claimed) return tables.store.releaseDeadline(id).then(() => null);
    const moves = timeoutMoves(entry.table);
    if (moves.length === 0) return tables.store.stopClock(id, entry.moves).then(() => null);
    let last: Ply | null = null;
    for (const move of moves) {
      const outcome = await tables.tryCommit(entry, move, { cause: 'clock' });
      if (outcome === 'retry' || outcome.status !== 200) {
        // Nothing was committed: the claim goes back. After a first move the table's row has moved on, claim and all.
        if (last === null) await tables.store.releaseDeadline(id);
        return last;
      }
      last = outcome.body.ply;
    }
    return last;
  });
}
