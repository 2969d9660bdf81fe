/**
 * Requests the store could not keep as sent are refused before anything is
 * played, and an idempotency key names one move. Over real HTTP on loopback,
 * against a server on the memory store: U+0000 and lone surrogates anywhere in
 * a body are a 400 naming the field, the table unchanged; a table id no table
 * can have is a 404; a key sent again with another move is a 422 and that move
 * is not played, while the same move (its members in another order) gets the
 * first answer again. A `__proto__` key is refused alike on HTTP and on the
 * stream, and a token in the query is read on the stream alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sameJson } from '../../src/core/json.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { unstorable } from '../../src/server/storable.js';

let server: PlystackServer;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'request-text' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function request(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newTable() {
  const created = await request('POST', '/tables', { game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 3 });
  expect(created.status).toBe(201);
  const { table, tokens, appToken } = created.body as {
    table: string;
    tokens: Record<string, string>;
    appToken: string;
  };
  const moves = (body: unknown, token = tokens['seat:ann']!) =>
    request('POST', `/tables/${encodeURIComponent(table)}/moves`, body, token);
  const log = async () => (await request('GET', `/tables/${encodeURIComponent(table)}/log`, undefined, appToken)).body;
  return { table, tokens, moves, log };
}

const PASS = { type: 'engine.pass', seat: 'seat:ann' };

describe('text the store cannot keep', () => {
  it('U+0000 or a lone surrogate in a payload, a key or a seed is refused 400 with its path, and nothing is played', async () => {
    const { moves, log } = await newTable();
    const refused = [
      [{ move: { ...PASS, payload: { note: 'a\u0000b' } } }, 'move.payload.note'],
      [{ move: { ...PASS, payload: { list: ['ok', 'x\ud800'] } } }, 'move.payload.list.1'],
      [{ move: PASS, key: 'k\u0000' }, 'key'],
      [{ move: PASS, key: 'k\udbff' }, 'key'],
      [{ move: { ...PASS, payload: { 'k\u0000': 1 } } }, 'move.payload'],
    ] as const;
    for (const [body, path] of refused) {
      const answer = await moves(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_REQUEST', path });
    }
    expect((await log()).moves).toEqual([]);
    // The table goes on as if none had come: the first move played is ply 0.
    expect((await moves({ move: PASS })).body).toMatchObject({ index: 0 });

    const seeded = await request('POST', '/tables', {
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      seed: 'a\u0000',
    });
    expect(seeded.status).toBe(400);
    expect(seeded.body).toMatchObject({ code: 'BAD_REQUEST', path: 'seed' });
  });

  it('a table id no table can have is not found', async () => {
    const answer = await request('GET', `/tables/${encodeURIComponent('table:a\u0000b')}/log`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('every text of a body is looked at: keys and strings, at any depth; well-formed text passes', () => {
    expect(unstorable({ a: [{ b: 'fine 😀' }], ключ: 'значение' })).toBeNull();
    expect(unstorable({ a: [{ b: '\udc00x' }] })).toMatchObject({ path: 'a.0.b' });
    expect(unstorable('\u0000')).toMatchObject({ path: 'body' });
  });
});

describe('an idempotency key names one move', () => {
  it('sent again with another move: 422 KEY_REUSED and that move is not played; the same move gets the first answer', async () => {
    const { moves, log } = await newTable();
    const first = await moves({ move: PASS, key: 'k-1' });
    expect(first.status).toBe(200);
    // The same move, its members in another order: the first answer, and nothing played twice.
    const again = await moves({ key: 'k-1', move: { seat: 'seat:ann', type: 'engine.pass' } });
    expect(again).toEqual(first);
    const other = await moves({ move: { type: 'engine.end-turn', seat: 'seat:ann' }, key: 'k-1' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'KEY_REUSED' });
    expect((await log()).moves).toEqual([PASS]);
  });

  it('two keys that differ only in a lone surrogate are never one key: both are refused', async () => {
    const { moves, log } = await newTable();
    expect((await moves({ move: PASS, key: 'k\ud800' })).status).toBe(400);
    expect((await moves({ move: PASS, key: 'k\udbff' })).status).toBe(400);
    expect((await log()).moves).toEqual([]);
  });

  it('moves are the same JSON whatever the order of their members, and differ by any value', () => {
    expect(sameJson({ type: 'a', payload: { x: [1, { y: 2 }] } }, { payload: { x: [1, { y: 2 }] }, type: 'a' })).toBe(
      true,
    );
    expect(sameJson({ type: 'a', seat: undefined }, { type: 'a' })).toBe(true);
    expect(sameJson({ type: 'a', payload: { x: [1, 2] } }, { type: 'a', payload: { x: [2, 1] } })).toBe(false);
    expect(sameJson({ type: 'a' }, { type: 'a', seat: 'seat:ann' })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});

describe('the stream and HTTP alike', () => {
  it('refuse a body with a __proto__ key with the same answer, and play nothing', async () => {
    const { table, tokens, log } = await newTable();
    const text = `{"move":{"type":"engine.pass","seat":"seat:ann","payload":{"__proto__":{"x":1}}}}`;
    const http = await fetch(`${server.url}/tables/${encodeURIComponent(table)}/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens['seat:ann']}` },
      body: text,
    });
    const overHttp = { status: http.status, body: await http.json() };
    expect(overHttp.status).toBe(400);

    // On the stream, with the token in the query as a browser sends it.
    const url = `${server.url.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/stream?token=${tokens['seat:ann']}`;
    const socket = new WebSocket(url);
    const reply = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { reply?: unknown; status: number; body: unknown };
        if ('reply' in message) resolve({ status: message.status, body: message.body });
      });
      socket.once('error', reject);
      socket.once('open', () => socket.send(text.replace('{"move"', '{"id":1,"move"')));
    });
    socket.close();
    expect(reply).toEqual(overHttp);
    expect((await log()).moves).toEqual([]);
  });

  it('read a token in the query on the stream alone: elsewhere it is no token', async () => {
    const { table, tokens } = await newTable();
    const path = `/tables/${encodeURIComponent(table)}`;
    const withHeader = await request('GET', path, undefined, tokens['seat:ann']);
    expect(withHeader.status).toBe(200);
    const inQuery = await request('GET', `${path}?token=${tokens['seat:ann']}`);
    expect(inQuery.status).toBe(401);
    expect(inQuery.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
