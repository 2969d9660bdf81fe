import { connect } from 'node:net';
import { WebSocket } from 'ws';

/** A WebSocket client of the relay: what it received, how it closed, or the HTTP status that refused it. */
export interface RelayClient {
  readonly socket: WebSocket;
  readonly messages: string[];
  /** Resolves with the close code once the socket closes. */
  readonly closed: Promise<number>;
  /** Resolves once `count` messages have arrived, the socket closed, or `ms` passed (default 5 s). */
  received(count: number, ms?: number): Promise<void>;
}

/**
 * Opens a WebSocket to the relay with the given headers. Resolves with the
 * client once open, or with the HTTP status when the relay refused the
 * upgrade.
 *
 * @example
 * const client = await openClient(`${relay.appUrl}/app`, { origin: 'http://evil.example' }) // 403
 */
export function openClient(url: string, headers: Record<string, string> = {}): Promise<RelayClient | number> {
  const socket = new WebSocket(url, { headers, perMessageDeflate: false });
  const messages: string[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  socket.on('message', (data) => {
    messages.push(data.toString());
    wake();
  });
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      wake();
      resolve(code);
    }),
  );
  const received = (count: number, ms = 5_000) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const check = () => {
        if (messages.length >= count || socket.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed, received }));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.once('error', (error) => socket.readyState !== WebSocket.OPEN && reject(error));
  });
}

/**
 * Sends raw bytes to the relay's port and resolves with the status code of
 * the answer (0 when the connection closed without one).
 *
 * @example
 * await rawStatus(relay.port, 'GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n') // 400
 */
export function rawStatus(port: number, request: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(request);
  });
}

/** The headers of a WebSocket upgrade request for `path`, with the given Host and any extra lines. */
export function upgradeRequest(path: string, host: string, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;
}

/** An `@statelyai/inspect` event as an app sends it. */
export function appEvent(type: string, sessionId: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, sessionId, createdAt: '0', _version: '0.7.2', ...fields });
}

/** A snapshot event carrying a plystack ply window of `items`. */
export function plySnapshot(sessionId: string, from: number, items: unknown[]): string {
  return appEvent('@xstate.snapshot', sessionId, {
    snapshot: {
      status: 'active',
      value: {},
      context: {},
      plystack: { plies: { total: from + items.length, from, items } },
    },
    event: { type: 'x' },
  });
}
