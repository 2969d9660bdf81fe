/**
 * plystack in a browser: a page that imports `createTable` and `mundane`
 * from the package, built with Vite as an application would build it, stays
 * within its budget, carries no Node built-in and none of the inspector's or
 * the server's packages, and plays a move in Chromium on a table opened
 * without a seed (the seed comes from Web Crypto).
 */
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_GZIP_BYTES,
  type BuiltPage,
  buildPage,
  FORBIDDEN_PACKAGES,
  inChromium,
  nodeBuiltIns,
  packageOf,
} from './browserPage.js';

const root = join(import.meta.dirname, '..', '..');

describe('a web page built with plystack', () => {
  let project = '';
  let page: BuiltPage;

  beforeAll(async () => {
    // A project whose node_modules/plystack is this repository, as `npm link` would make it: npm test has built dist/.
    project = await mkdtemp(join(tmpdir(), 'plystack-web-'));
    await mkdir(join(project, 'node_modules'));
    await symlink(root, join(project, 'node_modules', 'plystack'), 'dir');
    page = await buildPage(project);
  }, 120_000);

  afterAll(async () => {
    if (project !== '') await rm(project, { recursive: true, force: true });
  });

  it('holds plystack, XState, zod and pure-rand, within its budget', () => {
    const packages = new Set(page.modules.map(packageOf).filter((name) => name !== null));
    expect([...packages].sort()).toEqual(['pure-rand', 'xstate', 'zod']);
    expect(page.modules.some((id) => id.endsWith('/dist/table/table.js'))).toBe(true);
    expect(page.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('carries no Node built-in, and none of ws, superjson, the inspector or the server', () => {
    expect(nodeBuiltIns(page.modules)).toEqual([]);
    expect(page.modules.filter((id) => FORBIDDEN_PACKAGES.includes(packageOf(id) ?? ''))).toEqual([]);
    // The checks see what they look for: a module of ws would be named by its path.
    expect(packageOf('/p/node_modules/ws/lib/websocket.js')).toBe('ws');
    expect(nodeBuiltIns(['\0__vite-browser-external:node:crypto'])).toHaveLength(1);
  });

  it('opens a table without a seed and plays a move in Chromium', async () => {
    await inChromium(page.dir, async (tab, errors) => {
      await tab.waitForFunction(
        () =>
          (globalThis as unknown as { document: { body: { dataset: { result?: string } } } }).document.body.dataset
            .result !== undefined,
      );
      const result = JSON.parse((await tab.locator('body').getAttribute('data-result')) as string) as {
        seed: unknown;
        toAct: string[];
        plies: number;
      };
      expect(errors).toEqual([]);
      expect(result.toAct).toEqual(['seat:bob']);
      expect(result.plies).toBe(1);
      expect(Number.isInteger(result.seed) && (result.seed as number) >= 0 && (result.seed as number) < 2 ** 32).toBe(
        true,
      );
    });
  });
});
