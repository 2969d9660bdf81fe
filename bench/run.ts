/**
 * `npm run bench`: the full benchmark of issue 7 in one process. Prints one
 * table to stdout (progress to stderr) and writes bench/results.json.
 *
 * Run it with `node --expose-gc` (the npm script does): without it the memory
 * figures are n/a. `--smoke` runs the tiny configuration (written to
 * bench/.build/results-smoke.json); `--out=PATH` writes the JSON elsewhere.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL, SMOKE } from './config.js';
import { runBench } from './harness.js';
import { timeMcts } from './mcts.js';
import { formatTable } from './report.js';
import { withMcts } from './targets.js';
import { timeVerify, withVerify } from './verify.js';

/** The repository root: the nearest directory above this file with a package.json (bench/.build/bench/ when compiled). */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('bench: no package.json above the compiled bench');
    dir = up;
  }
  return dir;
}

const smoke = process.argv.includes('--smoke');
const config = { ...(smoke ? SMOKE : FULL), progress: (line: string) => process.stderr.write(`bench: ${line}\n`) };
// The MCTS comparison last, apart: boardgame.io's bot answers in a promise (a smoke run takes a few iterations).
config.progress('mcts');
const measured = withMcts(runBench(config), await timeMcts(smoke ? 50 : 2000, smoke ? 1 : 3));
config.progress('verify');
const results = withVerify(measured, timeVerify(smoke ? 0.5 : 10, smoke ? 1 : 3));
// The smoke configuration never overwrites the figures of a full run.
const out =
  process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length) ??
  join(repoRoot(), 'bench', smoke ? '.build/results-smoke.json' : 'results.json');
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`${formatTable(results).join('\n')}\n\nwritten: ${out}\n`);
