/**
 * Throughput, the engine benchmark's first measure: every stream made once before any clock starts, played once by
 * every contestant untimed (the JIT's warm-up), then timed at every size, the contestants taking turns run by run in an
 * order that rotates. One cell for each stream, size and contestant, its final state checked against the plain
 * reducer's.
 */

import { isDeepStrictEqual } from 'node:util';
import { type BenchConfig, type Say, STREAMS, type StreamKit, type StreamSpec, streamKit } from './config.js';
import { type AnyOutcome, type BenchEvent, CONTESTANTS, type Contestant, type ContestantId } from './contestants.js';
import { best, type OneRun, runOnce } from './measure.js';
import type { ThroughputCell } from './results.js';

/** A stream made once at the largest size, with the plain reducer's outcome at every size: the yardstick. */
export interface MadeStream {
  readonly spec: StreamSpec;
  readonly kit: StreamKit;
  readonly stream: BenchEvent[];
  readonly reference: ReadonlyMap<number, AnyOutcome>;
}

/** The streams, by id, and their prefixes: each prefix sliced once, then kept. */
export interface StreamSet {
  readonly streams: ReadonlyMap<string, MadeStream>;
  prefix(id: string, n: number): BenchEvent[];
}

/** Every stream of STREAMS at the largest of `sizes` (ascending), and the reducer's outcome of each prefix. */
export function makeStreams(sizes: readonly number[]): StreamSet {
  const streams = new Map<string, MadeStream>();
  for (const spec of STREAMS) {
    const kit = streamKit(spec);
    const stream = kit.make(sizes[sizes.length - 1] as number);
    const reference = new Map(sizes.map((n) => [n, kit.reference(stream.slice(0, n))]));
    streams.set(spec.id, { spec, kit, stream, reference });
  }
  const prefixes = new Map<string, BenchEvent[]>();
  const prefix = (id: string, n: number): BenchEvent[] => {
    const key = `${id}:${n}`;
    let p = prefixes.get(key);
    if (p === undefined) {
      p = (streams.get(id)?.stream ?? []).slice(0, n);
      prefixes.set(key, p);
    }
    return p;
  };
  return { streams, prefix };
}

/** Every contestant plays each stream once, untimed, so that the first timed run is not the JIT's. */
export function warmUp(set: StreamSet, config: BenchConfig, say: Say): void {
  if (config.warmupPlies > 0) {
    say(`warm-up: ${config.warmupPlies} plies per stream and contestant`);
    for (const { spec, kit, stream } of set.streams.values()) {
      for (const contestant of kit.contestants) {
        const n = contestant.id === 'boardgameio' ? Math.min(2_000, config.warmupPlies) : config.warmupPlies;
        runOnce(contestant, spec.seats, stream.slice(0, n));
      }
    }
  }
}

/** For each stream and size, the contestants take turns run by run: a cell each, in the order of STREAMS, sizes and CONTESTANTS. */
export function measureThroughput(
  set: StreamSet,
  sizes: readonly number[],
  config: BenchConfig,
  say: Say,
): ThroughputCell[] {
  const throughput: ThroughputCell[] = [];
  for (const made of set.streams.values()) {
    const { spec, kit } = made;
    const bgioHistory: { plies: number; ms: number }[] = [];
    for (const plies of sizes) {
      const stream = set.prefix(spec.id, plies);
      const skipped = new Map<ContestantId, string>(Object.entries(kit.absent) as [ContestantId, string][]);
      const notProjected = bgioProjection(bgioHistory, plies, config.bgioBudgetMs);
      if (notProjected !== null) skipped.set('boardgameio', notProjected);
      const rounds = Math.max(...CONTESTANTS.map((c) => config.repeats(plies, c.id)));
      say(`${spec.label}: ${plies} plies × ${rounds} run(s)`);
      const runs = playRounds(kit, spec, stream, plies, rounds, skipped, config);
      for (const contestant of CONTESTANTS) {
        const cell = cellOf(made, plies, contestant.id, runs.get(contestant.id) ?? [], skipped, config);
        if (contestant.id === 'boardgameio' && cell.ms !== null && cell.played === plies)
          bgioHistory.push({ plies, ms: cell.ms });
        throughput.push(cell);
      }
    }
  }
  return throughput;
}

/**
 * Why boardgame.io does not play `plies` (null: it does): it plays only where it is projected to finish within the
 * budget. Its cost per move grows with the game's length (time ∝ plies² or worse, measured), so the projection never
 * assumes less than quadratic.
 */
function bgioProjection(history: readonly { plies: number; ms: number }[], plies: number, budgetMs: number) {
  const last = history[history.length - 1];
  const before = history[history.length - 2];
  if (last === undefined) return null;
  const exponent =
    before === undefined ? 2 : Math.max(2, Math.log(last.ms / before.ms) / Math.log(last.plies / before.plies));
  const projected = last.ms * (plies / last.plies) ** exponent;
  return projected > budgetMs
    ? `not run: projected ${(projected / 1000).toFixed(0)} s (time ∝ plies^${exponent.toFixed(2)}) > ${budgetMs / 1000} s`
    : null;
}

/** The timed runs of one stream at one size, by contestant; a contestant that throws is skipped from then on. */
function playRounds(
  kit: StreamKit,
  spec: StreamSpec,
  stream: readonly BenchEvent[],
  plies: number,
  rounds: number,
  skipped: Map<ContestantId, string>,
  config: BenchConfig,
): Map<ContestantId, OneRun[]> {
  const runs = new Map<ContestantId, OneRun[]>();
  const player = (id: ContestantId) => kit.contestants.find((c) => c.id === id);
  for (let round = 0; round < rounds; round++) {
    // The order rotates from round to round: a run's place after another leaves a measurable bias (up to ~20%).
    const order = CONTESTANTS.map((_, i) => CONTESTANTS[(i + round) % CONTESTANTS.length] as Contestant);
    for (const contestant of order) {
      if (
        skipped.has(contestant.id) ||
        player(contestant.id) === undefined ||
        round >= config.repeats(plies, contestant.id)
      )
        continue;
      const budget = contestant.id === 'boardgameio' ? config.bgioBudgetMs : Infinity;
      const one = runOnce(player(contestant.id) as Contestant, spec.seats, stream, budget);
      const list = runs.get(contestant.id) ?? [];
      list.push(one);
      runs.set(contestant.id, list);
      if (one.error !== null) skipped.set(contestant.id, one.error);
    }
  }
  return runs;
}

/** One contestant's cell from its runs: failed, skipped, or the best run (partial when the budget stopped it). */
function cellOf(
  made: MadeStream,
  plies: number,
  contestant: ContestantId,
  list: readonly OneRun[],
  skipped: ReadonlyMap<ContestantId, string>,
  config: BenchConfig,
): ThroughputCell {
  const cell = (rest: Omit<ThroughputCell, 'stream' | 'plies' | 'contestant'>): ThroughputCell => ({
    stream: made.spec.id,
    plies,
    contestant,
    ...rest,
  });
  const failed = list.find((r) => r.error !== null);
  if (failed !== undefined) {
    return cell({
      status: 'failed',
      note: failed.error as string,
      runsMs: [],
      ms: null,
      cpuMs: null,
      played: 0,
      eventsPerSecond: null,
      matchesReference: false,
      outcome: null,
    });
  }
  if (list.length === 0) {
    return cell({
      status: 'skipped',
      note: skipped.get(contestant) ?? 'not run',
      runsMs: [],
      ms: null,
      cpuMs: null,
      played: 0,
      eventsPerSecond: null,
      matchesReference: null,
      outcome: null,
    });
  }
  const ms = best(list.map((r) => r.ms));
  const middle = list.find((r) => r.ms === ms) as OneRun;
  const whole = middle.played === plies;
  const matches = whole ? isDeepStrictEqual(middle.outcome, made.reference.get(plies)) : null;
  return cell({
    status: !whole ? 'partial' : matches ? 'ok' : 'failed',
    ...(!whole
      ? { note: `stopped at the ${config.bgioBudgetMs / 1000} s budget after ${middle.played} plies` }
      : matches
        ? {}
        : { note: 'final state differs from the reducer' }),
    runsMs: list.map((r) => r.ms),
    ms,
    cpuMs: best(list.map((r) => r.cpuMs)),
    played: middle.played,
    eventsPerSecond: middle.ms > 0 ? (middle.played / middle.ms) * 1000 : null,
    matchesReference: matches,
    outcome: middle.outcome,
  });
}
