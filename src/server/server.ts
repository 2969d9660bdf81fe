/**
 * The table server (docs/contract.md, "The table server over HTTP"): HTTP and WebSocket on
 * Fastify, every table in the store, recently used tables live in this process.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidTable } from '../core/errors.js';
import { idSchema } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { builtInGames } from '../games/registry.js';
import { size } from '../log/plyLog.js';
import { createTable } from '../table/table.js';
import { type BotSpec, botsSchema, botToAct } from './bots.js';
import { type ClockSpec, clockWindow, MAX_CLOCK_MS } from './clock.js';
import { type Entry, LiveTables, RulesChanged } from './liveTables.js';
import { openApiDocument } from './openapi.js';
import { isUnavailable, openPglite, openPostgres, type Sql } from './store/sql.js';
import { MOVES_CHANNEL, Store, type TableRecord } from './store/store.js';
import { hashesMatch, hashToken, newToken, tokenMatches } from './tokens.js';
import { EVERYTHING, type Viewer, viewOf } from './view.js';

/** Options of `startServer`. */
export interface ServerOptions {
  /** Port to listen on (default 8080; 0 picks a free one). */
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1: this machine only). */
  readonly host?: string;
  /** PostgreSQL URL: every table there, shared by every process on it. */
  readonly database?: string;
  /** Folder of the embedded store (default ./.plystack); null keeps it in memory. Ignored with `database`. */
  readonly data?: string | null;
  /** With it, only this token may create tables. */
  readonly createToken?: string;
  /** Games the server can open (default: the built-in games). */
  readonly games?: Readonly<Record<string, AnyGame>>;
  /** Requests per token (or per address without one) per window (default 600 per 10 s). */
  readonly rateLimit?: { readonly max: number; readonly windowMs: number };
  /** Largest request body in bytes (default 65,536). */
  readonly bodyLimit?: number;
  /** A snapshot every this many moves (default 64). */
  readonly snapshotEvery?: number;
  /** Tables kept live (default 1000). */
  readonly cacheSize?: number;
  /** How often to look for clocks that ran out, in ms (default 200). */
  readonly clockTickMs?: number;
  /** PostgreSQL connections in the pool (default 10). */
  readonly poolSize?: number;
  /** This process's name in the store (default a random id). */
  readonly process?: string;
}

/** A running server. */
export interface PlystackServer {
  readonly url: string;
  readonly port: number;
  readonly process: string;
  readonly store: Store;
  readonly tables: LiveTables;
  close(): Promise<void>;
}

/** An error answer: `{ code, message }` with its HTTP status. */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const createSchema = z
  .object({
    game: z.string().min(1),
    seats: z.array(z.string()),
    options: z.record(z.string(), z.unknown()).optional(),
    seed: z.union([z.number().int(), z.string().min(1)]).optional(),
    table: z.optional(idSchema),
    clock: z
      .union([
        z.object({ per: z.enum(['turn', 'move']), ms: z.number().int().min(100).max(MAX_CLOCK_MS) }).strict(),
        z
          .object({
            per: z.literal('seat'),
            bank: z.number().int().min(100).max(MAX_CLOCK_MS),
            increment: z.number().int().min(0).max(MAX_CLOCK_MS).default(0),
          })
          .strict(),
      ])
      .optional(),
    bots: botsSchema.optional(),
  })
  .strict();

const playSchema = z
  .object({
    move: z.record(z.string(), z.unknown()),
    expect: z.number().int().min(0).optional(),
    key: z.string().min(1).max(200).optional(),
  })
  .strict();

/** A move sent on a table's stream: the request body of `POST …/moves`, with the caller's `id` for the reply. */
const socketMoveSchema = playSchema.extend({ id: z.union([z.string().max(200), z.number()]).optional() }).strict();

/** Moves of one stream that may await their answers at once; one more is answered 429 `RATE_LIMITED` at once. */
export const MAX_STREAM_MOVES_IN_FLIGHT = 32;

type Who = { readonly kind: 'app' } | { readonly kind: 'seat'; readonly seat: string };

/** What the stream's upgrade request found, for the socket. */
interface StreamRequest {
  readonly entry: Entry;
  readonly caller: Who;
  readonly from: number;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1]! : null;
  }
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' && query.token.length > 0 ? query.token : null;
}

const HASHED = Symbol('hashed bearer token');

/** The request's bearer token in its stored form, hashed once per request (the rate limit and the table both need it). */
function hashedBearer(request: FastifyRequest): string | null {
  const memo = request as FastifyRequest & { [HASHED]?: string | null };
  if (memo[HASHED] === undefined) {
    const token = bearer(request);
    memo[HASHED] = token === null ? null : hashToken(token);
  }
  return memo[HASHED];
}

/** The answer for a table id the store does not hold. */
const noTable = (id: string) => new Answer(404, 'NOT_FOUND', `no table ${JSON.stringify(id)}`);

function identify(record: TableRecord, hashed: string | null): Who | null {
  if (hashed === null) return null;
  if (hashesMatch(hashed, record.appToken)) return { kind: 'app' };
  for (const [seat, hash] of Object.entries(record.seatTokens))
    if (hashesMatch(hashed, hash)) return { kind: 'seat', seat };
  return null;
}

function viewerOf(who: Who): Viewer {
  return who.kind === 'app' ? EVERYTHING : who.seat;
}

/** The status and body of an error the server expects: its own answers, and the store out of reach (503). */
function knownAnswer(error: unknown): { status: number; body: Record<string, unknown> } | null {
  if (error instanceof Answer)
    return { status: error.status, body: { code: error.code, message: error.message, ...error.extra } };
  if (isUnavailable(error))
    return { status: 503, body: { code: 'STORE_UNAVAILABLE', message: 'the store cannot be reached now; try again' } };
  if (error instanceof RulesChanged) return { status: 409, body: { code: 'RULES_REVISION', message: error.message } };
  return null;
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
    throw new Answer(400, 'BAD_REQUEST', `${path}: ${issue?.message ?? 'malformed'}`, { path });
  }
  return parsed.data;
}

/**
 * Opens the store the options name and serves the API until `close`.
 *
 * @example
 * const server = await startServer({ port: 0, data: null })
 * console.log(server.url) // http://127.0.0.1:41234
 */
export async function startServer(options: ServerOptions = {}): Promise<PlystackServer> {
  const processId = options.process ?? `p-${randomUUID().slice(0, 8)}`;
  const sql: Sql =
    options.database !== undefined
      ? await openPostgres(options.database, options.poolSize === undefined ? {} : { max: options.poolSize })
      : await openPglite(options.data === undefined ? './.plystack' : options.data);
  let store: Store;
  try {
    store = await Store.open(sql, processId);
  } catch (error) {
    await sql.close();
    throw error;
  }
  const games = options.games ?? builtInGames;
  const tables = new LiveTables(store, {
    games,
    ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
    ...(options.cacheSize ? { cacheSize: options.cacheSize } : {}),
  });
  if (sql.kind === 'postgres') {
    await sql.listen(MOVES_CHANNEL, (payload) => {
      if (payload === '') return tables.notifiedAll();
      for (const line of payload.split('\n')) {
        const [id, moves, from] = line.split(' ');
        if (id !== undefined && from !== processId) tables.notified(id, Number(moves));
      }
    });
  }

  const app = Fastify({ bodyLimit: options.bodyLimit ?? 65_536, logger: false, forceCloseConnections: true });
  const sockets = new Set<{ close(code?: number, reason?: string): void }>();
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit?.max ?? 600,
    timeWindow: options.rateLimit?.windowMs ?? 10_000,
    keyGenerator: (request) => {
      const hashed = hashedBearer(request);
      return hashed === null ? `ip ${request.ip}` : `token ${hashed}`;
    },
    errorResponseBuilder: (_request, context) =>
      new Answer(429, 'RATE_LIMITED', `too many requests: at most ${context.max} per ${context.after}`),
  });
  // A move sent on a stream has the same size limit as one sent by HTTP; a larger message closes the socket (1009).
  await app.register(websocket, { options: { maxPayload: options.bodyLimit ?? 65_536 } });
  const rateLimited = app.createRateLimit();

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const known = knownAnswer(error);
    if (known !== null) return reply.code(known.status).send(known.body);
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply
        .code(413)
        .send({ code: 'TOO_LARGE', message: `the body is over ${options.bodyLimit ?? 65_536} bytes` });
    if (status === 429) return reply.code(429).send({ code: 'RATE_LIMITED', message: error.message });
    if (status >= 400 && status < 500) return reply.code(400).send({ code: 'BAD_REQUEST', message: error.message });
    request.log.error(error);
    process.stderr.write(`plystack serve: ${error.stack ?? String(error)}\n`);
    return reply.code(500).send({ code: 'INTERNAL', message: 'the server failed; see its log' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: 'NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` }),
  );

  const tableOf = async (request: FastifyRequest): Promise<Entry> => {
    const { table } = request.params as { table: string };
    const entry = await tables.get(table);
    if (entry === null) throw noTable(table);
    return tables.current(entry);
  };
  const who = (request: FastifyRequest, record: TableRecord): Who => {
    const hashed = hashedBearer(request);
    const found = identify(record, hashed);
    if (found === null)
      throw new Answer(
        401,
        'UNAUTHORIZED',
        hashed === null ? 'no token: send Authorization: Bearer TOKEN' : "this token is not one of this table's",
      );
    return found;
  };

  /** A clocked table's clock for a reading: its deadline, and a chess clock's banks (as of `since`) and what is left of them now. */
  const clockOf = async (entry: Entry): Promise<Record<string, unknown>> => {
    const { clock } = entry.record;
    const now = await store.clock(entry.record.id);
    if (clock === null || now === null) return {};
    const deadline = now.deadline === null ? null : new Date(now.deadline).toISOString();
    if (clock.per !== 'seat' || now.banks === null) return { ...clock, deadline };
    const running = now.deadline === null ? [] : entry.table.toAct();
    const remaining = Object.fromEntries(
      Object.entries(now.banks).map(([seat, bank]) => [
        seat,
        running.includes(seat) ? Math.max(0, bank - (now.now - now.since)) : bank,
      ]),
    );
    return { ...clock, deadline, since: new Date(now.since).toISOString(), banks: now.banks, remaining, running };
  };

  app.get('/openapi.json', async () => openApiDocument);
  app.get('/health', async (_request, reply) => {
    await store.sql.query('SELECT 1');
    return reply.send({ ok: true, store: sql.kind, process: processId });
  });

  app.post('/tables', async (request, reply) => {
    if (options.createToken !== undefined) {
      const token = bearer(request);
      if (token === null) throw new Answer(401, 'UNAUTHORIZED', 'this server creates tables only for its create token');
      if (!tokenMatches(token, hashToken(options.createToken)))
        throw new Answer(403, 'FORBIDDEN', 'this token may not create tables');
    }
    const body = parse(createSchema, request.body);
    const game = games[body.game];
    if (game === undefined || !Object.hasOwn(games, body.game)) {
      throw new Answer(
        400,
        'UNKNOWN_GAME',
        `no game ${JSON.stringify(body.game)}; known: ${Object.keys(games).join(', ')}`,
        { path: 'game' },
      );
    }
    const bots: Record<string, BotSpec> | null =
      body.bots === undefined || Object.keys(body.bots).length === 0 ? null : body.bots;
    for (const seat of Object.keys(bots ?? {}))
      if (!body.seats.includes(seat))
        throw new Answer(400, 'BAD_REQUEST', `bots.${seat}: not a seat of the table: ${body.seats.join(', ')}`, {
          path: `bots.${seat}`,
        });
    const id = body.table ?? `table:${randomUUID()}`;
    let table: ReturnType<typeof createTable>;
    try {
      table = createTable(game, {
        table: id,
        seats: body.seats,
        ...(body.seed !== undefined ? { seed: body.seed } : {}),
        options: body.options ?? {},
      });
    } catch (error) {
      if (error instanceof InvalidTable)
        throw new Answer(400, error.code, error.message, error.path !== undefined ? { path: error.path } : {});
      throw error;
    }
    const log = table.log;
    const clock: ClockSpec | null = body.clock ?? null;
    // A chess clock starts with every seat's bank full, and runs out when the first bank of a seat to act does.
    const banks = clock?.per === 'seat' ? Object.fromEntries(log.seats.map((seat) => [seat, clock.bank])) : null;
    const window =
      clock?.per === 'seat'
        ? table.toAct().length > 0
          ? { key: 'seat', ms: clock.bank }
          : null
        : clockWindow(clock, table);
    const tokens: Record<string, string> = {};
    const seatTokens: Record<string, string> = {};
    // A bot seat gets no token: the server alone plays for it (and the app token, which acts for any seat).
    for (const seat of log.seats) {
      if (bots !== null && Object.hasOwn(bots, seat)) continue;
      tokens[seat] = newToken();
      seatTokens[seat] = hashToken(tokens[seat]!);
    }
    const appToken = newToken();
    const record = {
      id,
      game: game.id,
      version: game.version,
      seats: log.seats,
      seed: log.seed,
      options: log.options,
      appToken: hashToken(appToken),
      seatTokens,
      clock,
      rulesRevision: log.rulesRevision,
      bots,
    };
    const botDue = botToAct(bots, table) !== null;
    let started: number | null;
    try {
      started = await store.createTable(record, window, banks, botDue);
    } catch (error) {
      table.stop();
      throw error;
    }
    if (started === null) {
      table.stop();
      throw new Answer(409, 'TABLE_EXISTS', `a table ${JSON.stringify(id)} exists already`);
    }
    tables.adopt({ ...record, moves: 0, status: 'playing', deadline: null, started }, game, table);
    // A bot that acts first plays once the table's creation has been answered.
    if (botDue) tables.wakeBots(id);
    return reply.code(201).send({ table: id, tokens, appToken });
  });

  app.get('/tables/:table', async (request) => {
    const entry = await tableOf(request);
    const viewer = viewerOf(who(request, entry.record));
    const { table } = entry;
    const view = viewOf(table, viewer);
    const reading = {
      table: entry.record.id,
      game: entry.game.id,
      ply: size(table.context.plies),
      turnModel: table.turnModel,
      state: view.state,
      plies: view.plies,
      ...(entry.record.bots !== null ? { bots: entry.record.bots } : {}),
    };
    return entry.record.clock === null ? reading : { ...reading, clock: await clockOf(entry) };
  });

  app.get('/tables/:table/legal-moves', async (request) => {
    const entry = await tableOf(request);
    const caller = who(request, entry.record);
    const asked = (request.query as { seat?: unknown }).seat;
    let seat: string;
    if (caller.kind === 'seat') {
      if (asked !== undefined && asked !== caller.seat)
        throw new Answer(403, 'FORBIDDEN', `this token is ${caller.seat}'s: it may not read ${String(asked)}'s moves`);
      seat = caller.seat;
    } else {
      if (typeof asked !== 'string' || !entry.record.seats.includes(asked))
        throw new Answer(400, 'BAD_REQUEST', 'with the app token, name a seat of the table: ?seat=SEAT', {
          path: 'seat',
        });
      seat = asked;
    }
    return entry.table.legalMoves(seat);
  });

  /** Plays a move for `caller`, by HTTP or on a stream alike: a seat's token acts only for its own seat; a key is the caller's own. */
  const playAs = (entry: Entry, caller: Who, body: z.infer<typeof playSchema>) => {
    const { seat } = body.move as { seat?: unknown };
    if (caller.kind === 'seat' && seat !== caller.seat) {
      throw new Answer(
        403,
        'FORBIDDEN',
        seat === undefined
          ? `this token is ${caller.seat}'s: a move without a seat is the application's`
          : `this token is ${caller.seat}'s: it may not act for ${String(seat)}`,
      );
    }
    const key = body.key === undefined ? undefined : `${caller.kind === 'app' ? '@app' : caller.seat} ${body.key}`;
    return tables.play(entry, body.move, {
      ...(body.expect !== undefined ? { expect: body.expect } : {}),
      ...(key !== undefined ? { key } : {}),
    });
  };

  app.post('/tables/:table/moves', async (request, reply) => {
    const entry = await tableOf(request);
    const outcome = await playAs(entry, who(request, entry.record), parse(playSchema, request.body));
    return reply.code(outcome.status).send(outcome.body);
  });

  app.get('/tables/:table/log', async (request) => {
    // The log is read from the store alone, without opening the table: a table this server does not serve (opened with
    // turn rules of another revision) still gives its log, to replay with the game it was opened with.
    const { table } = request.params as { table: string };
    const record = await store.table(table);
    if (record === null) throw noTable(table);
    if (record.status !== 'over') {
      const caller = who(request, record);
      if (caller.kind !== 'app')
        throw new Answer(403, 'FORBIDDEN', "the log (and its seed) is the app token's until the game is over");
    }
    const rows = await store.movesFrom(record.id, 0);
    return {
      game: record.game,
      version: record.version,
      table: record.id,
      seats: record.seats,
      seed: record.seed,
      options: record.options,
      ...(record.rulesRevision !== null ? { rulesRevision: record.rulesRevision } : {}),
      moves: rows.map((row) => row.move),
      times: rows.map((row) => new Date(row.at).toISOString()),
      timeouts: rows.flatMap((row) => (row.cause === 'clock' ? [row.index] : [])),
      started: new Date(record.started).toISOString(),
      clock: record.clock,
      ...(record.bots !== null ? { bots: record.bots } : {}),
    };
  });

  /** Plays a move sent on a stream: `{ reply, status, body }`, the status and body `POST …/moves` would answer. */
  const answerSocketMove = async (
    request: FastifyRequest,
    id: string,
    caller: Who,
    text: string,
    inFlight: number,
  ): Promise<{ reply: string | number | null; status: number; body: unknown }> => {
    let reply: string | number | null = null;
    try {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        throw new Answer(400, 'BAD_REQUEST', 'body: a stream message is a JSON object { id?, move, expect?, key? }', {
          path: 'body',
        });
      }
      const named = (message as { id?: unknown } | null)?.id;
      if (typeof named === 'string' || typeof named === 'number') reply = named;
      const { id: _, ...body } = parse(socketMoveSchema, message);
      if (inFlight > MAX_STREAM_MOVES_IN_FLIGHT)
        throw new Answer(
          429,
          'RATE_LIMITED',
          `too many moves in flight on this stream: at most ${MAX_STREAM_MOVES_IN_FLIGHT} await their answers at once`,
        );
      const limit = await rateLimited(request);
      if (!limit.isAllowed && limit.isExceeded)
        throw new Answer(429, 'RATE_LIMITED', `too many requests: at most ${limit.max} per ${limit.timeWindow} ms`);
      const entry = await tables.get(id);
      if (entry === null) throw noTable(id);
      const outcome = await playAs(entry, caller, body);
      return { reply, status: outcome.status, body: outcome.body };
    } catch (error) {
      const known = knownAnswer(error);
      if (known !== null) return { reply, ...known };
      process.stderr.write(
        `plystack serve: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      return { reply, status: 500, body: { code: 'INTERNAL', message: 'the server failed; see its log' } };
    }
  };

  app.get(
    '/tables/:table/stream',
    {
      websocket: true,
      preValidation: async (request) => {
        const entry = await tableOf(request);
        const caller = who(request, entry.record);
        const from = (request.query as { from?: unknown }).from ?? '0';
        if (typeof from !== 'string' || !/^\d{1,9}$/.test(from))
          throw new Answer(400, 'BAD_REQUEST', 'from: a ply index, 0 or more', { path: 'from' });
        (request as FastifyRequest & { plystack?: StreamRequest }).plystack = { entry, caller, from: Number(from) };
      },
    },
    (socket, request) => {
      const { entry, caller, from } = (request as FastifyRequest & { plystack: StreamRequest }).plystack;
      const viewer = viewerOf(caller);
      sockets.add(socket);
      let close: (() => void) | null = null;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        sockets.delete(socket);
        close?.();
      });
      // A message from the client is a move, played as `POST …/moves` plays it (the same token, checks and rate limit) and
      // answered on the socket; the plies it makes come as any other plies do.
      // At most MAX_STREAM_MOVES_IN_FLIGHT moves of one socket await their answers; one more is refused 429 at once.
      // Answers are sent in the order the moves came.
      let inFlight = 0;
      let answered = Promise.resolve();
      socket.on('message', (data) => {
        inFlight++;
        const answer = answerSocketMove(request, entry.record.id, caller, String(data), inFlight).finally(() => {
          inFlight--;
        });
        answered = answered
          .then(() => answer)
          .then((reply) => {
            if (!closed) socket.send(JSON.stringify(reply));
          });
      });
      tables
        .subscribe(entry, viewer, from, (message) => socket.send(JSON.stringify(message)))
        .then(
          (unsubscribe) => {
            if (closed) unsubscribe();
            else close = unsubscribe;
          },
          () => socket.close(1011, 'the store cannot be reached now'),
        );
    },
  );

  // Clocks: look for deadlines that ran out; the claim in the store lets exactly one process fire each.
  // About once a second, tables a bot must act at that nobody plays for (after a restart, or a process that went away)
  // are looked for too, and on PostgreSQL streamed tables are checked against the store, in case a notification was lost.
  let ticking = false;
  let ticks = 0;
  const tickMs = options.clockTickMs ?? 200;
  const tick = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void (async () => {
      try {
        const everySecond = ++ticks % Math.max(1, Math.round(1000 / tickMs)) === 0;
        const streamed = sql.kind === 'postgres' && everySecond ? tables.streamed() : [];
        if (streamed.length > 0) for (const [id, moves] of await store.moveCounts(streamed)) tables.notified(id, moves);
        // Tables this process cannot serve (their rules revision) are left to a process that can.
        const skip = tables.unservableIds();
        if (everySecond) tables.wakeDueBots(await store.dueBots(20, skip));
        // A turn clock on a game whose timeout move is a pass may need several passes to end the turn: fire while still due.
        for (const id of await store.dueTables(20, skip))
          for (let i = 0; i < 100 && (await tables.fireDeadline(id).catch(() => null)) !== null; i++);
      } catch {
        // The store is away: the next tick tries again.
      } finally {
        ticking = false;
      }
    })();
  }, tickMs);
  tick.unref();

  await app.ready();
  let address: string;
  try {
    address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    clearInterval(tick);
    await sql.close();
    throw error;
  }
  const port = (app.server.address() as { port: number }).port;
  return {
    url: address.replace('[::1]', 'localhost'),
    port,
    process: processId,
    store,
    tables,
    async close() {
      clearInterval(tick);
      await tables.closeBots();
      for (const socket of sockets) socket.close(1001, 'the server is stopping');
      await app.close();
      await sql.close();
    },
  };
}
