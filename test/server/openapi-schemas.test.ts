/**
 * What `/openapi.json` describes is what the server reads: its bodies and
 * query parameters are generated from the zod schemas the routes read requests
 * with (routes.ts), so a body or a query the server accepts validates against
 * the document and one it refuses does not. Checked on good and bad bodies of
 * each request and values of each query parameter, with a JSON Schema 2020-12
 * validator; and a server refuses to start with a route it serves that is not
 * declared (so not documented), or one declared that it does not serve.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/server/openapi.js';
import { ROUTES, readRequest, undeclared } from '../../src/server/routes.js';
import {
  createSchema,
  newTokenSchema,
  playSchema,
  streamMoveSchema,
  takeSeatSchema,
} from '../../src/server/schemas.js';

// The document's refs name its components (#/components/schemas/Id): the validator reads them as $defs.
const resolved = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: false });
addFormats.default(resolved);
resolved.addSchema(
  JSON.parse(
    JSON.stringify({ $id: 'components', $defs: openApiDocument.components.schemas }).replaceAll(
      '#/components/schemas/',
      'components#/$defs/',
    ),
  ),
);

const CASES = {
  CreateTable: {
    schema: createSchema,
    bodies: [
      { game: 'mundane', seats: ['seat:ann', 'seat:bob'] },
      { game: 'mundane', seats: ['seat:ann'], seed: 'abc', clock: { per: 'seat', bank: 60_000 } },
      { game: 'mundane', seats: ['seat:ann'], bots: { 'seat:ann': { kind: 'mcts', iterations: 5 } } },
      { game: '', seats: [] },
      { game: 'mundane' },
      { game: 'mundane', seats: ['seat:ann'], extra: true },
      { game: 'mundane', seats: ['seat:ann'], clock: { per: 'turn', ms: 50 } },
      { game: 'mundane', seats: ['seat:ann'], bots: { 'seat:ann': { kind: 'mcts', iterations: 101 } } },
      { game: 'mundane', seats: ['seat:ann'], table: '9 bad id' },
      { game: 'mundane', seats: ['seat:ann'], seed: 1.5 },
      { game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: true, spectators: true },
      { game: 'mundane', seats: ['seat:ann', 'seat:bob'], lobby: 'yes' },
      { game: 'mundane', seats: ['seat:ann', 'seat:bob'], spectators: 1 },
    ],
  },
  NewToken: {
    schema: newTokenSchema,
    bodies: [{}, { seat: 'seat:ann' }, { token: 'x' }, [], 'x'],
  },
  TakeSeat: {
    schema: takeSeatSchema,
    bodies: [
      {},
      { name: 'Ann' },
      { name: '' },
      { name: 'x'.repeat(65) },
      { name: 7 },
      { name: 'Ann', seat: 'seat:bob' },
    ],
  },
  Play: {
    schema: playSchema,
    bodies: [
      { move: { type: 'engine.pass', seat: 'seat:ann' } },
      { move: {}, expect: 3, key: 'k-1' },
      { move: { type: 'engine.pass' }, expect: -1 },
      { move: 'pass' },
      { move: {}, key: '' },
      { move: {}, unknown: 1 },
    ],
  },
  StreamMove: {
    schema: streamMoveSchema,
    bodies: [
      { id: 7, move: {} },
      { id: 'a', move: {}, expect: 0 },
      { id: true, move: {} },
      { id: 'x'.repeat(201), move: {} },
    ],
  },
} as const;

describe('the request bodies of /openapi.json are the ones the server reads', () => {
  for (const [id, { schema, bodies }] of Object.entries(CASES)) {
    it(`${id}: accepted and refused alike by the server's schema and the document`, () => {
      const validate = resolved.compile({ $ref: `components#/$defs/${id}` });
      const verdicts = bodies.map((body) => ({
        body,
        server: schema.safeParse(body).success,
        document: validate(body),
      }));
      // Both kinds are tried: some bodies are accepted, some refused.
      expect(verdicts.some((v) => v.server)).toBe(true);
      expect(verdicts.some((v) => !v.server)).toBe(true);
      expect(verdicts.filter((v) => v.server !== v.document)).toEqual([]);
    });
  }

  it('every schema of the document is named by a route or another schema, and every ref names a schema', () => {
    const text = JSON.stringify(openApiDocument);
    const refs = new Set([...text.matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]));
    const names = Object.keys(openApiDocument.components.schemas);
    expect([...refs].filter((ref) => !names.includes(ref as string))).toEqual([]);
    // A stream's message is described in words, on the stream's route.
    expect(names.filter((name) => !refs.has(name) && name !== 'StreamMove')).toEqual([]);
  });

  it('each query parameter is accepted and refused alike by the route that reads it and by the document', () => {
    const QUERIES = [
      { route: ROUTES.lobby, name: 'game', values: ['mundane', 'x'.repeat(128), '', 'x'.repeat(129), ['a', 'b']] },
      { route: ROUTES.legalMoves, name: 'seat', values: ['seat:ann', ['seat:ann', 'seat:bob']] },
      { route: ROUTES.stream, name: 'from', values: ['0', '12', '999999999', '-1', '1.5', '1e3', ' 1', '1234567890'] },
      { route: ROUTES.stream, name: 'token', values: ['T0k3n', ['a', 'b']] },
    ];
    for (const { route, name, values } of QUERIES) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = (openApiDocument.paths as Record<string, Record<string, { parameters?: unknown[] }>>)[path]?.[
        route.method.toLowerCase()
      ];
      const parameter = operation?.parameters?.find(
        (p): p is { schema: object; required: boolean } =>
          (p as { name: string; in: string }).name === name && (p as { in: string }).in === 'query',
      );
      expect(parameter, `${route.method} ${path} documents ?${name}`).toBeDefined();
      expect(parameter?.required).toBe(false);
      const validate = resolved.compile(parameter!.schema);
      const read = (value: unknown) => {
        try {
          readRequest(route, { query: { [name]: value } } as never);
          return true;
        } catch {
          return false;
        }
      };
      const verdicts = values.map((value) => ({ value, server: read(value), document: validate(value) }));
      expect(
        verdicts.some((v) => v.server),
        `some ?${name} accepted`,
      ).toBe(true);
      expect(
        verdicts.some((v) => !v.server),
        `some ?${name} refused`,
      ).toBe(true);
      expect(verdicts.filter((v) => v.server !== v.document)).toEqual([]);
    }
  });

  it('a route served but not declared, or declared but not served, is named: startServer refuses to start with either', () => {
    const declared = Object.values(ROUTES).map((route) => `${route.method} ${route.url}`);
    expect(undeclared(declared)).toEqual({ notDeclared: [], notServed: [] });
    const served = [...declared.filter((route) => route !== 'GET /health'), 'GET /openapi.yaml'];
    expect(undeclared(served)).toEqual({ notDeclared: ['GET /openapi.yaml'], notServed: ['GET /health'] });
  });
});
