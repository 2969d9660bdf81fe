/**
 * The server's OpenAPI 3.1 document, served at `/openapi.json`. Every body in
 * it is generated from the zod schemas the server reads requests with
 * (schemas.ts); this file says only which route takes and answers which, and
 * what each status means.
 */
import { z } from 'zod';
import { components } from './schemas.js';

/** Each schema of the registry as a JSON Schema 2020-12 component, its refs pointing at the others. */
function generatedComponents(): Record<string, object> {
  const { schemas } = z.toJSONSchema(components, {
    uri: (id) => `#/components/schemas/${id}`,
    metadata: components,
    io: 'input',
    unrepresentable: 'any',
  });
  // A component is a part of this document, not a schema resource of its own: no `$schema` or `$id`.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string) => ({ 'application/json': { schema: ref(id) } });
const answer = (description: string, id: string) => ({ description, content: json(id) });
const error = (description: string) => answer(description, 'Error');
const body = (id: string) => ({ required: true, content: json(id) });
const tableParam = { name: 'table', in: 'path', required: true, schema: { type: 'string' } };
const seatParam = { name: 'seat', in: 'path', required: true, schema: { type: 'string' } };
/** A table open to spectators is read without a token; nothing else is. */
const orSpectator = [{ bearer: [] }, {}];
const common = {
  '401': error("no token, or not one of this table's"),
  '404': error('no such table'),
  '409': error("RULES_REVISION: the table was opened with turn rules of another revision than this server's game"),
  '429': error('too many requests for this token'),
  '503': error('the store cannot be reached now'),
};

/** The OpenAPI document. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'plystack table server',
    version: '1',
    description: 'Tables of turn-based games: seats act with their own tokens; the log is the truth.',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: generatedComponents(),
  },
  security: [{ bearer: [] }],
  paths: {
    '/tables': {
      post: {
        summary: 'Create a table',
        description:
          'Anyone may create a table, unless the server was started with --create-token: then only that token.',
        requestBody: body('CreateTable'),
        responses: {
          '201': answer(
            'the table, a token per seat (bot seats have none) and the app token (shown once; stored only as hashes)',
            'Created',
          ),
          '400': error('malformed JSON, fields, game, seats, options or bots'),
          '401': common['401'],
          '403': error('not the create token'),
          '409': error('the table id is taken'),
          '413': error('the body is too large'),
          '429': common['429'],
          '503': common['503'],
        },
      },
    },
    '/tables/{table}': {
      get: {
        summary: "The table as the token's viewer may see it",
        description:
          "Without a token, at a table open to spectators: its public view. A seat's token of a table still waiting in the lobby reads the public view too.",
        security: orSpectator,
        parameters: [tableParam],
        responses: { '200': answer('the table', 'Reading'), ...common },
      },
      delete: {
        summary: 'Close a table waiting in the lobby',
        description: 'The app token; only before the table starts. The table is gone: its id may be used again.',
        parameters: [tableParam],
        responses: {
          '204': { description: 'closed' },
          '403': error('not the app token'),
          ...common,
          '409': error('NOT_IN_LOBBY: the table was not opened in the lobby; STARTED: it has started'),
        },
      },
    },
    '/tables/{table}/seats/{seat}': {
      post: {
        summary: "Take a free seat of a table waiting in the lobby, and get the seat's token",
        description:
          'No token needed. Taking the last free seat starts the table: its clock runs and its moves are played from then on.',
        security: [],
        parameters: [tableParam, seatParam],
        requestBody: { required: false, content: json('TakeSeat') },
        responses: {
          '201': answer("the seat's token (shown once) and whether the table has started", 'Seated'),
          '400': error('malformed JSON or fields'),
          '404': error('UNKNOWN_SEAT: not a seat of the table; NOT_FOUND: no such table'),
          '409': error(
            'SEAT_TAKEN: the seat has a player or a bot; STARTED: the table has started; NOT_IN_LOBBY: it was not opened in the lobby',
          ),
          '429': common['429'],
          '503': common['503'],
        },
      },
      delete: {
        summary: 'Leave a seat before the table starts: its token is no longer valid, and the seat is free again',
        description: "The seat's own token, or the app token (which frees any seat).",
        parameters: [tableParam, seatParam],
        responses: {
          '204': { description: 'the seat is free' },
          '403': error("another seat's token"),
          ...common,
          '404': error('UNKNOWN_SEAT: not a seat of the table; NOT_FOUND: no such table'),
          '409': error('SEAT_FREE: nobody holds the seat; STARTED: the table has started; NOT_IN_LOBBY'),
        },
      },
    },
    '/tables/{table}/seats/{seat}/token': {
      post: {
        summary: "Give a seat a new token: the seat's old token is refused from now on",
        description:
          'The app token only. The old token is answered 401 UNAUTHORIZED on every route, by every process of the store, and its open streams are closed with WebSocket code 4401. No body, or {}.',
        parameters: [tableParam, seatParam],
        requestBody: { required: false, content: json('NewToken') },
        responses: {
          '201': answer("the seat's new token (shown once; stored only as a hash)", 'SeatToken'),
          '400': error('a body other than {}'),
          '403': error("a seat's token"),
          ...common,
          '404': error('UNKNOWN_SEAT: not a seat of the table; NOT_FOUND: no such table'),
          '409': error(
            "BOT_SEAT: the server's bot plays the seat; SEAT_FREE: a seat of a table in the lobby that no player holds; RULES_REVISION",
          ),
        },
      },
    },
    '/tables/{table}/token': {
      post: {
        summary: 'Give the table a new app token: the old one is refused from now on',
        description:
          'The app token only. The old app token is answered 401 UNAUTHORIZED on every route, by every process of the store, and its open streams are closed with WebSocket code 4401. No body, or {}.',
        parameters: [tableParam],
        requestBody: { required: false, content: json('NewToken') },
        responses: {
          '201': answer('the new app token (shown once; stored only as a hash)', 'AppToken'),
          '400': error('a body other than {}'),
          '403': error("a seat's token"),
          ...common,
        },
      },
    },
    '/lobby': {
      get: {
        summary: 'The tables waiting for players, the newest first (at most 100)',
        security: [],
        parameters: [
          { name: 'game', in: 'query', required: false, schema: { type: 'string' }, description: 'only this game’s' },
        ],
        responses: {
          '200': answer('the waiting tables', 'Lobby'),
          '400': error('game is not a game id'),
          '429': common['429'],
          '503': common['503'],
        },
      },
    },
    '/tables/{table}/legal-moves': {
      get: {
        summary: "What the token's seat may do now, and why the other moves are blocked",
        parameters: [
          tableParam,
          {
            name: 'seat',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'with the app token: the seat',
          },
        ],
        responses: {
          '200': answer('{ allowed, blocked }', 'LegalMoves'),
          '400': error('the app token without ?seat'),
          '403': error("FORBIDDEN: another seat's moves; READ_ONLY: a spectator"),
          ...common,
          '409': error(
            "NOT_STARTED: the table waits in the lobby for players; RULES_REVISION: the table was opened with turn rules of another revision than this server's game",
          ),
        },
      },
    },
    '/tables/{table}/moves': {
      post: {
        summary: 'Play a move; answered once it is committed',
        parameters: [tableParam],
        requestBody: body('Play'),
        responses: {
          '200': answer('the ply and its index', 'Played'),
          '400': error('malformed JSON or fields'),
          '403': error(
            'FORBIDDEN: a seat token acting for another seat, or for none; READ_ONLY: a spectator (no token)',
          ),
          ...common,
          '409': error(
            "STALE, with ply: the current ply count; NOT_STARTED: the table waits in the lobby for players; or RULES_REVISION: the table was opened with turn rules of another revision than this server's game",
          ),
          '413': error('the body is too large'),
          '422': error('the move is refused: code, message, reason'),
        },
      },
    },
    '/tables/{table}/log': {
      get: {
        summary: 'The log: the truth of the table',
        description: 'The app token; anyone once the game is over.',
        parameters: [tableParam],
        responses: {
          '200': answer('the log', 'Log'),
          '403': error('a seat token before the game is over'),
          ...common,
        },
      },
    },
    '/tables/{table}/stream': {
      get: {
        summary: 'WebSocket: one message { index, ply, state } per ply from ply `from` on, as the viewer may see it',
        description:
          'Authorization header, or ?token= where a client cannot set headers; no token at a table open to spectators (its public view, and moves sent on it are refused 403 READ_ONLY). A seat of a table waiting in the lobby opens it once the table has started. Reconnect with from = the next index wanted: nothing is missed. ' +
          'A message sent on the socket is a move (the StreamMove schema: the body of POST /tables/{table}/moves with an id), ' +
          'judged as that request with the stream token; the answer comes on the socket as { reply: id, status, body }, the status and body that request would have had.',
        parameters: [
          tableParam,
          { name: 'from', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
          { name: 'token', in: 'query', required: false, schema: { type: 'string' } },
        ],
        security: orSpectator,
        responses: {
          '101': { description: 'switching to WebSocket' },
          '400': error('from is not a ply index'),
          ...common,
          '409': error(
            "NOT_STARTED: a seat's token at a table waiting in the lobby; RULES_REVISION: the table was opened with turn rules of another revision than this server's game",
          ),
        },
      },
    },
    '/health': {
      get: {
        summary: 'Whether the store answers',
        security: [],
        responses: { '200': answer('ok', 'Health'), '503': common['503'] },
      },
    },
    '/openapi.json': {
      get: { summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1' } } },
    },
  },
} as const;
