/**
 * What the throughput cells say side by side, worked out from them without running anything: plystack's rate over
 * each other contestant's on the same stream and size, and each contestant's scaling, time(large) / time(small).
 */

import { type BenchConfig, STREAMS } from './config.js';
import { CONTESTANTS, type ContestantId } from './contestants.js';
import type { RatioCell, ScalingCell, ThroughputCell } from './results.js';
import { TARGETS } from './targets.js';

const cellOf = (throughput: readonly ThroughputCell[], stream: string, plies: number, contestant: ContestantId) =>
  throughput.find((c) => c.stream === stream && c.plies === plies && c.contestant === contestant);
const usable = (c: ThroughputCell | undefined) =>
  c !== undefined && c.status === 'ok' && c.eventsPerSecond !== null ? c.eventsPerSecond : null;
const usableCpu = (c: ThroughputCell | undefined) =>
  c !== undefined && c.status === 'ok' && c.cpuMs !== null && c.cpuMs > 0 ? c.played / c.cpuMs : null;

/** plystack's events/s over each other contestant's, same stream and size (and the same on CPU time). */
export function ratiosOf(
  throughput: readonly ThroughputCell[],
  sizes: readonly number[],
  config: BenchConfig,
): RatioCell[] {
  const ratios: RatioCell[] = [];
  for (const spec of STREAMS) {
    for (const plies of sizes) {
      const mine = usable(cellOf(throughput, spec.id, plies, 'plystack'));
      const mineCpu = usableCpu(cellOf(throughput, spec.id, plies, 'plystack'));
      for (const versus of ['xstate-flat', 'xstate-shaped', 'reducer', 'boardgameio'] as const) {
        const theirs = usable(cellOf(throughput, spec.id, plies, versus));
        const theirsCpu = usableCpu(cellOf(throughput, spec.id, plies, versus));
        const value = mine !== null && theirs !== null ? mine / theirs : null;
        const cpuValue = mineCpu !== null && theirsCpu !== null ? mineCpu / theirsCpu : null;
        const target =
          versus === 'xstate-flat'
            ? TARGETS.xstate
            : versus === 'xstate-shaped'
              ? TARGETS.shaped
              : versus === 'boardgameio' && plies === config.bgioTargetPlies
                ? TARGETS.bgio
                : null;
        ratios.push({
          stream: spec.id,
          plies,
          versus,
          value,
          cpuValue,
          target: target?.text ?? null,
          met: target === null || value === null ? null : target.met(value),
        });
      }
    }
  }
  return ratios;
}

/** time(large) / time(small), `config.scaling`'s two sizes, for every contestant that played both. */
export function scalingOf(throughput: readonly ThroughputCell[], config: BenchConfig): ScalingCell[] {
  const scaling: ScalingCell[] = [];
  const [small, large] = config.scaling;
  for (const spec of STREAMS) {
    for (const contestant of CONTESTANTS) {
      const a = cellOf(throughput, spec.id, small, contestant.id);
      const b = cellOf(throughput, spec.id, large, contestant.id);
      const both = a?.status === 'ok' && b?.status === 'ok';
      const value = both && a.ms !== null && b.ms !== null ? b.ms / a.ms : null;
      const cpuValue = both && a.cpuMs !== null && b.cpuMs !== null && a.cpuMs > 0 ? b.cpuMs / a.cpuMs : null;
      const target = contestant.id === 'plystack' ? TARGETS.scaling : null;
      // Judged on CPU time: a growth figure from one 100k run, and on this shared machine other processes can take the
      // CPU for seconds at a time, which only the wall clock counts.
      const judged = cpuValue ?? value;
      scaling.push({
        stream: spec.id,
        contestant: contestant.id,
        small,
        large,
        value,
        cpuValue,
        target: target?.text ?? null,
        met: target === null || judged === null ? null : target.met(judged),
      });
    }
  }
  return scaling;
}
