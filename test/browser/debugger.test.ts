/**
 * The inspector as a debugger, in Debian's Chromium at a laptop's 1280×800
 * and a desktop's 1920×1080: readable chart text, nothing sticking out of its
 * panel, time travel over automatic plies, and every control.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { replay, type TableLog } from '../../src/index.js';
import {
  chartState,
  chartView,
  click,
  downloaded,
  militiaLog,
  openPage,
  overflowing,
  pass,
  plyCount,
  position,
  SHOTS,
  SIZES,
  screenshot,
  settled,
  setUpInspector,
} from './support.js';

// What the functions run in the page (page.evaluate) use: this Node project compiles without the DOM's types.
// biome-ignore lint/suspicious/noExplicitAny: the page's objects, untyped here, where the DOM's types are not compiled in
type Dom = any;
declare const document: Dom;
declare function getComputedStyle(element: Dom): Dom;

const ready = setUpInspector();

describe('the inspector at 1280×800 and at 1920×1080', () => {
  it("nothing sticks out of its panel at either size: the New-table form, the act-as picker and the editor, skirmish's seat table, taken transitions in bold", async () => {
    const { context, url } = ready();
    // One page for both sizes: each table is loaded and played once, then looked at in each size.
    const { page, errors } = await openPage(context, `${url}?game=skirmish&seats=4`, { viewport: SIZES[0] });
    await page.locator('summary', { hasText: 'New table' }).click();
    const form = page.locator('[data-testid=new-table]');
    await click(page, '[data-testid=random-move]');
    for (const { width, height } of SIZES) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => form.locator('button[type=submit]').isVisible()).toBe(true);
      expect(await form.locator('button[type=submit]').textContent()).toBe('Open table');
      expect(await page.locator('[data-testid=seat-table]').count()).toBe(1);
      await screenshot(page, `${width}x${height}-skirmish-form`);
      expect(await overflowing(page), `${width}×${height}`).toEqual([]);
    }

    // A mundane table: bold text of a taken transition stays inside its box.
    await page.goto(`${url}?seed=7`);
    await page.locator('[data-testid=statechart]').waitFor();
    await pass(page);
    await pass(page);
    await page.locator('[data-testid=act-as]').selectOption('@application');
    const taken = page.locator('.state text.taken');
    for (const { width, height } of SIZES) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => taken.count()).toBeGreaterThan(0);
      const inside = await page.evaluate(() =>
        [...document.querySelectorAll('.state text.taken')].every((t) => {
          const box = t.parentElement.querySelector(':scope > rect').getBoundingClientRect();
          const r = t.getBoundingClientRect();
          return r.left >= box.left && r.right <= box.right + 0.5;
        }),
      );
      expect(inside, `${width}×${height}`).toBe(true);
      expect(await overflowing(page), `${width}×${height}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});

describe('time travel', () => {
  it('steps back over automatic plies: the slider, the move table and the events show the table after exactly that ply', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    // seat:ann passes automatically until the end of her turn: each of her passes is an automatic ply
    await click(page, '[data-testid=move][data-type="engine.auto-pass"]:text("end-of-turn")');
    await pass(page); // seat:bob
    await pass(page); // seat:bob again, after seat:ann's automatic pass
    const total = await plyCount(page);
    expect(total).toBeGreaterThan(3);

    const download = page.waitForEvent('download');
    await page.locator('[data-testid=save-log]').click();
    const log = JSON.parse(await downloaded(await download)) as TableLog;
    expect(log.moves.length).toBeLessThan(total);
    const table = replay(log);
    expect(table.plies.filter((p) => p.automatic).length).toBeGreaterThan(0);

    const liveEvents = Number(await page.locator('[data-testid=count-events]').textContent());
    // What the page shows of the ply it stands at, read in one go.
    const shown = () =>
      page.evaluate(() => {
        const text = (selector: string) => document.querySelector(selector)?.textContent ?? null;
        return {
          position: text('[data-testid=ply-position]'),
          phase: text('[data-testid=ring-phase]'),
          notes: text('.ring-notes'),
          travelErrors: document.querySelectorAll('[data-testid=travel-error]').length,
          listed: Number(document.querySelector('[data-testid=move-table]')?.getAttribute('data-count')),
          notGreyed: document.querySelectorAll('[data-testid=move-row]:not(.future)').length,
          events: Number(text('[data-testid=count-events]')),
        };
      });
    for (let k = total - 1; k >= 0; k--) {
      await page.keyboard.press('ArrowLeft');
      const expected = table.atPly(k).state;
      await expect
        .poll(async () => {
          const at = await shown();
          return { position: at.position, phase: at.phase };
        })
        .toEqual({ position: `ply ${k} of ${total}`, phase: expected.phase });
      const now = await shown();
      expect(now.notes).toContain(`priority: ${expected.prioritySeat ?? 'nobody'}`);
      expect(now.travelErrors).toBe(0);
      // every ply stays listed; those after ply k greyed
      expect(now.listed).toBe(total);
      expect(now.notGreyed).toBe(k);
      // the events count follows the slider
      expect(now.events).toBeLessThan(liveEvents);
    }
    await page.locator('[data-testid=tab-plies]').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe(`ply 2 of ${total}`);
    // a later ply, greyed, is still there to be clicked
    const later = page.locator('[data-testid=ply-row].future').last();
    expect(await page.locator('[data-testid=ply-row]').count()).toBe(total);
    await later.click();
    await expect.poll(() => position(page)).toBe(`ply ${total} of ${total} · live`);
    await page.keyboard.press('Home');
    await expect.poll(() => position(page)).toBe(`ply 0 of ${total}`);
    await page.keyboard.press('End');
    await expect.poll(() => position(page)).toBe(`ply ${total} of ${total} · live`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page)).toBe(`ply ${total - 2} of ${total}`);
    // the diff between the ply shown and the one before
    await page.locator('[data-testid=tab-diff]').click();
    expect(await page.locator('[data-testid=diff-title]').textContent()).toBe(
      `after ply ${total - 3} → after ply ${total - 2}`,
    );
    const before = table.atPly(total - 3).state;
    const after = table.atPly(total - 2).state;
    const changed = page.locator('[data-testid=diff-state] [data-testid=diff-change]');
    if (before.prioritySeat !== after.prioritySeat)
      expect(await page.locator('[data-testid=diff-state] [data-path=prioritySeat]').textContent()).toContain(
        `${JSON.stringify(before.prioritySeat)}→${JSON.stringify(after.prioritySeat)}`,
      );
    expect(await changed.count()).toBeGreaterThan(0);
    // any two plies: the opening against the last
    await page.locator('[data-testid=diff-from]').fill('0');
    await page.locator('[data-testid=diff-to]').fill(String(total));
    expect(await page.locator('[data-testid=diff-title]').textContent()).toBe(`after ply 0 → after ply ${total}`);
    expect(Number(await page.locator('[data-testid=diff-context]').getAttribute('data-count'))).toBeGreaterThan(0);
    await page.locator('[data-testid=diff-from]').fill('99');
    expect(await page.locator('[data-testid=diff-problem]').textContent()).toContain('give two plies');
    await screenshotAt(page, 'automatic-plies');
    await page.locator('[data-testid=go-live]').click();
    await expect.poll(() => position(page)).toBe(`ply ${total} of ${total} · live`);
    table.stop();
    expect(errors).toEqual([]);
  });

  it("numbers the move table's plies from the start of the game, as the slider does", async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    // The seeded random bot, not the unseeded random move: the same 40 moves every run, reaching a later round.
    await page.locator('[data-testid=bot-kind]').selectOption('random');
    await page.locator('[data-testid=bot-seed]').fill('rounds');
    await page.locator('[data-testid=play-count]').fill('40');
    await page.locator('[data-testid=play-speed]').selectOption('0');
    await page.locator('[data-testid=play]').click();
    await expect.poll(() => page.locator('[data-testid=play]').isVisible()).toBe(true);
    const total = await plyCount(page);
    expect(total).toBeGreaterThanOrEqual(40);
    // every row is one ply (mundane's move table is sequenced): 1, 2, … to the last, across rounds
    const list = page.locator('[data-testid=move-table]');
    await list.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.locator('[data-testid=move-row-ply]').first().textContent()).toBe('1');
    const top = await page.locator('[data-testid=move-row-ply]').allTextContents();
    expect(top.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => page.locator('[data-testid=move-row-ply]').last().textContent()).toBe(String(total));
    // the last ply's row is in a later round, and its number still counts from the start
    const lastRound = Number(await page.locator('[data-testid=move-row] > span:first-child').last().textContent());
    expect(lastRound).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });
});

async function screenshotAt(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  return screenshot(page, `1280x800-${name}`);
}

describe('the debugger controls', () => {
  it('acts as any seat and as the application: a seatless pass, declared transitions and initiative scores', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, { viewport: { width: 1280, height: 800 } });
    // Before any choice the Moves panel follows the seat to act, and says which seat that is.
    expect(await page.locator('[data-testid=act-as] option[value=""]').textContent()).toBe('seat to act');
    expect(await page.locator('[data-testid=focus-seat]').textContent()).toBe('seat:ann');
    await page.locator('[data-testid=act-as]').selectOption('seat:bob');
    expect(await page.locator('[data-testid=focus-seat]').textContent()).toBe('seat:bob');
    // seat:bob does not hold priority: no pass for him, and the code that says why
    expect(await page.locator('[data-testid=allowed] [data-type="engine.pass"]').count()).toBe(0);
    expect(await page.locator('[data-testid=blocked] li[data-type="engine.pass"] .code').textContent()).toContain(
      'NO_PRIORITY',
    );

    await page.locator('[data-testid=act-as]').selectOption('@application');
    expect(await page.locator('[data-testid=focus-seat]').textContent()).toBe('application');
    await click(page, '[data-testid=move][data-type="engine.pass"]');
    await page.locator('[data-testid=tab-plies]').click();
    expect(await page.locator('[data-testid=ply-row]').last().textContent()).toContain('(table)');
    expect(await page.locator('[data-testid=blocked] li[data-type="engine.end-turn"] .code').textContent()).toMatch(
      /^[A-Z_]+/,
    );
    await page.locator('[data-testid=initiative] input').first().fill('3');
    expect(await page.locator('[data-testid=initiative-code]').textContent()).toMatch(/^[A-Z_]+$/);
    await screenshotAt(page, 'act-as-application');

    // skirmish: the referee (the application) may call a regroup, which no seat may (the same page, loaded anew)
    await page.goto(`${url}?game=skirmish&seats=2`);
    await page.locator('[data-testid=statechart]').waitFor();
    await page.locator('[data-testid=act-as]').selectOption('@application');
    const regroup = page.locator(
      '[data-testid=allowed] [data-type="engine.transition"], [data-testid=blocked] li[data-type="engine.transition"]',
    );
    await expect.poll(() => regroup.count()).toBeGreaterThan(0);
    expect(await regroup.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('regroup')]));
    await page.locator('[data-testid=act-as]').selectOption('seat:bob');
    expect(await page.locator('[data-testid=blocked]').textContent()).toContain('engine.transition');
    expect(errors).toEqual([]);
  });

  it('plays any JSON move from the editor and shows the refusal code of an illegal one; then shows the whole JSON of a clicked event or ply, and the events over time as a sequence', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    const editor = page.locator('[data-testid=move-editor]');
    await editor.fill('{ "type": "PlayCard", "seat": "seat:bob", "payload": { "card": "Toaster" } }');
    await page.locator('[data-testid=editor-play]').click();
    await expect
      .poll(() => page.locator('[data-testid=editor-result]').textContent())
      .toMatch(/^(NOT_YOUR_TURN|NO_PRIORITY|WRONG_TIMING|REFUSED)\b/);
    await editor.fill('{ "type": "engine.pass", "seat": "seat:ann" ');
    await page.locator('[data-testid=editor-play]').click();
    expect(await page.locator('[data-testid=editor-result]').textContent()).toContain('not JSON');
    await editor.fill('{ "type": "engine.pass", "seat": "seat:ann" }');
    await page.locator('[data-testid=editor-play]').click();
    await expect.poll(() => page.locator('[data-testid=editor-result]').textContent()).toContain('played: pass');
    expect(await position(page)).toBe('ply 1 of 1 · live');
    await page.locator('[data-testid=tab-events]').click();
    expect(
      await page.locator('[data-testid=event][data-type="NOT_YOUR_TURN"], [data-testid=event].refused').count(),
    ).toBeGreaterThan(0);
    await screenshotAt(page, 'move-editor');

    // The same table goes on: seat:ann's pass from the editor, then seat:bob's and seat:ann's by clicking.
    for (let i = 0; i < 2; i++) await pass(page);
    await page.locator('[data-testid=tab-plies]').click();
    await page.locator('[data-testid=ply-row]').nth(1).click();
    const ply = JSON.parse((await page.locator('[data-testid=detail-json]').textContent()) ?? 'null') as {
      move: { type: string; seat: string };
    };
    expect(ply.move).toEqual({ type: 'engine.pass', seat: 'seat:bob' });
    expect(await position(page)).toBe('ply 2 of 3');
    await page.locator('[data-testid=go-live]').click();

    await page.locator('[data-testid=tab-events]').click();
    await page.locator('[data-testid=event][data-type="phase.changed"]').first().click();
    expect(JSON.parse((await page.locator('[data-testid=detail-json]').textContent()) ?? 'null')).toMatchObject({
      type: 'phase.changed',
      phase: 'WAKE_UP',
    });
    await page.locator('[data-testid=detail-close]').click();
    expect(await page.locator('[data-testid=detail]').count()).toBe(0);

    await page.locator('[data-testid=tab-sequence]').click();
    const rows = page.locator('[data-testid=sequence-row]');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    expect(await page.locator('[data-testid=sequence-row][data-kind=move]').count()).toBe(3);
    await page.locator('[data-testid=sequence-row][data-kind=move]').first().click();
    expect(await position(page)).toBe('ply 1 of 3');
    expect(await page.locator('[data-testid=detail-title]').textContent()).toContain('after ply 1');
    await screenshotAt(page, 'sequence');
    expect(errors).toEqual([]);
  });

  it('steps one random move, plays N at a chosen speed, pauses, resets, and answers ← → and space', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    await click(page, '[data-testid=random-move]');
    const one = await plyCount(page);
    expect(one).toBeGreaterThanOrEqual(1);

    await page.locator('[data-testid=play-count]').fill('5');
    await page.locator('[data-testid=play-speed]').selectOption('0');
    await page.locator('[data-testid=play]').click();
    await expect.poll(() => page.locator('[data-testid=play]').isVisible()).toBe(true);
    const saved = page.waitForEvent('download');
    await page.locator('[data-testid=save-log]').click();
    const log = JSON.parse(await downloaded(await saved)) as TableLog;
    expect(log.moves).toHaveLength(6);

    // play on at one move a second; pause stops it, space starts and pauses it too
    await page.locator('[data-testid=play-count]').fill('');
    await page.locator('[data-testid=play-speed]').selectOption('1000');
    await page.locator('[data-testid=play]').click();
    await expect.poll(() => page.locator('[data-testid=pause]').isVisible()).toBe(true);
    await page.locator('[data-testid=pause]').click();
    expect(await page.locator('[data-testid=play]').isVisible()).toBe(true);
    await page.locator('body').press('Space');
    await expect.poll(() => page.locator('[data-testid=pause]').isVisible()).toBe(true);
    await page.locator('body').press('Space');
    await expect.poll(() => page.locator('[data-testid=play]').isVisible()).toBe(true);

    const total = await plyCount(page);
    await page.locator('body').press('ArrowLeft');
    await expect.poll(() => position(page)).toBe(`ply ${total - 1} of ${total}`);
    expect(await page.locator('[data-testid=play]').isDisabled()).toBe(true);
    await page.locator('body').press('ArrowRight');
    await expect.poll(() => position(page)).toBe(`ply ${total} of ${total} · live`);

    await page.locator('[data-testid=reset]').click();
    await expect.poll(() => position(page)).toBe('ply 0 of 0 · live');
    expect(await chartState(page, 'RESET').getAttribute('data-active')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('zooms with the wheel and the buttons, pans by dragging, fits, collapses and opens states, and shows one region', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, { viewport: { width: 1280, height: 800 } });
    const frame = page.locator('[data-testid=chart-frame]');
    const scale = async () => Number(await frame.getAttribute('data-scale'));
    await expect.poll(scale).toBeGreaterThanOrEqual(1);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 400);
    await expect.poll(scale).toBeLessThan(1);
    expect(await frame.getAttribute('data-mode')).toBe('free');
    const before = await chartView(page);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    expect(await chartView(page)).not.toBe(before);
    await page.locator('[data-testid=chart-zoom-in]').click();
    await page.locator('[data-testid=chart-whole]').click();
    expect(await frame.getAttribute('data-mode')).toBe('whole');
    await page.locator('[data-testid=chart-follow]').click();
    await expect.poll(scale).toBeGreaterThanOrEqual(1);

    // collapse the priority region into one box (the whole chart in view to reach it), then open it again
    await page.locator('[data-testid=chart-whole]').click();
    await settled(page);
    const priority = page.locator('[data-testid^="toggle:"][data-testid$=".priority"]');
    const held = chartState(page, 'held');
    expect(await held.count()).toBe(1);
    await priority.click();
    await expect.poll(() => held.count()).toBe(0);
    expect(await page.locator('[data-testid^="state:"][data-testid$=".priority"]').getAttribute('data-collapsed')).toBe(
      'true',
    );
    await screenshotAt(page, 'collapsed');
    await page.locator('[data-testid=chart-expand-all]').click();
    await expect.poll(() => held.count()).toBe(1);

    // one region on its own: the turn region, its phases and nothing else
    const turn = await page
      .locator('[data-testid=chart-focus] option')
      .evaluateAll((options) => (options as Dom[]).map((o) => o.value).find((v) => /\.turn$/.test(v)));
    await page.locator('[data-testid=chart-focus]').selectOption(turn!);
    await expect.poll(() => held.count()).toBe(0);
    expect(await chartState(page, 'PLAN').count()).toBe(1);
    await page.locator('[data-testid=chart-show-all]').click();
    await expect.poll(() => held.count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('a response window', () => {
  it('a loaded sandbox log stops in its militia window: the chart shows the window state active and the seats say whom it waits for', async () => {
    const { context, url } = ready();
    const file = await militiaLog();
    const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
    await page.locator('[data-testid=load-log]').setInputFiles(file);
    const note = page.locator('[data-testid=window]');
    await expect.poll(() => note.count()).toBe(1);
    // seat:b has played one of its two cards: the window still waits for both
    expect(await note.textContent()).toBe('window militia waits for b, c');
    expect(await chartState(page, 'militia').getAttribute('data-active')).toBe('true');
    expect(await chartState(page, 'acting').getAttribute('data-active')).not.toBe('true');
    await screenshotAt(page, 'militia-window');
    expect(errors).toEqual([]);
  });
});

describe('bad data', () => {
  it('loads a log with a refused move and says which move was refused and why, as visibly as the CLI', async () => {
    const { context, url } = ready();
    const log = {
      game: 'mundane',
      table: 'table:bad',
      seats: ['seat:ann', 'seat:bob'],
      seed: 7,
      options: { turns: 6 },
      moves: [
        { type: 'engine.pass', seat: 'seat:ann' },
        { type: 'engine.pass', seat: 'seat:ann' },
        { type: 'engine.pass', seat: 'seat:bob' },
      ],
    };
    await mkdir(SHOTS, { recursive: true });
    const file = join(SHOTS, 'refused-log.json');
    await writeFile(file, JSON.stringify(log));
    const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
    await page.locator('[data-testid=load-log]').setInputFiles(file);
    const banner = page.locator('[data-testid=load-problem]');
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.textContent()).toMatch(/Move 1 was refused \(NO_PRIORITY\)/);
    expect(await banner.textContent()).toContain('the 1 moves before it');
    expect(await position(page)).toBe('ply 1 of 1 · live');
    await screenshotAt(page, 'refused-log');
    expect(errors).toEqual([]);
  });

  it('a malformed snapshot from an app blanks no page: each panel shows what it can and says what it could not', async () => {
    const { context, url, appUrl } = ready();
    const { page, errors } = await openPage(context, url, { viewport: { width: 1280, height: 800 } });
    const socket = new WebSocket(appUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const send = (event: object) => socket.send(JSON.stringify(event));
    const sessionId = 'bad-app';
    const definition = JSON.stringify({
      id: 'light',
      initial: 'green',
      states: { green: { on: { NEXT: 'red' } }, red: {} },
    });
    send({
      type: '@xstate.actor',
      sessionId,
      name: 'malformed app',
      definition,
      snapshot: { status: 'active', value: 'green' },
      _version: '1',
      createdAt: '0',
      id: null,
      rootId: sessionId,
    });
    const plystack = {
      table: {
        game: { id: 'mundane', version: '1', title: 'mundane' },
        opening: { table: 'table:x', seats: ['seat:ann', 'seat:bob'], seed: 1, options: {} },
        turnModel: 'sequenced',
        name: 'malformed app',
      },
      state: {
        status: 'playing',
        phase: 'PLAN',
        seats: 5,
        stack: 'not a list',
        toAct: 'seat:ann',
        winners: 7,
        turn: 'one',
      },
      plies: { from: 0, total: 1, items: 'no plies' },
      transitions: 'none',
      emitted: [{ type: 'turn.started', seat: {}, turn: [] }],
      legal: { 'seat:ann': { allowed: 5, blocked: null } },
    };
    send({
      type: '@xstate.snapshot',
      sessionId,
      snapshot: { status: 'active', value: 'red', context: { n: 1 }, plystack },
      event: { type: 'NEXT' },
      _version: '1',
      createdAt: '0',
      id: null,
      rootId: sessionId,
    });
    try {
      const entry = page.locator('[data-testid=remote-tables] [data-testid=table-entry]', { hasText: 'malformed app' });
      await expect.poll(() => entry.count()).toBe(1);
      await entry.click();
      await expect.poll(() => page.locator('[data-testid=current-table]').textContent()).toContain('malformed app');
      // the chart still draws, with the app's state active
      await expect.poll(() => page.locator('[data-testid="state:light.red"]').getAttribute('data-active')).toBe('true');
      const broken = page.locator('[data-testid=panel-error]');
      await expect.poll(() => broken.count()).toBeGreaterThan(0);
      for (const text of await broken.allTextContents()) expect(text).toMatch(/could not show this table's data: \S/);
      expect(await page.locator('[data-testid=remote-problems]').textContent()).toContain('plystack.plies');
      expect(await page.locator('[data-testid=tab-events]').isVisible()).toBe(true);
      await screenshotAt(page, 'malformed-snapshot');
      expect(errors).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe('the table as one seat sees it', () => {
  it('"seen by" shows a seat its own hand by name and the other hands as the game\'s view gives them, under a banner', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`, { viewport: { width: 1280, height: 800 } });
    const hand = (seat: string) => page.locator(`[data-testid=pieces] [data-seat="${seat}"][data-field=hand]`);
    const banner = page.locator('[data-testid=viewer-banner]');
    // everything: both hands by name, no banner
    expect(await banner.count()).toBe(0);
    expect(await hand('seat:ann').getAttribute('data-hidden')).toBe('false');
    expect(await hand('seat:ann').locator('dd').textContent()).toMatch(/\w+, \w+/);
    const annCards = (await hand('seat:ann').locator('dd').textContent()) ?? '';

    await page.locator('[data-testid=viewer]').selectOption('seat:bob');
    await expect.poll(() => banner.textContent()).toContain('Seen by seat:bob');
    // seat:bob sees his own cards by name and seat:ann's only as a count
    expect(await hand('seat:bob').getAttribute('data-hidden')).toBe('false');
    expect(await hand('seat:ann').getAttribute('data-hidden')).toBe('true');
    expect(await hand('seat:ann').locator('dd').textContent()).toMatch(/^\d+ hidden$/);
    await screenshot(page, '1280x800-seen-by-bob');

    await page.locator('[data-testid=viewer]').selectOption('@spectator');
    await expect.poll(() => hand('seat:bob').getAttribute('data-hidden')).toBe('true');
    expect(await banner.textContent()).toContain('Seen by a spectator');
    await page.locator('[data-testid=viewer-off]').click();
    expect(await banner.count()).toBe(0);
    expect(await hand('seat:ann').locator('dd').textContent()).toBe(annCards);
    expect(errors).toEqual([]);
  });
});
