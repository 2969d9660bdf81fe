/**
 * A reader that stops reading its stream: the server keeps at most
 * `MAX_STREAM_BACKLOG` bytes unsent for it, then closes the socket with a close
 * code and reason saying it was too slow, instead of holding every ply made
 * meanwhile; reconnected with `from`, it catches up on every ply it missed.
 * A reader that stops reading while it catches up is closed once it has read
 * nothing for the server's stall bound, and the catch-up stops with it.
 * Real HTTP and WebSocket on loopback, on the memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect, type StreamMessage } from '../../src/client/client.js';
import { catchUpWork } from '../../src/server/catchUp.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { follow, until } from './support/streams.js';

const SEATS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((letter) => `seat:${letter}`);
/** Moves made while the reader does not read: each message holds every hand (the app sees them), about 50 kB. */
const MOVES = 400;

/** Every seat holds 100 cards of a long name: the app's view of the table is large, so few plies fill any buffer. */
const card = (seat: string) => ({ name: `${seat.slice(5)}-${'x'.repeat(60)}`, type: 'HABIT', time: 9 });
const decks = Object.fromEntries(SEATS.map((seat) => [seat, Array.from({ length: 110 }, () => card(seat))]));

/** A mundane table of eight seats whose every message is large (the app sees every hand: about 50 kB a ply). */
const bigTable = (url: string) =>
  connect(url).create({ game: 'mundane', seats: SEATS, seed: 8, options: { decks, openingHand: 100 } });

/** A raw stream socket of `table` from ply `from`, keeping what it is sent and how it was closed. */
async function openStream(url: string, token: string, table: string, from: number) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/tables/${table}/stream?from=${from}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const seen: StreamMessage[] = [];
  let bytes = 0;
  socket.on('message', (data) => {
    bytes += String(data).length;
    seen.push(JSON.parse(String(data)) as StreamMessage);
  });
  const got = { seen, bytes: () => bytes, closed: null as { code: number; reason: string } | null };
  socket.on('close', (code, reason) => (got.closed = { code, reason: String(reason) }));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, got };
}

describe('a stream whose reader stops reading', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'stream-backlog', bodyLimit: 262_144 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is closed as too slow once its backlog passes the bound, and catches up when it reconnects with from', async () => {
    const { table, appToken } = await bigTable(server.url);

    const { socket, got } = await openStream(server.url, appToken, table, 0);
    const { seen } = got;
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
    await until(() => got.closed !== null || seen.length === plies, 'the close, or every ply');
    expect(got.closed).toEqual({ code: 1008, reason: expect.stringMatching(/too slow/) });
    expect(seen.map((m) => m.index)).toEqual([...seen.keys()]);
    expect(seen.length).toBeLessThan(plies);
    const again = await follow(server.url, appToken, table, seen.length);
    await until(() => again.seen.length === plies - seen.length, 'the catch-up after reconnecting');
    again.stream.close();
    expect(again.seen.map((m) => m.index)).toEqual([...Array(plies - seen.length).keys()].map((k) => seen.length + k));
    // What the server held for the reader that stopped (in its own buffer and the connection's) stayed far below what
    // the table made for it meanwhile.
    const made = got.bytes() + again.seen.reduce((sum, message) => sum + JSON.stringify(message).length, 0);
    expect(made).toBeGreaterThan(16_000_000);
    expect(got.bytes()).toBeLessThan(made / 2);
  });
});

describe('a reader that stops reading while it catches up', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      memory: true,
      process: 'stream-stall',
      bodyLimit: 262_144,
      streamStallMs: 300,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is closed once it has read nothing for the stall bound; its catch-up stops; reconnected, it misses nothing', async () => {
    const { table, appToken } = await bigTable(server.url);
    const entry = (await server.tables.get(table))!;
    for (let i = 0; i < MOVES; i++) {
      const outcome = await server.tables.play(entry, { type: 'engine.pass', seat: entry.table.toAct()[0]! });
      expect(outcome.status).toBe(200);
    }
    const plies = (await connect(server.url, appToken).get(table)).ply;

    // Opened from the start, the stream catches up; its reader reads nothing from the moment it is open.
    const { socket, got } = await openStream(server.url, appToken, table, 0);
    socket.pause();
    await until(() => entry.subscribers.size === 0, 'the server to give up on the reader');
    // The catch-up stopped with it: it replays nothing more for a reader that is gone.
    const replayed = catchUpWork().replayed;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(catchUpWork().replayed).toBe(replayed);

    // Reading again, the reader finds what was sent before the server gave up, every index once, then the close.
    socket.resume();
    await until(() => got.closed !== null, 'the close');
    expect(got.closed).toEqual({
      code: 1008,
      reason: 'too slow: nothing read for 300 ms; reconnect with from = the next index you need',
    });
    expect(got.seen.length).toBeGreaterThan(0);
    expect(got.seen.length).toBeLessThan(plies);
    expect(got.seen.map((m) => m.index)).toEqual([...got.seen.keys()]);
    const again = await follow(server.url, appToken, table, got.seen.length);
    await until(() => again.seen.length === plies - got.seen.length, 'the catch-up after reconnecting');
    again.stream.close();
    expect(again.seen.map((m) => m.index)).toEqual(
      [...Array(plies - got.seen.length).keys()].map((k) => got.seen.length + k),
    );
  });
});
