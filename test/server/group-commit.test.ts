/**
 * Group commit on both stores: moves of several tables sent in the same turn of
 * the event loop are committed together, and each is answered for itself: a
 * move whose index another writer took gets `Conflict` while the others of its
 * batch are committed; a batch one move spoils (a key already used) is
 * committed move by move, so only that move fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Sql } from '../../src/server/store/sql.js';
import { Store } from '../../src/server/store/store.js';
import { type Append, Conflict } from '../../src/server/store/tableStore.js';
import { type PgCluster, sharedPostgres } from './support/postgres.js';

const pass = (index: number, key: string | null = null): Append => ({
  index,
  move: { type: 'engine.pass' },
  key,
  answer: { index },
  cause: 'request',
  status: 'playing',
  window: null,
  snapshot: null,
});

async function newTables(store: Store, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `table:${prefix}-${i}`);
  for (const id of ids) {
    const started = await store.createTable(
      {
        id,
        game: 'mundane',
        version: '1',
        seats: ['seat:a', 'seat:b'],
        seed: 1,
        options: {},
        appToken: 'x',
        seatTokens: {},
        clock: null,
      },
      null,
    );
    expect(started).not.toBeNull();
  }
  return ids;
}

const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe.each(['pglite', 'postgres'] as const)('group commit on %s', (kind) => {
  let sql: Sql;
  let store: Store;
  let cluster: PgCluster | null = null;
  let dir: string | null = null;

  beforeAll(async () => {
    if (kind === 'postgres') {
      cluster = await sharedPostgres();
      sql = await openPostgres(await cluster.database('group'));
    } else {
      dir = mkdtempSync(join(tmpdir(), 'plystack-group-'));
      sql = await openPglite(dir);
    }
    store = await Store.open(sql, 'group');
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    cluster?.destroy();
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  });

  it('commits the moves of many tables sent at once, and answers a move whose index is taken with Conflict alone', async () => {
    const ids = await newTables(store, 'a', 12);
    // Every table's first move, all in one turn of the event loop; table 5's is sent at index 1, which it has not reached.
    const answers = await settled(ids.map((id, i) => store.append(id, pass(i === 5 ? 1 : 0))));
    expect(answers.map((a) => a.status)).toEqual(ids.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    expect((answers[5] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    const counts = await store.moveCounts(ids);
    expect(ids.map((id) => counts.get(id))).toEqual(ids.map((_, i) => (i === 5 ? 0 : 1)));
    for (const [i, id] of ids.entries())
      expect((await store.movesFrom(id, 0)).map((m) => m.index)).toEqual(i === 5 ? [] : [0]);
    // They were committed together, in one transaction: one commit time (the database's) for all.
    const times = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value.at] : []));
    expect(new Set(times).size).toBe(1);
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(60_000);
  });

  it('commits a spoilt batch move by move: only the move whose key is taken fails', async () => {
    const ids = await newTables(store, 'b', 6);
    await store.append(ids[2]!, pass(0, 'k'));
    // Table 2 sends key k again at its next index: the unique key refuses it, and the batch it was in is retried move by move.
    const answers = await settled(ids.map((id, i) => store.append(id, i === 2 ? pass(1, 'k') : pass(0, `k${i}`))));
    expect(answers.map((a) => a.status)).toEqual(ids.map((_, i) => (i === 2 ? 'rejected' : 'fulfilled')));
    const counts = await store.moveCounts(ids);
    expect(ids.map((id) => counts.get(id))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await store.answerFor(ids[4]!, 'k4')).toEqual({ index: 0 });
  });

  it('lets two writers race for the same indexes of the same tables: each index is taken once', async () => {
    const ids = await newTables(store, 'c', 8);
    const other = await Store.open(sql, 'other');
    const answers = await settled(ids.flatMap((id) => [store.append(id, pass(0)), other.append(id, pass(0))]));
    // Exactly one of the two writers wins each table's index 0; the other gets Conflict.
    for (let t = 0; t < ids.length; t++) {
      const pair = answers.slice(2 * t, 2 * t + 2).map((a) => a.status);
      expect(pair.sort()).toEqual(['fulfilled', 'rejected']);
    }
    const counts = await store.moveCounts(ids);
    expect(ids.map((id) => counts.get(id))).toEqual(ids.map(() => 1));
  });
});
