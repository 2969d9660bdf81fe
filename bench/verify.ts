/**
 * The checker's speed and weight (figure `verify` of `npm run bench`):
 * tic-tac-toe explored to its end (5,478 positions), and 2-seat mundane
 * explored breadth-first for a fixed time with the default fingerprint and
 * every default check. Distinct states a second, and the bytes the run's
 * record holds per distinct state.
 */

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

/**
 * Times the checker: tic-tac-toe to its end (the best of `runs`), and mundane for `seconds`.
 *
 * @example
 * const v = timeVerify(5, 3) // v.ticTacToe.distinct === 5478
 */
export function timeVerify(seconds: number, runs: number): VerifyResults {
  let best: RunReport | null = null;
  for (let i = 0; i < runs; i++) {
    const run = verify(ticTacToe, { seats: 2, skip: ['fast-path'] }).runs[0] as RunReport;
    if (best === null || run.seconds < best.seconds) best = run;
  }
  const deal = verify(mundane, { seats: 2, skip: ['fast-path'], bounds: { seconds } }).runs[0] as RunReport;
  return { ticTacToe: pick(best as RunReport), mundane: pick(deal) };
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
