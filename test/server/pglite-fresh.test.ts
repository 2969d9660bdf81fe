/**
 * A new PGlite database starts from a kept tarball of one as initdb leaves it, instead of running initdb each time:
 * the first new database writes it to the user's cache (XDG_CACHE_HOME here, a temporary folder), later ones, in
 * memory (`data: null`, in this process) or in an empty data folder (`--data`), start from it, and a broken one is
 * replaced. Each server really serves a table, and a data folder started from the tarball keeps its tables across a
 * restart (the server after it in this process).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { connect } from '../../src/client/client.js';
import { startServer } from '../../src/server/server.js';
import { spawnServer } from './support/serve.js';

const cache = mkdtempSync(join(tmpdir(), 'plystack-cache-'));
const folders = mkdtempSync(join(tmpdir(), 'plystack-folders-'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(cache, { recursive: true, force: true });
  rmSync(folders, { recursive: true, force: true });
});

/**
 * Starts a server with `args` and this cache, runs `work` against its URL, and stops it. It may run initdb before it
 * listens: over a minute on a loaded 2-core machine, so it is given three.
 */
async function serve<T>(args: string[], work: (url: string) => Promise<T>): Promise<T> {
  const server = await spawnServer(args, { XDG_CACHE_HOME: cache }, 180_000);
  try {
    return await work(server.url);
  } finally {
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  }
}

/** Creates a table and plays a pass on it; returns the table's id and its app token. */
async function playAPass(url: string): Promise<{ table: string; token: string }> {
  const created = await connect(url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
  const ann = connect(url, created.tokens['seat:ann']!);
  expect((await ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 })).index).toBe(0);
  return { table: created.table, token: created.appToken };
}

const kept = () => readdirSync(join(cache, 'plystack')).filter((name) => name.endsWith('.tar.gz'));
const isGzip = (file: string) =>
  readFileSync(file)
    .subarray(0, 2)
    .equals(Buffer.from([0x1f, 0x8b]));

it('keeps a new database for the next servers, in memory or in a new data folder, and replaces a broken one', async () => {
  // The first server, in a new data folder with nothing in the cache, makes the tarball and keeps it.
  const first = join(folders, 'first');
  const { table, token } = await serve(['--data', first], playAPass);
  // Named by PGlite's version and the size of its WebAssembly, as every install of this build is (not by a file's time,
  // which a fresh install changes: one tarball per install piled up in the cache).
  const [name] = kept();
  const pglite = join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite');
  const { version } = JSON.parse(readFileSync(join(pglite, 'package.json'), 'utf8')) as { version: string };
  expect(name).toBe(`pglite-initdb-${version}-${statSync(join(pglite, 'dist', 'pglite.wasm')).size}.tar.gz`);
  const file = join(cache, 'plystack', name!);
  expect(isGzip(file)).toBe(true);
  const written = statSync(file).mtimeMs;

  // A server on PGlite in memory (in this process, the cache its environment names) starts from it and leaves it as it is.
  vi.stubEnv('XDG_CACHE_HOME', cache);
  const inMemory = await startServer({ port: 0, data: null });
  try {
    expect(inMemory.store.kind).toBe('embedded');
    await playAPass(inMemory.url);
  } finally {
    await inMemory.close();
  }
  expect(statSync(file).mtimeMs).toBe(written);
  expect(kept()).toEqual([name]);

  // A broken tarball: a server in another new folder runs initdb after all, serves, and keeps a good one again.
  writeFileSync(file, 'not a tarball');
  await serve(['--data', join(folders, 'second')], playAPass);
  expect(isGzip(file)).toBe(true);
  expect(kept()).toEqual([name]);

  // The first folder holds a database now: it is opened as it is (by a server in this process), with its table and
  // its move, and the tarball is left as it is.
  const replaced = statSync(file).mtimeMs;
  const reopened = await startServer({ port: 0, data: first });
  try {
    expect((await connect(reopened.url, token).log(table)).moves).toEqual([{ type: 'engine.pass', seat: 'seat:ann' }]);
  } finally {
    await reopened.close();
  }
  expect(statSync(file).mtimeMs).toBe(replaced);
  expect(kept()).toEqual([name]);
}, 420_000);
