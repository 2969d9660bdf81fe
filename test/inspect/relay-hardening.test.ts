import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { RELAY_LIMITS } from '../../src/inspect/protocol.js';
import { type Relay, type RelayOptions, startRelay } from '../../src/inspect/relay.js';
import { appEvent, openClient, plySnapshot, type RelayClient, rawStatus, upgradeRequest } from '../support/relay.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A relay whose contained failures fail the test: hostile input must be refused, not stumbled over. */
async function relay(options: RelayOptions = {}): Promise<Relay & { failures: unknown[] }> {
  const failures: unknown[] = [];
  const started = await startRelay({ port: 0, pageDir: null, onError: (error) => failures.push(error), ...options });
  cleanup.push(() => started.close());
  cleanup.push(() => expect(failures).toEqual([]));
  return Object.assign(started, { failures });
}

async function client(url: string, headers: Record<string, string> = {}): Promise<RelayClient> {
  const opened = await openClient(url, headers);
  if (typeof opened === 'number') throw new Error(`refused with ${opened}`);
  cleanup.push(() => opened.socket.terminate());
  return opened;
}

/** Waits until `ready()` holds (a server-side close lands a moment after the client's). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Whether the relay still serves: a page connects and says hello. */
async function alive(r: Relay): Promise<boolean> {
  const page = await client(`${r.appUrl}/inspector`);
  await page.received(1);
  page.socket.close();
  return page.messages[0]?.includes('@plystack.hello') ?? false;
}

describe('the relay under hostile input', () => {
  it('answers a malformed upgrade target (GET //[) and other bad requests with a 400, and keeps serving', async () => {
    const r = await relay();
    const host = `127.0.0.1:${r.port}`;
    expect(await rawStatus(r.port, upgradeRequest('//[', host))).toBe(400);
    expect(await rawStatus(r.port, upgradeRequest('*', host))).toBe(400);
    expect(await rawStatus(r.port, `GET /%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toBe(400);
    expect(await rawStatus(r.port, `GET //[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toBe(400);
    expect(await alive(r)).toBe(true);
  });

  it('takes a message of a few hundred KB (a large ply window) without failing, and keeps its plies within budget', async () => {
    const r = await relay();
    const page = await client(`${r.appUrl}/inspector`);
    const app = await client(`${r.appUrl}/app`);
    const items = Array.from({ length: 150_000 }, (_, i) => i);
    const text = plySnapshot('x:0', 0, items);
    expect(text.length).toBeGreaterThan(300_000);
    app.socket.send(text);
    await page.received(2);
    expect(JSON.parse(page.messages[1] as string).snapshot.plystack.plies.items).toHaveLength(150_000);
    expect(r.stats().keptBytes).toBeLessThanOrEqual(r.limits.plyBytesPerSession + text.length);
    const late = await client(`${r.appUrl}/inspector`);
    await late.received(2);
    const caught = JSON.parse(late.messages[1] as string).snapshot.plystack.plies;
    expect(caught.from + caught.items.length).toBe(150_000);
    expect(caught.items.at(-1)).toBe(149_999);
    expect(app.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket that sends a message over the size limit (1009), binary (1003) or not JSON (1007), and goes on', async () => {
    const r = await relay();
    const big = await client(`${r.appUrl}/app`);
    big.socket.send(plySnapshot('x:0', 0, ['y'.repeat(r.limits.messageBytes)]));
    expect(await big.closed).toBe(1009);
    const binary = await client(`${r.appUrl}/app`);
    binary.socket.send(Buffer.from([0, 1, 2]));
    expect(await binary.closed).toBe(1003);
    const garbled = await client(`${r.appUrl}/app`);
    garbled.socket.send('{"type": "@xstate.event", "sessionId"');
    expect(await garbled.closed).toBe(1007);
    const deep = await client(`${r.appUrl}/app`);
    deep.socket.send(`{"type":"@xstate.event","sessionId":"x:0","event":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(await deep.closed).toBe(1007);
    expect(r.sessionCount()).toBe(0);
    expect(await alive(r)).toBe(true);
  });

  it("never forwards an app's forged relay messages (@plystack.closed, @plystack.hello) to the pages", async () => {
    const r = await relay();
    const page = await client(`${r.appUrl}/inspector`);
    const honest = await client(`${r.appUrl}/app`);
    honest.socket.send(appEvent('@xstate.actor', 'x:0', { snapshot: { status: 'active' } }));
    await page.received(2);
    const forger = await client(`${r.appUrl}/app`);
    forger.socket.send(appEvent('@plystack.closed', 'x:0', { sessionIds: ['c1/x:0'] }));
    expect(await forger.closed).toBe(1008);
    const hint = await client(`${r.appUrl}/app`);
    hint.socket.send(
      appEvent('@plystack.hello', 'x:0', { relay: 'http://evil.example/', appUrl: 'ws://evil.example' }),
    );
    expect(await hint.closed).toBe(1008);
    honest.socket.send(appEvent('@xstate.event', 'x:0', { event: { type: 'ping' } }));
    await page.received(3);
    expect(page.messages.map((m) => JSON.parse(m).type)).toEqual(['@plystack.hello', '@xstate.actor', '@xstate.event']);
    expect(r.stats().openSessions).toBe(1);
  });

  it('checks the Origin of every socket, and the Host of every request (DNS rebinding)', async () => {
    const r = await relay();
    const own = `http://localhost:${r.port}`;
    for (const path of ['/inspector', '/app']) {
      expect(await openClient(`${r.appUrl}${path}`, { origin: 'http://evil.example' })).toBe(403);
      expect(await openClient(`${r.appUrl}${path}`, { origin: 'null' })).toBe(403);
      // another page on this machine is another origin too
      expect(await openClient(`${r.appUrl}${path}`, { origin: 'http://localhost:5173' })).toBe(403);
      // a rebound name: the browser sends the attacker's name as both Origin and Host
      expect(
        await openClient(`${r.appUrl}${path}`, {
          origin: `http://rebound.example:${r.port}`,
          host: `rebound.example:${r.port}`,
        }),
      ).toBe(403);
      const fine = await openClient(`${r.appUrl}${path}`, { origin: own, host: `localhost:${r.port}` });
      expect(typeof fine).toBe('object');
      if (typeof fine === 'object') fine.socket.terminate();
    }
    expect(await rawStatus(r.port, `GET / HTTP/1.1\r\nHost: rebound.example:${r.port}\r\n\r\n`)).toBe(403);
    expect(await rawStatus(r.port, `GET / HTTP/1.1\r\n\r\n`)).toBe(400);
    expect(await rawStatus(r.port, `GET / HTTP/1.1\r\nHost: localhost:${r.port}\r\n\r\n`)).toBe(404);
  });

  it('allows other origins only when told (allowOrigins), and their hosts as Host', async () => {
    const r = await relay({ allowOrigins: ['http://localhost:5173/'] });
    expect(r.origins).toContain('http://localhost:5173');
    const dev = await openClient(`${r.appUrl}/inspector`, { origin: 'http://localhost:5173', host: 'localhost:5173' });
    expect(typeof dev).toBe('object');
    if (typeof dev === 'object') dev.socket.terminate();
    expect(await openClient(`${r.appUrl}/app`, { origin: 'http://localhost:5174' })).toBe(403);
    await expect(startRelay({ port: 0, pageDir: null, allowOrigins: ['localhost:5173/path'] })).rejects.toThrow(
      /not an origin/,
    );
  });

  it('keeps at most the sessions, events and bytes of its limits, forgetting closed sessions first', async () => {
    const limits = { sessions: 4, sessionsPerConnection: 3, eventsPerSession: 10, eventBytesPerSession: 4_000 };
    const r = await relay({ limits });
    const greedy = await client(`${r.appUrl}/app`);
    for (let i = 0; i < 4; i++) greedy.socket.send(appEvent('@xstate.actor', `s:${i}`));
    expect(await greedy.closed).toBe(1008);
    await until(() => r.stats().openSessions === 0);
    expect(r.stats()).toMatchObject({ sessions: 3, openSessions: 0 });
    const apps = await Promise.all([0, 1].map(() => client(`${r.appUrl}/app`)));
    for (const [i, app] of apps.entries()) app.socket.send(appEvent('@xstate.actor', `a:${i}`));
    for (let i = 0; i < 50; i++)
      apps[0]!.socket.send(appEvent('@xstate.event', 'a:0', { event: { type: 'move', pad: 'p'.repeat(i * 10) } }));
    apps[1]!.socket.send(appEvent('@xstate.actor', 'a:2'));
    apps[1]!.socket.send(appEvent('@xstate.actor', 'a:3'));
    const last = await client(`${r.appUrl}/app`);
    last.socket.send(appEvent('@xstate.actor', 'b:0'));
    // four open sessions: a fifth is refused
    expect(await last.closed).toBe(1013);
    const stats = r.stats();
    expect(stats).toMatchObject({ sessions: 4, openSessions: 4 });
    expect(stats.keptBytes).toBeLessThan(4 * 1_000 + limits.eventBytesPerSession);
    const page = await client(`${r.appUrl}/inspector`);
    await page.received(6);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const events = page.messages.filter((m) => m.includes('"@xstate.event"'));
    expect(events.length).toBeLessThanOrEqual(limits.eventsPerSession);
    expect(events.reduce((sum, e) => sum + e.length + 32, 0)).toBeLessThanOrEqual(limits.eventBytesPerSession);
    expect(events.at(-1)).toContain('p'.repeat(490));
  });

  it('drops a page that does not read once its buffer passes the limit, and keeps relaying to the others', async () => {
    const r = await relay({ limits: { readerBytes: 512 * 1024 } });
    const slow = await client(`${r.appUrl}/inspector`);
    const quick = await client(`${r.appUrl}/inspector`);
    await slow.received(1);
    await quick.received(1);
    slow.socket.pause();
    const app = await client(`${r.appUrl}/app`);
    app.socket.send(appEvent('@xstate.actor', 'x:0'));
    const chunk = 'z'.repeat(256 * 1024);
    let sent = 0;
    // at most 64 MB: far past the limit plus what the kernel buffers on loopback
    while (r.stats().pages === 2 && sent < 256) {
      app.socket.send(appEvent('@xstate.event', 'x:0', { event: { type: 'big', chunk } }));
      sent++;
      await quick.received(sent + 2);
      expect(r.stats().readerBytes).toBeLessThanOrEqual(r.limits.readerBytes + chunk.length + 1_000);
    }
    expect(r.stats().pages).toBe(1);
    expect(quick.messages).toHaveLength(sent + 2);
    slow.socket.resume();
    await slow.closed;
    expect(await alive(r)).toBe(true);
  });

  it('keeps its defaults at the documented values', () => {
    expect(RELAY_LIMITS).toEqual({
      messageBytes: 1_048_576,
      eventsPerSession: 200,
      eventBytesPerSession: 524_288,
      plyBytesPerSession: 1_048_576,
      sessions: 32,
      sessionsPerConnection: 16,
      apps: 32,
      pages: 8,
      readerBytes: 8_388_608,
    });
  });
});
