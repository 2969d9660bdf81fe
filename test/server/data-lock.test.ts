/**
 * A PGlite data folder belongs to one server at a time: a second `plystack serve --data DIR` on a folder a live
 * server holds is refused (exit 2, standard error naming the folder and the holder's process) before it listens,
 * and the first serves on; a lock left by a server killed with -9 does not keep the next one out. In one process,
 * `startServer` on a held folder is refused alike, and the folder is free again once its server closes. One folder,
 * its database made once, server after server: the server that takes it over from the killed one is the live holder
 * the next test's second server is refused by.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { startServer } from '../../src/server/server.js';
import { FolderInUse, LOCK_FILE } from '../../src/server/store/folderLock.js';
import { type ServerProcess, spawnServer } from './support/serve.js';

const folders = mkdtempSync(join(tmpdir(), 'plystack-lock-'));
const dir = join(folders, 'data');
/** The server a test leaves holding the folder for the next. */
let holder: ServerProcess | undefined;
afterAll(async () => {
  await holder?.stop();
  rmSync(folders, { recursive: true, force: true });
});

/** Creates a table and plays a pass on it; returns the table's id and its app token. */
async function playAPass(url: string): Promise<{ table: string; token: string }> {
  const created = await connect(url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
  const ann = connect(url, created.tokens['seat:ann']!);
  expect((await ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 })).index).toBe(0);
  return { table: created.table, token: created.appToken };
}

it('lets the next server have a folder whose server was killed with -9, with its tables', async () => {
  const first = await spawnServer(['--data', dir]);
  const { table, token } = await playAPass(first.url);
  await first.kill9();
  // The killed server's lock is still there, naming a process that is gone.
  expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));
  const second = await spawnServer(['--data', dir]);
  holder = second;
  expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(second.child.pid));
  expect((await connect(second.url, token).log(table)).moves).toEqual([{ type: 'engine.pass', seat: 'seat:ann' }]);
}, 180_000);

it('refuses a second server on a folder a live server holds, before it listens, and the first serves on', async () => {
  // The server that took the folder over in the test before (run alone: a new one).
  const first = holder ?? (await spawnServer(['--data', dir]));
  holder = undefined;
  try {
    const pid = first.child.pid!;
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(pid));
    await expect(spawnServer(['--data', dir])).rejects.toThrow(
      new RegExp(
        `exited with 2 before listening: --data: \\S+data is in use by another plystack server \\(process ${pid}\\)`,
      ),
    );
    await playAPass(first.url);
  } finally {
    await first.stop();
  }
  expect(first.child.exitCode).toBe(0);
  // A server that stops gives the folder back.
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}, 180_000);

it('refuses startServer on a folder this process holds, and opens it once the holder closes', async () => {
  const first = await startServer({ port: 0, data: dir });
  try {
    await expect(startServer({ port: 0, data: dir })).rejects.toBeInstanceOf(FolderInUse);
  } finally {
    await first.close();
  }
  const again = await startServer({ port: 0, data: dir });
  try {
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
  } finally {
    await again.close();
  }
}, 180_000);
