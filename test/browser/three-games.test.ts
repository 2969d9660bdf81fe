/**
 * Issue 27's "done when", game by game: mundane a few moves in, sandbox
 * stopped in its militia response window, and circular-table a few moves in,
 * each opened afresh in Debian's Chromium and played once, then looked at
 * in a laptop's 1280×800 and a desktop's 1920×1080 in turn. For each: the
 * page's scripts came compressed, and at each size the move
 * editor's refusal is in view without scrolling, a seat's view changes what
 * the seat panel shows, the move table cuts no cell, and while the slider
 * stands in the past the later plies stay listed, greyed, and one click takes
 * the page back to them. (Follow mode's active leaves at both sizes, for the
 * same three games: chart.test.ts.)
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { randomLegalMove } from '../../src/bots/botMoves.js';
import { findGame } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import {
  click,
  militiaLog,
  openPage,
  overflowing,
  pass,
  plyCount,
  position,
  SHOTS,
  SIZES,
  screenshot,
  seenWithoutScrolling,
  setUpInspector,
} from './support.js';

// What the functions run in the page (page.evaluate) use: this Node project compiles without the DOM's types.
// biome-ignore lint/suspicious/noExplicitAny: the page's objects, untyped here, where the DOM's types are not compiled in
type Dom = any;
declare const document: Dom;

const ready = setUpInspector();

/** Every script the page fetched, with its bytes on the wire and once decoded. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { performance: { getEntriesByType(t: string): Dom[] } }).performance
      .getEntriesByType('resource')
      .filter((r: Dom) => /\.js$/.test(r.name))
      .map((r: Dom) => ({
        name: r.name as string,
        wire: r.encodedBodySize as number,
        size: r.decodedBodySize as number,
      })),
  );

/** The move table's cells, and the captions of the chart's insets, whose text is cut (wider than their box). */
const cutCells = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '[data-testid=move-table] .grid-row span, .tabs-panel .grid-row.head span, [data-testid=chart-inset] .inset-caption',
      ),
    ]
      .filter((el: Dom) => el.scrollWidth > el.clientWidth + 1)
      .map((el: Dom) => el.textContent),
  );

/** What the seat panel shows, as text. */
const seatPanel = (page: Page) => page.locator('.seats-panel').textContent();

interface Game {
  readonly name: string;
  /** The page's address that opens the game's table, on the relay at `url`. */
  address(url: string): string;
  /** Plays the table the page just loaded to where it is checked. */
  open(page: Page): Promise<void>;
  /** The seat whose view is checked, and what the seat panel must then show. */
  readonly viewer: string;
  seen(page: Page): Promise<void>;
}

/** Plays `count` moves of the seeded random bot, as fast as it goes: the same moves every run. */
async function playRandom(page: Page, count: number) {
  await page.locator('[data-testid=bot-kind]').selectOption('random');
  await page.locator('[data-testid=bot-seed]').fill('three-games');
  await page.locator('[data-testid=play-count]').fill(String(count));
  await page.locator('[data-testid=play-speed]').selectOption('0');
  const before = await plyCount(page);
  await page.locator('[data-testid=play]').click();
  await expect.poll(() => plyCount(page)).toBeGreaterThanOrEqual(before + count);
  await expect.poll(() => page.locator('[data-testid=play]').isVisible()).toBe(true);
}

const hand = (page: Page, seat: string) => page.locator(`[data-testid=pieces] [data-seat="${seat}"][data-field=hand]`);

const GAMES: readonly Game[] = [
  {
    name: 'mundane',
    address: (url) => `${url}?seed=7`,
    async open(page) {
      // a card on the stack, and priority passed: follow mode draws PLAN, a small box, in an inset under its long path
      for (let i = 0; i < 4; i++) await pass(page);
      await click(page, '[data-testid=move][data-type="PlayCard"]');
      await pass(page);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect.poll(() => page.locator('[data-testid=chart-inset]').count()).toBeGreaterThan(0);
        expect(await cutCells(page), `${size.width}×${size.height}`).toEqual([]);
      }
      await page.setViewportSize(SIZES[0]);
      // into a later round, through WIND_DOWN (a long phase name)
      await playRandom(page, 34);
    },
    viewer: 'seat:bob',
    async seen(page) {
      // seat:ann's hand, named for everyone, is a count for seat:bob
      expect(await hand(page, 'seat:ann').getAttribute('data-hidden')).toBe('true');
      expect(await hand(page, 'seat:bob').getAttribute('data-hidden')).toBe('false');
      expect(await page.locator('[data-testid=seat-viewer]').getAttribute('data-hidden-seats')).toBe('1');
    },
  },
  {
    name: 'sandbox in its militia window',
    address: (url) => `${url}?game=sandbox&seats=3`,
    async open(page) {
      await page.locator('[data-testid=load-log]').setInputFiles(await militiaLog());
      await expect.poll(() => page.locator('[data-testid=window]').count()).toBe(1);
    },
    viewer: 'seat:b',
    async seen(page) {
      // sandbox hides nothing: the panel says so, and marks whom it shows the table to
      expect(await page.locator('[data-testid=seat-viewer]').getAttribute('data-hidden-seats')).toBe('0');
      expect(await page.locator('[data-testid=seat-viewer]').textContent()).toContain('nothing is hidden from seat:b');
      expect(await page.locator('[data-testid="seat:seat:b"]').getAttribute('class')).toContain('viewer');
    },
  },
  {
    name: 'circular-table',
    address: (url) => `${url}?game=circular-table&seats=4&seed=3`,
    async open(page) {
      // wild cards and +4s played out of their seat's order: long cells
      await playRandom(page, 30);
    },
    viewer: 'seat:ann',
    async seen(page) {
      // the other three hands are left out of seat:ann's view: hidden, and not named
      expect(await page.locator('[data-testid=seat-viewer]').getAttribute('data-hidden-seats')).toBe('3');
      expect(await hand(page, 'seat:ann').getAttribute('data-hidden')).toBe('false');
      for (const seat of ['seat:bob', 'seat:cat', 'seat:dan'])
        expect(await hand(page, seat).getAttribute('data-hidden')).toBe('true');
    },
  },
];

describe('the inspector at 1280×800 and at 1920×1080', () => {
  it("for mundane, sandbox in a window and circular-table, at each size: compressed scripts, the editor's refusal in view, a seat's view in the seat panel, no cut cell, later plies clickable in the past", async () => {
    const { context, url } = ready();
    // Each game on a fresh page load at the first size, played once, then checked at each size in turn: the first
    // game opens the page, the others load their address in it.
    const { page, errors } = await openPage(context, GAMES[0]!.address(url), { viewport: SIZES[0] });
    for (const [i, game] of GAMES.entries()) {
      if (i > 0) {
        await page.setViewportSize(SIZES[0]);
        await page.goto(game.address(url));
        await page.locator('[data-testid=statechart]').waitFor();
      }
      await game.open(page);

      // Its JavaScript, the app's and elkjs's, came compressed: fewer than half the bytes on the wire.
      const loaded = await scripts(page);
      expect(loaded.length, `(${game.name})`).toBeGreaterThanOrEqual(2);
      for (const script of loaded) expect(script.wire, `${script.name} (${game.name})`).toBeLessThan(script.size / 2);

      for (const { width, height } of SIZES) {
        await page.setViewportSize({ width, height });
        const at = `(${game.name} at ${width}×${height})`;

        // The editor's refusal, in view without scrolling (a seat of the size's name: the answer is this size's).
        const nobody = `seat:nobody-${width}`;
        await page.locator('[data-testid=move-editor]').fill(`{ "type": "no-such-move", "seat": "${nobody}" }`);
        await page.locator('[data-testid=editor-play]').click();
        const answer = page.locator('[data-testid=editor-result]');
        await expect.poll(() => answer.textContent(), { message: at }).toMatch(/^[A-Z_]+\b/);
        await expect.poll(() => answer.textContent(), { message: at }).toContain(nobody);
        expect(await seenWithoutScrolling(page, '[data-testid=editor-result]'), at).toBe(true);

        // A seat's view changes the seat panel, under the banner.
        const everything = await seatPanel(page);
        await page.locator('[data-testid=viewer]').selectOption(game.viewer);
        await expect.poll(() => page.locator('[data-testid=viewer-banner]').textContent()).toContain(game.viewer);
        expect(await seatPanel(page), at).not.toBe(everything);
        await game.seen(page);
        await screenshot(page, `${width}x${height}-three-games-${game.name.split(' ')[0]}-seen-by`);
        await page.locator('[data-testid=viewer-off]').click();
        await expect.poll(() => seatPanel(page)).toBe(everything);

        // No cell of the move table is cut, nor an inset's caption, nor anything sticking out of its panel.
        expect(await cutCells(page), at).toEqual([]);
        expect(await overflowing(page), at).toEqual([]);

        // In the past, the later plies stay listed, greyed, and a click on the last goes back to it.
        const total = await plyCount(page);
        expect(total, at).toBeGreaterThanOrEqual(2);
        const rowsLive = await page.locator('[data-testid=move-table]').getAttribute('data-count');
        await page.locator('[data-testid=step-back]').click();
        await page.locator('[data-testid=step-back]').click();
        await expect.poll(() => position(page)).toBe(`ply ${total - 2} of ${total}`);
        expect(await page.locator('[data-testid=move-table]').getAttribute('data-count'), at).toBe(rowsLive);
        const later = page.locator('[data-testid=move-row].future');
        await expect.poll(() => later.count()).toBeGreaterThan(0);
        await later.last().click();
        await expect.poll(() => position(page), { message: at }).toBe(`ply ${total} of ${total} · live`);
      }
    }
    expect(errors).toEqual([]);
  });
});

describe('a tic-tac-toe log', () => {
  it('shows each row of its move table with its turn and phase (a row is a round of two plies)', async () => {
    const { context, url } = ready();
    const game = findGame('tic-tac-toe');
    if (game === undefined) throw new Error('tic-tac-toe is not a built-in game');
    const table = createTable(game, { table: 'table:ttt', seats: ['seat:x', 'seat:o'], seed: 2 });
    let state = 2;
    const pick = (n: number) => {
      state = (state * 7 + 3) % 101;
      return state % n;
    };
    for (let i = 0; i < 5; i++) {
      const move = randomLegalMove(table, pick);
      if (move === undefined) break;
      table.play(move);
    }
    await mkdir(SHOTS, { recursive: true });
    const file = join(SHOTS, 'tic-tac-toe-log.json');
    await writeFile(file, JSON.stringify(table.log));
    const plies = table.plies.map((ply) => ({ turn: ply.turn, phase: ply.phase }));
    table.stop();

    const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
    await page.locator('[data-testid=load-log]').setInputFiles(file);
    await expect.poll(() => position(page)).toBe(`ply ${plies.length} of ${plies.length} · live`);
    const turns = await page.locator('[data-testid=move-row-turn]').allTextContents();
    const phases = await page.locator('[data-testid=move-row-phase]').allTextContents();
    expect(turns.length).toBeGreaterThan(0);
    expect(turns.length).toBeLessThan(plies.length); // packed: two plies a row
    // the first row holds the first two plies: their turns, and their phase
    expect(turns[0]).toBe(
      plies[0]!.turn === plies[1]!.turn ? `${plies[0]!.turn}` : `${plies[0]!.turn}–${plies[1]!.turn}`,
    );
    expect(phases[0]).toBe(plies[0]!.phase);
    expect(turns.every((t) => t !== '')).toBe(true);
    expect(phases.every((p) => p !== '')).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the panels beside the chart', () => {
  it('resize by dragging their edges, and by the arrow keys: the chart gets the room; a double click gives a panel its own size', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, { viewport: { width: 1280, height: 800 } });
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const frame = () => box('[data-testid=chart-frame]');
    const drag = async (testId: string, dx: number, dy: number) => {
      const handle = await box(`[data-testid=${testId}]`);
      const x = handle.x + handle.width / 2;
      const y = handle.y + handle.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 4 });
      await page.mouse.up();
    };
    const right = (await box('.app > .right')).width;
    const chart = await frame();

    // the seats and moves 40 px wider: the chart 40 px narrower
    await drag('resize-right', -40, 0);
    expect(Math.round((await box('.app > .right')).width)).toBe(Math.round(right) + 40);
    expect(Math.round((await frame()).width)).toBe(Math.round(chart.width) - 40);
    // the tables narrower too, to their least, and no further
    await drag('resize-left', -400, 0);
    expect(Math.round((await box('.app > .sidebar')).width)).toBe(160);
    // the tabs 100 px lower: the chart 100 px taller
    const tabs = (await box('.tabs-panel')).height;
    await drag('resize-tabs', 0, 100);
    expect(Math.round((await box('.tabs-panel')).height)).toBe(Math.round(tabs) - 100);
    expect(Math.round((await frame()).height)).toBe(Math.round(chart.height) + 100);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, '1280x800-resized');

    // the keys: the right column 16 px narrower, without moving the slider
    const before = await position(page);
    await page.locator('[data-testid=resize-right]').focus();
    await page.keyboard.press('ArrowRight');
    expect(Math.round((await box('.app > .right')).width)).toBe(Math.round(right) + 40 - 16);
    expect(await position(page)).toBe(before);

    for (const handle of ['resize-left', 'resize-right', 'resize-tabs'])
      await page.locator(`[data-testid=${handle}]`).dblclick();
    expect(await frame()).toEqual(chart);
    expect(errors).toEqual([]);
  });
});
