/**
 * The OpenAPI document the server serves describes what it really answers: each
 * response of a mundane table played over real HTTP on loopback (the memory
 * store) is checked against the schema `/openapi.json` gives for that path,
 * method and status, with a JSON Schema 2020-12 validator.
 */

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ServerError } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { replay } from '../../src/table/replay.js';

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components: { schemas: Record<string, unknown> };
};

let server: PlystackServer;
let document: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'openapi' });
  document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Document;
  ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  addFormats.default(ajv);
  // The document is one schema resource, so each response schema's refs (#/components/schemas/…) resolve in it;
  // its other members are not schemas.
  for (const member of ['openapi', 'info', 'security', 'paths', 'components']) ajv.addKeyword(member);
  ajv.addSchema(document, 'openapi');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Checks `body` against the served schema of the answer `status` to `method path`; returns the validator's errors. */
function check(method: string, path: string, status: number, body: unknown): unknown[] {
  const answer = document.paths[path]?.[method]?.responses[String(status)];
  expect(answer, `${method} ${path} ${status} is in the document`).toBeDefined();
  const ref = `openapi#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.compile({ $ref: ref });
  return validate(body) ? [] : (validate.errors ?? []);
}

async function request(path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the served OpenAPI document accepts the server's real answers", () => {
  it('a log fetched from the server validates against the Log schema, rulesRevision included, and replays', async () => {
    const anyone = connect(server.url);
    const created = await anyone.create({
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      seed: 5,
      clock: { per: 'seat', bank: 60_000, increment: 500 },
    });
    const app = anyone.withToken(created.appToken);
    await anyone.withToken(created.tokens['seat:ann']!).play(created.table, { type: 'engine.pass', seat: 'seat:ann' });
    await app.play(created.table, { type: 'engine.pass' });
    const { status, body } = await request(`/tables/${encodeURIComponent(created.table)}/log`, {
      token: created.appToken,
    });
    expect(status).toBe(200);
    expect(body.rulesRevision).toBe(1);
    expect(check('get', '/tables/{table}/log', 200, body)).toEqual([]);
    expect(ajv.validate('openapi#/components/schemas/Log', body)).toBe(true);
    expect(replay(body as never).plies.length).toBeGreaterThanOrEqual(2);
    // A reading of the table carries its chess clock, as the reading's schema says.
    const reading = await request(`/tables/${encodeURIComponent(created.table)}`, { token: created.appToken });
    expect(reading.body.clock).toMatchObject({ per: 'seat', bank: 60_000, increment: 500 });
    expect(check('get', '/tables/{table}', 200, reading.body)).toEqual([]);
    // The schema does tell a wrong log apart: a field it does not know, a rules revision of 0, a missing move list.
    expect(ajv.validate('openapi#/components/schemas/Log', { ...body, extra: 1 })).toBe(false);
    expect(ajv.validate('openapi#/components/schemas/Log', { ...body, rulesRevision: 0 })).toBe(false);
    const { moves: _moves, ...noMoves } = body;
    expect(ajv.validate('openapi#/components/schemas/Log', noMoves)).toBe(false);
  });

  it('the answers to creating, reading, legal moves, a move and its refusals validate against their schemas', async () => {
    const created = await request('/tables', {
      method: 'POST',
      body: JSON.stringify({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], clock: { per: 'turn', ms: 60_000 } }),
    });
    expect(created.status).toBe(201);
    expect(check('post', '/tables', 201, created.body)).toEqual([]);
    const table = encodeURIComponent(created.body.table as string);
    const tokens = created.body.tokens as Record<string, string>;
    const appToken = created.body.appToken as string;

    const reading = await request(`/tables/${table}`, { token: tokens['seat:ann']! });
    expect(reading.status).toBe(200);
    expect(check('get', '/tables/{table}', 200, reading.body)).toEqual([]);
    const legal = await request(`/tables/${table}/legal-moves`, { token: tokens['seat:bob']! });
    expect(legal.status).toBe(200);
    expect((legal.body.blocked as unknown[]).length).toBeGreaterThan(0);
    expect(check('get', '/tables/{table}/legal-moves', 200, legal.body)).toEqual([]);

    const move = (token: string, body: unknown) =>
      request(`/tables/${table}/moves`, { method: 'POST', token, body: JSON.stringify(body) });
    const played = await move(tokens['seat:ann']!, { move: { type: 'engine.pass', seat: 'seat:ann' }, expect: 0 });
    expect(played.status).toBe(200);
    expect(check('post', '/tables/{table}/moves', 200, played.body)).toEqual([]);
    const stale = await move(tokens['seat:ann']!, { move: { type: 'engine.pass', seat: 'seat:ann' }, expect: 0 });
    expect(stale.status).toBe(409);
    expect(check('post', '/tables/{table}/moves', 409, stale.body)).toEqual([]);
    const refused = await move(tokens['seat:ann']!, { move: { type: 'engine.pass', seat: 'seat:ann' } });
    expect(refused.status).toBe(422);
    expect(check('post', '/tables/{table}/moves', 422, refused.body)).toEqual([]);
    const forbidden = await move(tokens['seat:ann']!, { move: { type: 'engine.pass', seat: 'seat:bob' } });
    expect(forbidden.status).toBe(403);
    expect(check('post', '/tables/{table}/moves', 403, forbidden.body)).toEqual([]);
    const malformed = await move(tokens['seat:ann']!, { move: [] });
    expect(malformed.status).toBe(400);
    expect(check('post', '/tables/{table}/moves', 400, malformed.body)).toEqual([]);

    const afterwards = await request(`/tables/${table}`, { token: appToken });
    expect(check('get', '/tables/{table}', 200, afterwards.body)).toEqual([]);
    expect(afterwards.body.clock).toMatchObject({ per: 'turn', ms: 60_000 });
    const missing = await request('/tables/table%3Anone', { token: appToken });
    expect(missing.status).toBe(404);
    expect(check('get', '/tables/{table}', 404, missing.body)).toEqual([]);
    await expect(connect(server.url).log(created.body.table as string)).rejects.toBeInstanceOf(ServerError);
  });

  it('a table with bot seats: its creation, a reading, its log and a refused bot validate, and the schema knows a wrong bot', async () => {
    const bots = { 'seat:bob': { kind: 'mcts', iterations: 3 } };
    const created = await request('/tables', {
      method: 'POST',
      body: JSON.stringify({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], options: { turns: 1 }, bots }),
    });
    expect(created.status).toBe(201);
    expect(check('post', '/tables', 201, created.body)).toEqual([]);
    expect(Object.keys(created.body.tokens as object)).toEqual(['seat:ann']);
    const table = encodeURIComponent(created.body.table as string);
    const appToken = created.body.appToken as string;
    const ann = (created.body.tokens as Record<string, string>)['seat:ann']!;
    await request(`/tables/${table}/moves`, {
      method: 'POST',
      token: ann,
      body: JSON.stringify({ move: { type: 'engine.pass', seat: 'seat:ann' }, expect: 0 }),
    });
    const reading = await request(`/tables/${table}`, { token: ann });
    expect(reading.body.bots).toEqual(bots);
    expect(check('get', '/tables/{table}', 200, reading.body)).toEqual([]);
    const log = await request(`/tables/${table}/log`, { token: appToken });
    expect(log.body.bots).toEqual(bots);
    expect(check('get', '/tables/{table}/log', 200, log.body)).toEqual([]);
    expect(ajv.validate('openapi#/components/schemas/Bots', { 'seat:bob': { kind: 'mcts', iterations: 0 } })).toBe(
      false,
    );
    expect(ajv.validate('openapi#/components/schemas/Bots', { 'seat:bob': { kind: 'genius' } })).toBe(false);
    expect(ajv.validate('openapi#/components/schemas/Bots', { 'seat:bob': { kind: 'random' } })).toBe(true);

    const refused = await request('/tables', {
      method: 'POST',
      body: JSON.stringify({
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
        bots: { 'seat:cy': { kind: 'random' } },
      }),
    });
    expect([refused.status, refused.body.path]).toEqual([400, 'bots.seat:cy']);
    expect(check('post', '/tables', 400, refused.body)).toEqual([]);
  });

  it('a lobby table and a spectator: the listing, a seat taken, the refusals before the start and a public reading validate', async () => {
    const created = await request('/tables', {
      method: 'POST',
      body: JSON.stringify({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: true, spectators: true }),
    });
    expect(created.status).toBe(201);
    expect(check('post', '/tables', 201, created.body)).toEqual([]);
    const table = encodeURIComponent(created.body.table as string);
    const lobby = await request('/lobby?game=mundane');
    expect(lobby.status).toBe(200);
    expect(check('get', '/lobby', 200, lobby.body)).toEqual([]);
    expect(check('get', '/lobby', 400, (await request('/lobby?game=')).body)).toEqual([]);

    const seated = await request(`/tables/${table}/seats/seat:ann`, { method: 'POST', body: '{"name":"Ann"}' });
    expect(seated.status).toBe(201);
    expect(check('post', '/tables/{table}/seats/{seat}', 201, seated.body)).toEqual([]);
    const taken = await request(`/tables/${table}/seats/seat:ann`, { method: 'POST', body: '{}' });
    expect([taken.status, taken.body.code]).toEqual([409, 'SEAT_TAKEN']);
    expect(check('post', '/tables/{table}/seats/{seat}', 409, taken.body)).toEqual([]);
    const unknown = await request(`/tables/${table}/seats/seat:zed`, { method: 'POST', body: '{}' });
    expect(check('post', '/tables/{table}/seats/{seat}', 404, unknown.body)).toEqual([]);
    const ann = seated.body.token as string;

    const reading = await request(`/tables/${table}`, { token: ann });
    expect(check('get', '/tables/{table}', 200, reading.body)).toEqual([]);
    const early = await request(`/tables/${table}/moves`, {
      method: 'POST',
      token: ann,
      body: JSON.stringify({ move: { type: 'engine.pass', seat: 'seat:ann' } }),
    });
    expect([early.status, early.body.code]).toEqual([409, 'NOT_STARTED']);
    expect(check('post', '/tables/{table}/moves', 409, early.body)).toEqual([]);
    const asked = await request(`/tables/${table}/legal-moves`, { token: ann });
    expect(check('get', '/tables/{table}/legal-moves', 409, asked.body)).toEqual([]);
    const wrongSeat = await request(`/tables/${table}/seats/seat:bob`, { method: 'DELETE', token: ann });
    expect(check('delete', '/tables/{table}/seats/{seat}', 403, wrongSeat.body)).toEqual([]);

    // A spectator: no token, the public view; a move is refused.
    const spectator = await request(`/tables/${table}`);
    expect(spectator.status).toBe(200);
    expect(check('get', '/tables/{table}', 200, spectator.body)).toEqual([]);
    const readOnly = await request(`/tables/${table}/moves`, {
      method: 'POST',
      body: JSON.stringify({ move: { type: 'engine.pass', seat: 'seat:ann' } }),
    });
    expect([readOnly.status, readOnly.body.code]).toEqual([403, 'READ_ONLY']);
    expect(check('post', '/tables/{table}/moves', 403, readOnly.body)).toEqual([]);

    const left = await fetch(`${server.url}/tables/${table}/seats/seat:ann`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ann}` },
    });
    expect(left.status).toBe(204);
    expect(document.paths['/tables/{table}/seats/{seat}']?.delete?.responses['204']).toBeDefined();
    const closed = await fetch(`${server.url}/tables/${table}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${created.body.appToken as string}` },
    });
    expect(closed.status).toBe(204);
    expect(document.paths['/tables/{table}']?.delete?.responses['204']).toBeDefined();
  });
});

describe("the served OpenAPI document accepts the token routes' answers", () => {
  it("a seat's new token, the app's, and their refusals validate against the document", async () => {
    const created = await request('/tables', {
      method: 'POST',
      body: JSON.stringify({
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
        bots: { 'seat:bob': { kind: 'random' } },
      }),
    });
    const table = encodeURIComponent(created.body.table as string);
    const appToken = created.body.appToken as string;
    const ann = (created.body.tokens as Record<string, string>)['seat:ann']!;
    const seat = await request(`/tables/${table}/seats/seat:ann/token`, {
      method: 'POST',
      token: appToken,
      body: '{}',
    });
    expect(seat.status).toBe(201);
    expect(check('post', '/tables/{table}/seats/{seat}/token', 201, seat.body)).toEqual([]);
    const old = await request(`/tables/${table}/seats/seat:ann/token`, { method: 'POST', token: ann, body: '{}' });
    expect([old.status, old.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(check('post', '/tables/{table}/seats/{seat}/token', 401, old.body)).toEqual([]);
    const bot = await request(`/tables/${table}/seats/seat:bob/token`, { method: 'POST', token: appToken, body: '{}' });
    expect([bot.status, bot.body.code]).toEqual([409, 'BOT_SEAT']);
    expect(check('post', '/tables/{table}/seats/{seat}/token', 409, bot.body)).toEqual([]);
    const asSeat = await request(`/tables/${table}/token`, {
      method: 'POST',
      token: seat.body.token as string,
      body: '{}',
    });
    expect(check('post', '/tables/{table}/token', 403, asSeat.body)).toEqual([]);
    const bad = await request(`/tables/${table}/token`, { method: 'POST', token: appToken, body: '{"x":1}' });
    expect(check('post', '/tables/{table}/token', 400, bad.body)).toEqual([]);
    const app = await request(`/tables/${table}/token`, { method: 'POST', token: appToken, body: '{}' });
    expect(app.status).toBe(201);
    expect(check('post', '/tables/{table}/token', 201, app.body)).toEqual([]);
  });
});
