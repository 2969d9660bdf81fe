/**
 * The server's OpenAPI 3.1 document, served at `/openapi.json`, generated whole:
 * its paths from the routes' declarations (routes.ts: who may call each, what
 * it reads, what each status means) and every body from the zod schemas the
 * server reads requests with (schemas.ts).
 */
import { z } from 'zod';
import { type Access, ROUTES, type Route } from './routes.js';
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

/** The component a body's schema is registered as (schemas.ts names every body the server reads or answers). */
function json(schema: z.ZodType) {
  const id = components.get(schema)?.id;
  if (id === undefined) throw new Error('a route reads or answers a body whose schema has no name in schemas.ts');
  return { 'application/json': { schema: { $ref: `#/components/schemas/${id}` } } };
}

/** The document's security for each kind of access: a bearer token is its default. */
const SECURITY: Record<Access, object[] | undefined> = {
  token: undefined,
  'token or spectator': [{ bearer: [] }, {}],
  anyone: [],
};

/** A route's parameters: each `:name` of its path, then its query's fields with their schemas and descriptions. */
function parameters(route: Route): object[] {
  const path = [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = Object.entries(route.query?.shape ?? {}).map(([name, field]) => {
    const { $schema: _schema, description, ...schema } = z.toJSONSchema(field as z.ZodType, { io: 'input' });
    return {
      name,
      in: 'query',
      required: !(field as z.ZodType).safeParse(undefined).success,
      schema,
      ...(description !== undefined ? { description } : {}),
    };
  });
  return [...path, ...query];
}

/** A route as the document's operation. */
function operation(route: Route): object {
  const security = SECURITY[route.access];
  const listed = parameters(route);
  return {
    summary: route.summary,
    ...(route.description !== undefined ? { description: route.description } : {}),
    ...(security !== undefined ? { security } : {}),
    ...(listed.length > 0 ? { parameters: listed } : {}),
    ...(route.body !== undefined
      ? { requestBody: { required: route.body.optional !== true, content: json(route.body.schema) } }
      : {}),
    responses: Object.fromEntries(
      Object.entries(route.answers).map(([status, { description, schema }]) => [
        status,
        { description, ...(schema !== undefined ? { content: json(schema) } : {}) },
      ]),
    ),
  };
}

/** The document's paths: each route under its path (`{name}` for Fastify's `:name`) and its method. */
function paths(): Record<string, Record<string, object>> {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of Object.values(ROUTES) as Route[]) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return paths;
}

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
  paths: paths(),
} as const;
