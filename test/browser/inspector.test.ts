/**
 * The inspector in a real browser: Debian's Chromium, driven by
 * playwright-core, on the built page served by the relay.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mctsBot } from '../../src/bots/index.js';
import { mundane } from '../../src/games/index.js';
import { createTable, replay, type TableLog } from '../../src/index.js';
import { inspectTable } from '../../src/inspect/index.js';
import { longGame } from './longGame.js';
import {
  chartState,
  downloaded,
  openPage,
  positionMovesOn,
  SHOTS,
  screenshot,
  setUpInspector,
  untilText,
} from './support.js';

// What the function run in the page (page.evaluate) reads: this Node project compiles without the DOM's types.
// biome-ignore lint/suspicious/noExplicitAny: the page's objects, untyped here
type Dom = any;

const ready = setUpInspector();

const moveButtons = (page: Page, type: string) => page.locator(`[data-testid=move][data-type="${type}"]`);
const rows = (page: Page) => page.locator('[data-testid=move-table]').getAttribute('data-count').then(Number);
const isActive = (page: Page, key: string) => chartState(page, key).getAttribute('data-active');
async function pass(page: Page) {
  const before = await page.locator('[data-testid=ply-position]').textContent();
  await moveButtons(page, 'engine.pass').click();
  await positionMovesOn(page, before, 'a pass');
}

/** The page's table's log, as *Save log* downloads it. */
async function savedLog(page: Page): Promise<TableLog> {
  const download = page.waitForEvent('download');
  await page.locator('[data-testid=save-log]').click();
  return JSON.parse(await downloaded(await download)) as TableLog;
}

describe('the inspector page', () => {
  it('follows a mundane game played by clicking: phases in the diagram, the card on the stack and its resolution, a growing move table', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    expect(await isActive(page, 'RESET')).toBe('true');
    expect(await page.locator('[data-testid=focus-seat]').textContent()).toBe('seat:ann');
    // The page's scripts (the app, and elkjs loaded for the first chart) came compressed: fewer bytes on the wire than in them.
    const scripts = await page.evaluate(() =>
      (globalThis as unknown as { performance: { getEntriesByType(t: string): Dom[] } }).performance
        .getEntriesByType('resource')
        .filter((r: Dom) => /\.js$/.test(r.name))
        .map((r: Dom) => ({
          name: r.name as string,
          wire: r.encodedBodySize as number,
          size: r.decodedBodySize as number,
        })),
    );
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) expect(script.wire, script.name).toBeLessThan(script.size / 2);

    await pass(page); // seat:ann
    await pass(page); // seat:bob: every seat passed, RESET ends
    await expect.poll(() => isActive(page, 'WAKE_UP')).toBe('true');
    expect(await isActive(page, 'RESET')).toBe('false');
    expect(await page.locator('.edge[data-taken=true]').count()).toBeGreaterThan(0);
    expect(await page.locator('.edge[data-taken=true]').first().getAttribute('data-transition')).toMatch(
      /\.RESET\|always\|\d+$/,
    );
    expect(await rows(page)).toBe(2);

    await pass(page);
    await pass(page);
    await expect.poll(() => isActive(page, 'PLAN')).toBe('true');

    const card = moveButtons(page, 'PlayCard').first();
    const name = ((await card.textContent()) ?? '').replace(/^PlayCard /, '');
    expect(name).not.toBe('');
    await card.click();
    const item = page.locator('[data-testid=stack-item]');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-stack-id')).toBe('1');
    expect(await item.textContent()).toContain(name);
    await expect.poll(() => isActive(page, 'holding')).toBe('true');
    expect(await rows(page)).toBe(5);
    await screenshot(page, 'card-on-the-stack');

    await pass(page); // seat:ann holds priority again after playing
    await pass(page); // seat:bob: every seat passed, the top resolves
    await expect.poll(() => item.count()).toBe(0);
    expect(await page.locator('[data-testid=resolved]').textContent()).toContain(`#1 ${name}`);
    await expect.poll(() => isActive(page, 'empty')).toBe('true');
    expect(await isActive(page, 'PLAN')).toBe('true');
    expect(await rows(page)).toBe(7);
    await page.locator('[data-testid=tab-events]').click();
    await expect.poll(() => page.locator('[data-testid=event][data-type="stack.resolved"]').count()).toBe(1);
    await screenshot(page, 'play-by-clicking');
    expect(errors).toEqual([]);
  });

  it('steps back in time with the slider, shows that ply, branches from it and saves the log', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    for (let i = 0; i < 4; i++) await pass(page);
    await expect.poll(() => isActive(page, 'PLAN')).toBe('true');

    await page.locator('[data-testid=step-back]').click();
    await expect.poll(() => page.locator('[data-testid=ply-position]').textContent()).toBe('ply 3 of 4');
    await expect.poll(() => isActive(page, 'WAKE_UP')).toBe('true');
    expect(await page.locator('[data-testid=read-only]').count()).toBe(1);
    expect(await moveButtons(page, 'engine.pass').isDisabled()).toBe(true);
    // the move table keeps the later ply, greyed, and it can be clicked
    expect(await rows(page)).toBe(4);
    expect(await page.locator('[data-testid=move-row].future').count()).toBe(1);
    await screenshot(page, 'time-slider');
    await page.locator('[data-testid=move-row].future').click();
    await expect.poll(() => page.locator('[data-testid=ply-position]').textContent()).toBe('ply 4 of 4 · live');
    await page.locator('[data-testid=step-back]').click();
    await expect.poll(() => page.locator('[data-testid=ply-position]').textContent()).toBe('ply 3 of 4');

    const download = page.waitForEvent('download');
    await page.locator('[data-testid=save-log]').click();
    const saved = JSON.parse(await downloaded(await download)) as TableLog;
    expect(saved).toMatchObject({ game: 'mundane', table: 'table:demo', seed: 7 });
    expect(saved.moves).toHaveLength(4);

    await page.locator('[data-testid=branch]').click();
    await expect.poll(() => page.locator('[data-testid=local-tables] [data-testid=table-entry]').count()).toBe(2);
    expect(await page.locator('[data-testid=current-table]').textContent()).toContain('@ ply 3');
    await expect.poll(() => page.locator('[data-testid=ply-position]').textContent()).toBe('ply 3 of 3 · live');
    expect(await moveButtons(page, 'engine.pass').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('opens a second in-page table of three seats from the New table form, and lists both', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, url);
    await page.locator('summary', { hasText: 'New table' }).click();
    const form = page.locator('[data-testid=new-table]');
    await form.locator('input[type=number]').fill('3');
    await form.locator('input[placeholder=random]').fill('21');
    await form.locator('textarea').fill('{ "turns": 2, "startingTime": 3 }');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('[data-testid=local-tables] [data-testid=table-entry]').count()).toBe(2);
    expect(await page.locator('[data-testid^="seat:seat:"]').count()).toBe(3);
    expect(await page.locator('[data-testid=current-table]').textContent()).toContain('table:mundane-');
    await pass(page);
    expect(await rows(page)).toBe(1);

    await form.locator('textarea').fill('{ "startingTime": -1 }');
    await form.locator('button[type=submit]').click();
    expect(await form.locator('.error').textContent()).toContain('INVALID_OPTIONS');
    expect(await page.locator('[data-testid=local-tables] [data-testid=table-entry]').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('loads a 10,000-ply log and keeps its ply list virtualised', async () => {
    const { context, url } = ready();
    const long = longGame(10_000);
    const plies = long.plies.length;
    await mkdir(SHOTS, { recursive: true });
    const file = join(SHOTS, 'long-game.json');
    await writeFile(file, JSON.stringify(long.log));
    const { page, errors } = await openPage(context, url);

    await page.locator('[data-testid=load-log]').setInputFiles(file);
    // The page replays the 10,000 moves: it is watched in the page, not read over the protocol every 50 ms meanwhile.
    await untilText(page, '[data-testid=ply-position]', `ply ${plies} of ${plies} · live`, 15_000);
    await page.locator('[data-testid=tab-plies]').click();
    const list = page.locator('[data-testid=ply-list]');
    expect(await list.getAttribute('data-count')).toBe(String(plies));
    const rendered = await page.locator('[data-testid=ply-row]').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(await page.locator('[data-testid=ply-row]').last().textContent()).toContain(String(plies));

    await list.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => page.locator('[data-testid=ply-row]').first().textContent()).toMatch(/^1\D/);
    expect(await page.locator('[data-testid=ply-row]').count()).toBeLessThan(100);
    await screenshot(page, 'ten-thousand-plies');
    expect(errors).toEqual([]);
  });

  it('steps with the MCTS bot for the seat that must act, shows it thinking, and makes the same move again from the same seed', async () => {
    const { context, url } = ready();
    const { page, errors } = await openPage(context, `${url}?seed=7`);
    const position = () => page.locator('[data-testid=ply-position]').textContent();
    const toPlan = async () => {
      for (let i = 0; i < 4; i++) await pass(page); // both seats pass RESET and WAKE_UP: seat:ann plans, with cards to play
      await expect.poll(() => isActive(page, 'PLAN')).toBe('true');
    };
    await toPlan();
    const step = page.locator('[data-testid=random-move]');
    await page.locator('[data-testid=bot-kind]').selectOption('mcts');
    expect(await page.locator('[data-testid=bot-iterations]').inputValue()).toBe('200');

    // Bad fields are refused in words, and step and play wait for good ones.
    const refusal = page.locator('[data-testid=bot-refusal]');
    for (const [field, value, words] of [
      ['bot-iterations', 'lots', 'iterations: a whole number from 1 to 5000, not "lots"'],
      ['bot-iterations', '0', 'iterations: a whole number from 1 to 5000'],
      ['bot-iterations', '5001', 'iterations: a whole number from 1 to 5000'],
      ['bot-iterations', '2.5', 'iterations: a whole number from 1 to 5000'],
      ['bot-seed', '  ', 'seed: give one'],
    ] as const) {
      await page.locator(`[data-testid=${field}]`).fill(value);
      expect(await refusal.textContent()).toContain(words);
      expect(await step.isDisabled()).toBe(true);
      expect(await page.locator('[data-testid=play]').isDisabled()).toBe(true);
    }
    await page.locator('[data-testid=bot-seed]').fill('spring');
    expect(await refusal.textContent()).toContain('not "2.5"');
    await page.locator('[data-testid=bot-iterations]').fill('5000');
    expect(await refusal.count()).toBe(0);

    // A long search shows that it is thinking, for the seat that must act, leaves the page working, and stop ends it.
    await step.click();
    const thinking = page.locator('[data-testid=bot-thinking]');
    await expect.poll(() => thinking.getAttribute('data-seat')).toBe('seat:ann');
    await page.locator('[data-testid=tab-events]').click();
    expect(await page.locator('[data-testid=tab-events]').getAttribute('aria-selected')).toBe('true');
    expect(await thinking.count()).toBe(1);
    await page.locator('[data-testid=pause]').click();
    await expect.poll(() => thinking.count()).toBe(0);
    expect(await position()).toBe('ply 4 of 4 · live');
    expect(await step.isDisabled()).toBe(false);

    // A short search plays the MCTS bot's move for seat:ann, seeded spring:4 (move 4 of the log).
    await page.locator('[data-testid=bot-iterations]').fill('10');
    const stepOnce = async (): Promise<TableLog> => {
      expect(await position()).toBe('ply 4 of 4 · live');
      await step.click();
      await expect.poll(position, { timeout: 30_000 }).not.toBe('ply 4 of 4 · live');
      return savedLog(page);
    };
    const first = await stepOnce();
    expect(first.moves).toHaveLength(5);
    const before = replay({ ...first, moves: first.moves.slice(0, 4) });
    try {
      expect(before.toAct()).toEqual(['seat:ann']);
      const move = first.moves[4] as { type: string; seat?: string };
      expect(move.seat).toBe('seat:ann');
      expect(before.legalMoves('seat:ann').allowed.length).toBeGreaterThan(1); // a real choice, not a forced move
      expect(move).toEqual(mctsBot({ seed: 'spring:4', iterations: 10 }).choose(before, 'seat:ann'));
      // Here the seed decides: of a few other seeds, one at least chooses another move.
      const others = ['a:4', 'b:4', 'c:4', 'd:4', 'e:4'].map((seed) =>
        mctsBot({ seed, iterations: 10 }).choose(before, 'seat:ann'),
      );
      expect(others.filter((other) => JSON.stringify(other) !== JSON.stringify(move))).not.toEqual([]);
    } finally {
      before.stop();
    }

    // reset, the same four passes, the same seed: the same move.
    await page.locator('[data-testid=reset]').click();
    await expect.poll(position).toBe('ply 0 of 0 · live');
    expect(await page.locator('[data-testid=bot-kind]').inputValue()).toBe('mcts');
    await toPlan();
    const again = await stepOnce();
    expect(again.moves).toEqual(first.moves);
    expect(errors).toEqual([]);
  });

  it('lists a remote table an app inspects through the relay and follows its moves', async () => {
    const { context, url, appUrl } = ready();
    const table = createTable(mundane, {
      table: 'table:remote',
      seats: ['seat:ann', 'seat:bob', 'seat:cat'],
      seed: 11,
    });
    const inspection = inspectTable(table, { url: appUrl, name: 'remote under test' });
    try {
      const { page, errors } = await openPage(context, url);
      await expect.poll(() => page.locator('[data-testid=relay-status]').textContent()).toBe('relay open');
      const entry = page.locator('[data-testid=remote-tables] [data-testid=table-entry]', {
        hasText: 'remote under test',
      });
      await entry.click();
      await expect.poll(() => page.locator('[data-testid=current-table]').textContent()).toContain('remote under test');
      expect(await isActive(page, 'RESET')).toBe('true');

      for (let i = 0; i < 3; i++) table.play({ type: 'engine.pass', seat: table.toAct()[0] as string }); // every seat passed
      await expect.poll(() => isActive(page, 'WAKE_UP')).toBe('true');
      await expect.poll(() => rows(page)).toBe(3);
      expect(await page.locator('[data-testid=ring-phase]').textContent()).toBe('WAKE_UP');
      expect(await page.locator('[data-testid=read-only]').count()).toBe(1);
      expect(await page.locator('.edge[data-taken=true]').count()).toBeGreaterThan(0);
      // The page cannot move for a remote table: step, play and the choice of bot are off, and say why.
      expect(await page.locator('[data-testid=random-move]').isDisabled()).toBe(true);
      expect(await page.locator('[data-testid=play]').isDisabled()).toBe(true);
      const botKind = page.locator('[data-testid=bot-kind]');
      expect(await botKind.isDisabled()).toBe(true);
      expect(await botKind.locator('..').getAttribute('title')).toContain('a remote table is played by its app');
      // "seen by" works for a remote table too: the page replays its plies and asks the copy what a seat sees
      await page.locator('[data-testid=viewer]').selectOption('seat:bob');
      await expect.poll(() => page.locator('[data-testid=viewer-banner]').count()).toBe(1);
      const hand = (seat: string) => page.locator(`[data-testid=pieces] [data-seat="${seat}"][data-field=hand]`);
      expect(await hand('seat:bob').getAttribute('data-hidden')).toBe('false');
      expect(await hand('seat:ann').getAttribute('data-hidden')).toBe('true');
      await page.locator('[data-testid=viewer]').selectOption('');
      await screenshot(page, 'remote-table');

      await inspection.stop();
      await expect.poll(() => page.locator('[data-testid=table-status]').textContent()).toBe('closed');
      expect(errors).toEqual([]);
    } finally {
      await inspection.stop();
      table.stop();
    }
  });
});
