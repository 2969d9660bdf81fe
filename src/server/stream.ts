/**
 * A table's stream (`GET /tables/:table/stream`, a WebSocket): one message per
 * ply from ply `from` on, as the token's viewer may see it; and moves sent on
 * it, played as `POST …/moves` plays them and answered on the socket in the
 * order they came.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Answer, INTERNAL, knownAnswer, noTable, parse, readBody } from './answers.js';
import { hashedBearer, type Reader, reader, viewerOf } from './auth.js';
import { logFailure } from './failures.js';
import type { Send } from './liveEntry.js';
import type { Entry, LiveTables } from './liveTables.js';
import { notStarted, playAs } from './playAs.js';
import { ROUTES, readRequest } from './routes.js';
import { streamMoveSchema } from './schemas.js';
import { tableOf } from './tableRoutes.js';

/** Moves of one stream that may await their answers at once; one more is answered 429 `RATE_LIMITED` at once. */
export const MAX_STREAM_MOVES_IN_FLIGHT = 32;

/**
 * Bytes a stream socket may hold unsent: a reader that lets more pile up is closed with `TOO_SLOW` (it reconnects with
 * `from` to catch up). A catch-up sends its past plies only while the backlog is under half of this.
 */
export const MAX_STREAM_BACKLOG = 1_048_576;

/** The close code and reason of a stream whose reader fell more than `MAX_STREAM_BACKLOG` bytes behind. */
export const TOO_SLOW = {
  code: 1008,
  reason: `too slow: over ${MAX_STREAM_BACKLOG} bytes unread; reconnect with from = the next index you need`,
} as const;

/**
 * How long a stream socket may hold over half of `MAX_STREAM_BACKLOG` unsent with none of it read before it is closed
 * (default of `ServerOptions.streamStallMs`): a reader that stops reading during a catch-up, which sends only while
 * the backlog is under half, would otherwise hold the catch-up's copy of the table until it disconnects.
 */
export const STREAM_STALL_MS = 30_000;

/** The close code and reason of a stream whose reader read nothing for `ms` with a backlog over half the bound. */
const stalled = (ms: number) =>
  ({
    code: 1008,
    reason: `too slow: nothing read for ${ms} ms; reconnect with from = the next index you need`,
  }) as const;

/**
 * The close code and reason of a stream whose token was replaced (`POST /tables/{table}/seats/{seat}/token`, or the
 * app token's `POST /tables/{table}/token`): the code is 4000 plus the HTTP status the token is answered with now.
 */
export const REVOKED = {
  code: 4401,
  reason: "UNAUTHORIZED: this token was replaced and is no longer one of this table's; reconnect with the new token",
} as const;

/** What the stream's upgrade request found, for the socket. */
interface StreamRequest {
  readonly entry: Entry;
  readonly caller: Reader;
  readonly from: number;
}

/** A socket the server closes when it stops. */
export interface Closable {
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/**
 * The rate limit of HTTP requests, asked again for each move sent on a stream: what `app.createRateLimit()` of
 * @fastify/rate-limit gives, written out (its type lives in that package's augmentation of Fastify, which an
 * application compiling against these declarations need not load).
 */
type RateLimited = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; max: number; timeWindow: number }>;

/** Plays a move sent on a stream: `{ reply, status, body }`, the status and body `POST …/moves` would answer. */
async function answerSocketMove(
  tables: LiveTables,
  rateLimited: RateLimited,
  request: FastifyRequest,
  id: string,
  caller: Reader,
  text: string,
  inFlight: number,
): Promise<{ reply: string | number | null; status: number; body: unknown }> {
  let reply: string | number | null = null;
  try {
    const message = readBody(text);
    const named = (message as { id?: unknown } | null)?.id;
    if (typeof named === 'string' || typeof named === 'number') reply = named;
    const { id: _, ...body } = parse(streamMoveSchema, message);
    if (inFlight > MAX_STREAM_MOVES_IN_FLIGHT)
      throw new Answer(
        429,
        'RATE_LIMITED',
        `too many moves in flight on this stream: at most ${MAX_STREAM_MOVES_IN_FLIGHT} await their answers at once`,
      );
    const limit = await rateLimited(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new Answer(429, 'RATE_LIMITED', `too many requests: at most ${limit.max} per ${limit.timeWindow} ms`);
    const live = await tables.get(id);
    // A table waiting in the lobby is read again: its moves wait for its start, wherever its last seat was taken.
    const entry = live === null ? null : await tables.seating(live);
    if (entry === null) throw noTable(id);
    const outcome = await playAs(tables, entry, caller, body);
    return { reply, status: outcome.status, body: outcome.body };
  } catch (error) {
    const known = knownAnswer(error);
    if (known !== null) return { reply, ...known };
    logFailure(error);
    return { reply, status: 500, body: INTERNAL };
  }
}

/**
 * What holds `socket`'s messages of one turn of the event loop back until its end, so that they leave in one write: a
 * move sent on the stream is answered with two messages (its ply, then its answer), written in the same turn, and each
 * write to a socket is a system call. The TCP socket under `ws`'s is corked at the first message and uncorked once the
 * turn's input has been handled (`setImmediate`): nothing waits for a later turn. A socket `ws` gives no TCP socket
 * for is written as it comes.
 */
function corker(socket: WebSocket): () => void {
  const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } | null })._socket;
  if (tcp === undefined || tcp === null || typeof tcp.cork !== 'function') return () => undefined;
  let corked = false;
  const uncork = () => {
    corked = false;
    tcp.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    tcp.cork();
    setImmediate(uncork);
  };
}

/**
 * Sends stream messages on `socket` with a bounded backlog: a message that would take the socket's unsent bytes over
 * `MAX_STREAM_BACKLOG` closes it instead (`TOO_SLOW`); one sent over half of it gives back a promise, kept once it is
 * written out (or the socket given up), for a catch-up to wait on. While the backlog is over half, the socket is
 * watched: `stallMs` with none of it written out closes it (`stalled`). Closing it, for either cause, calls `giveUp`
 * and keeps every promise given, so a catch-up waiting on one stops at once rather than when the socket is gone.
 */
function backlogged(socket: WebSocket, stallMs: number, giveUp: () => void): Send {
  const cork = corker(socket);
  let queued = 0;
  let watching: NodeJS.Timeout | null = null;
  const waiting = new Set<() => void>();
  const close = ({ code, reason }: { code: number; reason: string }) => {
    if (watching !== null) clearTimeout(watching);
    watching = null;
    socket.close(code, reason);
    giveUp();
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  // Bytes written out so far: those handed to the socket, less those it still holds.
  const written = () => queued - socket.bufferedAmount;
  const watch = (since: number) => {
    watching = setTimeout(() => {
      watching = null;
      if (socket.readyState !== socket.OPEN || socket.bufferedAmount <= MAX_STREAM_BACKLOG / 2) return;
      if (written() === since) close(stalled(stallMs));
      else watch(written());
    }, stallMs);
    watching.unref();
  };
  return (message) => {
    if (socket.readyState !== socket.OPEN) return;
    const text = JSON.stringify(message);
    const bytes = Buffer.byteLength(text);
    const unsent = socket.bufferedAmount;
    if (unsent > 0 && unsent + bytes > MAX_STREAM_BACKLOG) return close(TOO_SLOW);
    queued += bytes;
    cork();
    if (unsent + bytes <= MAX_STREAM_BACKLOG / 2) return socket.send(text);
    if (watching === null) watch(written());
    return new Promise<void>((resolve) => {
      waiting.add(resolve);
      socket.send(text, () => {
        waiting.delete(resolve);
        resolve();
      });
    });
  };
}

/** Registers the stream route on `app`; the sockets open are kept in `sockets` (to close when the server stops). */
export function registerStream(
  app: FastifyInstance,
  tables: LiveTables,
  rateLimited: RateLimited,
  sockets: Set<Closable>,
  stallMs: number = STREAM_STALL_MS,
): void {
  app.get(
    ROUTES.stream.url,
    {
      websocket: true,
      preValidation: async (request) => {
        const { from = 0 } = readRequest(ROUTES.stream, request).query;
        const entry = await tableOf(tables, request);
        const caller = reader(request, entry.record);
        // A seat's stream waits for the start: its seat may change hands until then, and the stream would go on
        // showing that seat's view to whoever opened it.
        if (caller.kind === 'seat' && entry.record.status === 'waiting') throw notStarted(entry);
        (request as FastifyRequest & { plystack?: StreamRequest }).plystack = { entry, caller, from };
      },
    },
    (socket, request) => {
      const { entry, caller, from } = (request as FastifyRequest & { plystack: StreamRequest }).plystack;
      const viewer = viewerOf(caller, entry.record);
      sockets.add(socket);
      // Leaves the table's subscribers: when the socket closes, or when the server gives up on a reader first.
      let close: (() => void) | null = null;
      let closed = false;
      const unsubscribe = () => {
        closed = true;
        close?.();
        close = null;
      };
      socket.on('close', () => {
        sockets.delete(socket);
        unsubscribe();
      });
      // A message from the client is a move, played as `POST …/moves` plays it (the same token, checks and rate limit) and
      // answered on the socket; the plies it makes come as any other plies do.
      // At most MAX_STREAM_MOVES_IN_FLIGHT moves of one socket await their answers; one more is refused 429 at once.
      // Answers are sent in the order the moves came.
      let inFlight = 0;
      let answered = Promise.resolve();
      socket.on('message', (data) => {
        // A socket the server gave up on (its token replaced, its reader too slow) plays nothing more.
        if (closed) return;
        inFlight++;
        const answer = answerSocketMove(
          tables,
          rateLimited,
          request,
          entry.record.id,
          caller,
          String(data),
          inFlight,
        ).finally(() => {
          inFlight--;
        });
        answered = answered
          .then(() => answer)
          .then((reply) => {
            if (!closed) socket.send(JSON.stringify(reply));
          });
      });
      tables
        .subscribe(
          entry,
          viewer,
          from,
          backlogged(socket, stallMs, unsubscribe),
          (error) => {
            // A catch-up that cannot go on: the store out of reach, or (logged) a table whose log does not replay.
            const known = knownAnswer(error);
            if (known === null) logFailure(error);
            socket.close(
              1011,
              known?.status === 503 ? 'the store cannot be reached now' : 'the server failed; see its log',
            );
          },
          {
            token: hashedBearer(request),
            revoked: () => {
              unsubscribe();
              socket.close(REVOKED.code, REVOKED.reason);
            },
          },
        )
        .then(
          (leave) => {
            if (closed) leave();
            else close = leave;
          },
          () => socket.close(1011, 'the store cannot be reached now'),
        );
    },
  );
}
