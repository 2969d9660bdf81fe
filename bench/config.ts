/**
 * What the engine benchmark plays and how much: the scripted streams (their seats, their kind and what each kind
 * brings: how to make it, its reference outcome, who plays it) and the two configurations, FULL for `npm run bench`
 * and SMOKE for the smoke run inside `npm test`.
 */

import { type AnyOutcome, type BenchEvent, CONTESTANTS, type Contestant, type ContestantId } from './contestants.js';
import { makeStream, referenceOutcome, SEATS_2, SEATS_4 } from './streams.js';
import { CIRCULAR_CONTESTANTS, SIMULTANEOUS_CONTESTANTS } from './turnContestants.js';
import {
  circularReference,
  makeCircularStream,
  makeSimultaneousStream,
  simultaneousReference,
  type TurnEvent,
} from './turnStreams.js';

/**
 * A scripted stream: its seats, its kind and, for the priority streams, how often a cast comes. `priority`: mundane's
 * priority passing (bench/streams.ts); `circular` and `simultaneous`: turn progression on the sandbox (bench/turnStreams.ts).
 */
export interface StreamSpec {
  readonly id: string;
  readonly label: string;
  readonly seats: readonly string[];
  readonly kind: 'priority' | 'circular' | 'simultaneous';
  /** priority streams: a cast every `castEvery`th event. */
  readonly castEvery?: number;
}

export const STREAMS: readonly StreamSpec[] = [
  { id: 'mundane-2', label: '2 seats', seats: SEATS_2, kind: 'priority', castEvery: 7 },
  // With 4 seats a cast every 7th event never leaves 4 passes in a row with the stack empty: the phase never ends
  // (turn 1, WAKE_UP, for the whole stream). It still measures priority passing and the stack with 4 seats.
  { id: 'mundane-4', label: '4 seats', seats: SEATS_4, kind: 'priority', castEvery: 7 },
  // The same 4 seats with a cast every 11th event: phases end and turns go round, as in a real game.
  { id: 'mundane-4-turns', label: '4 seats, cast/11', seats: SEATS_4, kind: 'priority', castEvery: 11 },
  // Turn progression (issue 3) on the sandbox: a Circular table, each turn a card and engine.end-turn, every 5th card a
  // reverse and every 7th a skip; and Simultaneous rounds, every seat a play and its own end-turn in scripted orders.
  { id: 'circular-4', label: 'circular, reversals', seats: SEATS_4, kind: 'circular' },
  { id: 'simultaneous-4', label: 'simultaneous round', seats: SEATS_4, kind: 'simultaneous' },
];

/** What a stream's kind brings: how to make it, its reference outcome, who plays it and why anyone does not. */
export interface StreamKit {
  make(plies: number): BenchEvent[];
  reference(stream: readonly BenchEvent[]): AnyOutcome;
  readonly contestants: readonly Contestant[];
  /** Contestants of the table that do not play this stream, and why (printed `n/a`). */
  readonly absent: Partial<Record<ContestantId, string>>;
}

const NO_SHAPED =
  'n/a: no table-shaped bare actor for turn progression (a minimal one would be a copy of the table chart)';

export function streamKit(spec: StreamSpec): StreamKit {
  switch (spec.kind) {
    case 'priority':
      return {
        make: (n) => makeStream(spec.seats, n, spec.castEvery),
        reference: (stream) =>
          referenceOutcome(spec.seats, stream as readonly Parameters<typeof referenceOutcome>[1][number][]),
        contestants: CONTESTANTS,
        absent: {},
      };
    case 'circular':
      return {
        make: (n) => makeCircularStream(spec.seats, n),
        reference: (stream) => circularReference(spec.seats, stream as readonly TurnEvent[]),
        contestants: CIRCULAR_CONTESTANTS,
        absent: { 'xstate-shaped': NO_SHAPED },
      };
    case 'simultaneous':
      return {
        make: (n) => makeSimultaneousStream(spec.seats, n),
        reference: (stream) => simultaneousReference(spec.seats, stream as readonly TurnEvent[]),
        contestants: SIMULTANEOUS_CONTESTANTS,
        absent: { 'xstate-shaped': NO_SHAPED },
      };
  }
}

/** A progress line (stderr in `npm run bench`). */
export type Say = (line: string) => void;

export interface BenchConfig {
  /** Stream lengths, in plies, ascending. */
  readonly sizes: readonly number[];
  /** Runs per (stream, size, contestant); the best (fastest) counts. */
  readonly repeats: (plies: number, contestant: ContestantId) => number;
  /** The scaling figure: time(large) / time(small). Both must be in `sizes`. */
  readonly scaling: readonly [small: number, large: number];
  /** boardgame.io plays a size only if it is projected to finish within this, and is stopped at it. */
  readonly bgioBudgetMs: number;
  /** The size whose ratio to boardgame.io has a target (issue 7: 20k). */
  readonly bgioTargetPlies: number;
  /** Plies each contestant plays once, untimed, before anything is measured (JIT warm-up). */
  readonly warmupPlies: number;
  /** Tables open at once for the bytes-per-idle-table figure. */
  readonly idleTables: number;
  /** Plies of the table kept for bytes per ply, persist + restore, replay and at(n). */
  readonly heldPlies: number;
  /** Plies of the pure-mundane check (pure mundane runs out of cards near 1,800 with 2 seats). */
  readonly pureCheckPlies: number;
  /** Calls of `at(n)` timed, when the table has it. */
  readonly atSamples: number;
  /** Whether to time the model-path generation. */
  readonly modelPaths: boolean;
  /** Progress lines (stderr in `npm run bench`). */
  readonly progress?: Say;
}

/** `npm run bench`. */
export const FULL: BenchConfig = {
  sizes: [2_000, 10_000, 20_000, 100_000],
  repeats: (plies, contestant) =>
    contestant === 'boardgameio' ? (plies <= 2_000 ? 3 : 1) : plies <= 2_000 ? 7 : plies <= 20_000 ? 3 : 2,
  scaling: [10_000, 100_000],
  bgioBudgetMs: 60_000,
  bgioTargetPlies: 20_000,
  warmupPlies: 20_000,
  idleTables: 10_000,
  heldPlies: 100_000,
  pureCheckPlies: 1_500,
  atSamples: 1_000,
  modelPaths: true,
};

/** The smoke run inside `npm test`: a few hundred plies, every code path, no timing asserted. */
export const SMOKE: BenchConfig = {
  sizes: [30, 300],
  repeats: () => 1,
  scaling: [30, 300],
  bgioBudgetMs: 60_000,
  bgioTargetPlies: 300,
  warmupPlies: 0,
  idleTables: 20,
  heldPlies: 300,
  pureCheckPlies: 300,
  atSamples: 20,
  modelPaths: true,
};
