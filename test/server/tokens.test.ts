/**
 * Tokens replaced, over real HTTP on loopback: the app token gives a seat a new token, or itself a new one; from then
 * on the old token is refused 401 on every route and on the stream, and a stream opened with it is closed (4401).
 * Every refusal has its code and changes nothing. The memory store, but for the last scenario: two servers on one
 * PostgreSQL, where the token replaced through one is refused by the other too, its streams closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type PlystackClient } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { REVOKED } from '../../src/server/stream.js';
import { sharedPostgres } from './support/postgres.js';
import { refusal } from './support/refusal.js';
import { follow, until } from './support/streams.js';

const pass = (seat: string) => ({ type: 'engine.pass', seat });

let server: PlystackServer;
let anyone: PlystackClient;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'tokens' });
  anyone = connect(server.url);
});

afterAll(async () => {
  await server?.close();
});

/** A request as sent by hand: the status and body of what the typed client does not send. */
async function raw(url: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${url}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> | null };
}

/** A raw WebSocket on the table's stream with `token` in the query: its close code and reason once it closes. */
async function openRaw(url: string, table: string, token: string) {
  const { default: WebSocket } = await import('ws');
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/stream?token=${encodeURIComponent(token)}`,
  );
  const got: { closed: { code: number; reason: string } | null; refused: number | null; messages: number } = {
    closed: null,
    refused: null,
    messages: 0,
  };
  socket.on('message', () => got.messages++);
  socket.on('close', (code, reason) => (got.closed = { code, reason: String(reason) }));
  socket.on('unexpected-response', (_request, response) => {
    got.refused = response.statusCode ?? null;
    socket.terminate();
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
  });
  return { socket, got };
}

describe("a seat's token replaced", () => {
  it("refuses the old token everywhere, closes its streams, and plays with the new one; the others' are kept", async () => {
    const created = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const { table, appToken } = created;
    const app = anyone.withToken(appToken);
    const oldAnn = created.tokens['seat:ann']!;
    const bob = created.tokens['seat:bob']!;
    await anyone.withToken(oldAnn).play(table, pass('seat:ann'), { expect: 0 });
    const annStream = await openRaw(server.url, table, oldAnn);
    const bobStream = await follow(server.url, bob, table);
    const appStream = await follow(server.url, appToken, table);
    await until(() => annStream.got.messages === 1 && bobStream.seen.length === 1, 'the first ply on the streams');

    const replaced = await app.replaceSeatToken(table, 'seat:ann');
    expect(Object.keys(replaced).sort()).toEqual(['seat', 'table', 'token']);
    expect([replaced.table, replaced.seat]).toEqual([table, 'seat:ann']);
    expect(replaced.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(replaced.token).not.toBe(oldAnn);

    // The old token's stream is closed, saying why; the others' streams stay open.
    await until(() => annStream.got.closed !== null, "the old token's stream to close");
    expect(annStream.got.closed).toEqual(REVOKED);
    expect(REVOKED.code).toBe(4401);
    // The old token is refused on every route, and on the stream.
    const old = anyone.withToken(oldAnn);
    for (const asked of [old.get(table), old.legalMoves(table), old.play(table, pass('seat:bob'))]) {
      const refused = await refusal(asked);
      expect([refused.status, refused.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    expect((await openRaw(server.url, table, oldAnn)).got.refused).toBe(401);
    // The new token is the seat's: it plays, and every open stream sees its ply.
    const annNow = anyone.withToken(replaced.token);
    const live = (await server.tables.get(table))!;
    // The app acts for any seat: it passes until Ann is to act.
    while (live.table.toAct()[0] !== 'seat:ann') await app.play(table, pass(live.table.toAct()[0]!));
    const ply = (await annNow.get(table)).ply;
    await annNow.play(table, pass('seat:ann'), { expect: ply });
    await until(() => bobStream.seen.length === ply + 1 && appStream.seen.length === ply + 1, 'the next ply');
    expect(bobStream.stream.next).toBe(ply + 1);
    bobStream.stream.close();
    appStream.stream.close();
    // A seat's new token may be replaced again, and the one before is refused in turn.
    const again = await app.replaceSeatToken(table, 'seat:ann');
    expect((await refusal(annNow.get(table))).status).toBe(401);
    expect((await anyone.withToken(again.token).get(table)).table).toBe(table);
  });

  it("refuses a seat's token, none, an unknown seat, a bot's seat, a free lobby seat, a body and no table; nothing changes", async () => {
    const created = await anyone.create({
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      bots: { 'seat:bob': { kind: 'random' } },
    });
    const { table, appToken } = created;
    const ann = created.tokens['seat:ann']!;
    const at = `/tables/${encodeURIComponent(table)}`;
    const cases: [string, RequestInit & { token?: string }, number, string][] = [
      [`${at}/seats/seat:ann/token`, { method: 'POST', token: ann }, 403, 'FORBIDDEN'],
      [`${at}/token`, { method: 'POST', token: ann }, 403, 'FORBIDDEN'],
      [`${at}/seats/seat:ann/token`, { method: 'POST' }, 401, 'UNAUTHORIZED'],
      [`${at}/token`, { method: 'POST', token: 'made-up' }, 401, 'UNAUTHORIZED'],
      [`${at}/seats/seat:zed/token`, { method: 'POST', token: appToken }, 404, 'UNKNOWN_SEAT'],
      [`${at}/seats/seat:bob/token`, { method: 'POST', token: appToken }, 409, 'BOT_SEAT'],
      [
        `${at}/seats/seat:ann/token`,
        { method: 'POST', token: appToken, headers: { 'content-type': 'application/json' }, body: '{"seat":"x"}' },
        400,
        'BAD_REQUEST',
      ],
      [
        `${at}/token`,
        { method: 'POST', token: appToken, headers: { 'content-type': 'application/json' }, body: '[' },
        400,
        'BAD_REQUEST',
      ],
      ['/tables/table:nobody/token', { method: 'POST', token: appToken }, 404, 'NOT_FOUND'],
      ['/tables/table:nobody/seats/seat:ann/token', { method: 'POST', token: appToken }, 404, 'NOT_FOUND'],
    ];
    for (const [path, init, status, code] of cases) {
      const answer = await raw(server.url, path, init);
      expect([path, answer.status, answer.body?.code]).toEqual([path, status, code]);
    }
    // Nothing changed: both tokens still act.
    await anyone.withToken(ann).play(table, pass('seat:ann'), { expect: 0 });
    expect((await anyone.withToken(appToken).get(table)).table).toBe(table);
    // An empty object is no body at all.
    const empty = await raw(server.url, `${at}/seats/seat:ann/token`, {
      method: 'POST',
      token: appToken,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(201);

    // In the lobby: a seat nobody holds has no token to replace; a seat taken has.
    const lobby = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: true });
    const lobbyApp = anyone.withToken(lobby.appToken);
    expect((await refusal(lobbyApp.replaceSeatToken(lobby.table, 'seat:ann'))).code).toBe('SEAT_FREE');
    const seated = await anyone.takeSeat(lobby.table, 'seat:ann');
    const fresh = await lobbyApp.replaceSeatToken(lobby.table, 'seat:ann');
    expect((await refusal(anyone.withToken(seated.token).leaveSeat(lobby.table, 'seat:ann'))).status).toBe(401);
    await anyone.withToken(fresh.token).leaveSeat(lobby.table, 'seat:ann');
    expect((await anyone.lobby()).tables.find((t) => t.table === lobby.table)?.free).toEqual(['seat:ann', 'seat:bob']);
  });
});

describe('the app token replaced', () => {
  it("refuses the old app token everywhere and closes its streams; the seats' tokens are kept", async () => {
    const created = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const { table, appToken } = created;
    const ann = created.tokens['seat:ann']!;
    const appStream = await openRaw(server.url, table, appToken);
    const errors: Error[] = [];
    // The client's own stream, reconnecting: it stops once its token is replaced, and says so.
    const following = connect(server.url, appToken).stream(table, {
      onMessage: () => undefined,
      onError: (error) => errors.push(error),
    });
    await following.opened;

    const replaced = await connect(server.url, appToken).replaceAppToken(table);
    expect(Object.keys(replaced).sort()).toEqual(['appToken', 'table']);
    expect(replaced.appToken).not.toBe(appToken);
    await until(() => appStream.got.closed !== null && errors.length > 0, "the old app token's streams to close");
    expect(appStream.got.closed).toEqual(REVOKED);
    expect(errors[0]?.message).toMatch(/^the stream's token was replaced: UNAUTHORIZED/);
    const old = anyone.withToken(appToken);
    for (const asked of [
      old.get(table),
      old.log(table),
      old.replaceAppToken(table),
      old.replaceSeatToken(table, 'seat:ann'),
    ])
      expect((await refusal(asked)).status).toBe(401);
    const app = anyone.withToken(replaced.appToken);
    expect((await app.log(table)).table).toBe(table);
    await anyone.withToken(ann).play(table, pass('seat:ann'), { expect: 0 });
    await app.play(table, pass('seat:bob'));
    expect((await app.get(table)).ply).toBe(2);
    following.close();
  });
});

describe('tokens replaced on PostgreSQL, through two processes', () => {
  it('the token replaced through one server is refused by the other, which closes its streams', async () => {
    const cluster = await sharedPostgres();
    const database = await cluster.database('tokens');
    const one = await startServer({ port: 0, database, process: 'tokens-1' });
    const two = await startServer({ port: 0, database, process: 'tokens-2' });
    try {
      const created = await connect(one.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
      const { table, appToken } = created;
      const ann = created.tokens['seat:ann']!;
      // The second server has the table live, with a stream of Ann's token open, before the token is replaced.
      expect((await connect(two.url, ann).get(table)).table).toBe(table);
      const stream = await openRaw(two.url, table, ann);
      const replaced = await connect(one.url, appToken).replaceSeatToken(table, 'seat:ann');
      await until(() => stream.got.closed !== null, "the other server to close the old token's stream");
      expect(stream.got.closed).toEqual(REVOKED);
      expect((await refusal(connect(two.url, ann).get(table))).status).toBe(401);
      await connect(two.url, replaced.token).play(table, pass('seat:ann'), { expect: 0 });
      // The app token replaced through the second: the first refuses the old one.
      const app = await connect(two.url, appToken).replaceAppToken(table);
      const oldApp = connect(one.url, appToken);
      for (
        let i = 0;
        i < 200 &&
        (await oldApp.get(table).then(
          () => true,
          () => false,
        ));
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await refusal(oldApp.get(table))).status).toBe(401);
      expect((await connect(one.url, app.appToken).log(table)).moves).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
      cluster.destroy();
    }
  });
});
