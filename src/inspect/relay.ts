/**
 * The local relay `plystack inspect` starts: one port that serves the built
 * inspector page and carries WebSockets both ways. Apps (`inspectTable`, or
 * any XState app through `createWebSocketInspector`) connect to any path and
 * send `@statelyai/inspect` events; pages connect to `/inspector` and receive
 * them. The relay keeps what a page needs to catch up when it opens late: each
 * session's actor event, its recent events, its latest snapshot and the plies
 * seen so far, all within `RELAY_LIMITS`.
 *
 * Hostile input is expected: every handler contains its own failures, a bad
 * request gets a 400 or a close code, a Host that does not name this relay
 * and an Origin the user did not allow get a 403 (DNS rebinding, other sites'
 * scripts), and a page that reads too slowly is dropped.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { PAGE_PATH, RELAY_LIMITS, type RelayHello, type RelayLimits, type RelaySessionsClosed } from './protocol.js';
import {
  emittedTexts,
  emptyArchive,
  emptyKept,
  ITEM_OVERHEAD,
  type Kept,
  keepNewest,
  mergePlies,
  type PlyArchive,
  rewriteIds,
} from './relaySessions.js';

/** Options of `startRelay`. */
export interface RelayOptions {
  /** The port; 0 picks a free one. */
  readonly port?: number;
  /** The interface to listen on; default 127.0.0.1 (this machine only). */
  readonly host?: string;
  /** The built page (`dist/visualizer`); null serves no page. */
  readonly pageDir?: string | null;
  /** Events kept per session for a page that connects late (default `RELAY_LIMITS.eventsPerSession`). */
  readonly keepEvents?: number;
  /** Limits other than the defaults (`RELAY_LIMITS`). */
  readonly limits?: Partial<RelayLimits>;
  /**
   * Origins allowed besides the relay's own (`http://localhost:PORT` and the
   * address it listens on): `http://localhost:5173`, or `*` for any. Their
   * hosts are accepted as Host too.
   */
  readonly allowOrigins?: readonly string[];
  /** Told of a failure inside a handler (a bug, contained); default: one line on stderr. */
  readonly onError?: (error: unknown) => void;
  /**
   * A table log (JSON text) served at `/log.json`, which the page opens when its address has `?log`
   * (`plystack inspect --log FILE`).
   */
  readonly log?: string | null;
}

/** What the relay holds now (`relay.stats()`). */
export interface RelayStats {
  readonly sessions: number;
  readonly openSessions: number;
  /** What the sessions keep, in bytes: texts plus `ITEM_OVERHEAD` per kept item. */
  readonly keptBytes: number;
  readonly apps: number;
  readonly pages: number;
  /** The most bytes waiting for any one page (sent but unread, plus held back during its catch-up). */
  readonly readerBytes: number;
}

/** A running relay. */
export interface Relay {
  /** The page's address. */
  readonly url: string;
  /** The address apps send to: `inspectTable(table, { url })`. */
  readonly appUrl: string;
  readonly port: number;
  readonly limits: RelayLimits;
  /** The origins whose pages and apps may connect (`*`: any). */
  readonly origins: readonly string[];
  /** How many sessions the relay knows, open or closed. */
  sessionCount(): number;
  stats(): RelayStats;
  close(): Promise<void>;
}

interface Session {
  readonly id: string;
  actor: string | null;
  events: Kept;
  /** What the session's table emitted, the newest: a page that opens late gets them with the latest snapshot. */
  emitted: Kept;
  snapshot: string | null;
  archive: PlyArchive;
  open: boolean;
}

/** A page's connection: live messages wait in `queue` while it catches up. */
interface Reader {
  readonly socket: WebSocket;
  queue: string[] | null;
  queued: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};
/** The inspection events apps send (`@statelyai/inspect`); other types are not forwarded. */
const APP_TYPES = new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']);
const MAX_ID_CHARS = 512;
/** Nesting deeper than this is refused before anything walks the event recursively. */
const MAX_DEPTH = 256;
/** A page whose catch-up makes no progress for this long is dropped. */
const STALL_MS = 30_000;
const noop = () => {};

/** Whether `value`, already parsed from JSON, nests deeper than `limit` (walked without recursion). */
function nestsDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** An origin-form request target (RFC 9112: an absolute path and a query), in the characters RFC 3986 allows there. */
const ORIGIN_FORM = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*(\?[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/;

/** The path of an origin-form request target (`/a/b?c`), or null when it is not one. */
function pathOf(target: string | undefined): string | null {
  if (target === undefined || !ORIGIN_FORM.test(target) || target.startsWith('//')) return null;
  try {
    return new URL(`http://relay${target}`).pathname;
  } catch {
    return null;
  }
}

/** Host names this machine answers to on `host` (how a browser on it may address the relay). */
function namesFor(host: string): string[] {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const bracket = (name: string) => (name.includes(':') ? `[${name}]` : name);
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (bare === '0.0.0.0' || bare === '::') {
    const names = [...loopback];
    for (const list of Object.values(networkInterfaces()))
      for (const address of list ?? []) names.push(bracket(address.address.toLowerCase()));
    return names;
  }
  if (bare === 'localhost' || bare === '::1' || bare.startsWith('127.'))
    return [...new Set([bracket(bare), ...loopback])];
  return [bracket(bare)];
}

/**
 * The origins given to `--allow-origin`, normalised (`http://Localhost:5173/`
 * → `http://localhost:5173`); `*` stays `*`. Throws a TypeError naming the
 * first one that is not an http(s) origin.
 *
 * @example
 * parseOrigins(['http://localhost:5173']) // ['http://localhost:5173']
 */
export function parseOrigins(origins: readonly string[]): string[] {
  return origins.map((given) => {
    const text = given.trim();
    if (text === '*') return '*';
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (
      url === null ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username !== '' ||
      url.password !== '' ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search !== '' ||
      url.hash !== ''
    ) {
      throw new TypeError(`${JSON.stringify(text.slice(0, 200))} is not an origin such as http://localhost:5173`);
    }
    return url.origin;
  });
}

/** Answers an upgrade request that will not become a WebSocket, then closes it. */
function refuse(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function plain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.destroy();
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) })
    .end(text);
}

async function servePage(dir: string | null, target: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let path: string;
  try {
    path = decodeURIComponent(target);
  } catch {
    return plain(res, 400, 'malformed percent-encoding in the path');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'GET only');
  if (dir === null) return plain(res, 404, 'this relay serves no page');
  if (path.includes('\0')) return plain(res, 400, 'a NUL in the path');
  const file = normalize(join(dir, path === '/' ? 'index.html' : path));
  if (file !== dir && !file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return plain(res, 403, 'outside the page');
  const found = await stat(file).catch(() => null);
  if (found === null || !found.isFile()) {
    if (path === '/')
      return plain(res, 503, `the inspector page is not built (no ${file}): run npm run inspector:build`);
    return plain(res, 404, `no ${path.slice(0, 200)}`);
  }
  // The page's build writes each text file compressed beside itself (NAME.br, NAME.gz): the one the browser takes.
  const encoding =
    TYPES[extname(file)] === undefined ? null : await precompressed(file, req.headers['accept-encoding']);
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': encoding?.size ?? found.size,
    // A file whose name carries its content's hash never changes; the rest (index.html) is asked for again.
    'cache-control': HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    ...(encoding === null ? {} : { 'content-encoding': encoding.name }),
  });
  if (req.method === 'HEAD') return void res.end();
  // A file that vanishes or fails mid-way ends this response only.
  pipeline(createReadStream(encoding?.file ?? file), res, noop);
}

/** Where the relay serves the log it was given (`RelayOptions.log`). */
export const LOG_PATH = '/log.json';

/** A built file whose name carries a hash of its content (`assets/index-0R7Uzjo6.js`). */
const HASHED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** The encodings a request accepts (`br`, `gzip`), those it refuses with q=0 left out. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== undefined && name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The compressed copy of `file` to send, brotli first, when the request accepts it and the build wrote it. */
async function precompressed(
  file: string,
  header: string | string[] | undefined,
): Promise<{ name: string; file: string; size: number } | null> {
  const accepted = acceptedEncodings(header);
  for (const [name, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepted.has(name)) continue;
    const found = await stat(file + ext).catch(() => null);
    if (found?.isFile()) return { name, file: file + ext, size: found.size };
  }
  return null;
}

/**
 * Starts the relay and resolves once it listens. Rejects when the port is
 * taken, and with a TypeError when an allowed origin is not an origin.
 *
 * @example
 * const relay = await startRelay({ port: 4242, pageDir: 'dist/visualizer' })
 * inspectTable(table, { url: relay.appUrl })   // the page at relay.url shows it
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1';
  const limits: RelayLimits = {
    ...RELAY_LIMITS,
    ...(options.keepEvents !== undefined ? { eventsPerSession: options.keepEvents } : {}),
    ...options.limits,
  };
  const extraOrigins = parseOrigins(options.allowOrigins ?? []);
  const report =
    options.onError ??
    ((error: unknown) => {
      process.stderr.write(
        `plystack inspect: a relay handler failed (contained): ${String(error instanceof Error ? (error.stack ?? error.message) : error).slice(0, 2_000)}\n`,
      );
    });
  const pageDir = options.pageDir === undefined || options.pageDir === null ? null : normalize(options.pageDir);
  const sessions = new Map<string, Session>();
  const readers = new Set<Reader>();
  let apps = 0;
  let connections = 0;
  // Filled in once the port is known.
  const hosts = new Set<string>();
  const origins = new Set<string>();
  const anyOrigin = extraOrigins.includes('*');

  /** Runs a handler; a failure is reported and closes `socket` (1011) instead of reaching the process. */
  const guard = (socket: WebSocket | null, handler: () => void) => {
    try {
      handler();
    } catch (error) {
      report(error);
      try {
        socket?.close(1011, 'relay error');
      } catch {
        socket?.terminate();
      }
    }
  };

  const hostAllowed = (header: string | undefined) => header !== undefined && hosts.has(header.toLowerCase());
  const originAllowed = (header: string | undefined) =>
    header === undefined || anyOrigin || origins.has(header.toLowerCase());

  const http = createServer((req, res) => {
    try {
      if (!hostAllowed(req.headers.host))
        return plain(
          res,
          403,
          `this relay answers to ${[...hosts][0] ?? host}, not to Host ${JSON.stringify(String(req.headers.host ?? '').slice(0, 200))}`,
        );
      const path = pathOf(req.url);
      if (path === null) return plain(res, 400, 'malformed request target');
      if (path === LOG_PATH && options.log !== undefined && options.log !== null) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'GET only');
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.log),
          'cache-control': 'no-store',
        });
        return void res.end(req.method === 'HEAD' ? undefined : options.log);
      }
      servePage(pageDir, path, req, res).catch((error: unknown) => {
        report(error);
        plain(res, 500, 'relay error');
      });
    } catch (error) {
      report(error);
      plain(res, 500, 'relay error');
    }
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes, perMessageDeflate: false });

  const drop = (reader: Reader) => {
    readers.delete(reader);
    reader.queue = null;
    reader.socket.terminate();
  };
  /** Sends to one page, or holds back while it catches up; a page with too much unread is dropped. */
  const deliver = (reader: Reader, text: string) => {
    if (!readers.has(reader) || reader.socket.readyState !== WebSocket.OPEN) return;
    if (reader.queue !== null) {
      reader.queue.push(text);
      reader.queued += text.length + ITEM_OVERHEAD;
      if (reader.queued > limits.readerBytes) drop(reader);
      return;
    }
    const waiting = reader.socket.bufferedAmount;
    if (waiting > 0 && waiting + text.length > limits.readerBytes) return drop(reader);
    reader.socket.send(text);
  };
  const toPages = (text: string) => {
    for (const reader of readers) deliver(reader, text);
  };

  /** Room for one more session: forgets the oldest closed ones; false when every kept session is open. */
  const makeRoom = () => {
    for (const [id, session] of sessions) {
      if (sessions.size < limits.sessions) break;
      if (!session.open) sessions.delete(id);
    }
    return sessions.size < limits.sessions;
  };

  const fromApp = (socket: WebSocket) => {
    apps++;
    const prefix = `c${++connections}/`;
    const mine = new Set<string>();
    const onMessage = (data: RawData, isBinary: boolean) => {
      if (isBinary) return socket.close(1003, 'inspection events are JSON text');
      let event: unknown;
      try {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
        event = JSON.parse(bytes.toString());
      } catch {
        return socket.close(1007, 'not JSON');
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event))
        return socket.close(1007, 'not an inspection event');
      const fields = event as Record<string, unknown>;
      const { type, sessionId } = fields;
      if (
        typeof type !== 'string' ||
        typeof sessionId !== 'string' ||
        sessionId.length === 0 ||
        sessionId.length > MAX_ID_CHARS
      ) {
        return socket.close(1007, 'an inspection event needs a type and a sessionId');
      }
      if (type.startsWith('@plystack.')) return socket.close(1008, 'only the relay sends @plystack messages');
      if (!APP_TYPES.has(type)) return;
      if (nestsDeeper(event, MAX_DEPTH)) return socket.close(1007, `nested deeper than ${MAX_DEPTH} levels`);
      rewriteIds(fields, prefix);
      const id = fields.sessionId as string;
      let session = sessions.get(id);
      if (session === undefined) {
        if (mine.size >= limits.sessionsPerConnection)
          return socket.close(1008, `more than ${limits.sessionsPerConnection} sessions on one connection`);
        if (!makeRoom()) return socket.close(1013, `the relay keeps ${limits.sessions} sessions and all are open`);
        session = {
          id,
          actor: null,
          events: emptyKept(),
          emitted: emptyKept(),
          snapshot: null,
          archive: emptyArchive(),
          open: true,
        };
        sessions.set(id, session);
        mine.add(id);
      }
      const text = JSON.stringify(event);
      if (type === '@xstate.actor') {
        session.actor = text;
      } else if (type === '@xstate.event') {
        keepNewest(session.events, [text], limits.eventsPerSession, limits.eventBytesPerSession);
      } else {
        session.snapshot = text;
        mergePlies(session.archive, fields, limits.plyBytesPerSession);
        keepNewest(session.emitted, emittedTexts(fields), limits.eventsPerSession, limits.eventBytesPerSession);
      }
      toPages(text);
    };
    socket.on('error', noop); // a bad frame: ws closes the socket with the right code itself
    socket.on('message', (data, isBinary) => guard(socket, () => onMessage(data, isBinary)));
    socket.on('close', () =>
      guard(null, () => {
        apps--;
        for (const id of mine) {
          const session = sessions.get(id);
          if (session !== undefined) session.open = false;
        }
        if (mine.size > 0)
          toPages(JSON.stringify({ type: '@plystack.closed', sessionIds: [...mine] } satisfies RelaySessionsClosed));
      }),
    );
  };

  /**
   * The latest snapshot of a session, with every ply the relay kept instead of its own window, and the newest of what
   * its table emitted instead of what it emitted since the snapshot before.
   */
  const caughtSnapshot = (
    snapshotText: string,
    archive: { from: number; items: readonly string[] },
    emitted: readonly string[],
  ): string => {
    const latest = JSON.parse(snapshotText) as Record<string, unknown>;
    const snapshot = latest.snapshot as Record<string, unknown> | null | undefined;
    const plystack =
      typeof snapshot === 'object' && snapshot !== null
        ? (snapshot.plystack as Record<string, unknown> | null | undefined)
        : undefined;
    if (typeof plystack !== 'object' || plystack === null) return snapshotText;
    const plies = typeof plystack.plies === 'object' && plystack.plies !== null ? plystack.plies : {};
    const items = archive.items.map((item) => JSON.parse(item) as unknown);
    const heard = emitted.map((item) => JSON.parse(item) as unknown);
    return JSON.stringify({
      ...latest,
      snapshot: {
        ...snapshot,
        plystack: { ...plystack, emitted: heard, plies: { ...plies, from: archive.from, items } },
      },
    });
  };

  /** Sends a page what it missed, pacing itself to the page's reading; live messages wait in its queue meanwhile. */
  const catchUp = async (reader: Reader, hello: RelayHello) => {
    // What the relay holds now, copied by reference: what arrives later goes through the queue.
    const held = [...sessions.values()].map((s) => ({
      id: s.id,
      actor: s.actor,
      events: s.events.items.slice(),
      emitted: s.emitted.items.slice(),
      snapshot: s.snapshot,
      archive: { from: s.archive.from, items: s.archive.items.slice() },
      open: s.open,
    }));
    const { socket } = reader;
    const send = async (text: string) => {
      if (!readers.has(reader)) throw new Error('dropped');
      if (socket.bufferedAmount <= limits.readerBytes / 2) return void socket.send(text);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('stalled')), STALL_MS);
        socket.send(text, (error) => {
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        });
      });
    };
    try {
      await send(JSON.stringify(hello));
      const closed: string[] = [];
      for (const session of held) {
        if (session.actor !== null) await send(session.actor);
        for (const event of session.events) await send(event);
        if (session.snapshot !== null) await send(caughtSnapshot(session.snapshot, session.archive, session.emitted));
        if (!session.open) closed.push(session.id);
      }
      if (closed.length > 0)
        await send(JSON.stringify({ type: '@plystack.closed', sessionIds: closed } satisfies RelaySessionsClosed));
    } catch {
      // a page that went away or stopped reading
      return drop(reader);
    }
    const queue = reader.queue ?? [];
    reader.queue = null;
    reader.queued = 0;
    for (const text of queue) deliver(reader, text);
  };

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 4242, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  http.on('error', report);
  const port = (http.address() as AddressInfo).port;
  for (const name of namesFor(host)) {
    hosts.add(`${name}:${port}`);
    origins.add(`http://${name}:${port}`);
    if (port === 80) {
      hosts.add(name);
      origins.add(`http://${name}`);
    }
  }
  for (const origin of extraOrigins) {
    if (origin === '*') continue;
    origins.add(origin);
    hosts.add(new URL(origin).host);
  }
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/`;
  const appUrl = `ws://${shown}:${port}`;

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url);
    if (path === null) return refuse(socket, 400, 'malformed request target');
    // DNS rebinding: a foreign name resolved to this machine arrives with that name as Host.
    if (!hostAllowed(req.headers.host)) return refuse(socket, 403, 'Host does not name this relay');
    // Another site's script: browsers always send Origin; programs (no Origin) are not browsers.
    if (!originAllowed(req.headers.origin))
      return refuse(socket, 403, 'origin not allowed: plystack inspect --allow-origin ORIGIN allows it');
    const isPage = path === PAGE_PATH;
    if (isPage ? readers.size >= limits.pages : apps >= limits.apps)
      return refuse(socket, 503, `too many ${isPage ? 'pages' : 'apps'} connected`);
    sockets.handleUpgrade(req, socket, head, (ws) =>
      guard(ws, () => {
        if (!isPage) return fromApp(ws);
        const reader: Reader = { socket: ws, queue: [], queued: 0 };
        readers.add(reader);
        ws.on('error', noop);
        ws.on('close', () => readers.delete(reader));
        void catchUp(reader, { type: '@plystack.hello', relay: url, appUrl }).catch((error: unknown) => {
          report(error);
          drop(reader);
        });
      }),
    );
  };
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', noop);
    try {
      upgrade(req, socket, head);
    } catch (error) {
      report(error);
      refuse(socket, 500, 'relay error');
    }
  });

  return {
    url,
    appUrl,
    port,
    limits,
    origins: anyOrigin ? ['*'] : [...origins],
    sessionCount: () => sessions.size,
    stats() {
      let keptBytes = 0;
      let openSessions = 0;
      for (const session of sessions.values()) {
        if (session.open) openSessions++;
        keptBytes +=
          (session.actor?.length ?? 0) +
          (session.snapshot?.length ?? 0) +
          session.archive.bytes +
          session.events.bytes +
          session.emitted.bytes;
      }
      let readerBytes = 0;
      for (const reader of readers) readerBytes = Math.max(readerBytes, reader.socket.bufferedAmount + reader.queued);
      return { sessions: sessions.size, openSessions, keptBytes, apps, pages: readers.size, readerBytes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
