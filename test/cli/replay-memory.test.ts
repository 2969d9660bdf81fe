/**
 * `plystack replay` holds memory in proportion to the table, not to the log
 * or the output: the built bin replays a generated mundane log of passes in
 * a child process, once short and once long, in each output mode, and the
 * growth of its peak resident memory per move stays under a budget.
 *
 * The budget, 800 bytes a move, is one the replay before issue 12's fix
 * exceeded in four of these five modes, measured by this very test (900
 * with --json, 840 with --record, 1,100 with --as seat:ann, 1,000 with
 * --json --as spectator; the move table alone stayed under): the log parsed
 * whole beside its text, and a copy of every move, or with `--as` of every
 * ply, for the output. It measures memory only; how long the replay takes
 * is the bench's business (`npm run bench:replay`).
 */

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';

const bin = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
const exec = promisify(execFile);
const SHORT = 2_000;
const LONG = 60_000;
const BUDGET_BYTES_PER_MOVE = 800;

let dir: string;
const file = (name: string) => join(dir, name);

/** A log of `count` seatless passes, written as text the way a long log is: without building it as objects. */
async function writePassLog(name: string, count: number): Promise<void> {
  const opening = createTable(mundane, { table: 'table:memory', seats: ['seat:ann', 'seat:bob'], seed: 1 });
  const { moves: _none, ...header } = opening.log;
  opening.stop();
  await writeFile(
    file(name),
    `${JSON.stringify(header).slice(0, -1)},"moves":[${Array(count).fill('{"type":"engine.pass"}').join(',')}]}`,
  );
}

/** Replays a log with the bin; resolves with the exit code, the bytes written to stdout and the peak RSS in bytes. */
async function replayPeak(
  log: string,
  flags: readonly string[],
): Promise<{ code: number; written: number; peak: number }> {
  const { stdout, stderr } = await exec(
    'node',
    ['--import', pathToFileURL(file('peak.mjs')).href, bin, 'replay', file(log), ...flags],
    { maxBuffer: 1 << 30 },
  );
  const report = JSON.parse(stderr.trim().split('\n').at(-1) ?? '') as { code: number; peakKb: number };
  return { code: report.code, written: stdout.length, peak: report.peakKb * 1024 };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plystack-replay-memory-'));
  // Loaded before the CLI: reports the process's peak resident memory as it exits.
  await writeFile(
    file('peak.mjs'),
    "process.on('exit', (code) => process.stderr.write('\\n' + JSON.stringify({ code, peakKb: process.resourceUsage().maxRSS }) + '\\n'));\n",
  );
  await writePassLog('short.json', SHORT);
  await writePassLog('long.json', LONG);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('plystack replay memory', () => {
  it.each([
    ['the move table', []],
    ['--json', ['--json']],
    ['--record', ['--record']],
    ['--as seat:ann', ['--as', 'seat:ann']],
    ['--json --as spectator', ['--json', '--as', 'spectator']],
  ])(
    `%s: peak memory grows by less than ${BUDGET_BYTES_PER_MOVE} bytes a move from ${SHORT.toLocaleString('en')} to ${LONG.toLocaleString('en')} moves`,
    async (_mode, flags) => {
      const short = await replayPeak('short.json', flags);
      const long = await replayPeak('long.json', flags);
      expect(short.code).toBe(0);
      expect(long.code).toBe(0);
      // The long replay really printed its moves: at least one line a ply.
      expect(long.written).toBeGreaterThan(LONG * 5);
      const perMove = (long.peak - short.peak) / (LONG - SHORT);
      expect(
        perMove,
        `peak ${Math.round(short.peak / 2 ** 20)} MB at ${SHORT} moves, ${Math.round(long.peak / 2 ** 20)} MB at ${LONG}`,
      ).toBeLessThan(BUDGET_BYTES_PER_MOVE);
    },
    600_000,
  );
});
