/**
 * What the browser tests share: Debian's Chromium driven by playwright-core
 * (no download), the built inspector page served by a relay on a free port,
 * and screenshots under test-output/browser.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startRelay, type Relay } from '../../src/inspect/relay.js';

const root = join(import.meta.dirname, '..', '..');
export const CHROMIUM = process.env.PLYSTACK_CHROMIUM ?? '/usr/bin/chromium';
export const PAGE_DIR = join(root, 'dist', 'visualizer');
export const SHOTS = join(root, 'test-output', 'browser');

/** Chromium's flags for a headless run that talks to nothing but the page. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/**
 * Opens Chromium with a fresh profile. Fails, naming the command to run, when
 * Chromium is not installed: these tests are never skipped.
 */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}, and it is not there. Install it with:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point PLYSTACK_CHROMIUM at a Chromium or Chrome binary.',
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'plystack-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Serves the built page through a relay on a free port. */
export async function serveInspector(): Promise<Relay> {
  if (!existsSync(join(PAGE_DIR, 'index.html'))) {
    throw new Error(`The inspector page is not built (${PAGE_DIR}): run npm run inspector:build (npm test does it in pretest).`);
  }
  return startRelay({ port: 0, pageDir: PAGE_DIR });
}

/** A new page that records its errors and anything it fetches from elsewhere than the relay; `errors` must stay empty. */
export async function openPage(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const origin = new URL(url).origin;
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('request', (request) => {
    const target = request.url();
    if (!target.startsWith(origin) && !/^(data|blob):/.test(target)) errors.push(`fetched ${target}`);
  });
  await page.goto(url);
  await page.locator('[data-testid=statechart]').waitFor();
  return { page, errors };
}

/** Saves a screenshot of the page under test-output/browser. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The chart's state whose id ends with `.key` (the engine's nesting may change; the phase names do not). */
export const chartState = (page: Page, key: string) => page.locator(`[data-testid^="state:"][data-testid$=".${key}"]`);
