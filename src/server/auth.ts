/**
 * Who a request is: the bearer token it carries (the Authorization header, or
 * `?token=` on the stream, where a browser cannot set headers), hashed once per request, and
 * matched against the table's stored hashes: the app token, or one seat's.
 */
import type { FastifyRequest } from 'fastify';
import { Answer } from './answers.js';
import { ROUTES } from './routes.js';
import type { TableRecord } from './store/tableStore.js';
import { hashesMatch, hashToken, tokenMatches } from './tokens.js';
import { EVERYTHING, type Viewer } from './view.js';

/** The caller of a table: its application, or one of its seats. */
export type Who = { readonly kind: 'app' } | { readonly kind: 'seat'; readonly seat: string };

/** Who reads a table: a caller with a token, or a spectator (no token, at a table open to spectators). */
export type Reader = Who | { readonly kind: 'spectator' };

/** The request's bearer token as sent, or null; `?token=` is read on the stream alone (a token in a URL ends up in logs). */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1]! : null;
  }
  // The stream is the one route that reads a token from the query, as a browser cannot set a WebSocket's headers.
  if (request.routeOptions.url !== ROUTES.stream.url) return null;
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' && query.token.length > 0 ? query.token : null;
}

const HASHED = Symbol('hashed bearer token');

/** The request's bearer token in its stored form, hashed once per request (the rate limit and the table both need it). */
export function hashedBearer(request: FastifyRequest): string | null {
  const memo = request as FastifyRequest & { [HASHED]?: string | null };
  if (memo[HASHED] === undefined) {
    const token = bearer(request);
    memo[HASHED] = token === null ? null : hashToken(token);
  }
  return memo[HASHED];
}

function identify(record: TableRecord, hashed: string | null): Who | null {
  if (hashed === null) return null;
  if (hashesMatch(hashed, record.appToken)) return { kind: 'app' };
  for (const [seat, hash] of Object.entries(record.seatTokens))
    if (hashesMatch(hashed, hash)) return { kind: 'seat', seat };
  return null;
}

/** Who the request is at the table `record`, or a 401 `UNAUTHORIZED` saying what is missing. */
export function who(request: FastifyRequest, record: TableRecord): Who {
  const hashed = hashedBearer(request);
  const found = identify(record, hashed);
  if (found === null)
    throw new Answer(
      401,
      'UNAUTHORIZED',
      hashed === null ? 'no token: send Authorization: Bearer TOKEN' : "this token is not one of this table's",
    );
  return found;
}

/**
 * Who reads the table `record`: a spectator when the request carries no token and the table is open to spectators,
 * else the token's caller (a 401 `UNAUTHORIZED` as `who` gives it).
 */
export function reader(request: FastifyRequest, record: TableRecord): Reader {
  if (record.spectators && hashedBearer(request) === null) return { kind: 'spectator' };
  return who(request, record);
}

/**
 * What the reader may see of a table: everything for its application, a seat's view for a seat, the public view for a
 * spectator. A seat of a table still waiting in the lobby sees the public view too: the seat may change hands before
 * the start, so what it would hide from the others (a hand dealt at the opening) is nobody's to see until then.
 */
export function viewerOf(caller: Reader, record: TableRecord): Viewer {
  if (caller.kind === 'app') return EVERYTHING;
  if (caller.kind === 'spectator' || record.status === 'waiting') return null;
  return caller.seat;
}

/** Refuses a spectator's attempt to act: a spectator only reads (403 `READ_ONLY`). */
export function actor(caller: Reader): Who {
  if (caller.kind === 'spectator')
    throw new Answer(403, 'READ_ONLY', "a spectator only reads this table: acting takes a seat's token");
  return caller;
}

/** Refuses a table's creation unless the request carries the server's create token (when it has one). */
export function checkCreateToken(request: FastifyRequest, createToken: string | undefined): void {
  if (createToken === undefined) return;
  const token = bearer(request);
  if (token === null) throw new Answer(401, 'UNAUTHORIZED', 'this server creates tables only for its create token');
  if (!tokenMatches(token, hashToken(createToken)))
    throw new Answer(403, 'FORBIDDEN', 'this token may not create tables');
}
