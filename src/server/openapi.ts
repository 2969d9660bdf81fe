/**
 * The server's OpenAPI 3.1 document, served at `/openapi.json`.
 */
import { DEFAULT_MCTS_ITERATIONS, MAX_MCTS_ITERATIONS } from './bots.js';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const tableParam = { name: 'table', in: 'path', required: true, schema: { type: 'string' } };
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
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          reason: { type: 'string' },
          path: { type: 'string' },
          ply: { type: 'integer', description: 'with STALE: the ply count now' },
        },
      },
      Move: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' }, seat: { type: 'string' }, payload: {} },
      },
      Ply: {
        type: 'object',
        properties: {
          actor: { type: ['string', 'null'] },
          seat: { type: ['string', 'null'] },
          move: { $ref: '#/components/schemas/Move' },
          notation: { type: 'string' },
          round: { type: 'integer' },
          playOrder: { type: 'integer' },
          turn: { type: 'integer' },
          phase: { type: 'string' },
          moveIndex: { type: 'integer' },
          automatic: { type: 'boolean' },
        },
      },
      Log: {
        type: 'object',
        description:
          'the log of docs/contract.md, with what the server adds: times, timeouts, started, clock, and bots for a table with bot seats',
        required: [
          'game',
          'version',
          'table',
          'seats',
          'seed',
          'options',
          'moves',
          'times',
          'timeouts',
          'started',
          'clock',
        ],
        additionalProperties: false,
        properties: {
          game: { type: 'string' },
          version: { type: 'string' },
          table: { type: 'string' },
          seats: { type: 'array', items: { type: 'string' } },
          seed: { type: ['integer', 'string'] },
          options: { type: 'object' },
          rulesRevision: {
            type: 'integer',
            minimum: 1,
            description:
              'the revision of the turn rules the table was opened with; absent for a table stored before the server kept it',
          },
          moves: { type: 'array', items: { $ref: '#/components/schemas/Move' } },
          times: {
            type: 'array',
            items: { type: 'string', format: 'date-time' },
            description: "when each move was committed, the server's time",
          },
          timeouts: { type: 'array', items: { type: 'integer' }, description: 'indexes of the moves the clock played' },
          started: {
            type: 'string',
            format: 'date-time',
            description: 'when the table was created: a chess clock starts then',
          },
          clock: { oneOf: [{ $ref: '#/components/schemas/Clock' }, { type: 'null' }] },
          bots: { $ref: '#/components/schemas/Bots' },
        },
      },
      Bots: {
        type: 'object',
        description:
          "the seats the server's bots play, and the bot of each: a bot seat has no token, and the server plays its moves",
        additionalProperties: { $ref: '#/components/schemas/Bot' },
      },
      Bot: {
        description:
          "a random legal move, or Monte Carlo tree search with `iterations` playouts a move; neither leaves, sets an auto-pass stop or undoes while its seat has other moves, and both follow the game's hints",
        oneOf: [
          {
            type: 'object',
            required: ['kind'],
            additionalProperties: false,
            properties: { kind: { const: 'random' } },
          },
          {
            type: 'object',
            required: ['kind'],
            additionalProperties: false,
            properties: {
              kind: { const: 'mcts' },
              iterations: {
                type: 'integer',
                minimum: 1,
                maximum: MAX_MCTS_ITERATIONS,
                default: DEFAULT_MCTS_ITERATIONS,
              },
            },
          },
        ],
      },
      Clock: {
        description: 'a deadline per turn or per move, or a chess clock: a bank per seat and what its own move adds',
        oneOf: [
          {
            type: 'object',
            required: ['per', 'ms'],
            additionalProperties: false,
            properties: { per: { enum: ['turn', 'move'] }, ms: { type: 'integer', minimum: 100 } },
          },
          {
            type: 'object',
            required: ['per', 'bank'],
            additionalProperties: false,
            properties: {
              per: { const: 'seat' },
              bank: { type: 'integer', minimum: 100 },
              increment: { type: 'integer', minimum: 0 },
            },
          },
        ],
      },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    '/tables': {
      post: {
        summary: 'Create a table',
        description:
          'Anyone may create a table, unless the server was started with --create-token: then only that token.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['game', 'seats'],
                properties: {
                  game: { type: 'string' },
                  seats: { type: 'array', items: { type: 'string' } },
                  options: { type: 'object' },
                  seed: { type: ['integer', 'string'] },
                  table: { type: 'string' },
                  clock: { $ref: '#/components/schemas/Clock' },
                  bots: { $ref: '#/components/schemas/Bots' },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description:
              'the table, a token per seat (bot seats have none) and the app token (shown once; stored only as hashes)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    table: { type: 'string' },
                    tokens: { type: 'object', additionalProperties: { type: 'string' } },
                    appToken: { type: 'string' },
                  },
                },
              },
            },
          },
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
        parameters: [tableParam],
        responses: {
          '200': {
            description: 'the table',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    table: { type: 'string' },
                    game: { type: 'string' },
                    ply: { type: 'integer' },
                    turnModel: { type: 'string' },
                    state: { type: 'object' },
                    plies: { type: 'array', items: { $ref: '#/components/schemas/Ply' } },
                    bots: { $ref: '#/components/schemas/Bots' },
                    clock: {
                      type: 'object',
                      description:
                        "a clocked table's clock: its spec, the deadline, and a chess clock's banks, what is left of them and who runs",
                      required: ['per', 'deadline'],
                      properties: {
                        per: { enum: ['turn', 'move', 'seat'] },
                        deadline: { type: ['string', 'null'], format: 'date-time' },
                        since: { type: 'string', format: 'date-time' },
                        banks: { type: 'object', additionalProperties: { type: 'integer' } },
                        remaining: { type: 'object', additionalProperties: { type: 'integer' } },
                        running: { type: 'array', items: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
          ...common,
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
          '200': {
            description: '{ allowed, blocked }',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    allowed: { type: 'array', items: { $ref: '#/components/schemas/Move' } },
                    blocked: { type: 'array', items: { type: 'object' } },
                  },
                },
              },
            },
          },
          '400': error('the app token without ?seat'),
          '403': error("another seat's moves"),
          ...common,
        },
      },
    },
    '/tables/{table}/moves': {
      post: {
        summary: 'Play a move; answered once it is committed',
        parameters: [tableParam],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['move'],
                properties: {
                  move: { $ref: '#/components/schemas/Move' },
                  expect: {
                    type: 'integer',
                    minimum: 0,
                    description: 'the ply count last seen: 409 STALE when the table moved since',
                  },
                  key: {
                    type: 'string',
                    maxLength: 200,
                    description: 'idempotency key: sent again, the first answer comes back and nothing plays twice',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'the ply and its index',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { ply: { $ref: '#/components/schemas/Ply' }, index: { type: 'integer' } },
                },
              },
            },
          },
          '400': error('malformed JSON or fields'),
          '403': error('a seat token acting for another seat, or for none'),
          ...common,
          '409': error(
            "STALE, with ply: the current ply count; or RULES_REVISION: the table was opened with turn rules of another revision than this server's game",
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
          '200': {
            description: 'the log',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Log' } } },
          },
          '403': error('a seat token before the game is over'),
          ...common,
        },
      },
    },
    '/tables/{table}/stream': {
      get: {
        summary: 'WebSocket: one message { index, ply, state } per ply from ply `from` on, as the viewer may see it',
        description:
          'Authorization header, or ?token= where a client cannot set headers. Reconnect with from = the next index wanted: nothing is missed. ' +
          'A message sent on the socket is a move, { id?, move, expect?, key? } (the body of POST /tables/{table}/moves with an id), ' +
          'judged as that request with the stream token; the answer comes on the socket as { reply: id, status, body }, the status and body that request would have had.',
        parameters: [
          tableParam,
          { name: 'from', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
          { name: 'token', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: {
          '101': { description: 'switching to WebSocket' },
          '400': error('from is not a ply index'),
          ...common,
        },
      },
    },
    '/health': {
      get: {
        summary: 'Whether the store answers',
        security: [],
        responses: { '200': { description: 'ok' }, '503': common['503'] },
      },
    },
    '/openapi.json': {
      get: { summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1' } } },
    },
  },
} as const;
