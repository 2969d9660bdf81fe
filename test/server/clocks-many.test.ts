/**
 * Clocks on time for hundreds of tables: one pass of the scheduler fires every table whose clock ran out, however
 * many, several at a time, each table's timeout moves in order. Real HTTP on loopback, on the memory store; the
 * server's own timer is set too slow to tick during the test, so the pass the test runs is the only one, and what it
 * fired is counted rather than timed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { CLOCK_CONCURRENCY, fireDueClocks } from '../../src/server/scheduler.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';

/** Tables whose clocks run out together: many more than the scheduler fired in a tick before (20). */
const TABLES = 300;

describe('hundreds of clocks that run out at once', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      memory: true,
      process: 'clocks-many',
      clockTickMs: 3_600_000,
      rateLimit: { max: 10_000, windowMs: 10_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('are all fired by one pass of the scheduler, each table once, by the clock', async () => {
    const anyone = connect(server.url);
    const created = await Promise.all(
      Array.from({ length: TABLES }, () =>
        anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], clock: { per: 'move', ms: 100 } }),
      ),
    );
    // Every deadline has passed (the store's clock is this process's).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await server.store.dueTables(10_000)).length).toBe(TABLES);
    expect(CLOCK_CONCURRENCY).toBeGreaterThan(1);

    expect(await fireDueClocks(server.store, server.tables)).toBe(TABLES);
    // Each table's clock ran out once and was fired once: one timeout move each (no other pass ran meanwhile).
    for (const { table } of created) {
      const moves = await server.store.movesFrom(table, 0);
      expect(moves.map((m) => m.cause)).toEqual(['clock']);
    }
  }, 60_000);
});
