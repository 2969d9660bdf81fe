/**
 * How the engine benchmark measures: a collection before a run, the heap in use, the best and the median of runs, a
 * timed task, and one contestant's run of a stream (wall clock and CPU time, its outcome, or what it threw).
 */

import type { AnyOutcome, BenchEvent, Contestant } from './contestants.js';

export const gc = (globalThis as { gc?: () => void }).gc;
export const collect = (): void => {
  gc?.();
  gc?.();
};
export const heap = (): number => process.memoryUsage().heapUsed;
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
export const best = (values: readonly number[]): number => Math.min(...values);

export function timed<T>(task: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = task();
  return { result, ms: performance.now() - start };
}

export interface OneRun {
  readonly ms: number;
  readonly cpuMs: number;
  readonly played: number;
  readonly outcome: AnyOutcome | null;
  readonly error: string | null;
}

export function runOnce(
  contestant: Contestant,
  seats: readonly string[],
  stream: readonly BenchEvent[],
  deadlineMs = Infinity,
): OneRun {
  collect();
  const run = contestant.open(seats);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const played = run.play(stream, start + deadlineMs);
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { ms, cpuMs: (used.user + used.system) / 1000, played, outcome: run.outcome(), error: null };
  } catch (error) {
    return {
      ms: performance.now() - start,
      cpuMs: 0,
      played: 0,
      outcome: null,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  } finally {
    run.stop();
  }
}

/**
 * Hands what a part of the run made to the run, which keeps it reachable to its end. When runBench was one function
 * every part's objects were its locals and lived as long as it did (the streams, the persisted table and its JSON, the
 * parsed log, the replayed table, …): the figures measured after them were measured with them in the heap, and
 * keeping them there keeps those figures comparable with the runs before.
 */
export type Keep = (...made: unknown[]) => void;
