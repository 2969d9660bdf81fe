/**
 * The benchmark harness: one process, one run. It makes every stream once,
 * plays it through every contestant (run by run, in an order that rotates, a
 * GC before each run, the best run counting, CPU time recorded beside the wall
 * clock), checks each contestant reached the plain reducer's final state, and measures
 * the figures of issue 7. `runBench` returns the results; `formatTable` prints
 * them as one table. bench/run.ts runs the full configuration;
 * test/bench/smoke.test.ts runs a tiny one.
 */

import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { ANN, BOB, CAT, generatePaths, modelSetup } from '../test/support/tableModel.js';
import { type BenchConfig, STREAMS } from './config.js';
import { CONTESTANTS, plystack, plystackPure } from './contestants.js';
import { heldTableFigures } from './heldTable.js';
import { best, gc, type Keep, type OneRun, runOnce, timed } from './measure.js';
import { idleFigures } from './memory.js';
import { ratiosOf, scalingOf } from './ratios.js';
import type { Figure, Results } from './results.js';
import { makeStream, referenceOutcome, SEATS_2 } from './streams.js';
import { verdicts } from './targets.js';
import { makeStreams, measureThroughput, warmUp } from './throughput.js';
import { duration } from './units.js';

// ─── the run ─────────────────────────────────────────────────────────────────

function machineInfo(): Results['machine'] {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line !== undefined) cpuModel = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // not Linux: os.cpus() it is
  }
  return {
    nproc: availableParallelism(),
    cpus: cpus().length,
    cpuModel,
    node: process.version,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    exposeGc: gc !== undefined,
  };
}

/**
 * Runs the benchmark described by `config` and returns every figure. Never
 * throws for a contestant's failure: the cell says `failed` and why.
 */
export function runBench(config: BenchConfig): Results {
  const began = performance.now();
  const startedAt = new Date().toISOString();
  const say = config.progress ?? (() => undefined);
  const figures: Figure[] = [];
  const sizes = [...config.sizes].sort((a, b) => a - b);

  // What each part makes stays reachable until the run ends, as when this was one function (see Keep, bench/measure.ts).
  const kept: unknown[] = [];
  const keep: Keep = (...made) => {
    kept.push(...made);
  };

  // The streams, made once before any clock starts; the reducer's outcome of each is the yardstick.
  const streams = makeStreams(sizes);
  keep(streams);
  warmUp(streams, config, say);
  const throughput = measureThroughput(streams, sizes, config, say);
  const ratios = ratiosOf(throughput, sizes, config);
  const scaling = scalingOf(throughput, config);

  figures.push(...idleFigures(config, say));

  // One long table (2 seats) held in memory: bytes per ply, then persist + restore, replay, the fast path and at(n) from it.
  figures.push(...heldTableFigures(config, say, keep));

  // Model-path generation: getShortestPaths over the table machine, as test/support/tableModel.ts does it.
  if (config.modelPaths) {
    say('model paths');
    const setups = [modelSetup([ANN, BOB], 3), modelSetup([ANN, BOB, CAT], 1)];
    const each = setups.map((setup) => {
      const { result, ms } = timed(() => generatePaths(setup.input, setup.rules.turns));
      return { setup: setup.name, ms, paths: result.all.length, kept: result.kept.length };
    });
    const ms = each.reduce((sum, e) => sum + e.ms, 0);
    figures.push({
      id: 'model-paths',
      label: 'model-path generation (getShortestPaths)',
      plies: null,
      value: ms,
      unit: 'ms',
      display: `${duration(ms)}: ${each.map((e) => `${e.setup} ${duration(e.ms)}, ${e.paths} paths (${e.kept} kept)`).join('; ')}`,
      target: null,
      met: null,
      detail: { setups: each },
    });
  }

  // The bench game versus pure mundane, where pure mundane can still play the stream: the change must cost nothing.
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
  figures.push({
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
  });

  const results: Omit<Results, 'targets'> = {
    machine: machineInfo(),
    startedAt,
    seconds: (performance.now() - began) / 1000,
    config: {
      sizes,
      streams: STREAMS,
      bgioBudgetMs: config.bgioBudgetMs,
      idleTables: config.idleTables,
      heldPlies: config.heldPlies,
    },
    contestants: [...CONTESTANTS, plystackPure].map(({ id, label }) => ({ id, label })),
    throughput,
    ratios,
    scaling,
    figures,
  };
  return { ...results, targets: verdicts(results, config) };
}
