/**
 * The lobby over real HTTP on loopback, on the memory store: a table opened to wait for players is listed without a
 * token, players take its seats (each getting that seat's token once) and leave them, and the table starts, leaving
 * the lobby, once every seat is taken. Until then nothing is played, nobody sees a hand and no clock runs. Every
 * refusal has its code and changes nothing. The last scenario runs two servers on one PostgreSQL, one stopped and started again: the
 * seating is the store's, so any process and a restart see who sat where.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type PlystackClient } from '../../src/client/client.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import { chessBanks } from '../../src/server/clock.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { sharedPostgres } from './support/postgres.js';
import { refusal } from './support/refusal.js';

const SEATS = ['seat:ann', 'seat:bob', 'seat:cy', 'seat:dee'];
const pass = (seat: string) => ({ type: 'engine.pass', seat });

let server: PlystackServer;
let anyone: PlystackClient;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'lobby' });
  anyone = connect(server.url);
});

afterAll(async () => {
  await server?.close();
});

/** A request as sent by hand, for the bodies and statuses the typed client does not send. */
async function raw(path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> | null };
}

/** Opens a mundane table in the lobby: the app's client, and the table's id. */
async function openInLobby(seats = SEATS, extra: Record<string, unknown> = {}) {
  const created = await anyone.create({
    game: 'mundane',
    seats,
    seed: 3,
    options: { turns: 2 },
    lobby: true,
    ...extra,
  });
  return { table: created.table, app: anyone.withToken(created.appToken), tokens: created.tokens };
}

/** The lobby's entry for `table`, or undefined when it is not listed. */
const listed = async (table: string) => (await anyone.lobby()).tables.find((t) => t.table === table);

describe('the lobby', () => {
  it('fills a four-seat table: two sit, one leaves and the seat is free again, the rest sit, and the table starts', async () => {
    const before = Date.now();
    const { table, app, tokens } = await openInLobby(SEATS, { clock: { per: 'turn', ms: 600_000 } });
    // No seat has a token yet: each goes to the player who takes it.
    expect(tokens).toEqual({});
    expect(await listed(table)).toMatchObject({
      game: 'mundane',
      seats: SEATS,
      free: SEATS,
      names: {},
      options: { turns: 2 },
      clock: { per: 'turn', ms: 600_000 },
      spectators: false,
    });
    expect(Date.parse((await listed(table))!.created)).toBeGreaterThanOrEqual(before - 1000);

    // Ann and Bob sit; each gets the seat's token once.
    const ann = await anyone.takeSeat(table, 'seat:ann', { name: 'Ann' });
    expect(ann).toMatchObject({ table, seat: 'seat:ann', started: false });
    const bob = await anyone.takeSeat(table, 'seat:bob', { name: 'Bob' });
    expect(await listed(table)).toMatchObject({
      free: ['seat:cy', 'seat:dee'],
      names: { 'seat:ann': 'Ann', 'seat:bob': 'Bob' },
    });
    // A taken seat is refused to the next player, and stays Ann's.
    expect((await refusal(anyone.takeSeat(table, 'seat:ann', { name: 'Eve' }))).code).toBe('SEAT_TAKEN');

    // Before the start Ann reads the table as a spectator would: her hand is dealt, but not hers to see yet.
    const asAnn = anyone.withToken(ann.token);
    const waiting = await asAnn.get(table);
    expect(waiting.lobby).toEqual({
      waiting: true,
      free: ['seat:cy', 'seat:dee'],
      names: { 'seat:ann': 'Ann', 'seat:bob': 'Bob' },
    });
    expect(waiting.state.seats['seat:ann']).toMatchObject({ hand: 5 });
    // Nothing is played, asked or streamed by a seat before the start, the app's moves neither; the clock waits too.
    for (const refused of [
      () => asAnn.play(table, pass('seat:ann')),
      () => asAnn.legalMoves(table),
      () => app.play(table, pass('seat:ann')),
    ])
      expect((await refusal(refused())).code).toBe('NOT_STARTED');
    const stream = asAnn.stream(table, { reconnect: false, onMessage: () => undefined });
    expect(
      await stream.opened.then(
        () => 'opened',
        (error: { status: number }) => error.status,
      ),
    ).toBe(409);
    expect((await app.get(table)).clock?.deadline).toBeNull();

    // Bob leaves: his token is no longer valid, and the seat is free again.
    await anyone.withToken(bob.token).leaveSeat(table, 'seat:bob');
    expect((await refusal(anyone.withToken(bob.token).get(table))).code).toBe('UNAUTHORIZED');
    expect(await listed(table)).toMatchObject({
      free: ['seat:bob', 'seat:cy', 'seat:dee'],
      names: { 'seat:ann': 'Ann' },
    });

    // The rest sit: Bo takes the seat Bob left, then Cy, then Dee, whose seat is the last: the table starts.
    const bo = await anyone.takeSeat(table, 'seat:bob', { name: 'Bo' });
    expect((await refusal(anyone.withToken(bob.token).get(table))).code).toBe('UNAUTHORIZED');
    expect((await anyone.takeSeat(table, 'seat:cy')).started).toBe(false);
    const dee = await anyone.takeSeat(table, 'seat:dee', { name: 'Dee' });
    expect(dee.started).toBe(true);
    expect(await listed(table)).toBeUndefined();

    // Started: the moves are played, each seat sees its own hand, and the clock runs.
    await asAnn.play(table, pass('seat:ann'), { expect: 0 });
    await anyone.withToken(bo.token).play(table, pass('seat:bob'), { expect: 1 });
    const playing = await asAnn.get(table);
    expect(playing.lobby).toEqual({
      waiting: false,
      free: [],
      names: { 'seat:ann': 'Ann', 'seat:bob': 'Bo', 'seat:dee': 'Dee' },
    });
    expect(Array.isArray((playing.state.seats['seat:ann'] as { hand: unknown }).hand)).toBe(true);
    expect((await anyone.withToken(dee.token).legalMoves(table)).blocked.length).toBeGreaterThan(0);
    expect((await app.get(table)).clock?.deadline).not.toBeNull();
    // Its seats are settled now: nobody sits, leaves or closes it.
    for (const refused of [
      () => anyone.takeSeat(table, 'seat:cy'),
      () => asAnn.leaveSeat(table, 'seat:ann'),
      () => app.leaveSeat(table, 'seat:dee'),
      () => app.close(table),
    ])
      expect((await refusal(refused())).code).toBe('STARTED');
    expect((await app.log(table)).moves).toEqual([pass('seat:ann'), pass('seat:bob')]);
  });

  it('refuses what does not fit, with its code, and changes nothing', async () => {
    const { table, app } = await openInLobby(['seat:ann', 'seat:bob']);
    const at = `/tables/${encodeURIComponent(table)}`;
    const ann = await anyone.takeSeat(table, 'seat:ann');
    const cases: [string, () => ReturnType<typeof raw>, number, string][] = [
      ['a seat the table does not have', () => raw(`${at}/seats/seat:zed`, { method: 'POST' }), 404, 'UNKNOWN_SEAT'],
      ['a table nobody opened', () => raw('/tables/table:none/seats/seat:ann', { method: 'POST' }), 404, 'NOT_FOUND'],
      [
        'an empty name',
        () =>
          raw(`${at}/seats/seat:bob`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"name":""}',
          }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a field nobody reads',
        () =>
          raw(`${at}/seats/seat:bob`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"Bob","admin":true}',
          }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a body that is not JSON',
        () =>
          raw(`${at}/seats/seat:bob`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
        400,
        'BAD_REQUEST',
      ],
      ['leaving without a token', () => raw(`${at}/seats/seat:ann`, { method: 'DELETE' }), 401, 'UNAUTHORIZED'],
      [
        "freeing another player's seat",
        () => raw(`${at}/seats/seat:bob`, { method: 'DELETE', token: ann.token }),
        403,
        'FORBIDDEN',
      ],
      ['closing the table with a seat token', () => raw(at, { method: 'DELETE', token: ann.token }), 403, 'FORBIDDEN'],
      ['a lobby of a game id that is empty', () => raw('/lobby?game='), 400, 'BAD_REQUEST'],
      ['a lobby of a game id the store cannot hold', () => raw('/lobby?game=%00'), 400, 'BAD_REQUEST'],
      ['a lobby of two games', () => raw('/lobby?game=a&game=b'), 400, 'BAD_REQUEST'],
      [
        'a name the store cannot hold',
        () =>
          raw(`${at}/seats/seat:bob`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"name":"Bo\\u0000b"}',
          }),
        400,
        'BAD_REQUEST',
      ],
      [
        'a body that reaches for a prototype',
        () =>
          raw(`${at}/seats/seat:bob`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"__proto__":{"name":"Bob"}}',
          }),
        400,
        'BAD_REQUEST',
      ],
      ['a seat id no table has', () => raw(`${at}/seats/%00`, { method: 'POST' }), 404, 'UNKNOWN_SEAT'],
    ];
    for (const [what, answer, status, code] of cases) {
      const { status: got, body } = await answer();
      expect([what, got, body?.code]).toEqual([what, status, code]);
    }
    // Nothing changed: Ann still holds her seat, and Bob's is free.
    expect(await listed(table)).toMatchObject({ free: ['seat:bob'], names: {} });
    expect((await anyone.withToken(ann.token).get(table)).lobby?.waiting).toBe(true);

    // A table opened with its tokens is not in the lobby: no seat of it is taken, and it is not closed.
    const dealt = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    expect(await listed(dealt.table)).toBeUndefined();
    expect((await refusal(anyone.takeSeat(dealt.table, 'seat:ann'))).code).toBe('NOT_IN_LOBBY');
    expect((await refusal(anyone.withToken(dealt.appToken).close(dealt.table))).code).toBe('NOT_IN_LOBBY');
    // A bot's seat is taken; a lobby of bots alone has nobody to wait for.
    const withBot = await openInLobby(['seat:ann', 'seat:bob'], { bots: { 'seat:bob': { kind: 'random' } } });
    expect((await listed(withBot.table))?.free).toEqual(['seat:ann']);
    expect((await refusal(anyone.takeSeat(withBot.table, 'seat:bob'))).code).toBe('SEAT_TAKEN');
    const bots = { 'seat:ann': { kind: 'random' }, 'seat:bob': { kind: 'random' } } as const;
    const onlyBots = await refusal(
      anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: true, bots }),
    );
    expect([onlyBots.status, onlyBots.body.path]).toEqual([400, 'lobby']);

    // The app frees a seat (a player who went quiet), and closes the table: it is gone.
    await app.leaveSeat(table, 'seat:ann');
    expect((await refusal(anyone.withToken(ann.token).get(table))).code).toBe('UNAUTHORIZED');
    expect((await refusal(app.leaveSeat(table, 'seat:ann'))).code).toBe('SEAT_FREE');
    await app.close(table);
    expect((await refusal(app.get(table))).code).toBe('NOT_FOUND');
    expect(await listed(table)).toBeUndefined();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('lists the newest tables first, only those of a game when asked, and starts a table whose bot acts first', async () => {
    const first = await openInLobby(['seat:ann', 'seat:bob']);
    const second = await openInLobby(['seat:ann', 'seat:bob']);
    const ids = (await anyone.lobby('mundane')).tables.map((t) => t.table);
    expect(ids.indexOf(second.table)).toBeLessThan(ids.indexOf(first.table));
    expect((await anyone.lobby('sandbox')).tables.map((t) => t.table)).not.toContain(first.table);

    // Bob is the server's bot and Ann's is the only free seat: taking it starts the table, and the bot plays when due.
    const created = await anyone.create({
      game: 'tic-tac-toe',
      seats: ['seat:bob', 'seat:ann'],
      lobby: true,
      bots: { 'seat:bob': { kind: 'random' } },
    });
    const app = anyone.withToken(created.appToken);
    expect((await app.get(created.table)).ply).toBe(0);
    expect((await anyone.takeSeat(created.table, 'seat:ann')).started).toBe(true);
    for (let i = 0; i < 200 && (await app.get(created.table)).ply === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await app.log(created.table)).moves[0]).toMatchObject({ seat: 'seat:bob' });
  });
});

describe('a chess clock in the lobby', () => {
  it('starts the banks when the table starts, not while it waits, and the log still gives the banks the server holds', async () => {
    const { table, app } = await openInLobby(['seat:ann', 'seat:bob'], {
      clock: { per: 'seat', bank: 600_000, increment: 1000 },
    });
    const created = Date.parse((await listed(table))!.created);
    const ann = await anyone.takeSeat(table, 'seat:ann');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await anyone.takeSeat(table, 'seat:bob');
    await anyone.withToken(ann.token).play(table, pass('seat:ann'), { expect: 0 });
    const log = await app.log(table);
    // The log's start is the table's start: the 150 ms it waited for Bob are nobody's time.
    expect(Date.parse(log.started)).toBeGreaterThanOrEqual(created + 150);
    const spent = Date.parse(log.times[0]!) - Date.parse(log.started);
    expect((await app.get(table)).clock?.banks).toEqual({ 'seat:ann': 600_000 - spent + 1000, 'seat:bob': 600_000 });
    expect((await app.get(table)).clock?.banks).toEqual(chessBanks(mundane, log));
  });
});

describe('the lobby on PostgreSQL, through two processes and a restart', () => {
  it('keeps who sat where: a seat taken through one server holds on the other, and after a restart', async () => {
    const cluster = await sharedPostgres();
    const database = await cluster.database('lobby');
    let one = await startServer({ port: 0, database, process: 'lobby-1' });
    const two = await startServer({ port: 0, database, process: 'lobby-2' });
    try {
      const created = await connect(one.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: true });
      const { table } = created;
      // The second server has the table live before anyone sits: it must learn of the seat from the store.
      const app2 = connect(two.url, created.appToken);
      expect((await app2.get(table)).lobby?.free).toEqual(['seat:ann', 'seat:bob']);
      const ann = await connect(one.url).takeSeat(table, 'seat:ann', { name: 'Ann' });
      expect((await connect(two.url, ann.token).get(table)).lobby?.names).toEqual({ 'seat:ann': 'Ann' });
      expect((await refusal(connect(two.url).takeSeat(table, 'seat:ann'))).code).toBe('SEAT_TAKEN');
      // Text PostgreSQL cannot hold, in the lobby's query: refused before it reaches the database.
      expect((await fetch(`${two.url}/lobby?game=%00`)).status).toBe(400);

      await one.close();
      one = await startServer({ port: 0, database, process: 'lobby-1' });
      expect((await connect(one.url).lobby()).tables.find((t) => t.table === table)?.free).toEqual(['seat:bob']);
      const bob = await connect(one.url).takeSeat(table, 'seat:bob');
      expect(bob.started).toBe(true);
      // The other server, which saw the table waiting, plays it now that it has started.
      await connect(two.url, ann.token).play(table, pass('seat:ann'), { expect: 0 });
      // The first hears of it as of any move another process commits (a notification, soon after).
      const asBob = connect(one.url, bob.token);
      for (let i = 0; i < 200 && (await asBob.get(table)).ply === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await asBob.get(table)).ply).toBe(1);
    } finally {
      await one.close();
      await two.close();
      cluster.destroy();
    }
  });
});
