/**
 * Bytes per idle table: `idleTables` tables of real mundane (2 seats, default deck) open at once, and as many idle
 * bare XState actors of each shape beside them, the heap measured around them (null without --expose-gc).
 */

import { createActor } from 'xstate';
import { mundane } from '../src/games/index.js';
import { createTable, type Table } from '../src/index.js';
import type { BenchConfig, Say } from './config.js';
import { flatMachine, shapedMachine } from './contestants.js';
import { collect, gc, heap } from './measure.js';
import type { Figure } from './results.js';
import { SEATS_2 } from './streams.js';
import { TARGETS } from './targets.js';
import { bytes } from './units.js';

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

/** The figures `idle-table`, `idle-xstate-flat` and `idle-xstate-shaped`, measured in that order. */
export function idleFigures(config: BenchConfig, say: Say): Figure[] {
  const figures: Figure[] = [];
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
  return figures;
}
