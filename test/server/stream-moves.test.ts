/**
 * Moves sent on a table's stream: a client that follows its table over a
 * WebSocket plays on the same connection, with the same token, checks, rate
 * limit and answers as `POST /tables/{table}/moves`. Real HTTP and WebSocket on
 * loopback, the memory store.
 */
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerError } from '../../src/client/client.js';
import { connect, type StreamMessage } from '../../src/client/client.js';
import { MAX_STREAM_MOVES_IN_FLIGHT, type PlystackServer, startServer } from '../../src/server/server.js';
import { refusal } from './support/refusal.js';
import { follow, until } from './support/streams.js';

interface Reply {
  reply: string | number | null;
  status: number;
  body: Record<string, unknown>;
}

/** A bare WebSocket on the stream, for what the typed client never sends; `replies` are the answers to moves. */
async function bare(url: string, token: string, table: string): Promise<{ socket: WebSocket; replies: Reply[] }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/stream?from=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const replies: Reply[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Reply | StreamMessage;
    if ('reply' in message) replies.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, replies };
}

describe("moves on a table's stream", () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'stream-moves', bodyLimit: 8_192 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const newTable = () => connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 4 });

  it('plays each seat through its own stream, answered as by HTTP, and streams the plies to both', async () => {
    const { table, tokens, appToken } = await newTable();
    const ann = await follow(server.url, tokens['seat:ann']!, table);
    const bob = await follow(server.url, tokens['seat:bob']!, table);

    const first = await ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 });
    expect([first.index, first.ply.actor, first.ply.move.type]).toEqual([0, 'seat:ann', 'engine.pass']);
    const second = await bob.stream.play({ type: 'engine.pass', seat: 'seat:bob' });
    expect(second.index).toBe(1);
    // A move by HTTP goes between them as any other.
    const third = await connect(server.url, tokens['seat:ann']!).play(table, { type: 'engine.pass', seat: 'seat:ann' });
    expect(third.index).toBe(2);

    const app = connect(server.url, appToken);
    const reading = await app.get(table);
    await until(() => ann.seen.length === reading.ply && bob.seen.length === reading.ply, 'every ply on both streams');
    expect(ann.seen.map((m) => m.index)).toEqual([...Array(reading.ply).keys()]);
    expect(bob.seen.map((m) => m.ply)).toEqual(reading.plies);
    expect((await app.log(table)).moves).toEqual([
      { type: 'engine.pass', seat: 'seat:ann' },
      { type: 'engine.pass', seat: 'seat:bob' },
      { type: 'engine.pass', seat: 'seat:ann' },
    ]);
    ann.stream.close();
    bob.stream.close();
  });

  it('refuses on the stream as by HTTP: 403 for another seat, 422 with the refusal, 409 STALE; the table stays as it was', async () => {
    const { table, tokens, appToken } = await newTable();
    const ann = await follow(server.url, tokens['seat:ann']!, table);
    const bob = await follow(server.url, tokens['seat:bob']!, table);

    const forBob = await refusal(ann.stream.play({ type: 'engine.pass', seat: 'seat:bob' }));
    expect([forBob.status, forBob.code]).toEqual([403, 'FORBIDDEN']);
    const seatless = await refusal(ann.stream.play({ type: 'engine.pass' }));
    expect([seatless.status, seatless.code]).toEqual([403, 'FORBIDDEN']);
    const notYet = await refusal(bob.stream.play({ type: 'engine.pass', seat: 'seat:bob' }));
    expect([notYet.status, notYet.code]).toEqual([422, 'NO_PRIORITY']);
    const unknown = await refusal(ann.stream.play({ type: 'Teleport', seat: 'seat:ann' }));
    expect([unknown.status, unknown.code]).toEqual([422, 'UNKNOWN_MOVE']);
    const stale = await refusal(ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' }, { expect: 3 }));
    expect([stale.status, stale.code, stale.body.ply]).toEqual([409, 'STALE', 0]);

    const reading = await connect(server.url, appToken).get(table);
    expect(reading.ply).toBe(0);
    expect(ann.seen).toEqual([]);
    // The app token's stream acts for any seat, and for none.
    const app = await follow(server.url, appToken, table);
    expect((await app.stream.play({ type: 'engine.pass' })).ply.actor).toBeNull();
    for (const s of [ann, bob, app]) s.stream.close();
  });

  it('plays a key once across HTTP and the stream, and answers the second time as the first', async () => {
    const { table, tokens, appToken } = await newTable();
    const ann = await follow(server.url, tokens['seat:ann']!, table);
    const byHttp = await connect(server.url, tokens['seat:ann']!).play(
      table,
      { type: 'engine.pass', seat: 'seat:ann' },
      { key: 'k-1' },
    );
    const again = await ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' }, { key: 'k-1' });
    expect(again).toEqual(byHttp);
    expect((await connect(server.url, appToken).log(table)).moves).toHaveLength(1);
    ann.stream.close();
  });

  it('answers what is not a move 400 with the id it was sent with, and keeps the socket and the table', async () => {
    const { table, tokens, appToken } = await newTable();
    const { socket, replies } = await bare(server.url, tokens['seat:ann']!, table);
    socket.send('not json');
    socket.send(JSON.stringify({ id: 'a', move: 'pass' }));
    socket.send(JSON.stringify({ id: 'b', move: { type: 'engine.pass', seat: 'seat:ann' }, extra: 1 }));
    socket.send(JSON.stringify({ id: 'c', move: { type: 'engine.pass', seat: 'seat:ann' }, expect: -1 }));
    socket.send(JSON.stringify([1, 2]));
    socket.send(Buffer.from([0xff, 0xfe, 0x00]));
    socket.send(JSON.stringify({ id: 7, move: { type: 'engine.pass', seat: 'seat:ann' } }));
    await until(() => replies.length === 7, 'seven replies');
    expect(replies.map((r) => [r.reply, r.status, r.body.code])).toEqual([
      [null, 400, 'BAD_REQUEST'],
      ['a', 400, 'BAD_REQUEST'],
      ['b', 400, 'BAD_REQUEST'],
      ['c', 400, 'BAD_REQUEST'],
      [null, 400, 'BAD_REQUEST'],
      [null, 400, 'BAD_REQUEST'],
      [7, 200, undefined],
    ]);
    expect(replies[1]!.body.path).toBe('move');
    expect(replies[6]!.body.index).toBe(0);
    expect((await connect(server.url, appToken).log(table)).moves).toHaveLength(1);
    socket.close();
  });

  it('closes a stream sent a message over the body limit (1009) and goes on serving the table', async () => {
    const { table, tokens, appToken } = await newTable();
    const { socket, replies } = await bare(server.url, tokens['seat:ann']!, table);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ move: { type: 'engine.pass', seat: 'seat:ann', pad: 'x'.repeat(10_000) } }));
    expect(await closed).toBe(1009);
    expect(replies).toEqual([]);
    const ann = await follow(server.url, tokens['seat:ann']!, table);
    expect((await ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' })).index).toBe(0);
    expect((await connect(server.url, appToken).log(table)).moves).toHaveLength(1);
    ann.stream.close();
  });

  it("sends a move's ply and its answer in one write to the mover's socket, move after move", async () => {
    const { table, appToken } = await newTable();
    const { socket, replies } = await bare(server.url, appToken, table);
    // The server's writes to this client's connection, counted on Node's own TCP sockets (the server runs in this
    // process): the server's end of the connection is the socket whose remote port is this client's local port.
    const port = (socket as unknown as { _socket: Socket })._socket.localPort;
    let writes = 0;
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const original = { _write: proto._write, _writev: proto._writev };
    for (const name of ['_write', '_writev'] as const)
      proto[name] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === port) writes++;
        return original[name].apply(this, args);
      };
    const perMove: number[] = [];
    try {
      for (let i = 0; i < 12; i++) {
        const before = writes;
        socket.send(JSON.stringify({ id: i, move: { type: 'engine.pass' } }));
        await until(() => replies.length === i + 1, `the answer to move ${i}`);
        perMove.push(writes - before);
      }
    } finally {
      Object.assign(proto, original);
    }
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    // Two messages a move (its ply on the stream, then its answer), one write.
    expect(perMove).toEqual(Array(12).fill(1));
    socket.close();
  });

  it('rejects a move the stream cannot send, and one whose answer a closed stream can no longer bring', async () => {
    const { table, tokens } = await newTable();
    const ann = await follow(server.url, tokens['seat:ann']!, table);
    const pending = ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' });
    ann.stream.close();
    await expect(pending).rejects.toThrow(/closed before the server answered/);
    await expect(ann.stream.play({ type: 'engine.pass', seat: 'seat:ann' })).rejects.toThrow(/not open/);
  });
});

describe("the stream's moves in flight", () => {
  it('answers a burst past the cap of moves awaiting answers 429 at once, each move answered once, none played twice', async () => {
    const server = await startServer({ port: 0, memory: true, rateLimit: { max: 1_000_000, windowMs: 60_000 } });
    try {
      const { table, tokens, appToken } = await connect(server.url).create({
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
      });
      const { socket, replies } = await bare(server.url, tokens['seat:ann']!, table);
      const burst = 200;
      for (let i = 0; i < burst; i++)
        socket.send(JSON.stringify({ id: i, move: { type: 'engine.pass', seat: 'seat:ann' }, expect: 0 }));
      await until(() => replies.length === burst, `${burst} answers`);
      // Each is answered once, in the order it was sent, the refused ones too.
      expect(replies.map((r) => r.reply)).toEqual([...Array(burst).keys()]);
      const busy = replies.filter((r) => r.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.length).toBeLessThanOrEqual(burst - MAX_STREAM_MOVES_IN_FLIGHT);
      const said = `too many moves in flight on this stream: at most ${MAX_STREAM_MOVES_IN_FLIGHT} await their answers at once`;
      for (const r of busy) expect([r.body.code, r.body.message]).toEqual(['RATE_LIMITED', said]);
      // The rest were judged as usual: the first played, the others were stale by then.
      const judged = replies.filter((r) => r.status !== 429);
      expect(judged.filter((r) => r.status === 200)).toHaveLength(1);
      expect(judged.filter((r) => r.status !== 200).every((r) => r.body.code === 'STALE')).toBe(true);
      expect((await connect(server.url, appToken).log(table)).moves).toHaveLength(1);
      socket.close();
    } finally {
      await server.close();
    }
  });
});

describe("the stream's moves and the rate limit", () => {
  it('counts moves on the stream against the token, with its HTTP requests: past the limit they are answered 429', async () => {
    const server = await startServer({ port: 0, memory: true, rateLimit: { max: 4, windowMs: 60_000 } });
    try {
      const app = connect(server.url);
      const { table, tokens } = await app.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
      // One request to open the stream (its upgrade) and one read by HTTP: two left of four.
      const ann = await follow(server.url, tokens['seat:ann']!, table);
      await connect(server.url, tokens['seat:ann']!).get(table);
      const answers: (number | string)[] = [];
      for (let i = 0; i < 3; i++)
        answers.push(
          await ann.stream.play({ type: 'Teleport', seat: 'seat:ann' }).then(
            () => 200,
            (e: ServerError) => `${e.status} ${e.code}`,
          ),
        );
      expect(answers).toEqual(['422 UNKNOWN_MOVE', '422 UNKNOWN_MOVE', '429 RATE_LIMITED']);
      // Bob's token has its own count.
      const bob = await follow(server.url, tokens['seat:bob']!, table);
      expect((await refusal(bob.stream.play({ type: 'engine.pass', seat: 'seat:bob' }))).code).toBe('NO_PRIORITY');
      ann.stream.close();
      bob.stream.close();
    } finally {
      await server.close();
    }
  });
});
