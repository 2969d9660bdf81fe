/**
 * Crash: `kill -9` a server process in the middle of a bounded load, on PGlite files and
 * on PostgreSQL. After a restart (a server started on the same store, in this process)
 * every move answered 200 is in the log, every stored move was sent by a client, and the
 * state equals a replay of the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { type ServerOptions, startServer } from '../../src/server/server.js';
import { replay } from '../../src/table/replay.js';
import { runLoad, type Sent } from './support/load.js';
import { type PgCluster, sharedPostgres } from './support/postgres.js';
import { spawnServer } from './support/serve.js';
import { sqlOf } from './support/sqlOf.js';

/** Moves answered before the kill: enough that the store has a good many to keep (PGlite in a folder commits some tens a second). */
const MANY = 60;

describe.each(['pglite', 'postgres'] as const)('a server killed with -9 under load, on %s', (kind) => {
  let cluster: PgCluster | null = null;
  let dir: string | null = null;
  let args: string[];
  /** The store of the server started after the crash: the killed one's. */
  let store: Pick<ServerOptions, 'database' | 'data'>;

  beforeAll(async () => {
    if (kind === 'postgres') {
      cluster = await sharedPostgres();
      const url = await cluster.database('crash');
      args = ['--database', url];
      store = { database: url };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'plystack-crash-'));
      args = ['--data', dir];
      store = { data: dir };
    }
  }, 120_000);
  afterAll(() => {
    cluster?.destroy();
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  });

  it('loses no answered move and keeps nothing that was not sent', { timeout: 180_000 }, async () => {
    const first = await spawnServer([...args, '--rate-limit', '1000000']);
    const tables = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const created = await connect(first.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 5 });
        return { table: created.table, appToken: created.appToken };
      }),
    );
    let answered = 0;
    let manyAnswered: () => void = () => undefined;
    const many = new Promise<void>((resolve) => (manyAnswered = resolve));
    const load = runLoad({
      urls: [first.url],
      tables,
      clients: 8,
      moves: 3000,
      onAnswer: (s) => {
        if (s.status === 200 && ++answered === MANY) manyAnswered();
      },
    });
    // Kill it once it has answered a good many moves (20 s at most), with requests in flight.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([many, new Promise((resolve) => (timer = setTimeout(resolve, 20_000)))]);
    clearTimeout(timer);
    await first.kill9();
    const sent: Sent[] = await load;
    expect(answered).toBeGreaterThanOrEqual(MANY);
    expect(sent.some((s) => s.status === 'lost')).toBe(true);

    const second = await startServer({
      port: 0,
      ...store,
      process: 'after-the-crash',
      rateLimit: { max: 1_000_000, windowMs: 10_000 },
    });
    try {
      for (const { table, appToken } of tables) {
        const app = connect(second.url, appToken);
        const log = await app.log(table);
        const reading = await app.get(table);
        const again = replay(log);
        expect(reading.state).toEqual(JSON.parse(JSON.stringify(again.state)));
        again.stop();
        const ok = sent.filter((s) => s.table === table && s.status === 200);
        const mine = sent.filter((s) => s.table === table);
        expect(log.moves.length).toBeGreaterThanOrEqual(ok.length);
        expect(log.moves.length).toBeLessThanOrEqual(mine.length);
        // An answered key sent again gets its first answer back: it is in the store.
        for (const s of ok.slice(-5))
          expect((await app.play(table, { type: 'engine.pass' }, { key: s.key })).index).toBe(s.index);
      }
      // In the store itself: every answered key is there, and every stored key was sent.
      const { rows } = await sqlOf(second).query<{ table_id: string; key: string }>(
        'SELECT table_id, key FROM plystack_moves',
      );
      const stored = new Set(rows.map((r) => `${r.table_id} ${r.key}`));
      const sentKeys = new Set(sent.map((s) => `${s.table} @app ${s.key}`));
      for (const s of sent.filter((x) => x.status === 200)) expect(stored.has(`${s.table} @app ${s.key}`)).toBe(true);
      for (const key of stored) expect(sentKeys.has(key)).toBe(true);
      expect(stored.size).toBe(rows.length);
    } finally {
      await second.close();
    }
  });
});
