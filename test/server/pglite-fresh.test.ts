/**
 * `plystack serve --memory` starts PGlite from a kept tarball of a new database
 * instead of running initdb each time: the first server writes it to the user's
 * cache (XDG_CACHE_HOME here, a temporary folder), the next ones start from it,
 * and a broken one is replaced. Each server really serves a table.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { spawnServer } from './support/serve.js';

const cache = mkdtempSync(join(tmpdir(), 'plystack-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Starts a server in memory with this cache, plays a pass on a new table, and stops it. */
async function serveOnce(): Promise<void> {
  const server = await spawnServer(['--memory'], { XDG_CACHE_HOME: cache });
  try {
    const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const ann = connect(server.url, created.tokens['seat:ann']!);
    expect((await ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 })).index).toBe(0);
  } finally {
    await server.stop();
  }
  expect(server.child.exitCode).toBe(0);
}

const kept = () => readdirSync(join(cache, 'plystack')).filter((name) => name.endsWith('.tar.gz'));
const isGzip = (file: string) =>
  readFileSync(file)
    .subarray(0, 2)
    .equals(Buffer.from([0x1f, 0x8b]));

it('keeps a new database for the next server in memory, starts from it, and replaces a broken one', async () => {
  await serveOnce();
  const [name] = kept();
  expect(name).toMatch(/^pglite-initdb-\d+-\d+\.tar\.gz$/);
  const file = join(cache, 'plystack', name!);
  expect(isGzip(file)).toBe(true);
  const written = statSync(file).mtimeMs;

  // The next server starts from it and leaves it as it is.
  await serveOnce();
  expect(statSync(file).mtimeMs).toBe(written);
  expect(kept()).toEqual([name]);

  // A broken tarball: the server runs initdb after all, serves, and keeps a good one again.
  writeFileSync(file, 'not a tarball');
  await serveOnce();
  expect(isGzip(file)).toBe(true);
  expect(kept()).toEqual([name]);
}, 240_000);
