/**
 * A user follows a server table in the inspector, as docs/server.md tells
 * them to: a real table server on loopback (the memory store), a pass played
 * over HTTP with a seat's token, then the built CLI's `plystack inspect
 * --server URL --table ID` with PLYSTACK_APP_TOKEN, and the address it prints
 * opened in Chromium at 1280×800. The page opens on the followed table, its
 * seat table's columns are in the order an in-page table's are, and its
 * events are the lines an in-page table shows for the same pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { followServerTable } from '../../src/inspect/followServer.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { openPage, screenshot, setUpInspector } from './support.js';

const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

const ready = setUpInspector();
const current = (page: Page) => page.locator('[data-testid=current-table]').textContent();
const columns = (page: Page) => page.locator('[data-testid=seat-table] th').allTextContents();
/** The event log's lines, as "kind text", notes from the page left out. */
async function eventLines(page: Page): Promise<string[]> {
  await page.locator('[data-testid=tab-events]').click();
  const lines = await page
    .locator('[data-testid=event-log] [data-testid=event]')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('span')].map((span) => span.textContent ?? '').join(' ')),
    );
  return lines.filter((line) => !line.startsWith('note '));
}

let server: PlystackServer;
beforeAll(async () => {
  server = await startServer({ port: 0, memory: true });
}, 60_000);
afterAll(() => server?.close());

/** A mundane table on the server, and a pass by seat:ann played over HTTP with her token. */
async function tableWithAPass() {
  const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
  await connect(server.url, created.tokens['seat:ann']!).play(created.table, {
    type: 'engine.pass',
    seat: 'seat:ann',
  });
  return created;
}

/** `plystack inspect --port 0 --server URL --table ID` with the app token in PLYSTACK_APP_TOKEN; resolves with what it printed. */
function inspect(table: string, appToken: string): { child: ChildProcess; printed: Promise<string> } {
  const child = spawn(process.execPath, [cli, 'inspect', '--port', '0', '--server', server.url, '--table', table], {
    env: { ...process.env, PLYSTACK_APP_TOKEN: appToken },
  });
  let out = '';
  let err = '';
  const printed = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ctrl+C')) resolve(out);
    });
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    child.on('exit', (code) => reject(new Error(`plystack inspect exited ${code}: ${err}`)));
  });
  return { child, printed };
}

describe('following a server table from the command line', () => {
  it('the printed address opens the page on the followed table, with the seat columns and the events an in-page table shows', async () => {
    const { context } = ready();
    const created = await tableWithAPass();
    const run = inspect(created.table, created.appToken);
    try {
      const printed = await run.printed;
      const url = /plystack inspector: (\S+)/.exec(printed)?.[1];
      expect(url).toBeDefined();
      // The file's own context: the CLI's relay is another origin, with storage of its own.
      const { page, errors } = await openPage(context, url!, { viewport: { width: 1280, height: 800 } });

      // The followed table is shown without picking it.
      await expect.poll(() => current(page)).toContain(`server table ${created.table}`);
      expect(await current(page)).toContain('remote');
      await expect.poll(() => page.locator('[data-testid=count-plies]').textContent()).toBe('1');

      // Its events: the pass, and what the table emitted, although it was played before anyone inspected the table.
      const remoteLines = await eventLines(page);
      expect(remoteLines).toContain('move ply 1 · seat:ann engine.pass → pass');
      expect(remoteLines).toContain('emitted priority → seat:bob');
      expect(Number(await page.locator('[data-testid=count-events]').textContent())).toBe(remoteLines.length);
      const remoteColumns = await columns(page);
      expect(remoteColumns).toEqual(['seat', 'board', 'deck', 'discard', 'hand', 'time']);
      await screenshot(page, 'follow-cli');

      // The page's own mundane table, the same pass played by clicking: the same columns, the same lines.
      await page.locator('[data-testid=local-tables] [data-testid=table-entry]').first().click();
      await expect.poll(() => current(page)).toContain('table:demo');
      expect(await columns(page)).toEqual(remoteColumns);
      await page.locator('[data-testid=move][data-type="engine.pass"]').first().click();
      await expect.poll(() => page.locator('[data-testid=count-plies]').textContent()).toBe('1');
      expect(await eventLines(page)).toEqual(remoteLines);

      // The user's pick stands as the followed table moves on.
      await connect(server.url, created.tokens['seat:bob']!).play(created.table, {
        type: 'engine.pass',
        seat: 'seat:bob',
      });
      const entry = page.locator('[data-testid=remote-tables] [data-testid=table-entry]');
      await expect.poll(() => entry.textContent()).toContain('WAKE_UP');
      expect(await current(page)).toContain('table:demo');

      // Back on the followed table: bob's pass and its events arrived while the page looked elsewhere.
      await entry.click();
      await expect.poll(() => page.locator('[data-testid=count-plies]').textContent()).toBe('2');
      const more = await eventLines(page);
      expect(more.slice(0, remoteLines.length)).toEqual(remoteLines);
      expect(more).toContain('move ply 2 · seat:bob engine.pass → pass');
      expect(more.some((line) => line.startsWith('emitted phase WAKE_UP'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      run.child.kill('SIGINT');
    }
  });
});

describe('a page opened to follow a table before it is followed', () => {
  it('shows the followed table once it appears, unless the user picked a table meanwhile', async () => {
    const { context, url, appUrl } = ready();
    const created = await tableWithAPass();
    const address = `${url}?follow=${encodeURIComponent(created.table)}`;
    const waiting = await openPage(context, address);
    const picked = await openPage(context, address);
    for (const { page } of [waiting, picked])
      await expect.poll(() => page.locator('[data-testid=relay-status]').textContent()).toBe('relay open');
    expect(await current(waiting.page)).toContain('table:demo');
    // The user picks the page's own table before the followed one appears.
    await picked.page.locator('[data-testid=local-tables] [data-testid=table-entry]').first().click();

    // Another table of the server followed too: only the one named in the address is chosen.
    const other = await tableWithAPass();
    const followers = [
      await followServerTable({ server: server.url, table: other.table, token: other.appToken, url: appUrl }),
      await followServerTable({ server: server.url, table: created.table, token: created.appToken, url: appUrl }),
    ];
    try {
      await expect.poll(() => current(waiting.page)).toContain(`server table ${created.table}`);
      await expect.poll(() => waiting.page.locator('[data-testid=count-events]').textContent()).not.toBe('0');
      await expect
        .poll(() => picked.page.locator('[data-testid=remote-tables] [data-testid=table-entry]').count())
        .toBe(2);
      expect(await current(picked.page)).toContain('table:demo');
      expect(waiting.errors).toEqual([]);
      expect(picked.errors).toEqual([]);
    } finally {
      for (const follower of followers) await follower.stop();
    }
  });
});
