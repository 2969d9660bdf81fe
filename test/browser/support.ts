/**
 * What the browser tests share: Debian's Chromium driven by playwright-core
 * (no download), one for the whole run (./support/globalChromium.ts) with a
 * context of its own for each file, the built inspector page served by a relay
 * on a free port, and screenshots under test-output/browser.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Download,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type Relay, startRelay } from '../../src/inspect/relay.js';
import { CHROMIUM, MISSING } from './support/globalChromium.js';

// What the functions run in the page (page.evaluate) use: this Node project compiles without the DOM's types.
// biome-ignore lint/suspicious/noExplicitAny: the page's objects, untyped here, where the DOM's types are not compiled in
type Dom = any;
declare const document: Dom;
declare function getComputedStyle(element: Dom): Dom;
type Element = Dom;

const root = join(import.meta.dirname, '..', '..');

export { CHROMIUM };
export const PAGE_DIR = join(root, 'dist', 'visualizer');
export const SHOTS = join(root, 'test-output', 'browser');

/** The size a file's pages open at. */
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Connects to the run's Chromium and opens a fresh context in it (cookies and
 * storage of its own). Fails, naming the command to run, when Chromium is not
 * installed or did not start: these tests are never skipped.
 *
 * The context asks for reduced motion, as a reader may: the chart moves to its
 * new view at once instead of panning for a quarter of a second, which spares
 * Chromium the frames of every pan (a sixth of the browser tests' CPU). With
 * `motion`, the chart pans as it does by default (one file keeps that path
 * under test).
 */
export async function launchBrowser({ motion = false }: { motion?: boolean } = {}): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint === undefined || endpoint === '') {
    const problem = inject('chromiumProblem');
    throw new Error(
      problem !== undefined && problem !== ''
        ? problem
        : existsSync(CHROMIUM)
          ? 'The shared Chromium was not started: run these tests in a vitest project whose global setup starts it (browser: npx vitest run --project browser).'
          : MISSING,
    );
  }
  const browser: Browser = await chromium.connect(endpoint);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    acceptDownloads: true,
    reducedMotion: motion ? 'no-preference' : 'reduce',
  });
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** What a download holds, as text: read as a stream, which works for a browser connected to (`path()` does not). */
export async function downloaded(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Serves the built page through a relay on a free port; `log`, as `plystack inspect --log FILE` gives its relay. */
export async function serveInspector({ log }: { log?: string } = {}): Promise<Relay> {
  if (!existsSync(join(PAGE_DIR, 'index.html'))) {
    throw new Error(
      `The inspector page is not built (${PAGE_DIR}): run npm run inspector:build (npm test does it in pretest).`,
    );
  }
  return startRelay({ port: 0, pageDir: PAGE_DIR, ...(log === undefined ? {} : { log }) });
}

/**
 * The page a file's tests take turns on, in the file's context: a test's first
 * `openPage` navigates it rather than open a new one (cheaper, and the
 * renderer keeps the scripts it compiled), and after the test it is left on
 * about:blank, its listeners off.
 */
let spare:
  | {
      context: BrowserContext;
      page?: Page;
      taken: boolean;
      detach(): void;
      /** Whether the file's context lets the chart pan (setUpInspector's `motion`), and whether the page now differs. */
      motion: boolean;
      emulated: boolean;
    }
  | undefined;

/**
 * A page on `url` that records its errors and anything it fetches from
 * elsewhere than the relay; `errors` must stay empty. A test's first page in
 * its file's context is the file's page, freshly loaded; any other is a new
 * page. It loads at `viewport`, or at the context's size. With `motion`, the
 * page asks for reduced motion or not whatever its context asks (for this
 * test only: the file's page is set back after it).
 */
export async function openPage(
  context: BrowserContext,
  url: string,
  { viewport, motion }: { viewport?: { width: number; height: number }; motion?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const reuse = spare !== undefined && spare.context === context && !spare.taken;
  let page: Page;
  if (reuse && spare?.page !== undefined && !spare.page.isClosed()) {
    page = spare.page;
    await page.setViewportSize(viewport ?? VIEWPORT);
  } else {
    page = await context.newPage();
    if (viewport !== undefined) await page.setViewportSize(viewport);
  }
  const errors: string[] = [];
  const origin = new URL(url).origin;
  const onError = (error: Error) => errors.push(error.message);
  const onConsole = (message: ConsoleMessage) => message.type() === 'error' && errors.push(message.text());
  const onRequest = (request: Request) => {
    const target = request.url();
    if (!target.startsWith(origin) && !/^(data|blob):/.test(target)) errors.push(`fetched ${target}`);
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  page.on('request', onRequest);
  if (motion !== undefined) await page.emulateMedia({ reducedMotion: motion ? 'no-preference' : 'reduce' });
  if (reuse && spare !== undefined) {
    spare.page = page;
    spare.taken = true;
    spare.emulated = motion !== undefined;
    spare.detach = () => {
      page.off('pageerror', onError);
      page.off('console', onConsole);
      page.off('request', onRequest);
    };
  }
  await page.goto(url);
  await page.locator('[data-testid=statechart]').waitFor();
  return { page, errors };
}

/**
 * Saves a screenshot of the page under test-output/browser. The text caret is left as it is (a focused field may show
 * it): hiding it, playwright's default, restyles the whole page twice a shot, a fifth of the shot's CPU.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, caret: 'initial' });
  return path;
}

/** The chart's state whose id ends with `.key` (the engine's nesting may change; the phase names do not). */
export const chartState = (page: Page, key: string) => page.locator(`[data-testid^="state:"][data-testid$=".${key}"]`);

/** The screen sizes the page is checked at: a laptop and a desktop. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/**
 * The smallest on-screen font size, in CSS pixels, of the chart's text that
 * lies inside the chart's frame (what the user is looking at), and how many
 * such labels there are.
 */
export function smallestChartLabel(page: Page): Promise<{ size: number; count: number; text: string }> {
  return page.evaluate(() => {
    const frame = document.querySelector('[data-testid=chart-frame]');
    const box = frame.getBoundingClientRect();
    let size = Infinity;
    let text = '';
    let count = 0;
    for (const el of frame.querySelectorAll('svg.chart text')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom)
        continue;
      const matrix = el.getScreenCTM();
      const scale = matrix === null ? 1 : Math.hypot(matrix.a, matrix.b);
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      count++;
      if (px < size) {
        size = px;
        text = el.textContent ?? '';
      }
    }
    return { size, count, text };
  });
}

/**
 * Every element that sticks out of the panel it belongs to (by bounding
 * boxes, 1 px of slack), or whose own text is cut (a button narrower than its
 * label). Scrolling lists and the chart's drawing are left out: they clip on
 * purpose.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    const panels = document.querySelectorAll('.panel, .sidebar, .topbar, .banner');
    for (const panel of panels) {
      const box = panel.getBoundingClientRect();
      if (box.width === 0) continue;
      const walk = (el: Element) => {
        for (const child of el.children) {
          if (child.namespaceURI === 'http://www.w3.org/2000/svg' && child.tagName !== 'svg') continue;
          const r = child.getBoundingClientRect();
          // The content of a closed <details> keeps its boxes in Chromium, though it is not drawn.
          const folded = child.closest('details:not([open])') !== null && child.closest('summary') === null;
          const visible = !folded && r.width > 0 && r.height > 0 && getComputedStyle(child).visibility !== 'hidden';
          if (
            visible &&
            (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          ) {
            out.push(
              `${name(child)} sticks out of ${name(panel)} (${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(box.left)}..${Math.round(box.right)} × ${Math.round(box.top)}..${Math.round(box.bottom)})`,
            );
          }
          if (
            visible &&
            (child.tagName === 'BUTTON' || child.tagName === 'SUMMARY') &&
            child.scrollWidth > child.clientWidth + 1
          )
            out.push(`${name(child)}: its text is cut`);
          // A scrolling or clipping box keeps its content to itself, and the chart is drawn to be panned.
          if (!clips(child) && child.tagName !== 'svg') walk(child);
        }
      };
      walk(panel);
    }
    return out;
  });
}

/**
 * The relay and a context of the run's Chromium for one test file, started
 * before its tests and closed after them. Without Chromium (or the built page)
 * every test fails with the reason and the command to run: none is skipped.
 * With `log`, the relay serves it as `plystack inspect --log FILE`'s does: a
 * page opened with `?log` opens it, and a page without is as it was. With
 * `motion`, the chart pans as it does for a reader who did not ask for less
 * motion (see launchBrowser).
 *
 * @example
 * const ready = setUpInspector();
 * it('…', async () => { const { context, url } = ready(); … });
 */
export function setUpInspector({
  motion = false,
  ...relayOptions
}: {
  log?: string;
  motion?: boolean;
} = {}): () => { context: BrowserContext; url: string; appUrl: string } {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let relay: Relay | undefined;
  let missing: unknown = null;
  beforeAll(async () => {
    try {
      relay = await serveInspector(relayOptions);
      browser = await launchBrowser({ motion });
      spare = { context: browser.context, taken: false, detach: () => undefined, motion, emulated: false };
    } catch (error) {
      missing = error;
    }
  }, 30_000);
  // The relay serves a handful of pages at once: each test closes the pages it opened, and leaves the file's page
  // on about:blank, its listeners off, for the next test.
  afterEach(async () => {
    const kept = spare?.page;
    for (const page of browser?.context.pages() ?? []) if (page !== kept) await page.close();
    if (spare === undefined || kept === undefined) return;
    spare.detach();
    spare.detach = () => undefined;
    spare.taken = false;
    try {
      await kept.goto('about:blank');
      if (spare.emulated) await kept.emulateMedia({ reducedMotion: spare.motion ? 'no-preference' : 'reduce' });
      spare.emulated = false;
    } catch {
      await kept.close().catch(() => undefined);
      spare.page = undefined;
    }
  });
  afterAll(async () => {
    spare = undefined;
    await browser?.close();
    await relay?.close();
  });
  return () => {
    if (missing !== null || browser === undefined || relay === undefined)
      throw missing ?? new Error('the browser did not start');
    return { context: browser.context, url: relay.url, appUrl: relay.appUrl };
  };
}

/**
 * Every active leaf of the chart, and whether each is drawn inside the chart's
 * frame at full size: in the chart itself, clear of the insets, or in an inset
 * of its own drawn at scale 1 (follow mode's place for the active leaves the
 * frame cannot hold beside the followed one).
 */
export function activeLeavesDrawn(page: Page): Promise<{ id: string; where: 'chart' | 'inset' | 'nowhere' }[]> {
  return page.evaluate(() => {
    const frame = document.querySelector('[data-testid=chart-frame]').getBoundingClientRect();
    const within = (r: Dom) =>
      r.width > 0 &&
      r.left >= frame.left - 1 &&
      r.right <= frame.right + 1 &&
      r.top >= frame.top - 1 &&
      r.bottom <= frame.bottom + 1;
    const insets = [...document.querySelectorAll('[data-testid=chart-inset]')];
    const overlaps = (r: Dom) =>
      insets.some((inset: Dom) => {
        const b = inset.getBoundingClientRect();
        return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
      });
    return [...document.querySelectorAll('.state.leaf[data-active=true]')].map((state: Dom) => {
      const id = state.getAttribute('data-testid').slice('state:'.length);
      const r = state.querySelector(':scope > rect').getBoundingClientRect();
      const matrix = state.getScreenCTM();
      const scale = matrix === null ? 0 : Math.hypot(matrix.a, matrix.b);
      if (within(r) && !overlaps(r) && scale >= 0.999) return { id, where: 'chart' as const };
      const inset = insets.find((i: Dom) => i.getAttribute('data-of') === id);
      const svg = inset?.querySelector('svg');
      if (svg !== undefined && svg !== null && within(inset.getBoundingClientRect())) {
        const box = svg.viewBox.baseVal;
        const full = Math.abs(svg.getBoundingClientRect().width - box.width) < 1;
        const rect = state.querySelector(':scope > rect');
        const x = Number(rect.getAttribute('x'));
        const y = Number(rect.getAttribute('y'));
        const holds =
          x >= box.x &&
          y >= box.y &&
          x + Number(rect.getAttribute('width')) <= box.x + box.width &&
          y + Number(rect.getAttribute('height')) <= box.y + box.height;
        if (full && holds) return { id, where: 'inset' as const };
      }
      return { id, where: 'nowhere' as const };
    });
  });
}

/**
 * The chart's regions (the children of a parallel state, drawn dashed) as drawn on screen, by their key, with the
 * chart frame's box: in follow mode, at full size, so their sizes are the layout's.
 */
export function regionBoxes(page: Page): Promise<{
  frame: { width: number; height: number };
  regions: { key: string; left: number; top: number; width: number; height: number }[];
}> {
  return page.evaluate(() => {
    const frame = document.querySelector('[data-testid=chart-frame]').getBoundingClientRect();
    const regions = [...document.querySelectorAll('svg.chart .state.region')].map((state: Dom) => {
      const r = state.querySelector(':scope > rect').getBoundingClientRect();
      const key = (state.getAttribute('data-testid') as string).split('.').at(-1) as string;
      return { key, left: r.left, top: r.top, width: r.width, height: r.height };
    });
    return { frame: { width: frame.width, height: frame.height }, regions };
  });
}

/** Whether the element is on screen and on top where it is drawn: seen without scrolling. */
export function seenWithoutScrolling(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (el === null) return false;
    const r = el.getBoundingClientRect();
    const { innerWidth, innerHeight } = globalThis as unknown as { innerWidth: number; innerHeight: number };
    if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const top = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  }, selector);
}

/** The time slider's position line: `ply 3 of 5`, `ply 5 of 5 · live`. */
export const position = (page: Page) => page.locator('[data-testid=ply-position]').textContent();
/** How many plies the table has, read off the time slider. */
export const plyCount = async (page: Page) => Number(/of (\d+)/.exec((await position(page)) ?? '')?.[1]);
/**
 * Clicks the first element `selector` finds and waits for the ply count to change: the page watches the position
 * line itself (one call, not a read a poll), for as long as `expect.poll` would have (a second).
 */
export async function click(page: Page, selector: string) {
  const before = await position(page);
  await page.locator(selector).first().click();
  await positionMovesOn(page, before, `clicking ${selector}`);
}

/** Waits, in the page, for the position line to read other than `before` (after `what`), for up to a second. */
export async function positionMovesOn(page: Page, before: string | null, what: string) {
  await page
    .waitForFunction(
      (was) => {
        const line = document.querySelector('[data-testid=ply-position]');
        return line !== null && line.textContent !== was;
      },
      before,
      { timeout: 1_000 },
    )
    .catch(async (error: Error) => {
      throw new Error(`the position line stayed "${before}" (now "${await position(page)}") after ${what}`, {
        cause: error,
      });
    });
}
/**
 * Waits, in the page, for the first element `selector` finds to read `text` (its whole text), for up to `timeout` ms
 * (a second: what `expect.poll` allows): one call, however long it takes, instead of a round trip a read.
 */
export async function untilText(page: Page, selector: string, text: string, timeout = 1_000) {
  await page
    .waitForFunction(([sel, want]) => document.querySelector(sel as string)?.textContent === want, [selector, text], {
      timeout,
    })
    .catch(async (error: Error) => {
      const now = await page.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, selector);
      throw new Error(`${selector} reads ${JSON.stringify(now)}, not ${JSON.stringify(text)}, after ${timeout} ms`, {
        cause: error,
      });
    });
}

/** Passes for the seat the Moves panel follows. */
export const pass = (page: Page) => click(page, '[data-testid=move][data-type="engine.pass"]');

/** The rendered chart's view (x, y, scale) once its animation has settled. */
export const chartView = (page: Page) => page.locator('[data-testid=chart-frame]').getAttribute('data-view');

/** The sandbox example's log cut after its second move: a militia response window open. */
export async function militiaLog(): Promise<string> {
  const log = JSON.parse(
    await readFile(join(import.meta.dirname, '..', '..', 'examples', 'sandbox-windows.json'), 'utf8'),
  );
  await mkdir(SHOTS, { recursive: true });
  const file = join(SHOTS, 'militia-log.json');
  await writeFile(file, JSON.stringify({ ...log, moves: log.moves.slice(0, 2) }));
  return file;
}

/**
 * Waits for the chart's pan animation to end: no animation runs in the chart's
 * frame (the pan is a CSS transition), and two reads of the text's on-screen
 * position agree.
 */
export async function settled(page: Page) {
  // The page reads it every 50 ms, for as long as `expect.poll` would have (a second): one call, not a read a poll.
  await page
    .waitForFunction(
      (token) => {
        const frame = document.querySelector('[data-testid=chart-frame]');
        const animations = frame?.getAnimations({ subtree: true }) ?? [];
        let now = 'moving';
        if (!animations.some((a: Dom) => a.playState === 'running' || a.pending)) {
          const t = document.querySelector('svg.chart text');
          const r = t?.getBoundingClientRect();
          now = r === undefined ? '' : `${r.left.toFixed(1)},${r.top.toFixed(1)},${r.width.toFixed(1)}`;
        }
        const reads = globalThis as unknown as Record<string, string | undefined>;
        const same = now === reads[token] && now !== 'moving';
        reads[token] = now;
        return same;
      },
      `plystack-settled-${Math.random()}`,
      { polling: 50, timeout: 1_000 },
    )
    .catch((error: Error) => {
      throw new Error("the chart did not settle: it was still moving, or its text's position changed between reads", {
        cause: error,
      });
    });
}
