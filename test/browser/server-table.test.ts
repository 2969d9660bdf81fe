/**
 * The inspector follows a table of the table server, live: a real `startServer`
 * on loopback (the memory store), a mundane table played through the typed
 * client with the seats' own tokens, `followServerTable` with the table's app
 * token feeding the relay, and the inspector page in Chromium at 1280×800
 * showing the server's plies as they are committed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type PlystackClient } from '../../src/client/client.js';
import { followServerTable } from '../../src/inspect/followServer.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { chartState, openPage, screenshot, setUpInspector } from './support.js';

const ready = setUpInspector();
const rows = (page: Page) => page.locator('[data-testid=move-table]').getAttribute('data-count').then(Number);
const isActive = (page: Page, key: string) => chartState(page, key).getAttribute('data-active');

describe('the inspector following a server table', () => {
  let server: PlystackServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('shows the plies a table server commits as they arrive, with the app token, read-only', async () => {
    const { context, url, appUrl } = ready();
    const anyone = connect(server.url);
    const created = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 7 });
    const seat = (id: string): PlystackClient => anyone.withToken(created.tokens[id]!);
    const pass = (id: string) => seat(id).play(created.table, { type: 'engine.pass', seat: id });
    // Two moves before anyone follows: the follower reads them from the log.
    await pass('seat:ann');
    await pass('seat:bob');

    const follower = await followServerTable({
      server: server.url,
      table: created.table,
      token: created.appToken,
      url: appUrl,
    });
    try {
      const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
      await expect.poll(() => page.locator('[data-testid=relay-status]').textContent()).toBe('relay open');
      const entry = page.locator('[data-testid=remote-tables] [data-testid=table-entry]', {
        hasText: `server table ${created.table}`,
      });
      await entry.click();
      await expect.poll(() => page.locator('[data-testid=current-table]').textContent()).toContain(created.table);
      await expect.poll(() => rows(page)).toBe(2);
      await expect.poll(() => isActive(page, 'WAKE_UP')).toBe('true');
      expect(await page.locator('[data-testid=read-only]').count()).toBe(1);

      // The seats play on through the server; the page follows each committed ply.
      await pass('seat:ann');
      await expect.poll(() => rows(page)).toBe(3);
      await pass('seat:bob');
      await expect.poll(() => rows(page)).toBe(4);
      await expect.poll(() => isActive(page, 'PLAN')).toBe('true');
      // What the page shows is the server's table: the same plies, the same phase.
      const reading = await anyone.withToken(created.appToken).get(created.table);
      expect(reading.state.phase).toBe('PLAN');
      expect(follower.table.context.plies.size).toBe(reading.ply);
      await screenshot(page, 'server-table');

      await follower.stop();
      await expect.poll(() => page.locator('[data-testid=table-status]').textContent()).toBe('closed');
      expect(errors).toEqual([]);
    } finally {
      await follower.stop();
    }
  });
});
