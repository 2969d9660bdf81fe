#!/usr/bin/env node
/**
 * Takes the README's screenshot of the inspector (docs/inspector.png): serves
 * the built page, plays the opening of a mundane game by clicking, and shoots
 * the page with Debian's Chromium. Run it with npm run inspector:screenshot.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoTable } from '../dist/inspect/demoTable.js';
import { startRelay } from '../dist/inspect/relay.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const relay = await startRelay({ port: 0, pageDir: join(root, 'dist', 'visualizer') });
// A remote table too, as `npm start` shows one.
const demo = startDemoTable({ url: relay.appUrl, interval: 60 });
const profile = await mkdtemp(join(tmpdir(), 'plystack-shot-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.PLYSTACK_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${relay.url}?seed=7`);
  await page.locator('[data-testid=statechart]').waitFor();
  const click = async (selector) => {
    await page.locator(selector).first().click();
    await page.waitForTimeout(120);
  };
  for (let i = 0; i < 4; i++) await click('[data-testid=move][data-type="engine.pass"]');
  await click('[data-testid=move][data-type="PlayCard"]');
  await click('[data-testid=move][data-type="engine.pass"]');
  await page.waitForTimeout(600);
  const path = join(root, 'docs', 'inspector.png');
  await page.screenshot({ path });
  console.log(`saved ${path}`);
} finally {
  await demo.stop();
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await relay.close();
}
