/**
 * The engine benchmark's run: one process, one run. `runBench` calls its parts in the order they have always run and
 * puts their results together: the streams made once, the warm-up and the throughput (bench/throughput.ts), the ratios
 * and scaling worked out from it (bench/ratios.ts), bytes per idle table (bench/memory.ts), the one long held table
 * (bench/heldTable.ts), model-path generation (bench/modelPaths.ts) and the bench game against pure mundane
 * (bench/pureCheck.ts); then the targets' verdicts (bench/targets.ts). bench/run.ts runs the full configuration
 * (bench/config.ts) and prints the report (bench/report.ts); test/bench/smoke.test.ts runs a tiny one.
 */

import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { type BenchConfig, STREAMS } from './config.js';
import { CONTESTANTS, plystackPure } from './contestants.js';
import { heldTableFigures } from './heldTable.js';
import { gc, type Keep } from './measure.js';
import { idleFigures } from './memory.js';
import { modelPathsFigure } from './modelPaths.js';
import { pureCheckFigure } from './pureCheck.js';
import { ratiosOf, scalingOf } from './ratios.js';
import type { Figure, Results } from './results.js';
import { verdicts } from './targets.js';
import { makeStreams, measureThroughput, warmUp } from './throughput.js';

/** The machine the run ran on. */
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

  // The figures, in the order they are measured: idle tables, then one long held table, model paths, the pure check.
  const figures: Figure[] = [
    ...idleFigures(config, say),
    ...heldTableFigures(config, say, keep),
    ...(config.modelPaths ? [modelPathsFigure(say)] : []),
    pureCheckFigure(config, say),
  ];

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
