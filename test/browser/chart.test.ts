/**
 * The inspector's chart and right column where space is short, in Debian's
 * Chromium at a laptop's 1280×800 and a desktop's 1920×1080: every active leaf
 * state in view at full size in follow mode, the move editor's answer in view,
 * and a verifier's counterexample opened where its property broke. A file of
 * its own, with its own browser, so it runs beside the other browser tests.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { replay } from '../../src/index.js';
import {
  activeLeavesDrawn,
  chartState,
  chartView,
  click,
  militiaLog,
  openPage,
  overflowing,
  pass,
  position,
  regionBoxes,
  SHOTS,
  SIZES,
  screenshot,
  seenWithoutScrolling,
  settled,
  setUpInspector,
  smallestChartLabel,
} from './support.js';

// What the functions run in the page (page.evaluate) use: this Node project compiles without the DOM's types.
// biome-ignore lint/suspicious/noExplicitAny: the page's objects, untyped here, where the DOM's types are not compiled in
type Dom = any;
declare function matchMedia(query: string): { matches: boolean };

/** A verifier's counterexample: mundane's log, and the property it broke after its third move. */
const counterexample = {
  game: 'mundane',
  version: mundane.version,
  table: 'table:counterexample',
  seats: ['seat:ann', 'seat:bob'],
  seed: 7,
  options: { turns: 6 },
  moves: [
    { type: 'engine.pass', seat: 'seat:ann' },
    { type: 'engine.pass', seat: 'seat:bob' },
    { type: 'engine.pass', seat: 'seat:ann' },
    { type: 'engine.pass', seat: 'seat:bob' },
    { type: 'engine.pass', seat: 'seat:ann' },
  ],
  violation: { check: 'sorcery-timing', message: 'a sorcery was offered in WAKE_UP', at: 3 },
};

// The file's relay serves the counterexample, broken at the opening, as `plystack inspect --log FILE`'s relay does: a
// page opened with `?log` opens it (the other pages of the file are opened without).
const ready = setUpInspector({
  log: JSON.stringify({ ...counterexample, violation: { ...counterexample.violation, at: 0 } }),
});

/**
 * The size at which follow mode's chart pans to each new view, as it does for a reader who did not ask for less
 * motion (its views are read once the pan has settled); at the other size it moves at once, as it does for the pages
 * of the other files. The pan's code is the same at either size, and its frames are a third of this file's CPU.
 */
const PANNED = SIZES[0];

describe.each(SIZES)('the inspector at $width×$height', ({ width, height }) => {
  const shot = (page: Page, name: string) => screenshot(page, `${width}x${height}-${name}`);

  /** In follow mode: every active leaf drawn inside the frame at full size, and every label in the frame 11 px or more. */
  async function everyActiveLeafInView(page: Page, at: string, least = 1) {
    // A chart just loaded is laid out a moment later, and then placed: polled until it is, or fails.
    await expect
      .poll(async () => (await activeLeavesDrawn(page)).filter((l) => l.where === 'nowhere').map((l) => l.id), {
        message: `active leaves not in view ${at}`,
      })
      .toEqual([]);
    await settled(page);
    const leaves = await activeLeavesDrawn(page);
    expect(leaves.length, `active leaves ${at}`).toBeGreaterThanOrEqual(least);
    expect(
      leaves.filter((l) => l.where === 'nowhere').map((l) => l.id),
      `active leaves not in view ${at}`,
    ).toEqual([]);
    const smallest = await smallestChartLabel(page);
    expect(smallest.count).toBeGreaterThan(3);
    expect(smallest.size, `"${smallest.text}" ${at}`).toBeGreaterThanOrEqual(11);
    // the active configuration names each active leaf, whatever the chart shows
    const named = await page
      .locator('[data-testid=active-path]')
      .evaluateAll((paths) => (paths as Dom[]).map((p) => p.getAttribute('data-leaf')));
    expect(named.sort()).toEqual(leaves.map((l) => l.id).sort());
  }

  it('follow mode draws every active leaf state inside the frame at full size, labels 11 px or more: mundane through its phases, sandbox in a response window, circular-table', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, {
      viewport: { width, height },
      motion: width === PANNED.width && height === PANNED.height,
    });
    // At PANNED's size the chart pans: the page does not ask for reduced motion there, and does everywhere else.
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
      width !== PANNED.width || height !== PANNED.height,
    );
    expect(await page.locator('[data-testid=chart-frame]').getAttribute('data-mode')).toBe('follow');
    // mundane: a phase of the turn region, priority held and the stack, three regions at once
    await everyActiveLeafInView(page, 'at the opening', 3);
    // Each region laid out on its own and the regions set for the frame: side by side, not one tall stack (some two
    // share a band of the frame's height), and no region a row of phases longer than two frames (the turn's phases
    // read top down).
    expect(await page.locator('[data-testid=chart-frame]').getAttribute('data-scale')).toBe('1.000');
    const { frame: room, regions } = await regionBoxes(page);
    expect(regions.map((r) => r.key).sort()).toEqual(['priority', 'stack', 'turn']);
    const beside = regions.flatMap((a, i) =>
      regions
        .slice(i + 1)
        .filter((b) => a.top < b.top + b.height && b.top < a.top + a.height)
        .map((b) => [a.key, b.key]),
    );
    expect(beside.length, `regions side by side: ${JSON.stringify(regions)}`).toBeGreaterThan(0);
    for (const region of regions) expect(region.width, `${region.key} across`).toBeLessThanOrEqual(2 * room.width);
    const views = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await pass(page);
      await everyActiveLeafInView(page, `after pass ${i + 1}`, 3);
      views.add((await chartView(page)) ?? '');
    }
    // six moves through five phases: the view moved when it had to, not every time
    expect(views.size).toBeLessThan(6);
    await shot(page, 'follow');
    expect(await overflowing(page)).toEqual([]);
    // a click on a state of the active configuration centres the chart on it
    const held = page.locator('[data-testid=active-state][data-state$=".held"]');
    await held.click();
    await settled(page);
    const centre = await chartState(page, 'held').locator(':scope > rect').boundingBox();
    const frame = await page.locator('[data-testid=chart-frame]').boundingBox();
    expect(Math.abs(centre!.x + centre!.width / 2 - (frame!.x + frame!.width / 2))).toBeLessThan(4);
    await page.keyboard.press('f');
    await expect.poll(() => page.locator('[data-testid=chart-frame]').getAttribute('data-mode')).toBe('follow');

    // sandbox, stopped in its militia window
    await page.locator('[data-testid=load-log]').setInputFiles(await militiaLog());
    await expect.poll(() => page.locator('[data-testid=window]').count()).toBe(1);
    await expect.poll(() => chartState(page, 'militia').getAttribute('data-active')).toBe('true');
    await everyActiveLeafInView(page, 'in the militia window');
    await shot(page, 'follow-sandbox-window');

    // circular-table, a few moves in
    await page.goto(`${url}?game=circular-table&seats=4&seed=3`);
    await page.locator('[data-testid=statechart]').waitFor();
    for (let i = 0; i < 3; i++) await click(page, '[data-testid=random-move]');
    await everyActiveLeafInView(page, 'three moves into circular-table');
    await shot(page, 'follow-circular-table');
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the editor's refusal shows without scrolling, the blocked list folded, and Escape closes the detail pane", async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, { viewport: { width, height } });
    expect(await page.locator('.blocked-box').first().getAttribute('open')).toBeNull();
    // Before the editor is used, it does not cover the moves above it: the first one is in view.
    expect(await seenWithoutScrolling(page, '[data-testid=move]')).toBe(true);
    await page
      .locator('[data-testid=move-editor]')
      .fill('{ "type": "PlayCard", "seat": "seat:bob", "payload": { "card": "Toaster" } }');
    await page.locator('[data-testid=editor-play]').click();
    await expect.poll(() => page.locator('[data-testid=editor-result]').textContent()).toMatch(/^[A-Z_]+/);
    expect(await seenWithoutScrolling(page, '[data-testid=editor-result]')).toBe(true);
    // with the blocked list open too
    await page.locator('.blocked-box summary').first().click();
    expect(await seenWithoutScrolling(page, '[data-testid=editor-result]')).toBe(true);

    await pass(page);
    await page.locator('[data-testid=tab-plies]').click();
    await page.locator('[data-testid=ply-row]').first().click();
    expect(await page.locator('[data-testid=detail]').count()).toBe(1);
    // the move column stays in view beside the detail pane
    expect(await seenWithoutScrolling(page, '[data-testid=ply-row] .cell')).toBe(true);
    await shot(page, 'detail-and-refusal');
    expect(await overflowing(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid=detail]').count()).toBe(0);
    // ? lists the keys, Home/End, follow and fit among them, and Escape closes it
    await page.keyboard.press('?');
    const help = page.locator('[data-testid=help-overlay]');
    expect(await help.textContent()).toMatch(/Home End.*f.*follow.*w.*fit/s);
    expect(await seenWithoutScrolling(page, '[data-testid=help-close]')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await help.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("a verifier's counterexample", () => {
  it('opens at the ply where its property broke, names the property beside the chart, and the slider still moves; plystack inspect --log serves one', async () => {
    const { context, url } = ready();
    await mkdir(SHOTS, { recursive: true });
    const file = join(SHOTS, 'counterexample.json');
    await writeFile(file, JSON.stringify(counterexample));
    const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
    await page.locator('[data-testid=load-log]').setInputFiles(file);
    const banner = page.locator('[data-testid=violation]');
    await expect.poll(() => banner.count()).toBe(1);
    // at 3: the table after its first three moves (moves[0..2]), as plystack verify says it: after move 3
    expect(await banner.textContent()).toContain(
      'Broken: sorcery-timing — a sorcery was offered in WAKE_UP (after move 3)',
    );
    await expect.poll(() => position(page)).toBe('ply 3 of 5');
    const expected = replay({ ...counterexample, moves: counterexample.moves.slice(0, 3) });
    expect(await page.locator('[data-testid=ring-phase]').textContent()).toBe(expected.state.phase);
    expected.stop();
    await screenshot(page, '1280x800-counterexample');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('ply 4 of 5');
    await page.locator('[data-testid=violation-seek]').click();
    await expect.poll(() => position(page)).toBe('ply 3 of 5');
    expect(await banner.count()).toBe(1);

    // A violation that cannot be read is left out, and the log still opens.
    await writeFile(file, JSON.stringify({ ...counterexample, violation: { check: 'x', at: -1 } }));
    await page.locator('[data-testid=load-log]').setInputFiles(file);
    await expect.poll(() => position(page)).toBe('ply 5 of 5 · live');
    expect(await banner.count()).toBe(0);

    // The log `plystack inspect --log FILE` gives its relay, opened by the address it prints (`?log`).
    await page.goto(`${url}?log`);
    await expect.poll(() => page.locator('[data-testid=violation]').textContent()).toContain('(at the opening)');
    await expect.poll(() => position(page)).toBe('ply 0 of 5');
    expect(errors).toEqual([]);
  });
});
