/** What a run of the engine benchmark returns (written as bench/results.json): the cells, the figures and the verdicts. */

import type { StreamSpec } from './config.js';
import type { AnyOutcome, ContestantId } from './contestants.js';

export interface ThroughputCell {
  readonly stream: string;
  readonly plies: number;
  readonly contestant: ContestantId;
  /** ok: the whole stream, the reducer's final state; partial: stopped by the budget; skipped: not run; failed: threw or diverged. */
  readonly status: 'ok' | 'partial' | 'skipped' | 'failed';
  readonly note?: string;
  /** Every timed run, in ms of wall-clock time. */
  readonly runsMs: readonly number[];
  /** The best (fastest) run, wall clock: noise on a shared machine only ever adds time. */
  readonly ms: number | null;
  /** The least CPU time (user + system, all of the process's threads, GC included) of the runs: a second opinion that other processes do not inflate. */
  readonly cpuMs: number | null;
  /** Events sent in the best run. */
  readonly played: number;
  readonly eventsPerSecond: number | null;
  /** The run's final state equals the plain reducer's (null when not compared). */
  readonly matchesReference: boolean | null;
  readonly outcome: AnyOutcome | null;
}

export interface RatioCell {
  readonly stream: string;
  readonly plies: number;
  /** plystack's events/s over this contestant's. */
  readonly versus: ContestantId;
  readonly value: number | null;
  /** The same ratio on CPU time (events per CPU-second), for a second opinion on a noisy machine. */
  readonly cpuValue: number | null;
  readonly target: string | null;
  readonly met: boolean | null;
}

export interface ScalingCell {
  readonly stream: string;
  readonly contestant: ContestantId;
  readonly small: number;
  readonly large: number;
  /** time(large) / time(small); 10 is linear. */
  readonly value: number | null;
  /** The same on CPU time: the target is judged on this one when it is known (see BENCHMARKS.md). */
  readonly cpuValue: number | null;
  readonly target: string | null;
  readonly met: boolean | null;
}

/** A single figure (memory, persistence, replay, …). */
export interface Figure {
  readonly id: string;
  readonly label: string;
  readonly plies: number | null;
  /** The figure in its unit (bytes, ms, …); null when not available. */
  readonly value: number | null;
  readonly unit: 'bytes' | 'ms' | 'µs' | 'ratio' | null;
  /** How the table prints it. */
  readonly display: string;
  readonly target: string | null;
  readonly met: boolean | null;
  readonly detail?: Readonly<Record<string, unknown>>;
}

export interface TargetVerdict {
  readonly id: string;
  readonly label: string;
  readonly target: string;
  readonly measured: string;
  readonly met: boolean | null;
}

export interface Results {
  readonly machine: {
    readonly nproc: number;
    readonly cpus: number;
    readonly cpuModel: string;
    readonly node: string;
    readonly memoryGB: number;
    readonly exposeGc: boolean;
  };
  readonly startedAt: string;
  readonly seconds: number;
  readonly config: {
    readonly sizes: readonly number[];
    readonly streams: readonly StreamSpec[];
    readonly bgioBudgetMs: number;
    readonly idleTables: number;
    readonly heldPlies: number;
  };
  readonly contestants: readonly { readonly id: ContestantId; readonly label: string }[];
  readonly throughput: readonly ThroughputCell[];
  readonly ratios: readonly RatioCell[];
  readonly scaling: readonly ScalingCell[];
  readonly figures: readonly Figure[];
  readonly targets: readonly TargetVerdict[];
}
