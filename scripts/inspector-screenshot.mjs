#!/usr/bin/env node
/**
 * Takes the README's screenshot of the inspector (docs/inspector.png): serves
 * the built page, plays the opening of a mundane game by clicking, and shoots
 * the page with Debian's Chromium at a laptop's 1280×800, in follow mode (the
 * chart at full size). Run it with npm run inspector:screenshot.
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
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
  viewport: { width: 1280, height: 800 },
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
  // Wait for the chart's pan to settle: the first label stays put between two looks.
  let last = '';
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const now = await page.evaluate(() =>
      JSON.stringify(document.querySelector('svg.chart text')?.getBoundingClientRect()),
    );
    if (now === last) break;
    last = now;
  }
  // Clicking a move scrolls the right column to it: the shot shows it from the top, the seats first.
  await page.evaluate(() => {
    document.activeElement?.blur();
    const right = document.querySelector('.app > .right');
    if (right !== null) right.scrollTop = 0;
  });
  await page.waitForTimeout(100);
  const path = join(root, 'docs', 'inspector.png');
  await page.screenshot({ path });
  console.log(`saved ${path}`);
} finally {
  await demo.stop();
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await relay.close();
}
