/**
 * The check that the bench game costs what pure mundane costs: the bench's priority streams are played by mundane with
 * one change (bench/game.ts), and here both play the same stream where pure mundane can still play it (it runs out of
 * cards near 1,800 plies with 2 seats), taking turns run by run.
 */

import { isDeepStrictEqual } from 'node:util';
import type { BenchConfig, Say } from './config.js';
import { plystack, plystackPure } from './contestants.js';
import { best, type OneRun, runOnce } from './measure.js';
import type { Figure } from './results.js';
import { makeStream, referenceOutcome, SEATS_2 } from './streams.js';

/** The figure `pure-check`: time(pure mundane) / time(bench game), the best of 16 runs each (1.00: the same cost). */
export function pureCheckFigure(config: BenchConfig, say: Say): Figure {
  say(`check: pure mundane, ${config.pureCheckPlies} plies`);
  const pureStream = makeStream(SEATS_2, config.pureCheckPlies, 7);
  const pureReference = referenceOutcome(SEATS_2, pureStream);
  const pureRuns: Record<'bench' | 'pure', OneRun[]> = { bench: [], pure: [] };
  for (let i = 0; i < 16; i++) {
    // Alternate which goes first: the second of two runs comes out faster by up to ~20%.
    if (i % 2 === 0) pureRuns.bench.push(runOnce(plystack, SEATS_2, pureStream));
    pureRuns.pure.push(runOnce(plystackPure, SEATS_2, pureStream));
    if (i % 2 === 1) pureRuns.bench.push(runOnce(plystack, SEATS_2, pureStream));
  }
  const pureOk = [...pureRuns.bench, ...pureRuns.pure].every(
    (r) => r.error === null && isDeepStrictEqual(r.outcome, pureReference),
  );
  const pureRatio = best(pureRuns.pure.map((r) => r.ms)) / best(pureRuns.bench.map((r) => r.ms));
  const pureCpuRatio = best(pureRuns.pure.map((r) => r.cpuMs)) / best(pureRuns.bench.map((r) => r.cpuMs));
  return {
    id: 'pure-check',
    label: 'check: time(pure mundane) / time(bench game)',
    plies: config.pureCheckPlies,
    value: pureOk ? pureRatio : null,
    unit: 'ratio',
    display: pureOk
      ? `${pureRatio.toFixed(2)}× (cpu ${pureCpuRatio.toFixed(2)}×; 1.00: the same cost)`
      : `failed: ${[...pureRuns.bench, ...pureRuns.pure].find((r) => r.error !== null)?.error ?? 'final state differs'}`,
    target: null,
    met: null,
    detail: {
      cpuRatio: pureCpuRatio,
      benchMs: pureRuns.bench.map((r) => r.ms),
      pureMs: pureRuns.pure.map((r) => r.ms),
    },
  };
}
