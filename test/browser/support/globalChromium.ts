/**
 * The browser project's global setup: one Chromium for the whole run, started
 * as a playwright-core browser server, instead of a Chromium per test file.
 * Each file connects to it and opens a context of its own
 * (`setUpInspector` in ../support.ts): the contexts keep their cookies and
 * storage apart, as the profile a file's own Chromium had did.
 */
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address for `chromium.connect`, or '' when it did not start. */
    chromiumEndpoint: string;
    /** Why the shared Chromium did not start ('' when it did): every browser test fails with it. */
    chromiumProblem: string;
  }
}

export const CHROMIUM = process.env.PLYSTACK_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Chromium's flags for a headless run that talks to nothing but the page. One
 * process per site: the pages of the relay share a renderer, and with it the
 * scripts it compiled once.
 */
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--process-per-site',
];

/** What the tests say when Chromium is not installed: they are never skipped. */
export const MISSING =
  `The browser tests need Chromium at ${CHROMIUM}, and it is not there. Install it with:\n` +
  '  sudo apt-get update && sudo apt-get install -y chromium\n' +
  'or point PLYSTACK_CHROMIUM at a Chromium or Chrome binary.';

let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  project.provide('chromiumEndpoint', '');
  project.provide('chromiumProblem', '');
  if (!existsSync(CHROMIUM)) {
    project.provide('chromiumProblem', MISSING);
    return;
  }
  try {
    server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  } catch (error) {
    project.provide('chromiumProblem', `Chromium at ${CHROMIUM} did not start: ${(error as Error).message}`);
    return;
  }
  project.provide('chromiumEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
