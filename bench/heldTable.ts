/**
 * One long table held in memory (2 seats, the first stream, `heldPlies` plies) and what is measured on it, in this
 * order: the bytes per ply it holds, persist + restore, replay of its log, the log's moves on the fast path beside the
 * plain reducer, and at(n). The table is stopped when all of them are done.
 */

import { isDeepStrictEqual } from 'node:util';
import { replay, restoreTable, type Table } from '../src/index.js';
import { type BenchConfig, type Say, STREAMS, type StreamSpec } from './config.js';
import { type PlystackRun, plystack, reducer, tableOutcome } from './contestants.js';
import { benchGames, benchMundane } from './game.js';
import { best, collect, gc, heap, type Keep, median, runOnce, timed } from './measure.js';
import type { Figure } from './results.js';
import { makeStream, referenceOutcome, type StreamEvent } from './streams.js';
import { TARGETS } from './targets.js';
import { bytes, duration, rate, times } from './units.js';

/** The table held, its seats and the stream it played. */
interface Held {
  readonly run: PlystackRun;
  readonly seats: readonly string[];
  readonly stream: readonly StreamEvent[];
}

/** Every figure of the held table, from `bytes-per-ply` to `at`, in the order they are measured. */
export function heldTableFigures(config: BenchConfig, say: Say, keep: Keep): Figure[] {
  const { held, figure } = holdTable(config, say, keep);
  const figures = [figure, ...persistAndRestore(held.run.table, config, say, keep)];
  const replayed = replayLog(held.run.table, config, say, keep);
  figures.push(replayed.figure);
  figures.push(fastPath(held, replayed.moves, say, keep));
  figures.push(timeTravel(held.run.table, config, say));
  held.run.stop();
  return figures;
}

/** The table opened and played, and the figure `bytes-per-ply`: the heap it holds per ply played. */
function holdTable(config: BenchConfig, say: Say, keep: Keep): { held: Held; figure: Figure } {
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
  const figure: Figure = {
    id: 'bytes-per-ply',
    label: 'bytes per ply held (one table, plystack)',
    plies: config.heldPlies,
    value: perPly,
    unit: 'bytes',
    display: perPly === null ? 'n/a (run node with --expose-gc)' : `${perPly.toFixed(0)} B`,
    target: null,
    met: null,
    detail: { matchesReference: heldOk },
  };
  keep(heldStream, heldReference, held);
  return { held: { run: held, seats: heldSpec.seats, stream: heldStream }, figure };
}

/** The figures `persist` (table.persist() + JSON.stringify) and `restore` (JSON.parse + restoreTable). */
function persistAndRestore(table: Table, config: BenchConfig, say: Say, keep: Keep): Figure[] {
  say('persist + restore');
  const persisted = timed(() => table.persist());
  const text = timed(() => JSON.stringify(persisted.result));
  const size = Buffer.byteLength(text.result, 'utf8');
  const parsed = timed(() => JSON.parse(text.result) as unknown);
  const restored = timed(() => restoreTable(benchMundane, parsed.result as ReturnType<Table['persist']>));
  const restoredOk = isDeepStrictEqual(tableOutcome(restored.result), tableOutcome(table));
  restored.result.stop();
  const figures: Figure[] = [];
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
  keep(persisted, text, parsed, restored);
  return figures;
}

/** The figure `replay`: replay(log) of the table's log parsed from JSON, and the parsed log's moves. */
function replayLog(table: Table, config: BenchConfig, say: Say, keep: Keep): { figure: Figure; moves: unknown[] } {
  say('replay');
  const logText = JSON.stringify(table.log);
  const log = JSON.parse(logText) as unknown; // fresh objects, as a log read from a file
  collect();
  const replayed = timed(() => replay(log, { games: benchGames }));
  const replayOk = isDeepStrictEqual(tableOutcome(replayed.result), tableOutcome(table));
  replayed.result.stop();
  const figure: Figure = {
    id: 'replay',
    label: 'replay(log), log parsed from JSON',
    plies: config.heldPlies,
    value: replayed.ms,
    unit: 'ms',
    display: `${duration(replayed.ms)} (${rate((config.heldPlies / replayed.ms) * 1000)})${replayOk ? '' : ' (DIFFERS from the original)'}`,
    target: TARGETS.replay.text,
    met: TARGETS.replay.met(replayed.ms),
    detail: { logBytes: Buffer.byteLength(logText, 'utf8'), sameState: replayOk },
  };
  keep(logText, log, replayed);
  return { figure, moves: (log as { moves: unknown[] }).moves };
}

/**
 * The figure `simulate`: the held table's moves played on table.simulate() from a fresh table of the same opening,
 * beside the plain reducer on the same stream in the same run (issue 16's figure: at least a quarter of the reducer's
 * rate).
 */
function fastPath(held: Held, moves: readonly unknown[], say: Say, keep: Keep): Figure {
  const table = held.run.table;
  say('simulate');
  const fresh = plystack.open(held.seats);
  const copy = fresh.table.simulate();
  collect();
  const simulated = timed(() => {
    for (const move of moves)
      if (!copy.tryPlay(move).ok) throw new Error('bench: the fast path refused a move of the log');
  });
  const simulateOk = isDeepStrictEqual(copy.state, table.state);
  fresh.stop();
  const reducerRuns = [0, 1, 2].map(() => runOnce(reducer, held.seats, held.stream));
  const reducerMs = best(reducerRuns.map((r) => r.ms));
  const simulateRate = (moves.length / simulated.ms) * 1000;
  const reducerRate = (held.stream.length / reducerMs) * 1000;
  const figure: Figure = {
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
  };
  keep(fresh, copy, reducerRuns);
  return figure;
}

/** A small deterministic generator for the at(n) sample points. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The figure `at`: table.at(n).state at random n, and cursor.back(), only where the table has time travel
 * (src/table/timeTravel.ts); detected at run time.
 */
function timeTravel(table: Table, config: BenchConfig, say: Say): Figure {
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
    return {
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
    };
  }
  return {
    id: 'at',
    label: 'at(n) stepping',
    plies: null,
    value: null,
    unit: null,
    display: 'not yet available (time travel: src/table/timeTravel.ts)',
    target: null,
    met: null,
  };
}
