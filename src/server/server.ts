/**
 * The table server (docs/contract.md, "The table server over HTTP"): HTTP and WebSocket on
 * Fastify, every table in the store, recently used tables live in this process. This file
 * opens the store and puts the parts together: the routes (tableRoutes.ts, stream.ts), who
 * a request is (auth.ts), how errors are answered (answers.ts) and the timer (scheduler.ts).
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { AnyGame } from '../definition/game.js';
import { builtInGames } from '../games/registry.js';
import { Answer, INTERNAL, knownAnswer, readBody } from './answers.js';
import { hashedBearer } from './auth.js';
import { logFailure } from './failures.js';
import { LiveTables } from './liveTables.js';
import { registerLobbyRoutes } from './lobbyRoutes.js';
import { undeclared } from './routes.js';
import { startScheduler } from './scheduler.js';
import { MemoryStore } from './store/memoryStore.js';
import { openPglite, openPostgres, type Sql } from './store/sql.js';
import { Store } from './store/store.js';
import type { TableStore } from './store/tableStore.js';
import { type Closable, registerStream } from './stream.js';
import { registerTableRoutes } from './tableRoutes.js';
import { registerTokenRoutes } from './tokenRoutes.js';

export { MAX_STREAM_MOVES_IN_FLIGHT } from './stream.js';

/** How long a stopping server waits for its stream sockets to answer their close before cutting them off. */
const CLOSE_GRACE_MS = 250;

/** Options of `startServer`. */
export interface ServerOptions {
  /** Port to listen on (default 8080; 0 picks a free one). */
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1: this machine only). */
  readonly host?: string;
  /**
   * Keep every table in this process's memory (the memory store): it starts at once, and nothing survives `close`
   * or the process. For trying the server and for tests; not with `database` or `data`.
   */
  readonly memory?: boolean;
  /** PostgreSQL URL: every table there, shared by every process on it. */
  readonly database?: string;
  /** Folder of the embedded store, PGlite (default ./.plystack); null keeps PGlite in memory. Ignored with `database`. */
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
  /**
   * How long a process's claim on a run-out clock or a bot move holds before another process may take the work over,
   * in ms (default 10,000): how soon the others play on after a process dies. Give every process of a store the same.
   */
  readonly claimLapseMs?: number;
  /**
   * How long a stream's socket may hold over half a MiB of messages unsent with none of it read, in ms (default
   * 30,000): then it is closed 1008 `too slow: nothing read …` and its catch-up, if it was catching up, stops.
   */
  readonly streamStallMs?: number;
}

/** A running server. */
export interface PlystackServer {
  readonly url: string;
  readonly port: number;
  readonly process: string;
  readonly store: TableStore;
  readonly tables: LiveTables;
  close(): Promise<void>;
}

/**
 * Opens the store the options name and serves the API until `close`.
 *
 * @example
 * const server = await startServer({ port: 0, data: null })
 * console.log(server.url) // http://127.0.0.1:41234
 */
export async function startServer(options: ServerOptions = {}): Promise<PlystackServer> {
  const lapse = options.claimLapseMs;
  if (lapse !== undefined && !(Number.isFinite(lapse) && lapse >= 100))
    throw new RangeError(`claimLapseMs: a number of milliseconds, 100 or more (got ${String(lapse)})`);
  const stall = options.streamStallMs;
  if (stall !== undefined && !(Number.isFinite(stall) && stall >= 10))
    throw new RangeError(`streamStallMs: a number of milliseconds, 10 or more (got ${String(stall)})`);
  if (options.memory === true && (options.database !== undefined || options.data !== undefined))
    throw new RangeError('memory: the memory store takes no `database` or `data`; choose one store');
  const processId = options.process ?? `p-${randomUUID().slice(0, 8)}`;
  const claims = lapse === undefined ? {} : { claimLapseMs: lapse };
  const store =
    options.memory === true ? new MemoryStore(processId, claims) : await openSqlStore(options, processId, claims);
  const games = options.games ?? builtInGames;
  const tables = new LiveTables(store, {
    games,
    ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
    ...(options.cacheSize ? { cacheSize: options.cacheSize } : {}),
  });
  await store.watch(
    (id, moves) => tables.notified(id, moves),
    () => tables.notifiedAll(),
    (id) => void tables.retoken(id).catch(() => undefined),
  );

  const bodyLimit = options.bodyLimit ?? 65_536;
  const app = Fastify({ bodyLimit, logger: false, forceCloseConnections: true });
  const sockets = new Set<Closable>();
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit?.max ?? 600,
    timeWindow: options.rateLimit?.windowMs ?? 10_000,
    // A token of a live table has a bucket of its own; any other request, made-up tokens included, its address's.
    keyGenerator: (request) => {
      const hashed = hashedBearer(request);
      return hashed !== null && tables.knowsToken(hashed) ? `token ${hashed}` : `ip ${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new Answer(429, 'RATE_LIMITED', `too many requests: at most ${context.max} per ${context.after}`),
  });
  // A move sent on a stream has the same size limit as one sent by HTTP; a larger message closes the socket (1009).
  await app.register(websocket, { options: { maxPayload: bodyLimit } });

  // Bodies are read as the stream reads its messages: one reader, one answer for JSON that is not, or that names a prototype.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, readBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) => {
    const known = knownAnswer(error);
    if (known !== null) return reply.code(known.status).send(known.body);
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ code: 'TOO_LARGE', message: `the body is over ${bodyLimit} bytes` });
    if (status === 429) return reply.code(429).send({ code: 'RATE_LIMITED', message: error.message });
    if (status >= 400 && status < 500) return reply.code(400).send({ code: 'BAD_REQUEST', message: error.message });
    logFailure(error);
    return reply.code(500).send(INTERNAL);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: 'NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` }),
  );
  // Every route served is one the document declares (routes.ts), and every declared route is served.
  const served: string[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) if (one !== 'HEAD') served.push(`${one} ${url}`);
  });
  registerTableRoutes(app, { store, tables, games, processId, createToken: options.createToken });
  registerLobbyRoutes(app, store, tables);
  registerTokenRoutes(app, store, tables);
  registerStream(app, tables, app.createRateLimit(), sockets, options.streamStallMs);
  const { notDeclared, notServed } = undeclared(served);
  if (notDeclared.length > 0 || notServed.length > 0)
    throw new Error(
      [
        ...notDeclared.map((route) => `${route} is served but not declared in routes.ts`),
        ...notServed.map((route) => `${route} is declared in routes.ts but not served`),
      ].join('; '),
    );
  const stopScheduler = startScheduler(store, tables, options.clockTickMs ?? 200);

  await app.ready();
  let address: string;
  try {
    address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    stopScheduler();
    await store.close();
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
      stopScheduler();
      await tables.closeBots();
      for (const socket of sockets) socket.close(1001, 'the server is stopping');
      // A client that answers the close is gone at once; one that stopped reading never answers (the socket library
      // would wait 30 s for it), so what is still open after a moment is cut off.
      if (sockets.size > 0) await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
      for (const socket of sockets) socket.terminate();
      await app.close();
      await store.close();
    },
  };
}

/** Opens the SQL store the options name: PostgreSQL at `database`, else PGlite under `data` (or in memory). */
async function openSqlStore(
  options: ServerOptions,
  processId: string,
  claims: { readonly claimLapseMs?: number },
): Promise<Store> {
  const sql: Sql =
    options.database !== undefined
      ? await openPostgres(options.database, options.poolSize === undefined ? {} : { max: options.poolSize })
      : await openPglite(options.data === undefined ? './.plystack' : options.data);
  try {
    return await Store.open(sql, processId, claims);
  } catch (error) {
    await sql.close();
    throw error;
  }
}
