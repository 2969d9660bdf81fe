/**
 * `plystack serve` from the command line: wrong usage exits 2 naming the
 * option (the built CLI's process for one, the CLI's `run` in this process for
 * the others: each is refused before any server starts); by default it listens
 * on 127.0.0.1 only.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { processIo, run } from '../../src/cli/main.js';
import { connect } from '../../src/client/client.js';
import { startServer } from '../../src/server/server.js';
import { spawnServer } from './support/serve.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `plystack serve ARGS…` as a process of its own: its exit code and standard error. */
async function usage(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await promisify(execFile)(process.execPath, [cli, 'serve', ...args], { timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

/** `plystack serve ARGS…` through the CLI's `run` in this process: the exit code it returns and what it wrote on standard error. */
async function usageHere(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await run(['serve', ...args], {
    ...processIo,
    out: () => undefined,
    err: (text) => {
      stderr += `${text}\n`;
    },
  });
  return { code, stderr };
}

it('refuses wrong options with exit 2 and the option named', async () => {
  expect(await usage(['--port', 'eighty'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port') });
  expect(await usageHere(['--memory', '--data', '/tmp/x'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--data and --memory'),
  });
  expect(await usageHere(['--database', 'mysql://x'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--database'),
  });
  expect(await usageHere(['--create-token', 'short'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--create-token'),
  });
  for (const lapse of ['10', 'soon', '-500'])
    expect(await usageHere([`--claim-lapse=${lapse}`])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--claim-lapse: a number of milliseconds, 100 or more'),
    });
});

it('startServer refuses a claim lapse under 100 ms, or not a number, before it opens a store', async () => {
  for (const claimLapseMs of [5, Number.NaN, -1])
    await expect(startServer({ port: 0, data: null, claimLapseMs })).rejects.toThrow(
      /claimLapseMs: a number of milliseconds, 100 or more/,
    );
});

it('startServer refuses a stream stall bound under 10 ms, or not a number, before it opens a store', async () => {
  for (const streamStallMs of [5, Number.NaN, -1, Number.POSITIVE_INFINITY])
    await expect(startServer({ port: 0, memory: true, streamStallMs })).rejects.toThrow(
      /streamStallMs: a number of milliseconds, 10 or more/,
    );
});

it('listens on 127.0.0.1 by default and serves a table in memory', async () => {
  const server = await spawnServer(['--memory']);
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const ann = connect(server.url, created.tokens['seat:ann']!);
    expect((await ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 })).index).toBe(0);
  } finally {
    await server.stop();
  }
  expect(server.child.exitCode).toBe(0);
});
