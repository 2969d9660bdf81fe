/**
 * A stream that starts behind its table (`from` under the table's ply count) is
 * sent each past ply with the table as it stood after that ply, as its viewer
 * saw it: the same messages a stream open from the start was sent live. Real
 * HTTP and WebSocket on loopback, on the memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { drive } from './support/drive.js';
import { follow, until } from './support/streams.js';

describe('a stream that catches up', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    // A snapshot every 8 moves: a catch-up from the middle of the table starts from one of them.
    server = await startServer({ port: 0, memory: true, process: 'stream-past', snapshotEvery: 8 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("is sent each past ply with the table as it stood then, as the viewer saw it live, a seat's hidden hands included", async () => {
    const seats = ['seat:ann', 'seat:bob'];
    const { table, tokens, appToken } = await connect(server.url).create({ game: 'circular-table', seats, seed: 3 });
    const ann = await follow(server.url, tokens['seat:ann']!, table, 0);
    const app = await follow(server.url, appToken, table, 0);
    const players = {
      app: connect(server.url, appToken),
      seats: Object.fromEntries(seats.map((seat) => [seat, connect(server.url, tokens[seat]!)])),
    };
    await drive(players, table, 40);
    const plies = (await players.app.get(table)).ply;
    await until(() => ann.seen.length === plies && app.seen.length === plies, 'the live streams');
    ann.stream.close();
    app.stream.close();
    // The table's state changed as it was played: a stream sent the table as it is now would not match.
    const annStates = new Set(ann.seen.map((m) => JSON.stringify(m.state)));
    expect(annStates.size).toBeGreaterThan(plies / 2);

    for (const from of [0, 13]) {
      const annLater = await follow(server.url, tokens['seat:ann']!, table, from);
      const appLater = await follow(server.url, appToken, table, from);
      await until(() => annLater.seen.length === plies - from && appLater.seen.length === plies - from, 'a catch-up');
      annLater.stream.close();
      appLater.stream.close();
      expect(annLater.seen).toEqual(ann.seen.slice(from));
      expect(appLater.seen).toEqual(app.seen.slice(from));
    }
  });
});
