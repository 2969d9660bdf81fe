/**
 * A reader that stops reading its stream: the server keeps at most
 * `MAX_STREAM_BACKLOG` bytes unsent for it, then closes the socket with a close
 * code and reason saying it was too slow, instead of holding every ply made
 * meanwhile; reconnected with `from`, it catches up on every ply it missed.
 * Real HTTP and WebSocket on loopback, on the memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect, type StreamMessage } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { follow, until } from './support/streams.js';

const SEATS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((letter) => `seat:${letter}`);
/** Moves made while the reader does not read: each message holds every hand (the app sees them), about 50 kB. */
const MOVES = 400;

describe('a stream whose reader stops reading', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'stream-backlog', bodyLimit: 262_144 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is closed as too slow once its backlog passes the bound, and catches up when it reconnects with from', async () => {
    // Every seat holds 100 cards of a long name: the app's view of the table is large, so few plies fill any buffer.
    const card = (seat: string) => ({ name: `${seat.slice(5)}-${'x'.repeat(60)}`, type: 'HABIT', time: 9 });
    const decks = Object.fromEntries(SEATS.map((seat) => [seat, Array.from({ length: 110 }, () => card(seat))]));
    const { table, appToken } = await connect(server.url).create({
      game: 'mundane',
      seats: SEATS,
      seed: 8,
      options: { decks, openingHand: 100 },
    });

    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/tables/${table}/stream?from=0`, {
      headers: { authorization: `Bearer ${appToken}` },
    });
    const seen: StreamMessage[] = [];
    let bytes = 0;
    socket.on('message', (data) => {
      bytes += String(data).length;
      seen.push(JSON.parse(String(data)) as StreamMessage);
    });
    let closed: { code: number; reason: string } | null = null;
    socket.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // The reader stops reading; the table plays on.
    socket.pause();
    const entry = (await server.tables.get(table))!;
    for (let i = 0; i < MOVES; i++) {
      const outcome = await server.tables.play(entry, { type: 'engine.pass', seat: entry.table.toAct()[0]! });
      expect(outcome.status).toBe(200);
    }
    const plies = (await connect(server.url, appToken).get(table)).ply;

    // Reading again, it finds what was sent before the server gave up on it, then the close.
    socket.resume();
    await until(() => closed !== null || seen.length === plies, 'the close, or every ply');
    expect(closed).toEqual({ code: 1008, reason: expect.stringMatching(/too slow/) });
    expect(seen.map((m) => m.index)).toEqual([...seen.keys()]);
    expect(seen.length).toBeLessThan(plies);
    const again = await follow(server.url, appToken, table, seen.length);
    await until(() => again.seen.length === plies - seen.length, 'the catch-up after reconnecting');
    again.stream.close();
    expect(again.seen.map((m) => m.index)).toEqual([...Array(plies - seen.length).keys()].map((k) => seen.length + k));
    // What the server held for the reader that stopped (in its own buffer and the connection's) stayed far below what
    // the table made for it meanwhile.
    const made = bytes + again.seen.reduce((sum, message) => sum + JSON.stringify(message).length, 0);
    expect(made).toBeGreaterThan(16_000_000);
    expect(bytes).toBeLessThan(made / 2);
  });
});
