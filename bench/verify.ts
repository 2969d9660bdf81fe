/**
 * The checker's speed and weight (figure `verify` of `npm run bench`):
 * tic-tac-toe explored to its end (5,478 positions), and 2-seat mundane
 * explored breadth-first for a fixed time with the default fingerprint and
 * every default check. Distinct states a second, and the bytes the run's
 * record holds per distinct state.
 *
 * Each game is verified in a Node process of its own, as `plystack verify GAME`
 * runs: not in the bench's process, whose heap holds what the earlier figures
 * kept and whose engine has already run other games (the same run measured
 * there was a third slower, and it measured the bench's leftovers, not the
 * checker). Run with `--child GAME SECONDS RUNS`, this file is that process.
 */

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mundane, ticTacToe } from '../src/games/index.js';
import { type RunReport, verify } from '../src/testing/index.js';
import type { Figure, Results, TargetVerdict } from './results.js';

/** What the figure measured. */
export interface VerifyResults {
  readonly ticTacToe: Pick<
    RunReport,
    'exhausted' | 'distinct' | 'transitions' | 'seconds' | 'statesPerSecond' | 'bytesPerState'
  >;
  readonly mundane: Pick<
    RunReport,
    'exhausted' | 'distinct' | 'transitions' | 'seconds' | 'statesPerSecond' | 'bytesPerState' | 'counters'
  >;
}

const TARGETS = {
  ticTacToe: {
    text: '5,478 positions exhausted in < 1 s',
    met: (r: VerifyResults['ticTacToe']) => r.exhausted && r.distinct === 5478 && r.seconds < 1,
  },
  mundane: { text: '≥ 20,000 distinct states/s', met: (r: VerifyResults['mundane']) => r.statesPerSecond >= 20_000 },
  bytes: {
    text: '≤ 64 bytes per state',
    met: (r: VerifyResults) => Math.max(r.ticTacToe.bytesPerState, r.mundane.bytesPerState) <= 64,
  },
};

const pick = (run: RunReport) => ({
  exhausted: run.exhausted,
  distinct: run.distinct,
  transitions: run.transitions,
  seconds: run.seconds,
  statesPerSecond: run.statesPerSecond,
  bytesPerState: run.bytesPerState,
  counters: run.counters,
});

/** One game verified in this process: tic-tac-toe to its end (the best of `runs`), mundane for `seconds`. */
function timeHere(game: 'tic-tac-toe' | 'mundane', seconds: number, runs: number): RunReport {
  if (game === 'mundane')
    return verify(mundane, { seats: 2, skip: ['fast-path'], bounds: { seconds } }).runs[0] as RunReport;
  let best: RunReport | null = null;
  for (let i = 0; i < runs; i++) {
    const run = verify(ticTacToe, { seats: 2, skip: ['fast-path'] }).runs[0] as RunReport;
    if (best === null || run.seconds < best.seconds) best = run;
  }
  return best as RunReport;
}

/** One game verified in a new Node process running this file. */
function timeApart(game: 'tic-tac-toe' | 'mundane', seconds: number, runs: number): ReturnType<typeof pick> {
  const output = execFileSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', game, String(seconds), String(runs)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output) as ReturnType<typeof pick>;
}

/**
 * Times the checker, each game in a process of its own: tic-tac-toe to its end (the best of `runs`), and mundane
 * for `seconds`.
 *
 * @example
 * const v = timeVerify(5, 3) // v.ticTacToe.distinct === 5478
 */
export function timeVerify(seconds: number, runs: number): VerifyResults {
  return { ticTacToe: timeApart('tic-tac-toe', seconds, runs), mundane: timeApart('mundane', seconds, runs) };
}

/**
 * The results with the checker's figure and its three targets added.
 *
 * @example
 * withVerify(results, timeVerify(10, 3))
 */
export function withVerify(r: Results, v: VerifyResults): Results {
  const t = v.ticTacToe;
  const m = v.mundane;
  const display = `tic-tac-toe ${t.distinct} states in ${(t.seconds * 1000).toFixed(0)} ms (${t.statesPerSecond}/s, ${t.exhausted ? 'exhausted' : 'not exhausted'}); mundane 2 seats ${m.statesPerSecond} distinct states/s (${m.distinct} in ${m.seconds.toFixed(1)} s, counters ${m.counters}); ${t.bytesPerState} and ${m.bytesPerState} bytes/state`;
  const verdicts: TargetVerdict[] = [
    {
      id: 'verify-tic-tac-toe',
      label: 'verify: tic-tac-toe exhausted',
      target: TARGETS.ticTacToe.text,
      measured: `${t.distinct} in ${(t.seconds * 1000).toFixed(0)} ms`,
      met: TARGETS.ticTacToe.met(t),
    },
    {
      id: 'verify-mundane',
      label: 'verify: 2-seat mundane, default fingerprint',
      target: TARGETS.mundane.text,
      measured: `${m.statesPerSecond}/s`,
      met: TARGETS.mundane.met(m),
    },
    {
      id: 'verify-bytes',
      label: 'verify: bytes held per visited state',
      target: TARGETS.bytes.text,
      measured: `${t.bytesPerState} (tic-tac-toe), ${m.bytesPerState} (mundane)`,
      met: TARGETS.bytes.met(v),
    },
  ];
  const figure: Figure = {
    id: 'verify',
    label: 'verify: distinct states a second',
    plies: null,
    value: m.statesPerSecond,
    unit: null,
    display,
    target: `${TARGETS.ticTacToe.text}; ${TARGETS.mundane.text}; ${TARGETS.bytes.text}`,
    met: verdicts.every((x) => x.met === true),
    detail: { ...v },
  };
  return { ...r, figures: [...r.figures, figure], targets: [...r.targets, ...verdicts] };
}

if (process.argv[2] === '--child') {
  const [game, seconds, runs] = process.argv.slice(3);
  process.stdout.write(
    `${JSON.stringify(pick(timeHere(game as 'tic-tac-toe' | 'mundane', Number(seconds), Number(runs))))}\n`,
  );
}
