/**
 * A reading shows only what the store holds: a move the server has played on its live table but is still writing
 * (its row waits on a lock here) is not shown to a reader, who waits for the commit. Before this, a reader polling a
 * table saw a game over whose last move the log did not hold yet, and would have kept seeing it had the write failed.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { type PgCluster, sharedPostgres } from './support/postgres.js';

describe('a reading while a move is being written', () => {
  let cluster: PgCluster;
  let database: string;
  let server: PlystackServer;
  beforeAll(async () => {
    cluster = await sharedPostgres();
    database = await cluster.database('read_committed');
    server = await startServer({ port: 0, database, process: 'read-committed' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    cluster?.destroy();
  });

  it('waits for the commit, and never shows a ply the store does not hold', async () => {
    const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const ann = connect(server.url, created.tokens['seat:ann']!);
    const app = connect(server.url, created.appToken);
    const stored = async () => (await app.log(created.table)).moves.length;

    // Another connection holds the moves' table, so the server's write of the next move waits.
    const holder = new pg.Client({ connectionString: database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE plystack_moves IN SHARE ROW EXCLUSIVE MODE');
      const move = ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' });
      await new Promise((resolve) => setTimeout(resolve, 300));

      let seenWhileHeld: number | null = null;
      const reading = app.get(created.table).then(async (r) => {
        seenWhileHeld = r.ply;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still held: the reading has either not answered, or answered with what the store holds (no move yet).
      if (seenWhileHeld !== null) expect(seenWhileHeld, 'a ply the store did not hold yet').toBe(await stored());
      await holder.query('COMMIT');

      expect((await move).index).toBe(0);
      const after = await reading;
      expect(after.ply).toBeLessThanOrEqual(await stored());
      expect((await app.get(created.table)).ply).toBe(1);
    } finally {
      await holder.end();
    }
  });
});
