/**
 * The local relay `plystack inspect` starts: one port that serves the built
 * inspector page and carries WebSockets both ways. Apps (`inspectTable`, or
 * any XState app through `createWebSocketInspector`) connect to any path and
 * send `@statelyai/inspect` events; pages connect to `/inspector` and receive
 * them. The relay keeps what a page needs to catch up when it opens late: each
 * session's actor event, its recent events, its latest snapshot and the plies
 * seen so far.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { PAGE_PATH, type RelayHello, type RelaySessionsClosed } from './protocol.js';
import { mergePlies, rewriteIds, type PlyArchive } from './relaySessions.js';

/** Options of `startRelay`. */
export interface RelayOptions {
  /** The port; 0 picks a free one. */
  readonly port?: number;
  /** The interface to listen on; default 127.0.0.1 (this machine only). */
  readonly host?: string;
  /** The built page (`dist/visualizer`); null serves no page. */
  readonly pageDir?: string | null;
  /** Events kept per session for a page that connects late (default 200). */
  readonly keepEvents?: number;
}

/** A running relay. */
export interface Relay {
  /** The page's address. */
  readonly url: string;
  /** The address apps send to: `inspectTable(table, { url })`. */
  readonly appUrl: string;
  readonly port: number;
  /** How many sessions the relay knows, open or closed. */
  sessionCount(): number;
  close(): Promise<void>;
}

interface Session {
  readonly id: string;
  actor: string | null;
  events: string[];
  snapshot: Record<string, unknown> | null;
  archive: PlyArchive;
  open: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.map': 'application/json',
};
const MAX_SESSIONS = 200;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a page socket's origin is this relay's own or another page on this machine (none: not a browser). */
function fromThisMachine(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.host === host || LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
}

async function servePage(dir: string | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://relay').pathname);
  const missing = (status: number, text: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
  if (req.method !== 'GET' && req.method !== 'HEAD') return void missing(405, 'GET only');
  if (dir === null) return void missing(404, 'this relay serves no page');
  const file = normalize(join(dir, path === '/' ? 'index.html' : path));
  if (file !== dir && !file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return void missing(403, 'outside the page');
  const found = await stat(file).catch(() => null);
  if (found === null || !found.isFile()) {
    if (path === '/') return void missing(503, `the inspector page is not built (no ${file}): run npm run inspector:build`);
    return void missing(404, `no ${path}`);
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': found.size, 'cache-control': 'no-cache' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

/**
 * Starts the relay and resolves once it listens. Rejects when the port is
 * taken.
 *
 * @example
 * const relay = await startRelay({ port: 4242, pageDir: 'dist/visualizer' })
 * inspectTable(table, { url: relay.appUrl })   // the page at relay.url shows it
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keepEvents ?? 200;
  const pageDir = options.pageDir === undefined || options.pageDir === null ? null : normalize(options.pageDir);
  const sessions = new Map<string, Session>();
  const pages = new Set<WebSocket>();
  let connections = 0;

  const http = createServer((req, res) => {
    servePage(pageDir, req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const toPages = (text: string) => {
    for (const page of pages) if (page.readyState === WebSocket.OPEN) page.send(text);
  };

  const forget = () => {
    for (const [id, session] of sessions) {
      if (sessions.size <= MAX_SESSIONS) break;
      if (!session.open) sessions.delete(id);
    }
  };

  const fromApp = (socket: WebSocket) => {
    const prefix = `c${++connections}/`;
    const mine = new Set<string>();
    socket.on('message', (data) => {
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(data.toString()) as Record<string, unknown>;
      } catch {
        return;
      }
      if (typeof event !== 'object' || event === null || typeof event.type !== 'string' || typeof event.sessionId !== 'string') return;
      rewriteIds(event, prefix);
      const id = event.sessionId as string;
      let session = sessions.get(id);
      if (session === undefined) {
        session = { id, actor: null, events: [], snapshot: null, archive: { from: 0, items: [] }, open: true };
        sessions.set(id, session);
        mine.add(id);
        forget();
      }
      const text = JSON.stringify(event);
      if (event.type === '@xstate.actor') {
        session.actor = text;
        if (typeof event.snapshot === 'object' && event.snapshot !== null) session.snapshot = event.snapshot as Record<string, unknown>;
      } else if (event.type === '@xstate.event') {
        session.events.push(text);
        if (session.events.length > keep) session.events.shift();
      } else if (event.type === '@xstate.snapshot') {
        session.snapshot = event as Record<string, unknown>;
        mergePlies(session.archive, event);
      }
      toPages(text);
    });
    socket.on('close', () => {
      for (const id of mine) {
        const session = sessions.get(id);
        if (session !== undefined) session.open = false;
      }
      if (mine.size > 0) toPages(JSON.stringify({ type: '@plystack.closed', sessionIds: [...mine] } satisfies RelaySessionsClosed));
    });
  };

  const catchUp = (page: WebSocket, hello: RelayHello) => {
    page.send(JSON.stringify(hello));
    const closed: string[] = [];
    for (const session of sessions.values()) {
      if (session.actor !== null) page.send(session.actor);
      for (const event of session.events) page.send(event);
      const latest = session.snapshot;
      if (latest !== null && latest.type === '@xstate.snapshot') {
        const snapshot = latest.snapshot as Record<string, unknown> | undefined;
        const plystack = snapshot?.plystack as Record<string, unknown> | undefined;
        const caught = plystack === undefined ? latest : {
          ...latest,
          snapshot: { ...snapshot, plystack: { ...plystack, emitted: [], plies: { ...(plystack.plies as object), ...session.archive } } },
        };
        page.send(JSON.stringify(caught));
      }
      if (!session.open) closed.push(session.id);
    }
    if (closed.length > 0) page.send(JSON.stringify({ type: '@plystack.closed', sessionIds: closed } satisfies RelaySessionsClosed));
  };

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 4242, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/`;
  const appUrl = `ws://${shown}:${port}`;

  http.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://relay').pathname;
    const isPage = path === PAGE_PATH;
    // A page is served from this machine (this relay, or a dev server beside it): another site's script must not read the tables.
    if (isPage && !fromThisMachine(req.headers.origin, req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      if (!isPage) return fromApp(ws);
      pages.add(ws);
      ws.on('close', () => pages.delete(ws));
      catchUp(ws, { type: '@plystack.hello', relay: url, appUrl });
    });
  });

  return {
    url,
    appUrl,
    port,
    sessionCount: () => sessions.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
