/**
 * A stream far behind a long table catches up without holding the server: the
 * other tables' requests are answered while its past plies are being sent, the
 * plies played meanwhile follow the caught-up ones in order, and the work grows
 * with what is sent (each move replayed once, from the nearest stored snapshot).
 * Real HTTP on loopback, on the memory store; the stream is the live
 * tables' own subscription, so the test sees each message as the server sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { movesMade } from '../../src/engine/context.js';
import { size } from '../../src/log/plyLog.js';
import { catchUpWork } from '../../src/server/catchUp.js';
import type { StreamMessage } from '../../src/server/liveTables.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { until } from './support/streams.js';

/** A catch-up that cannot go on fails the test. */
const failed = (error: unknown) => {
  throw error;
};

/** Plies of the long table. */
const LONG = 1_000;

describe('a catch-up of a long table', () => {
  let server: PlystackServer;
  let long: string;
  let other: { table: string; appToken: string };
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'stream-catchup-load' });
    long = (await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 5 })).table;
    other = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 6 });
    // Played in this process (each pass committed as a request's would be): HTTP round trips would only add time.
    const entry = (await server.tables.get(long))!;
    for (let i = 0; i < LONG; i++) {
      const seat = entry.table.toAct()[0]!;
      const outcome = await server.tables.play(entry, { type: 'engine.pass', seat });
      expect(outcome.status).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("answers another table's reading while the past plies are being sent, and sends every ply once, in order, the new ones last", async () => {
    const entry = (await server.tables.get(long))!;
    const sent: StreamMessage[] = [];
    let readAfter = -1;
    let played: Promise<unknown> | null = null;
    const unsubscribe = await server.tables.subscribe(
      entry,
      'seat:ann',
      0,
      (message) => {
        sent.push(message);
        if (sent.length === 1) {
          // The catch-up has begun: a reading of another table is asked for now, and must not wait for its end.
          void connect(server.url, other.appToken)
            .get(other.table)
            .then(() => (readAfter = sent.length));
          // Moves played on the long table meanwhile come after the past plies.
          played = (async () => {
            for (let i = 0; i < 3; i++) {
              const seat = entry.table.toAct()[0]!;
              await server.tables.play(entry, { type: 'engine.pass', seat });
            }
          })();
        }
      },
      failed,
    );
    await until(() => sent.length >= LONG + 3, 'the catch-up and the new plies');
    await played;
    unsubscribe();
    expect(sent.map((m) => m.index)).toEqual([...Array(LONG + 3).keys()]);
    expect(readAfter).toBeGreaterThan(0);
    expect(readAfter).toBeLessThan(LONG);
  });

  it('replays each move once from the nearest snapshot, and builds one view per move sent', async () => {
    const entry = (await server.tables.get(long))!;
    const moves = movesMade(entry.table.context);
    for (const from of [0, LONG - 10]) {
      const before = catchUpWork();
      const sent: StreamMessage[] = [];
      const unsubscribe = await server.tables.subscribe(entry, 'seat:bob', from, (m) => void sent.push(m), failed);
      const plies = size(entry.table.context.plies);
      await until(() => sent.length >= plies - from, 'the catch-up');
      unsubscribe();
      const after = catchUpWork();
      expect(sent.map((m) => m.index)).toEqual([...Array(plies - from).keys()].map((k) => from + k));
      const sentMoves = new Set(sent.map((m) => m.ply.moveIndex)).size;
      // From the store's snapshot at or before the first move sent (one every 64 moves), each move once.
      expect(after.replayed - before.replayed).toBeGreaterThanOrEqual(sentMoves);
      expect(after.replayed - before.replayed).toBeLessThan(sentMoves + 64);
      expect(after.viewed - before.viewed).toBe(sentMoves);
      expect(moves).toBeGreaterThanOrEqual(LONG);
    }
  });
});
