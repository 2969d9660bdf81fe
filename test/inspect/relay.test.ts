import { mkdtemp, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { inspectTable, type PlystackSnapshotInfo, type TableInspection } from '../../src/inspect/index.js';
import { type Relay, startRelay } from '../../src/inspect/relay.js';
import {
  emittedTexts,
  emptyArchive,
  emptyKept,
  keepNewest,
  mergePlies,
  rewriteIds,
} from '../../src/inspect/relaySessions.js';

const seats = ['seat:ann', 'seat:bob'];
type Message = {
  type: string;
  sessionId?: string;
  sessionIds?: string[];
  snapshot?: { plystack?: PlystackSnapshotInfo };
};

/** A page's connection: every message it received, and a way to wait for one. */
async function openPage(relay: Relay, origin?: string) {
  const messages: Message[] = [];
  const waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  const socket = new WebSocket(`${relay.appUrl}/inspector`, origin === undefined ? {} : { headers: { origin } });
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    messages.push(message);
    for (const w of [...waiters]) {
      if (!w.test(message)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = (test: (m: Message) => boolean) => {
    const found = messages.find(test);
    return found !== undefined
      ? Promise.resolve(found)
      : new Promise<Message>((resolve) => waiters.push({ test, resolve }));
  };
  return { messages, next, close: () => socket.close() };
}

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the relay plystack inspect starts', () => {
  it("forwards an app's table to an open page, and catches up a page that opens later with every ply", async () => {
    const relay = await startRelay({ port: 0, pageDir: null });
    cleanup.push(() => relay.close());
    const page = await openPage(relay);
    cleanup.push(page.close);

    const table = createTable(mundane, { table: 'table:remote', seats, seed: 3 });
    const inspection: TableInspection = inspectTable(table, { url: relay.appUrl, name: 'remote one' });
    cleanup.push(() => inspection.stop());
    const actor = await page.next((m) => m.type === '@xstate.actor');
    expect(actor.sessionId).toMatch(/^c\d+\/table:remote#/);

    for (let i = 0; i < 6; i++) {
      const seat = table.toAct()[0] as string;
      table.play({ type: 'engine.pass', seat });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const sixth = await page.next((m) => m.type === '@xstate.snapshot' && m.snapshot?.plystack?.plies.total === 6);
    expect(sixth.snapshot?.plystack?.state.phase).toBe(table.state.phase);
    expect(page.messages.filter((m) => m.type === '@xstate.event')).toHaveLength(6);

    const late = await openPage(relay);
    cleanup.push(late.close);
    const caught = await late.next((m) => m.type === '@xstate.snapshot');
    expect(late.messages[0]?.type).toBe('@plystack.hello');
    expect(late.messages.map((m) => m.type)).toContain('@xstate.actor');
    expect(caught.snapshot?.plystack?.plies).toMatchObject({ total: 6, from: 0 });
    expect(caught.snapshot?.plystack?.plies.items.map((p) => p.notation)).toEqual(Array(6).fill('pass'));
    // What the table emitted over the six passes, heard by the open page over its snapshots, the late page gets at once.
    const heard = page.messages.flatMap((m) =>
      m.type === '@xstate.snapshot' ? (m.snapshot?.plystack?.emitted ?? []) : [],
    );
    expect(heard.length).toBeGreaterThan(6);
    expect(caught.snapshot?.plystack?.emitted).toEqual(heard);
  });

  it('tells the page when an app goes away, and keeps two apps with the same actor ids apart', async () => {
    const relay = await startRelay({ port: 0, pageDir: null });
    cleanup.push(() => relay.close());
    const page = await openPage(relay);
    cleanup.push(page.close);
    const first = createTable(mundane, { table: 'table:same', seats, seed: 1 });
    const second = createTable(mundane, { table: 'table:same', seats, seed: 1 });
    const one = inspectTable(first, { url: relay.appUrl });
    const two = inspectTable(second, { url: relay.appUrl });
    cleanup.push(() => two.stop());
    await page.next(
      (m) =>
        m.type === '@xstate.actor' && m.sessionId !== page.messages.find((x) => x.type === '@xstate.actor')?.sessionId,
    );
    expect(relay.sessionCount()).toBe(2);

    await one.stop();
    const closed = await page.next((m) => m.type === '@plystack.closed');
    expect(closed.sessionIds).toHaveLength(1);
    expect(closed.sessionIds?.[0]).toMatch(/table:same#/);
  });

  it("refuses a page socket opened by another site's script", async () => {
    const relay = await startRelay({ port: 0, pageDir: null });
    cleanup.push(() => relay.close());
    await expect(openPage(relay, 'http://evil.example')).rejects.toThrow(/403/);
    const own = await openPage(relay, `http://127.0.0.1:${relay.port}`);
    own.close();
  });

  it('serves the built page and nothing outside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plystack-page-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>inspector</title>');
    const relay = await startRelay({ port: 0, pageDir: dir });
    cleanup.push(() => relay.close());
    const home = await fetch(relay.url);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('<title>inspector</title>');
    // fetch would normalise the dots away; a raw request sends them as written
    const raw = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port: relay.port, path: '/..%2f..%2f..%2fetc%2fpasswd' }, (res) =>
        resolve(res.statusCode ?? 0),
      ).on('error', reject);
    });
    expect(raw).toBe(403);
    expect((await fetch(`${relay.url}missing.js`)).status).toBe(404);
  });

  it('gathers plies from snapshot windows, starts over after a gap and keeps within its byte budget', () => {
    const archive = emptyArchive();
    const window = (from: number, items: unknown[]) => ({
      snapshot: { plystack: { plies: { total: from + items.length, from, items } } },
    });
    mergePlies(archive, window(0, ['a', 'b']));
    mergePlies(archive, window(2, ['c']));
    expect(archive).toMatchObject({ from: 0, items: ['"a"', '"b"', '"c"'] });
    mergePlies(archive, window(10, ['k']));
    expect(archive).toMatchObject({ from: 10, items: ['"k"'] });
    // 150,000 plies in one window: no call gets one argument per ply, and the oldest go past the budget
    const many = Array.from({ length: 150_000 }, (_, i) => i);
    mergePlies(archive, window(11, many), 64 * 1024);
    expect(archive.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(archive.from + archive.items.length).toBe(11 + many.length);
    expect(archive.items.at(-1)).toBe('149999');
    expect(archive.bytes).toBe(archive.items.reduce((sum, item) => sum + item.length + 32, 0));
    expect(rewriteIds({ sessionId: 'x:0', rootId: 'anonymous', sourceId: 'x:1' }, 'c2/')).toEqual({
      sessionId: 'c2/x:0',
      rootId: 'anonymous',
      sourceId: 'c2/x:1',
    });
  });

  it('keeps the newest texts within a count and a byte budget, and reads what a snapshot says its table emitted', () => {
    const kept = keepNewest(emptyKept(), ['a', 'b', 'c'], 2, Number.POSITIVE_INFINITY);
    expect(kept.items).toEqual(['b', 'c']);
    // Two items are allowed, but the budget holds only the newest.
    keepNewest(kept, ['d'.repeat(40)], 2, 40 + 32);
    expect(kept.items).toEqual(['d'.repeat(40)]);
    expect(kept.bytes).toBe(40 + 32);
    expect(emittedTexts({ snapshot: { plystack: { emitted: [{ type: 'turn.started', turn: 2 }] } } })).toEqual([
      '{"type":"turn.started","turn":2}',
    ]);
    expect(emittedTexts({ snapshot: { value: 'x' } })).toEqual([]);
    expect(emittedTexts({ snapshot: null })).toEqual([]);
  });
});
