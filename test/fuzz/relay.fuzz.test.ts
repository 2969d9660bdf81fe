/**
 * Fuzzing the relay over real sockets on loopback: random frames (valid and
 * forged inspection events, malformed JSON, binary, deep nesting, sizes around
 * the limit), random Origin and Host headers, pages that stop reading, and
 * raw HTTP requests. Each case is checked against what the relay promises:
 * the right close code or status, nothing thrown inside a handler, no forged
 * message reaching a page, and memory within the limits.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { WebSocket } from 'ws';
import type { RelayLimits } from '../../src/inspect/protocol.js';
import { type Relay, startRelay } from '../../src/inspect/relay.js';
import { openClient, type RelayClient, rawStatus } from '../support/relay.js';
import { fuzzTest, type Random } from './runner.js';

const LIMITS: Partial<RelayLimits> = {
  messageBytes: 64 * 1024,
  sessions: 8,
  sessionsPerConnection: 4,
  eventsPerSession: 20,
  eventBytesPerSession: 32 * 1024,
  plyBytesPerSession: 64 * 1024,
  readerBytes: 256 * 1024,
};
const ALLOWED = 'http://localhost:5173';
const TYPES = ['@xstate.actor', '@xstate.event', '@xstate.snapshot'];

let relay: Relay;
const failures: unknown[] = [];
beforeAll(async () => {
  relay = await startRelay({
    port: 0,
    pageDir: null,
    limits: LIMITS,
    allowOrigins: [ALLOWED],
    onError: (error) => failures.push(error),
  });
});
afterAll(() => relay.close());

type Frame = { readonly what: string; readonly data: string | Uint8Array };
type Headers = { readonly origin?: string; readonly host: string; readonly admitted: boolean };
type Case =
  | { readonly kind: 'app'; readonly headers: Headers; readonly frames: Frame[]; readonly pages: boolean[] }
  | { readonly kind: 'http'; readonly request: string; readonly foreignHost: boolean };

/** Random Origin and Host headers, and whether the relay should let them in. */
function headers(random: Random): Headers {
  const port = relay.port;
  const hosts: [string, boolean][] = [
    [`127.0.0.1:${port}`, true],
    [`localhost:${port}`, true],
    ['localhost:5173', true],
    [`rebound.example:${port}`, false],
    [`127.0.0.1:${port + 1}`, false],
    [random.string(random.size(40) + 1), false],
  ];
  const origins: [string | undefined, boolean][] = [
    [undefined, true],
    [`http://localhost:${port}`, true],
    [`http://127.0.0.1:${port}`, true],
    [ALLOWED, true],
    ['http://evil.example', false],
    ['null', false],
    [`http://rebound.example:${port}`, false],
    ['http://localhost:5174', false],
    [random.string(random.size(30) + 1), false],
  ];
  const [host, hostOk] = random.pick(hosts);
  const [origin, originOk] = random.pick(origins);
  return { ...(origin !== undefined ? { origin } : {}), host, admitted: hostOk && originOk };
}

/** Any JSON value, nested up to `depth`. */
function json(random: Random, depth: number): unknown {
  const kind = random.int(depth > 0 ? 7 : 5);
  if (kind === 0) return null;
  if (kind === 1) return random.chance(0.5);
  if (kind === 2) return random.pick([0, -1, 1.5, 1e308, 2 ** 53 + 2, random.int(1000)]);
  if (kind === 3) return random.string(random.size(200));
  if (kind === 4) return random.pick(['__proto__', 'constructor', 'toString', '', '\u0000', 'é😀']);
  if (kind === 5) return Array.from({ length: random.size(8) }, () => json(random, depth - 1));
  const object: Record<string, unknown> = {};
  for (let i = random.size(6); i > 0; i--)
    object[random.pick(['__proto__', 'snapshot', 'plystack', 'plies', 'items', 'from', random.string(5)])] = json(
      random,
      depth - 1,
    );
  return object;
}

/** A random frame an app might send, honest or not. */
function frame(random: Random): Frame {
  const session = random.pick(['x:0', 'x:1', 'x:2', 'x:3', 'x:4', 'x:5']);
  const event = (type: string, fields: Record<string, unknown> = {}) =>
    JSON.stringify({ type, sessionId: session, createdAt: '0', ...fields });
  const plies = () => ({
    total: random.int(1e6),
    from: random.pick([0, random.int(5_000), -1, 1.5, 'x', null]),
    items: random.chance(0.9) ? Array.from({ length: random.size(4_000) }, () => json(random, 2)) : json(random, 2),
  });
  switch (random.int(12)) {
    case 0:
      return {
        what: 'actor',
        data: event('@xstate.actor', {
          definition: JSON.stringify(json(random, 3)),
          snapshot: { status: 'active', context: json(random, 3) },
        }),
      };
    case 1:
      return { what: 'event', data: event('@xstate.event', { event: { type: 'move', payload: json(random, 4) } }) };
    case 2:
      return {
        what: 'snapshot',
        data: event('@xstate.snapshot', {
          snapshot: random.chance(0.8)
            ? { status: 'active', plystack: { plies: plies(), state: json(random, 3) } }
            : json(random, 3),
          event: { type: 'x' },
        }),
      };
    case 3:
      return { what: 'unknown type', data: event(random.pick(['@xstate.microstep', 'hello', ''])) };
    case 4:
      return {
        what: 'forged',
        data: event(random.pick(['@plystack.closed', '@plystack.hello', '@plystack.anything']), {
          sessionIds: ['c1/x:0'],
          relay: 'http://evil.example',
          appUrl: 'ws://evil.example',
        }),
      };
    case 5: {
      const valid = event('@xstate.event', { event: { type: 'x' } });
      return {
        what: 'malformed JSON',
        data: random.chance(0.5)
          ? valid.slice(0, random.int(valid.length))
          : `${valid}${random.string(3, '{}[],:"x ')}`,
      };
    }
    case 6:
      return { what: 'binary', data: random.bytes(random.size(2_000) + 1) };
    case 7:
      return { what: 'not an object', data: JSON.stringify(random.pick([[1, 2], 'text', 42, null, true])) };
    case 8:
      return {
        what: 'bad fields',
        data: JSON.stringify({
          type: random.pick(['@xstate.event', 7, null]),
          sessionId: random.pick([7, null, '', 'x'.repeat(600), ['x']]),
        }),
      };
    case 9: {
      const depth = random.pick([200, 300, 5_000]);
      return {
        what: 'deep',
        data: `{"type":"@xstate.event","sessionId":"${session}","event":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      };
    }
    case 10:
      return {
        what: 'huge',
        data: event('@xstate.event', {
          event: { type: 'x', pad: 'p'.repeat(LIMITS.messageBytes! - 200 + random.int(400)) },
        }),
      };
    default:
      return { what: 'text garbage', data: random.string(random.size(500), 'ab{}[]":,\\ \u00e9\ud83d\ude00') };
  }
}

/** The close code the relay owes a connection that sends `frames` (null: it stays open), given sessions it may open. */
function expectedClose(frames: readonly Frame[]): number | null {
  const sessions = new Set<string>();
  for (const { data } of frames) {
    if (typeof data !== 'string') return 1003;
    if (Buffer.byteLength(data) > LIMITS.messageBytes!) return 1009;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return 1007;
    }
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return 1007;
    const { type, sessionId } = event as Record<string, unknown>;
    if (typeof type !== 'string' || typeof sessionId !== 'string' || sessionId === '' || sessionId.length > 512)
      return 1007;
    if (type.startsWith('@plystack.')) return 1008;
    if (!TYPES.includes(type)) continue;
    if (/(\[{257})/.test(data)) return 1007;
    sessions.add(sessionId);
    if (sessions.size > LIMITS.sessionsPerConnection!) return 1008;
  }
  return null;
}

/** Resolves with the close code, or null when the relay answered a ping after every frame (still open). */
function settle(client: RelayClient): Promise<number | null> {
  return new Promise((resolve) => {
    client.socket.once('pong', () => resolve(null));
    void client.closed.then(resolve);
    try {
      client.socket.ping();
    } catch {
      // already closing: the close code settles it
    }
  });
}

async function checkApp(input: Extract<Case, { kind: 'app' }>): Promise<void> {
  const pages: RelayClient[] = [];
  for (const paused of input.pages) {
    const page = await openClient(`${relay.appUrl}/inspector`);
    if (typeof page === 'number') throw new Error(`a page was refused with ${page}`);
    await page.received(1);
    if (paused) page.socket.pause();
    pages.push(page);
  }
  const { origin, host, admitted } = input.headers;
  const opened = await openClient(`${relay.appUrl}/app`, { ...(origin !== undefined ? { origin } : {}), host });
  if (!admitted) expect(opened).toBe(403);
  if (typeof opened === 'object') {
    expect(admitted).toBe(true);
    for (const { data } of input.frames) if (opened.socket.readyState === WebSocket.OPEN) opened.socket.send(data);
    expect(await settle(opened)).toBe(expectedClose(input.frames));
    opened.socket.terminate();
  }
  for (const page of pages) {
    if (!page.socket.isPaused) {
      await settle(page);
      // only inspection events and the relay's own messages reach a page; an app never speaks for the relay
      for (const text of page.messages.slice(1)) {
        const type = (JSON.parse(text) as { type: string }).type;
        expect(TYPES.includes(type) || type === '@plystack.closed').toBe(true);
      }
    }
    page.socket.terminate();
  }
}

async function checkHttp(input: Extract<Case, { kind: 'http' }>): Promise<void> {
  const status = await rawStatus(relay.port, input.request);
  expect(status).not.toBe(500);
  if (input.foreignHost) expect([101, 200, 404]).not.toContain(status);
}

/** Waits for the relay to see every socket of the case closed, then checks what it holds against its limits. */
async function checkLimits(): Promise<void> {
  for (let i = 0; i < 300 && (relay.stats().apps > 0 || relay.stats().pages > 0); i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const limits = relay.limits;
  const stats = relay.stats();
  expect(stats.sessions).toBeLessThanOrEqual(limits.sessions);
  expect(stats.keptBytes).toBeLessThanOrEqual(
    limits.sessions * (2 * limits.messageBytes + limits.eventBytesPerSession + limits.plyBytesPerSession),
  );
  expect(stats.readerBytes).toBeLessThanOrEqual(limits.readerBytes + limits.messageBytes);
  expect(failures).toEqual([]);
}

function request(random: Random): { request: string; foreignHost: boolean } {
  const method = random.pick([
    'GET',
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'G\u0000T',
    random.string(random.size(10) + 1, 'ABCXYZ'),
  ]);
  const target = random.pick([
    '/',
    '//[',
    '/%E0%A4%A',
    '/inspector',
    '/app',
    '*',
    'http://x/',
    '/..%2f..%2fetc%2fpasswd',
    '/%00',
    `/${random.string(random.size(9_000))}`,
    random.string(random.size(20) + 1, 'ab/[]%?#\\ '),
  ]);
  const version = random.pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', '']);
  const port = relay.port;
  const hostLine = random.pick([
    `Host: 127.0.0.1:${port}`,
    `Host: localhost:${port}`,
    `Host: rebound.example:${port}`,
    '',
    `Host: ${random.string(10)}`,
  ]);
  const lines = [`${method} ${target} ${version}`, hostLine];
  if (random.chance(0.5))
    lines.push(
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
    );
  if (random.chance(0.3))
    lines.push(`Origin: ${random.pick(['http://evil.example', `http://localhost:${port}`, 'null'])}`);
  if (random.chance(0.2)) lines.push(`${random.string(5)}: ${random.string(random.size(100))}`);
  const foreignHost = hostLine !== `Host: 127.0.0.1:${port}` && hostLine !== `Host: localhost:${port}`;
  return { request: `${lines.filter((l) => l !== '').join('\r\n')}\r\n\r\n`, foreignHost };
}

describe('fuzz: the relay', () => {
  fuzzTest<Case>(
    'relay frames, origins, hosts and requests',
    {
      make(random) {
        if (random.chance(0.25)) return { kind: 'http', ...request(random) };
        return {
          kind: 'app',
          headers: headers(random),
          frames: Array.from({ length: random.size(12) + 1 }, () => frame(random)),
          pages: Array.from({ length: random.int(3) }, () => random.chance(0.3)),
        };
      },
      async check(input) {
        if (input.kind === 'http') await checkHttp(input);
        else await checkApp(input);
        await checkLimits();
      },
      describe: (input) =>
        input.kind === 'http'
          ? JSON.stringify(input.request.slice(0, 300))
          : `${JSON.stringify(input.headers)} frames: ${input.frames.map((f) => `${f.what} (${f.data.length})`).join(', ')} pages: ${JSON.stringify(input.pages)}`,
    },
    { defaultSeconds: 3, minCases: 10 },
  );
});
