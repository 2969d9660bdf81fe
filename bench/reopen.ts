/**
 * Reopening a stored table: a table of N plies (mundane, seatless passes) is played through the live tables onto a
 * store, then a second set of live tables on the same store (as another process, or this one after a restart) opens
 * it; the time to open it, best of several. `node bench/.build/bench/reopen.js [--plies 10000]`.
 */
import { randomUUID } from 'node:crypto';
import { builtInGames } from '../src/games/registry.js';
import { LiveTables } from '../src/server/liveTables.js';
import { MemoryStore } from '../src/server/store/memoryStore.js';
import type { TableStore } from '../src/server/store/tableStore.js';

/** Plays `plies` seatless passes onto a new table of `store`; returns its id. */
export async function storedTable(store: TableStore, plies: number): Promise<string> {
  const id = `table:reopen-${randomUUID().slice(0, 8)}`;
  const game = builtInGames.mundane!;
  await store.createTable(
    {
      id,
      game: 'mundane',
      version: game.version,
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      options: {},
      appToken: 'a'.repeat(64),
      seatTokens: { 'seat:ann': 'b'.repeat(64), 'seat:bob': 'c'.repeat(64) },
      clock: null,
    },
    null,
  );
  const live = new LiveTables(store, { games: builtInGames });
  const entry = (await live.get(id))!;
  while (entry.moves < plies) {
    const outcome = await live.play(entry, { type: 'engine.pass' });
    if (outcome.status !== 200) throw new Error(`move ${entry.moves} refused: ${JSON.stringify(outcome.body)}`);
  }
  entry.table.stop();
  return id;
}

/** Milliseconds to open the stored table in fresh live tables (another process's view of the store), best of `runs`. */
export async function reopenMs(store: TableStore, id: string, runs = 5): Promise<{ best: number; all: number[] }> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const live = new LiveTables(store, { games: builtInGames });
    const t0 = performance.now();
    const entry = await live.get(id);
    all.push(performance.now() - t0);
    if (entry === null) throw new Error(`${id}: not found`);
    entry.table.stop();
  }
  return { best: Math.min(...all), all };
}

if (process.argv[1]?.endsWith('reopen.js')) {
  const at = process.argv.indexOf('--plies');
  const plies = at < 0 ? 10_000 : Number(process.argv[at + 1]);
  const store = new MemoryStore('bench');
  const t0 = performance.now();
  const id = await storedTable(store, plies);
  process.stderr.write(`played ${plies} moves in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const { best, all } = await reopenMs(store, id);
  process.stdout.write(
    `open ${plies}-move table (memory store): best ${best.toFixed(1)} ms; runs ${all.map((t) => t.toFixed(1)).join(', ')}\n`,
  );
}
