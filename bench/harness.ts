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
import { createActor } from 'xstate';
import { mundane } from '../src/games/index.js';
import { createTable, replay, restoreTable, type Table } from '../src/index.js';
import { ANN, BOB, CAT, generatePaths, modelSetup } from '../test/support/tableModel.js';
import { type BenchConfig, STREAMS, type StreamSpec } from './config.js';
import {
  CONTESTANTS,
  flatMachine,
  plystack,
  plystackPure,
  reducer,
  shapedMachine,
  tableOutcome,
} from './contestants.js';
import { benchGames, benchMundane } from './game.js';
import { best, collect, gc, heap, median, type OneRun, runOnce, timed } from './measure.js';
import { ratiosOf, scalingOf } from './ratios.js';
import type { Figure, Results } from './results.js';
import { makeStream, referenceOutcome, SEATS_2 } from './streams.js';
import { TARGETS, verdicts } from './targets.js';
import { makeStreams, measureThroughput, warmUp } from './throughput.js';
import { bytes, duration, rate, times } from './units.js';

// ─── measuring ───────────────────────────────────────────────────────────────

/** Bytes of heap per object while `count` of them are held at once (null without --expose-gc). */
function bytesPerHeld(count: number, open: (i: number) => unknown, close: (held: unknown) => void): number | null {
  if (gc === undefined) return null;
  collect();
  const before = heap();
  const held: unknown[] = new Array(count);
  for (let i = 0; i < count; i++) held[i] = open(i);
  collect();
  const bytes = (heap() - before) / count;
  for (const h of held) close(h);
  return bytes;
}

/** A small deterministic generator for the at(n) sample points. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

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

  // The streams, made once before any clock starts; the reducer's outcome of each is the yardstick. They stay in the
  // heap until the run ends, as every figure after the throughput has always been measured with them there.
  const streams = makeStreams(sizes);
  warmUp(streams, config, say);
  const throughput = measureThroughput(streams, sizes, config, say);
  const ratios = ratiosOf(throughput, sizes, config);
  const scaling = scalingOf(throughput, config);

  // Bytes per idle table: `idleTables` tables of real mundane (2 seats, default deck) open at once.
  say(`memory: ${config.idleTables} idle tables`);
  const idle = bytesPerHeld(
    config.idleTables,
    (i) => createTable(mundane, { table: `table:idle${i}`, seats: [...SEATS_2], seed: i + 1 }),
    (t) => (t as Table).stop(),
  );
  figures.push({
    id: 'idle-table',
    label: `bytes per idle table (${config.idleTables.toLocaleString('en-US')} open)`,
    plies: null,
    value: idle,
    unit: 'bytes',
    display: idle === null ? 'n/a (run node with --expose-gc)' : bytes(idle),
    target: TARGETS.idle.text,
    met: idle === null ? null : TARGETS.idle.met(idle),
    detail: { game: 'mundane', seats: 2, options: 'default (20-card deck shuffled from the seed)' },
  });
  for (const [id, label, machine] of [
    ['idle-xstate-flat', 'bytes per idle bare XState actor, flat', flatMachine],
    ['idle-xstate-shaped', 'bytes per idle bare XState actor, table-shaped', shapedMachine],
  ] as const) {
    const per = bytesPerHeld(
      config.idleTables,
      () => createActor(machine as typeof flatMachine, { input: { seats: SEATS_2 } }).start(),
      (a) => (a as { stop(): void }).stop(),
    );
    figures.push({
      id,
      label,
      plies: null,
      value: per,
      unit: 'bytes',
      display: per === null ? 'n/a (run node with --expose-gc)' : bytes(per),
      target: null,
      met: null,
    });
  }

  // One long table (2 seats) held in memory: bytes per ply, then persist + restore, replay and at(n) from it.
  const heldSpec = STREAMS[0] as StreamSpec;
  if (heldSpec.kind !== 'priority') throw new Error('bench: the held table plays the first (priority) stream');
  const heldStream = makeStream(heldSpec.seats, config.heldPlies, heldSpec.castEvery);
  const heldReference = referenceOutcome(heldSpec.seats, heldStream);
  say(`held table: ${config.heldPlies} plies (${heldSpec.label})`);
  collect();
  const heapBefore = heap();
  const held = plystack.open(heldSpec.seats);
  held.play(heldStream);
  collect();
  const perPly = gc === undefined ? null : (heap() - heapBefore) / config.heldPlies;
  const heldOk = isDeepStrictEqual(held.outcome(), heldReference);
  figures.push({
    id: 'bytes-per-ply',
    label: 'bytes per ply held (one table, plystack)',
    plies: config.heldPlies,
    value: perPly,
    unit: 'bytes',
    display: perPly === null ? 'n/a (run node with --expose-gc)' : `${perPly.toFixed(0)} B`,
    target: null,
    met: null,
    detail: { matchesReference: heldOk },
  });
  const table = held.table;

  say('persist + restore');
  const persisted = timed(() => table.persist());
  const text = timed(() => JSON.stringify(persisted.result));
  const size = Buffer.byteLength(text.result, 'utf8');
  const parsed = timed(() => JSON.parse(text.result) as unknown);
  const restored = timed(() => restoreTable(benchMundane, parsed.result as ReturnType<Table['persist']>));
  const restoredOk = isDeepStrictEqual(tableOutcome(restored.result), tableOutcome(table));
  restored.result.stop();
  figures.push({
    id: 'persist',
    label: 'persist: table.persist() + JSON.stringify',
    plies: config.heldPlies,
    value: persisted.ms + text.ms,
    unit: 'ms',
    display: `${duration(persisted.ms + text.ms)}, ${bytes(size)} (${(size / config.heldPlies).toFixed(0)} B/ply)`,
    target: null,
    met: null,
    detail: { persistMs: persisted.ms, stringifyMs: text.ms, bytes: size },
  });
  figures.push({
    id: 'restore',
    label: 'restore: JSON.parse + restoreTable',
    plies: config.heldPlies,
    value: parsed.ms + restored.ms,
    unit: 'ms',
    display: `${duration(parsed.ms + restored.ms)}${restoredOk ? '' : ' (DIFFERS from the original)'}`,
    target: null,
    met: null,
    detail: { parseMs: parsed.ms, restoreTableMs: restored.ms, sameState: restoredOk },
  });

  say('replay');
  const logText = JSON.stringify(table.log);
  const log = JSON.parse(logText) as unknown; // fresh objects, as a log read from a file
  collect();
  const replayed = timed(() => replay(log, { games: benchGames }));
  const replayOk = isDeepStrictEqual(tableOutcome(replayed.result), tableOutcome(table));
  replayed.result.stop();
  figures.push({
    id: 'replay',
    label: 'replay(log), log parsed from JSON',
    plies: config.heldPlies,
    value: replayed.ms,
    unit: 'ms',
    display: `${duration(replayed.ms)} (${rate((config.heldPlies / replayed.ms) * 1000)})${replayOk ? '' : ' (DIFFERS from the original)'}`,
    target: TARGETS.replay.text,
    met: TARGETS.replay.met(replayed.ms),
    detail: { logBytes: Buffer.byteLength(logText, 'utf8'), sameState: replayOk },
  });

  // The fast path: the held table's moves played on table.simulate() from a fresh table of the same opening, beside the
  // plain reducer on the same stream in the same run (issue 16's figure: at least a quarter of the reducer's rate).
  say('simulate');
  const moves = (log as { moves: unknown[] }).moves;
  const fresh = plystack.open(heldSpec.seats);
  const copy = fresh.table.simulate();
  collect();
  const simulated = timed(() => {
    for (const move of moves)
      if (!copy.tryPlay(move).ok) throw new Error('bench: the fast path refused a move of the log');
  });
  const simulateOk = isDeepStrictEqual(copy.state, table.state);
  fresh.stop();
  const reducerRuns = [0, 1, 2].map(() => runOnce(reducer, heldSpec.seats, heldStream));
  const reducerMs = best(reducerRuns.map((r) => r.ms));
  const simulateRate = (moves.length / simulated.ms) * 1000;
  const reducerRate = (heldStream.length / reducerMs) * 1000;
  figures.push({
    id: 'simulate',
    label: 'simulate: the log played on table.simulate() (fast path)',
    plies: moves.length,
    value: simulated.ms,
    unit: 'ms',
    display: `${duration(simulated.ms)} (${rate(simulateRate)}; ${times(simulateRate / reducerRate)} the plain reducer's ${rate(reducerRate)})${simulateOk ? '' : ' (DIFFERS from the original)'}`,
    target: TARGETS.simulate.text,
    met: simulateOk && TARGETS.simulate.met(simulateRate, reducerRate),
    detail: {
      movesPerSecond: simulateRate,
      reducerPerSecond: reducerRate,
      ratioToReducer: simulateRate / reducerRate,
      sameState: simulateOk,
    },
  });

  // at(n): only where the table has time travel (src/table/timeTravel.ts); detected at run time.
  const travel = table as Table & {
    at?: (n: number) => { state: unknown };
    cursor?: (n?: number) => { back(): boolean; view: { state: unknown } };
  };
  if (typeof travel.at === 'function') {
    say('at(n)');
    const random = lcg(7);
    const points = Array.from({ length: config.atSamples }, () => Math.floor(random() * (config.heldPlies + 1)));
    const each: number[] = [];
    const all = timed(() => {
      for (const n of points) each.push(timed(() => travel.at?.(n).state).ms);
    });
    const worst = Math.max(...each);
    const middle = median(each) * 1000;
    const mean = (all.ms / points.length) * 1000;
    let stepping: number | null = null;
    if (typeof travel.cursor === 'function') {
      const cursor = travel.cursor(config.heldPlies);
      const steps = Math.min(config.atSamples, config.heldPlies);
      stepping =
        (timed(() => {
          for (let i = 0; i < steps; i++) {
            cursor.back();
            void cursor.view.state;
          }
        }).ms /
          steps) *
        1000;
    }
    figures.push({
      id: 'at',
      label: 'at(n) stepping: table.at(n).state, n random',
      plies: config.heldPlies,
      value: mean,
      unit: 'µs',
      display: `${mean.toFixed(0)} µs mean, ${middle.toFixed(0)} µs median, ${(worst / 1000).toFixed(2)} s worst${stepping === null ? '' : `; cursor.back() ${stepping.toFixed(0)} µs/step`}`,
      target: null,
      met: null,
      detail: {
        samples: points.length,
        meanMicros: mean,
        medianMicros: middle,
        worstMicros: worst * 1000,
        cursorBackMicros: stepping,
      },
    });
  } else {
    figures.push({
      id: 'at',
      label: 'at(n) stepping',
      plies: null,
      value: null,
      unit: null,
      display: 'not yet available (time travel: src/table/timeTravel.ts)',
      target: null,
      met: null,
    });
  }
  held.stop();

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
