/**
 * The table server's API end to end over real HTTP on loopback, on the memory
 * store and on a real PostgreSQL 15 (test/server/store-contract.test.ts holds
 * PGlite to the same store promises). Each built-in game is played by its seats
 * with their own tokens; every error status of docs/contract.md is provoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type PlystackClient, type ServerError, type StreamMessage } from '../../src/client/client.js';
import { circularTable } from '../../src/games/circularTable/circularTable.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import { builtInGames } from '../../src/games/registry.js';
import { chessBanks } from '../../src/server/index.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { viewOf } from '../../src/server/view.js';
import { replay } from '../../src/table/replay.js';
import { drive, type Players } from './support/drive.js';
import { type PgCluster, sharedPostgres } from './support/postgres.js';
import { refusal } from './support/refusal.js';
import { sqlOf } from './support/sqlOf.js';

const OPTIONS: Record<string, Record<string, unknown>> = { mundane: { turns: 2 } };
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function raw(
  url: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newTable(
  app: PlystackClient,
  game: string,
  seats: string[],
  extra: Record<string, unknown> = {},
): Promise<Players & { table: string; appToken: string; tokens: Record<string, string> }> {
  const created = await app.create({ game, seats, seed: 11, options: OPTIONS[game] ?? {}, ...extra });
  const seatClients = Object.fromEntries(
    Object.entries(created.tokens).map(([seat, token]) => [seat, app.withToken(token)]),
  );
  return {
    table: created.table,
    appToken: created.appToken,
    tokens: created.tokens,
    app: app.withToken(created.appToken),
    seats: seatClients,
  };
}

function collect(client: PlystackClient, table: string, from: number, count: number): Promise<StreamMessage[]> {
  return new Promise((resolve, reject) => {
    const messages: StreamMessage[] = [];
    const stream = client.stream(table, {
      from,
      reconnect: false,
      onMessage(message) {
        messages.push(message);
        if (messages.length === count) {
          stream.close();
          resolve(messages);
        }
      },
      onError: reject,
    });
    setTimeout(() => {
      stream.close();
      reject(new Error(`stream: ${messages.length} of ${count} messages`));
    }, 15_000);
  });
}

const stores = ['memory', 'postgres'] as const;

describe.each(stores)('the table server on %s', (kind) => {
  let server: PlystackServer;
  let anyone: PlystackClient;
  let cluster: PgCluster | null = null;
  let database: string | null = null;
  const start = async () => {
    server = await startServer({ port: 0, ...(database !== null ? { database } : { memory: true }), process: 'api' });
    anyone = connect(server.url);
  };

  beforeAll(async () => {
    if (kind === 'postgres') {
      cluster = await sharedPostgres();
      database = await cluster.database('api');
    }
    await start();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cluster?.destroy();
  });

  it.each(Object.keys(builtInGames))(
    'plays %s with each seat acting through its own token, and the log replays to the state',
    async (id) => {
      const game = builtInGames[id]!;
      const seats = ['seat:ann', 'seat:bob', 'seat:cy'].slice(0, Math.max(2, game.seats.min));
      const players = await newTable(anyone, id, seats);
      const played = await drive(players, players.table, 24);
      expect(played.length).toBeGreaterThan(3);

      const everything = await players.app.get(players.table);
      expect(everything.ply).toBeGreaterThanOrEqual(played.length);
      const log = await players.app.log(players.table);
      expect(log.moves).toEqual(played);
      expect(log.times).toHaveLength(played.length);
      const again = replay(log);
      expect(everything.state).toEqual(JSON.parse(JSON.stringify(again.state)));
      // Each seat reads its own view, the one viewOf gives that seat of the replayed table.
      for (const seat of seats) {
        const reading = await players.seats[seat]!.get(players.table);
        expect(reading.ply).toBe(everything.ply);
        expect(reading.state).toEqual(JSON.parse(JSON.stringify(viewOf(again, seat).state)));
      }
      // The stream from ply 0 gives every ply once, in order, ending with the table as it is.
      const messages = await collect(players.seats[seats[0]!]!, players.table, 0, everything.ply);
      expect(messages.map((m) => m.index)).toEqual([...Array(everything.ply).keys()]);
      expect(messages.at(-1)!.state).toEqual(JSON.parse(JSON.stringify(viewOf(again, seats[0]!).state)));
      again.stop();
    },
  );

  it('streams live plies to a seat and, after a reconnection from the next index, misses nothing', async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    await drive(players, players.table, 3);
    const first = await collect(players.seats['seat:bob']!, players.table, 0, 3);
    expect(first.map((m) => m.index)).toEqual([0, 1, 2]);
    const live = collect(players.app, players.table, 3, 4);
    await drive(players, players.table, 4);
    expect((await live).map((m) => m.index)).toEqual([3, 4, 5, 6]);
  });

  it('answers a move only for its own seat: 403 for another seat or none, 422 with the refusal, 409 STALE with the ply', async () => {
    const { table, seats, app } = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    const ann = seats['seat:ann']!;
    expect((await refusal(ann.play(table, { type: 'engine.pass', seat: 'seat:bob' }))).status).toBe(403);
    expect((await refusal(ann.play(table, { type: 'engine.pass' }))).status).toBe(403);
    const notYours = await refusal(seats['seat:bob']!.play(table, { type: 'engine.pass', seat: 'seat:bob' }));
    expect([notYours.status, notYours.code]).toEqual([422, 'NO_PRIORITY']);
    const unknown = await refusal(ann.play(table, { type: 'Teleport', seat: 'seat:ann' }));
    expect([unknown.status, unknown.code]).toEqual([422, 'UNKNOWN_MOVE']);
    await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 });
    const stale = await refusal(
      seats['seat:bob']!.play(table, { type: 'engine.pass', seat: 'seat:bob' }, { expect: 0 }),
    );
    expect([stale.status, stale.code, stale.body.ply]).toEqual([409, 'STALE', 1]);
    // The app token acts for any seat, and for none (a seatless pass passes for the seat holding priority).
    expect((await app.play(table, { type: 'engine.pass' }, { expect: 1 })).ply.actor).toBeNull();
    expect((await app.get(table)).ply).toBe(2);
  });

  it('answers a retry sent with an expect the table has moved past 409 STALE, not the refusal the move would get now', async () => {
    const { table, seats, app } = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    const ann = seats['seat:ann']!;
    await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 });
    // Ann no longer holds priority, so her pass would be NO_PRIORITY; her view is out of date, and that comes first.
    const retry = await refusal(ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 }));
    expect([retry.status, retry.code, retry.body.ply]).toEqual([409, 'STALE', 1]);
    // So do a move of a type the game lacks and the app's seatless pass, sent against ply 0.
    const unknown = await refusal(ann.play(table, { type: 'Teleport', seat: 'seat:ann' }, { expect: 0 }));
    expect([unknown.status, unknown.code, unknown.body.ply]).toEqual([409, 'STALE', 1]);
    const seatless = await refusal(app.play(table, { type: 'engine.pass' }, { expect: 0 }));
    expect([seatless.status, seatless.code]).toEqual([409, 'STALE']);
    // Nothing was played by the refusals; without expect her pass is judged as it stands: NO_PRIORITY.
    expect((await app.log(table)).moves).toHaveLength(1);
    const judged = await refusal(ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }));
    expect([judged.status, judged.code]).toEqual([422, 'NO_PRIORITY']);
    // With the ply she now sees, bob's pass is played.
    expect((await seats['seat:bob']!.play(table, { type: 'engine.pass', seat: 'seat:bob' }, { expect: 1 })).index).toBe(
      1,
    );
  });

  it('plays a move sent twice with the same key once, and answers the second time as the first', async () => {
    const { table, seats, app } = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    const ann = seats['seat:ann']!;
    const first = await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }, { key: 'k-1' });
    const second = await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' }, { key: 'k-1' });
    expect(second).toEqual(first);
    expect((await app.log(table)).moves).toHaveLength(1);
    // Keys belong to who sent them: bob's k-1 is another move.
    await seats['seat:bob']!.play(table, { type: 'engine.pass', seat: 'seat:bob' }, { key: 'k-1' });
    expect((await app.log(table)).moves).toHaveLength(2);
  });

  it("shows each seat its own hand and only the size of the others', on reads and on the stream; the app token sees every hand", async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    await drive(players, players.table, 2);
    const everything = (await players.app.get(players.table)).state.seats;
    const bobsHand = everything['seat:bob']!.hand as string[];
    expect(bobsHand.length).toBeGreaterThan(0);
    const ann = await players.seats['seat:ann']!.get(players.table);
    expect(ann.state.seats['seat:ann']!.hand).toEqual(everything['seat:ann']!.hand);
    expect(ann.state.seats['seat:bob']!.hand).toBe(bobsHand.length);
    const [message] = await collect(players.seats['seat:ann']!, players.table, 1, 1);
    expect(message!.state.seats['seat:bob']!.hand).toBe(bobsHand.length);
    expect(JSON.stringify(message)).not.toContain(JSON.stringify(bobsHand));
  });

  it('keeps reads to what the token may see: 401 without or with a foreign token, 403 for another seat or the log before the end', async () => {
    const one = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    const other = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    expect((await refusal(anyone.get(one.table))).status).toBe(401);
    expect((await refusal(anyone.withToken('not-a-token').get(one.table))).status).toBe(401);
    expect((await refusal(other.app.get(one.table))).status).toBe(401);
    expect(
      (await refusal(other.seats['seat:ann']!.play(one.table, { type: 'engine.pass', seat: 'seat:ann' }))).status,
    ).toBe(401);
    expect((await refusal(one.seats['seat:ann']!.legalMoves(one.table, 'seat:bob'))).status).toBe(403);
    expect((await refusal(one.seats['seat:ann']!.log(one.table))).status).toBe(403);
    expect((await refusal(anyone.log(one.table))).status).toBe(401);
    expect((await refusal(one.app.legalMoves(one.table))).status).toBe(400);
    expect((await one.app.legalMoves(one.table, 'seat:ann')).allowed.length).toBeGreaterThan(0);
    const bad = await raw(`${server.url}/tables/${one.table}/stream?from=x`, { token: one.appToken });
    expect(bad.status).toBe(400);
  });

  it('gives the log to anyone once the game is over', async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob'], { options: { turns: 1 } });
    await drive(players, players.table, 60);
    expect((await players.app.get(players.table)).state.status).toBe('over');
    const log = await anyone.log(players.table);
    expect(log.moves.length).toBeGreaterThan(5);
    expect(replay(log).state.status).toBe('over');
  });

  it('answers 400, 404, 409 and 413 with a code and a message', async () => {
    const post = (path: string, body: string, token?: string) =>
      raw(`${server.url}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        ...(token ? { token } : {}),
      });
    expect((await post('/tables', '{"game":')).status).toBe(400);
    expect((await post('/tables', '{"game":"mundane"}')).body.code).toBe('BAD_REQUEST');
    expect((await post('/tables', '{"game":"chess","seats":["seat:a","seat:b"]}')).body).toMatchObject({
      code: 'UNKNOWN_GAME',
      path: 'game',
    });
    expect((await post('/tables', '{"game":"mundane","seats":["seat:a","seat:a"]}')).body).toMatchObject({
      code: 'DUPLICATE_SEAT',
    });
    expect((await post('/tables', '{"game":"mundane","seats":["seat:a","7"]}')).status).toBe(400);
    const one = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob']);
    expect(
      (
        await post(
          `/tables/${one.table}/moves`,
          '{"move":{"type":"engine.pass","seat":"seat:ann"},"expect":-1}',
          one.tokens['seat:ann'],
        )
      ).status,
    ).toBe(400);
    expect((await post(`/tables/${one.table}/moves`, '{"move":[]}', one.tokens['seat:ann'])).status).toBe(400);
    expect((await post(`/tables/${one.table}/moves`, 'null', one.tokens['seat:ann'])).status).toBe(400);
    const missing = await raw(`${server.url}/tables/table:none`, { token: one.appToken });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await raw(`${server.url}/nowhere`)).status).toBe(404);
    const taken = await post(
      '/tables',
      JSON.stringify({ game: 'mundane', seats: ['seat:a', 'seat:b'], table: 'table:fixed' }),
    );
    expect(taken.status).toBe(201);
    expect(
      (await post('/tables', JSON.stringify({ game: 'mundane', seats: ['seat:a', 'seat:b'], table: 'table:fixed' })))
        .status,
    ).toBe(409);
    const huge = JSON.stringify({
      move: { type: 'PlayCard', seat: 'seat:ann', payload: { card: 'x'.repeat(70_000) } },
    });
    const tooLarge = await post(`/tables/${one.table}/moves`, huge, one.tokens['seat:ann']);
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'TOO_LARGE']);
    const payload = await post(
      `/tables/${one.table}/moves`,
      JSON.stringify({ move: { type: 'PlayCard', seat: 'seat:ann', payload: { card: 'x'.repeat(20_000) } } }),
      one.tokens['seat:ann'],
    );
    expect([payload.status, payload.body.code]).toEqual([422, 'INVALID_PAYLOAD']);
  });

  it('plays a seatless pass as the application when a move clock runs out, and records when', async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob'], { clock: { per: 'move', ms: 300 } });
    // Two clocks run out, one after the other (6 s at most).
    let log = await players.app.log(players.table);
    for (let i = 0; i < 60 && log.timeouts.length < 2; i++) {
      await settle(100);
      log = await players.app.log(players.table);
    }
    expect(log.timeouts.length).toBeGreaterThanOrEqual(2);
    expect(log.timeouts).toEqual([...log.moves.keys()]);
    expect(log.moves.every((m) => m.type === 'engine.pass' && m.seat === undefined)).toBe(true);
    expect(log.times.every((t) => !Number.isNaN(Date.parse(t)))).toBe(true);
    // The table the clock moved is the table a replay of its log gives.
    expect((await players.app.get(players.table)).ply).toBeGreaterThanOrEqual(log.moves.length);
  });

  it('ends a whole mundane turn when its turn clock runs out, pass after pass', async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob'], { clock: { per: 'turn', ms: 400 } });
    let reading = await players.app.get(players.table);
    for (let i = 0; i < 60 && reading.state.turn < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reading = await players.app.get(players.table);
    }
    expect(reading.state.turn).toBeGreaterThanOrEqual(2);
    const log = await players.app.log(players.table);
    // Every move was the clock's, and the first turn took several passes to end.
    expect(replay(log).plies.filter((p) => p.turn === 1).length).toBeGreaterThan(5);
    expect(log.timeouts).toEqual([...log.moves.keys()]);
  });

  it('ends a circular-table turn when its turn clock runs out: the clock draws for the seat that has neither played nor drawn, then ends its turn', async () => {
    const players = await newTable(anyone, 'circular-table', ['seat:ann', 'seat:bob', 'seat:cy'], {
      clock: { per: 'turn', ms: 800 },
    });
    const { table, app } = players;
    const first = (await app.get(table)).state.toAct[0]!;
    let log = await app.log(table);
    for (let i = 0; i < 60 && log.moves.length < 2; i++) {
      await settle(100);
      log = await app.log(table);
    }
    // A seatless end of turn alone is refused (DRAW_REQUIRED) and there is no priority to pass: the clock draws for
    // the seat, then ends the turn, both moves the clock's, the second at once.
    expect(log.moves.slice(0, 2)).toEqual([{ type: 'draw', seat: first }, { type: 'engine.end-turn' }]);
    expect(log.timeouts.slice(0, 2)).toEqual([0, 1]);
    const again = replay({ ...log, moves: log.moves.slice(0, 2) });
    expect(again.state.toAct).not.toEqual([first]);
    expect((again.state.seats[first]!.hand as unknown[]).length).toBe(8);
    again.stop();

    // A seat that drew itself is not drawn for again: the clock only ends its turn.
    const seat = (await app.get(table)).state.toAct[0]!;
    const before = (await app.log(table)).moves.length;
    await players.seats[seat]!.play(table, { type: 'draw', seat });
    for (let i = 0; i < 60 && log.moves.length < before + 2; i++) {
      await settle(100);
      log = await app.log(table);
    }
    expect(log.moves.slice(before, before + 2)).toEqual([{ type: 'draw', seat }, { type: 'engine.end-turn' }]);
    expect(log.timeouts).not.toContain(before);
    expect(log.timeouts).toContain(before + 1);
    expect(replay(log).plies.length).toBeGreaterThanOrEqual(log.moves.length);
  });

  it("runs a chess clock on circular-table: the clock's draw for a seat earns it no increment, and the banks are the log's", async () => {
    const players = await newTable(anyone, 'circular-table', ['seat:ann', 'seat:bob'], {
      clock: { per: 'seat', bank: 600, increment: 5000 },
    });
    const { table, app } = players;
    let log = await app.log(table);
    for (let i = 0; i < 60 && log.moves.length < 2; i++) {
      await settle(100);
      log = await app.log(table);
    }
    expect(log.moves[0]).toMatchObject({ type: 'draw' });
    expect(log.moves[1]).toEqual({ type: 'engine.end-turn' });
    // A reading and the log of the same moves (the clock may fire between two requests: read until both agree).
    let reading = await app.get(table);
    for (let i = 0; i < 20; i++) {
      log = await app.log(table);
      const after = await app.get(table);
      if (reading.ply === log.moves.length && after.ply === reading.ply) break;
      reading = after;
    }
    expect(reading.ply).toBe(log.moves.length);
    expect(log.timeouts).toEqual([...log.moves.keys()]);
    const banks = chessBanks(circularTable, log);
    expect(reading.clock!.banks).toEqual(banks);
    // Nobody earned the 5 s increment: every move so far was the clock's, the draws it made for seats too.
    for (const bank of Object.values(banks)) expect(bank).toBeLessThanOrEqual(600);
  });

  it("runs a chess clock: a bank runs down while its seat is to act, its own move adds the increment, an empty bank lets the server pass, and the banks are the log's", async () => {
    const players = await newTable(anyone, 'mundane', ['seat:ann', 'seat:bob'], {
      clock: { per: 'seat', bank: 1200, increment: 300 },
    });
    const { table } = players;
    let reading = await players.app.get(table);
    expect(reading.clock).toMatchObject({
      per: 'seat',
      bank: 1200,
      increment: 300,
      banks: { 'seat:ann': 1200, 'seat:bob': 1200 },
      running: reading.state.toAct,
    });
    const first = reading.state.toAct[0]!;
    const other = first === 'seat:ann' ? 'seat:bob' : 'seat:ann';
    await settle(200);
    await players.seats[first]!.play(table, { type: 'engine.pass', seat: first });
    reading = await players.app.get(table);
    let log = await players.app.log(table);
    // Her bank paid the time from the table's creation to her move, then earned the increment; the other's did not run.
    const spent = Date.parse(log.times[0]!) - Date.parse(log.started);
    expect(spent).toBeGreaterThanOrEqual(200);
    expect(reading.clock!.banks).toEqual({ [first]: 1200 - spent + 300, [other]: 1200 });
    expect(reading.clock!.banks).toEqual(chessBanks(mundane, log));

    // Nobody moves now: the first bank of a seat to act runs out, and the server passes for it as the application.
    for (let i = 0; i < 60 && log.timeouts.length === 0; i++) {
      await settle(100);
      log = await players.app.log(table);
    }
    expect(log.timeouts.length).toBeGreaterThan(0);
    const timeout = log.timeouts[0]!;
    expect(log.moves[timeout]).toEqual({ type: 'engine.pass' });
    // It came when a bank ran out, not before: no bank was empty until that move, one is empty at it.
    const upTo = (n: number) => ({ ...log, moves: log.moves.slice(0, n), times: log.times.slice(0, n) });
    expect(Object.values(chessBanks(mundane, upTo(timeout)))).not.toContain(0);
    expect(Object.values(chessBanks(mundane, upTo(timeout + 1)))).toContain(0);

    // The server restarts (on PostgreSQL: the memory store keeps nothing across one, so there the same process goes on):
    // the banks are in the store, the log gives them exactly, and the clock runs on.
    if (kind === 'postgres') {
      await server.close();
      await start();
    }
    const app = anyone.withToken(players.appToken);
    log = await app.log(table);
    reading = await app.get(table);
    expect(reading.clock!.banks).toEqual(chessBanks(mundane, log));
    const before = log.moves.length;
    for (let i = 0; i < 60 && log.moves.length === before && reading.state.status === 'playing'; i++) {
      await settle(100);
      [log, reading] = await Promise.all([app.log(table), app.get(table)]);
    }
    expect(log.moves.length > before || reading.state.status === 'over').toBe(true);
    expect(replay(log).plies).toHaveLength(reading.ply);
  });

  it('refuses a chess clock without a bank, or with a bank or increment that is not a whole number of ms in range', async () => {
    for (const clock of [
      { per: 'seat' },
      { per: 'seat', bank: 50 },
      { per: 'seat', bank: 1000, increment: -1 },
      { per: 'seat', bank: 1.5 },
      { per: 'seat', bank: 1000, ms: 5 },
    ]) {
      const answer = await raw(`${server.url}/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'mundane', seats: ['seat:a', 'seat:b'], clock }),
      });
      expect([answer.status, answer.body.code]).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('describes itself at /openapi.json', async () => {
    const { status, body } = await raw(`${server.url}/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths as object)).toEqual(
      expect.arrayContaining([
        '/tables',
        '/tables/{table}',
        '/tables/{table}/legal-moves',
        '/tables/{table}/moves',
        '/tables/{table}/log',
        '/tables/{table}/stream',
      ]),
    );
  });
});

describe("the table server's limits", () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await sharedPostgres();
  }, 120_000);
  afterAll(() => cluster?.destroy());

  it('answers 429 past the per-token rate limit, and counts each token apart', async () => {
    const server = await startServer({
      port: 0,
      memory: true,
      rateLimit: { max: 5, windowMs: 60_000 },
    });
    try {
      const players = await newTable(connect(server.url), 'mundane', ['seat:ann', 'seat:bob']);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          await players.seats['seat:ann']!.get(players.table).then(
            () => 200,
            (e: ServerError) => e.status,
          ),
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await refusal(players.seats['seat:ann']!.get(players.table));
      expect(limited.code).toBe('RATE_LIMITED');
      expect((await players.seats['seat:bob']!.get(players.table)).ply).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('creates tables only for the create token when it has one (401 without, 403 with another)', async () => {
    const server = await startServer({
      port: 0,
      memory: true,
      createToken: 'a-long-enough-create-token',
    });
    try {
      const body = { game: 'mundane', seats: ['seat:a', 'seat:b'] };
      expect((await refusal(connect(server.url).create(body))).status).toBe(401);
      expect((await refusal(connect(server.url, 'another-token-entirely').create(body))).status).toBe(403);
      expect(
        (await connect(server.url, 'a-long-enough-create-token').create(body)).appToken.length,
      ).toBeGreaterThanOrEqual(43);
    } finally {
      await server.close();
    }
  });

  it('stores tokens only as hashes', async () => {
    const server = await startServer({ port: 0, database: await cluster.database('hashes') });
    try {
      const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:a', 'seat:b'] });
      const { rows } = await sqlOf(server).query<Record<string, unknown>>(
        'SELECT * FROM plystack_tables WHERE id = $1',
        [created.table],
      );
      const stored = JSON.stringify(rows);
      for (const token of [created.appToken, ...Object.values(created.tokens)]) {
        expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
        expect(stored).not.toContain(token);
      }
    } finally {
      await server.close();
    }
  });
});
