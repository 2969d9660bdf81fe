/**
 * A web page that uses plystack as an application would: it imports
 * `createTable` and `mundane` from the package's entry points, opens a table without a seed
 * and plays a move. Built with Vite from a project whose node_modules holds
 * plystack, and served over HTTP on loopback for Chromium to open.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../browser/support.js';

/**
 * The most the page's JavaScript may weigh, gzip: 54 kB. The page weighs
 * about 53.5 kB: it was 51.0 kB before games stated their own rules, and
 * mundane's properties and the definition's checks of them add 0.8 kB; the
 * page had grown to 53.2 kB by the time tables stepped their chart on the
 * fast runner after the opening (the runner was in it already, for
 * look-ahead), and the table's switch between the runner and its actor adds
 * 0.3 kB. plystack builds its own schemas with `zod/mini`, so the page
 * carries only the checks they use (zod's classic API alone was 25 kB).
 */
export const BUDGET_GZIP_BYTES = 54 * 1024;

/** Packages the page must not contain, whatever their route into it. */
export const FORBIDDEN_PACKAGES = [
  'ws',
  'superjson',
  '@statelyai/inspect',
  'partysocket',
  'fastify',
  'pg',
  '@electric-sql/pglite',
];

const MAIN = `import { createTable } from 'plystack';
import { mundane } from 'plystack/games';

// No seed: the table draws one from the browser's Web Crypto and writes it into its log.
const table = createTable(mundane, { table: 'table:web', seats: ['seat:ann', 'seat:bob'] });
table.play({ type: 'engine.pass', seat: 'seat:ann' });
document.body.dataset.result = JSON.stringify({ seed: table.log.seed, toAct: table.toAct(), plies: table.plies.length });
`;

export interface BuiltPage {
  /** The folder with index.html and its assets. */
  readonly dir: string;
  /** The JavaScript of the page, gzip, in bytes. */
  readonly gzipBytes: number;
  /** Every module the bundle holds, by Vite's id (a path, or a virtual id such as a Node built-in's stand-in). */
  readonly modules: string[];
}

/**
 * Writes the page into `project/<folder>` and builds it with Vite into
 * `project/<folder>/dist`; `plystack` resolves from `project/node_modules`.
 * `files` are the page's modules by name, the first its entry (by default
 * the page above, one `main.js`); `alias` maps imports as Vite's
 * `resolve.alias` does.
 */
export async function buildPage(
  project: string,
  files: Readonly<Record<string, string>> = { 'main.js': MAIN },
  folder = 'web',
  alias: Readonly<Record<string, string>> = {},
): Promise<BuiltPage> {
  const web = join(project, folder);
  await mkdir(web, { recursive: true });
  const entry = Object.keys(files)[0] as string;
  await writeFile(
    join(web, 'index.html'),
    `<!doctype html>\n<html><head><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="./${entry}"></script></body></html>\n`,
  );
  for (const [name, code] of Object.entries(files)) await writeFile(join(web, name), code);
  const dir = join(web, 'dist');
  // `vite build` runs with NODE_ENV=production (vitest sets it to test), which picks the production builds of
  // packages with a development export condition (XState's): build the page as an application's would be built.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      root: web,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: dir, emptyOutDir: true },
      resolve: { alias: { ...alias } },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output: { type: string; code?: string; modules?: Record<string, unknown> }[];
  }[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  const gzipBytes = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code ?? '').length, 0);
  const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules ?? {}));
  return { dir, gzipBytes, modules };
}

/** The package a bundled module comes from (`@scope/name` or `name`), or null for one of no package. */
export function packageOf(id: string): string | null {
  const after = id.split('/node_modules/').at(-1);
  if (after === undefined || after === id) return null;
  const parts = after.split('/');
  return (parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Modules that stand for a Node built-in: Vite's empty stand-in, or a `node:` import left in. */
export function nodeBuiltIns(modules: readonly string[]): string[] {
  return modules.filter((id) => /__vite-browser-external|^(\0)?node:/.test(id));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built page's folder on 127.0.0.1, on a free port. */
export async function servePage(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file)
      .then((body) =>
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      )
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Serves a built page and opens it in the run's Chromium, keeping the page's errors (thrown, or logged as errors);
 * `work` gets the tab and the errors, and both the page's server and the browser are closed after it.
 */
export async function inChromium<T>(dir: string, work: (tab: Page, errors: string[]) => Promise<T>): Promise<T> {
  const server = await servePage(dir);
  const browser = await launchBrowser();
  try {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await tab.goto(server.url);
    return await work(tab, errors);
  } finally {
    await browser.close();
    await server.close();
  }
}
