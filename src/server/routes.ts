/**
 * The server's HTTP API, each route declared once: its method and path, who
 * may call it, what it reads (the query and the body, as zod schemas) and what
 * it answers (each status, what it means, and the schema of its body). The
 * routes are registered from these declarations (`serve`), which read the query
 * and the body with the declared schemas before a handler runs, and
 * `/openapi.json` is generated from the same declarations (openapi.ts): what is
 * documented is what is read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { parse } from './answers.js';
import {
  appTokenSchema,
  createdSchema,
  createSchema,
  errorSchema,
  healthSchema,
  legalMovesSchema,
  lobbySchema,
  logSchema,
  newTokenSchema,
  playedSchema,
  playSchema,
  readingSchema,
  seatedSchema,
  seatTokenSchema,
  takeSeatSchema,
} from './schemas.js';

/**
 * Who may call a route: a token (the app's or a seat's; the document's default), a token or a spectator (no token, at a
 * table open to spectators), or anyone.
 */
export type Access = 'token' | 'token or spectator' | 'anyone';

/** One status a route answers: what it means, and the schema of its JSON body (none: no body). */
export interface Answered {
  readonly description: string;
  readonly schema?: z.ZodType;
}

/** A route's declaration. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's form: `/tables/:table`; each `:name` is a path parameter. */
  readonly url: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** The query's parameters (unknown ones are ignored); each field's `.describe()` is its description. */
  readonly query?: z.ZodObject;
  /** The body; `optional`: no body reads as `{}`. */
  readonly body?: { readonly schema: z.ZodType; readonly optional?: boolean };
  readonly answers: Readonly<Record<number, Answered>>;
  /** A WebSocket route: the answer to a good request is the socket (stream.ts registers it). */
  readonly websocket?: boolean;
}

const error = (description: string): Answered => ({ description, schema: errorSchema });
const answer = (description: string, schema: z.ZodType): Answered => ({ description, schema });

/** Why a stored table is not served (409), whatever the route: the answers.ts errors from below. */
const UNSERVED =
  "RULES_REVISION: the table was opened with turn rules of another revision than this server's game; UNKNOWN_GAME: its game is not one this server serves; TAMPERED: a stored move of it is not as the server wrote it";

/** The answers every route that names a table can give. */
const common = {
  401: error("no token, or not one of this table's"),
  404: error('no such table'),
  409: error(UNSERVED),
  429: error('too many requests for this token'),
  503: error('the store cannot be reached now'),
} as const;
const unknownSeat = error('UNKNOWN_SEAT: not a seat of the table; NOT_FOUND: no such table');

/** Every route of the server. */
export const ROUTES = {
  createTable: {
    method: 'POST',
    url: '/tables',
    summary: 'Create a table',
    description: 'Anyone may create a table, unless the server was started with --create-token: then only that token.',
    access: 'token',
    body: { schema: createSchema },
    answers: {
      201: answer(
        'the table, a token per seat (bot seats have none) and the app token (shown once; stored only as hashes)',
        createdSchema,
      ),
      400: error('malformed JSON, fields, game, seats, options or bots'),
      401: common[401],
      403: error('not the create token'),
      409: error('the table id is taken'),
      413: error('the body is too large'),
      429: common[429],
      503: common[503],
    },
  },
  readTable: {
    method: 'GET',
    url: '/tables/:table',
    summary: "The table as the token's viewer may see it",
    description:
      "Without a token, at a table open to spectators: its public view. A seat's token of a table still waiting in the lobby reads the public view too.",
    access: 'token or spectator',
    answers: { 200: answer('the table', readingSchema), ...common },
  },
  closeTable: {
    method: 'DELETE',
    url: '/tables/:table',
    summary: 'Close a table waiting in the lobby',
    description: 'The app token; only before the table starts. The table is gone: its id may be used again.',
    access: 'token',
    answers: {
      204: { description: 'closed' },
      403: error('not the app token'),
      ...common,
      409: error(`NOT_IN_LOBBY: the table was not opened in the lobby; STARTED: it has started; ${UNSERVED}`),
    },
  },
  takeSeat: {
    method: 'POST',
    url: '/tables/:table/seats/:seat',
    summary: "Take a free seat of a table waiting in the lobby, and get the seat's token",
    description:
      'No token needed. Taking the last free seat starts the table: its clock runs and its moves are played from then on.',
    access: 'anyone',
    body: { schema: takeSeatSchema, optional: true },
    answers: {
      201: answer("the seat's token (shown once) and whether the table has started", seatedSchema),
      400: error('malformed JSON or fields'),
      404: unknownSeat,
      409: error(
        `SEAT_TAKEN: the seat has a player or a bot; STARTED: the table has started; NOT_IN_LOBBY: it was not opened in the lobby; ${UNSERVED}`,
      ),
      429: common[429],
      503: common[503],
    },
  },
  leaveSeat: {
    method: 'DELETE',
    url: '/tables/:table/seats/:seat',
    summary: 'Leave a seat before the table starts: its token is no longer valid, and the seat is free again',
    description: "The seat's own token, or the app token (which frees any seat).",
    access: 'token',
    answers: {
      204: { description: 'the seat is free' },
      403: error("another seat's token"),
      ...common,
      404: unknownSeat,
      409: error(`SEAT_FREE: nobody holds the seat; STARTED: the table has started; NOT_IN_LOBBY; ${UNSERVED}`),
    },
  },
  newSeatToken: {
    method: 'POST',
    url: '/tables/:table/seats/:seat/token',
    summary: "Give a seat a new token: the seat's old token is refused from now on",
    description:
      'The app token only. The old token is answered 401 UNAUTHORIZED on every route, by every process of the store, and its open streams are closed with WebSocket code 4401. No body, or {}.',
    access: 'token',
    body: { schema: newTokenSchema, optional: true },
    answers: {
      201: answer("the seat's new token (shown once; stored only as a hash)", seatTokenSchema),
      400: error('a body other than {}'),
      403: error("a seat's token"),
      ...common,
      404: unknownSeat,
      409: error(
        `BOT_SEAT: the server's bot plays the seat; SEAT_FREE: a seat of a table in the lobby that no player holds; ${UNSERVED}`,
      ),
    },
  },
  newAppToken: {
    method: 'POST',
    url: '/tables/:table/token',
    summary: 'Give the table a new app token: the old one is refused from now on',
    description:
      'The app token only. The old app token is answered 401 UNAUTHORIZED on every route, by every process of the store, and its open streams are closed with WebSocket code 4401. No body, or {}.',
    access: 'token',
    body: { schema: newTokenSchema, optional: true },
    answers: {
      201: answer('the new app token (shown once; stored only as a hash)', appTokenSchema),
      400: error('a body other than {}'),
      403: error("a seat's token"),
      ...common,
    },
  },
  lobby: {
    method: 'GET',
    url: '/lobby',
    summary: 'The tables waiting for players, the newest first (at most 100)',
    access: 'anyone',
    query: z.object({
      game: z.string().min(1, 'a game id').max(128, 'a game id').optional().describe('only this game’s'),
    }),
    answers: {
      200: answer('the waiting tables', lobbySchema),
      400: error('game is not a game id'),
      429: common[429],
      503: common[503],
    },
  },
  legalMoves: {
    method: 'GET',
    url: '/tables/:table/legal-moves',
    summary: "What the token's seat may do now, and why the other moves are blocked",
    access: 'token',
    query: z.object({ seat: z.string().optional().describe('with the app token: the seat') }),
    answers: {
      200: answer('{ allowed, blocked }', legalMovesSchema),
      400: error('the app token without ?seat'),
      403: error("FORBIDDEN: another seat's moves; READ_ONLY: a spectator"),
      ...common,
      409: error(`NOT_STARTED: the table waits in the lobby for players; ${UNSERVED}`),
    },
  },
  play: {
    method: 'POST',
    url: '/tables/:table/moves',
    summary: 'Play a move; answered once it is committed',
    access: 'token',
    body: { schema: playSchema },
    answers: {
      200: answer('the ply and its index', playedSchema),
      400: error('malformed JSON or fields'),
      403: error('FORBIDDEN: a seat token acting for another seat, or for none; READ_ONLY: a spectator (no token)'),
      ...common,
      409: error(
        `STALE, with ply: the current ply count; NOT_STARTED: the table waits in the lobby for players; ${UNSERVED}`,
      ),
      413: error('the body is too large'),
      422: error('the move is refused: code, message, reason'),
    },
  },
  log: {
    method: 'GET',
    url: '/tables/:table/log',
    summary: 'The log: the truth of the table',
    description: 'The app token; anyone once the game is over.',
    access: 'token',
    answers: { 200: answer('the log', logSchema), 403: error('a seat token before the game is over'), ...common },
  },
  stream: {
    method: 'GET',
    url: '/tables/:table/stream',
    summary: 'WebSocket: one message { index, ply, state } per ply from ply `from` on, as the viewer may see it',
    description:
      'Authorization header, or ?token= where a client cannot set headers; no token at a table open to spectators (its public view, and moves sent on it are refused 403 READ_ONLY). A seat of a table waiting in the lobby opens it once the table has started. Reconnect with from = the next index wanted: nothing is missed. ' +
      'A message sent on the socket is a move (the StreamMove schema: the body of POST /tables/{table}/moves with an id), ' +
      'judged as that request with the stream token; the answer comes on the socket as { reply: id, status, body }, the status and body that request would have had.',
    access: 'token or spectator',
    websocket: true,
    query: z.object({
      from: z
        .string()
        .regex(/^\d{1,9}$/, 'a ply index, 0 or more')
        .transform(Number)
        .optional()
        .describe('the first ply index to send (default 0)'),
      token: z.string().optional().describe('the token, where a client cannot set the Authorization header'),
    }),
    answers: {
      101: { description: 'switching to WebSocket' },
      400: error('from is not a ply index'),
      ...common,
      409: error(`NOT_STARTED: a seat's token at a table waiting in the lobby; ${UNSERVED}`),
    },
  },
  health: {
    method: 'GET',
    url: '/health',
    summary: 'Whether the store answers',
    access: 'anyone',
    answers: { 200: answer('ok', healthSchema), 503: common[503] },
  },
  openapi: {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This document',
    access: 'anyone',
    answers: { 200: { description: 'OpenAPI 3.1' } },
  },
} as const satisfies Record<string, Route>;

/** What a handler of `R` is given: its request's query and body, read with the route's schemas. */
export interface Read<R extends Route> {
  readonly body: R extends { readonly body: { readonly schema: infer S extends z.ZodType } } ? z.output<S> : undefined;
  readonly query: R extends { readonly query: infer S extends z.ZodType } ? z.output<S> : undefined;
}

/**
 * Registers `handler` for `route` on `app`: the query, then the body, are read with the route's schemas (a 400
 * `BAD_REQUEST` naming the field they refuse) before it runs; `onRequest` runs before either (a check of who may call).
 */
export function serve<R extends Route>(
  app: FastifyInstance,
  route: R,
  handler: (request: FastifyRequest, reply: FastifyReply, read: Read<R>) => Promise<unknown>,
  onRequest?: onRequestHookHandler,
): void {
  app.route({
    method: route.method,
    url: route.url,
    ...(onRequest !== undefined ? { onRequest } : {}),
    handler: (request, reply) => handler(request, reply, readRequest(route, request)),
  });
}

/** The query and the body of `request` as `route` reads them. */
export function readRequest<R extends Route>(route: R, request: FastifyRequest): Read<R> {
  const query = route.query === undefined ? undefined : parse(route.query, request.query ?? {});
  const body =
    route.body === undefined
      ? undefined
      : parse(route.body.schema, route.body.optional === true ? (request.body ?? {}) : request.body);
  return { query, body } as Read<R>;
}

/**
 * The routes served that are not declared, and those declared that are not served, as `METHOD url`: both empty on a
 * server whose document describes it.
 */
export function undeclared(served: readonly string[]): { notDeclared: string[]; notServed: string[] } {
  const declared = Object.values(ROUTES).map((r) => `${r.method} ${r.url}`);
  return {
    notDeclared: served.filter((r) => !declared.includes(r)),
    notServed: declared.filter((r) => !served.includes(r)),
  };
}
