/**
 * Snapshots written before the ply log had pages hold it as a linked list of
 * chunks (newest first) beside a tail. They still restore: the old log is
 * read into the current shape, and the table goes on exactly as the one that
 * wrote the snapshot. The old-shaped snapshot is built here from a live one,
 * the way the old log laid its chunks out.
 */

import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable, InvalidTable, restoreTable, type Table } from '../../src/index.js';
import { CHUNK, type ChunkListLog, type ChunkNode, fromArray, PAGE, toArray } from '../../src/log/plyLog.js';

/** The ply log as snapshots before pages wrote it: chunks of CHUNK in a linked list, newest first, then a tail. */
function chunkListOf<T>(items: readonly T[]): ChunkListLog<T> {
  const full = items.length === 0 ? 0 : Math.floor((items.length - 1) / CHUNK);
  let chunks: ChunkNode<T> | null = null;
  for (let c = 0; c < full; c++) chunks = { items: items.slice(c * CHUNK, (c + 1) * CHUNK), older: chunks };
  return { size: items.length, chunks, tail: items.slice(full * CHUNK) };
}

/** A persisted snapshot of `table` as JSON text would bring it back, its ply log in the shape before pages. */
function oldSnapshotOf(table: Table): { context: { plies: unknown } } {
  const persisted = JSON.parse(JSON.stringify(table.persist())) as { context: { plies: unknown } };
  persisted.context.plies = chunkListOf(toArray(table.context.plies));
  return persisted;
}

/** A mundane table of two after `count` seatless passes (the priority holder passes each time). */
function passedTable(count: number): Table {
  const table = createTable(mundane, { table: 'table:old', seats: ['seat:ann', 'seat:bob'], seed: 3 });
  for (let i = 0; i < count; i++) table.play({ type: 'engine.pass' });
  return table;
}

describe('a snapshot whose ply log is a linked list of chunks (written before pages)', () => {
  it.each([0, 5, CHUNK * 3 + 1, CHUNK * PAGE + 70])(
    'restores after %i moves to the table that wrote it, and plays on the same',
    (count) => {
      const live = passedTable(count);
      const old = oldSnapshotOf(live);
      const text = JSON.stringify(old);
      const restored = restoreTable(mundane, old);
      // the caller's snapshot is left as it was
      expect(JSON.stringify(old)).toBe(text);
      expect(restored.context).toEqual(live.context);
      expect(restored.actor.getSnapshot().value).toEqual(live.actor.getSnapshot().value);
      expect(restored.plies).toEqual(live.plies);
      for (let i = 0; i < 10; i++) {
        const move = { type: 'engine.pass' } as const;
        expect(restored.play(move)).toEqual(live.play(move));
      }
      expect(restored.context).toEqual(live.context);
      expect(restored.at(count).state).toEqual(live.at(count).state);
      // persisted again, it is in the current shape
      expect(restored.persist()).toEqual(live.persist());
      live.stop();
      restored.stop();
    },
  );

  it('is refused as INVALID_SNAPSHOT when its chunks do not hold what its size says', () => {
    const live = passedTable(CHUNK * 2 + 3);
    const old = oldSnapshotOf(live) as { context: { plies: { size: number } } };
    old.context.plies.size += 1;
    expect(() => restoreTable(mundane, old)).toThrow(InvalidTable);
    expect(() => restoreTable(mundane, old)).toThrow(
      expect.objectContaining({ code: 'INVALID_SNAPSHOT', path: 'context.plies' }),
    );
    live.stop();
  });
});

describe('a snapshot whose ply log has pages', () => {
  it.each([
    ['a chunk one ply short', (p: { chunks: unknown[][] }) => p.chunks[0]?.pop()],
    ['a tail longer than a chunk', (p: { tail: unknown[] }) => p.tail.push(...Array(CHUNK).fill(p.tail[0]))],
    ['pages that are not an array', (p: { pages: unknown }) => (p.pages = {})],
  ] as const)('is refused as INVALID_SNAPSHOT with %s', (_, damage) => {
    const live = passedTable(CHUNK * 2 + 3);
    const persisted = JSON.parse(JSON.stringify(live.persist()));
    (damage as (p: unknown) => void)(persisted.context.plies);
    let problem: unknown = null;
    try {
      restoreTable(mundane, persisted).stop();
    } catch (error) {
      problem = { code: (error as InvalidTable).code, path: (error as InvalidTable).path };
    }
    expect(problem).toMatchObject({ code: 'INVALID_SNAPSHOT', path: 'context.plies' });
    live.stop();
  });
});

describe('a snapshot of a million plies', () => {
  /** A persisted snapshot whose log holds a million plies: the table's own last ply, over and over (shape, not play). */
  function millionPlySnapshot(shape: 'pages' | 'chunk list'): { context: { plies: unknown } } {
    const live = passedTable(3);
    const persisted = JSON.parse(JSON.stringify(live.persist())) as { context: { plies: unknown } };
    live.stop();
    const plies = Array(1_000_000).fill(toArray(live.context.plies).at(-1));
    persisted.context.plies = shape === 'pages' ? fromArray(plies) : chunkListOf(plies);
    return persisted;
  }

  // The log as a linked list was 15,624 chunks deep here: XState revives a snapshot's context recursively, and its
  // restore overflowed the stack past about 500,000 plies. Pages keep the log three arrays deep.
  it.each(['pages', 'chunk list'] as const)('restores with its log in %s', (shape) => {
    const restored = restoreTable(mundane, millionPlySnapshot(shape));
    expect(restored.context.plies.size).toBe(1_000_000);
    expect(restored.context.plies.pages.length).toBe(Math.floor((1_000_000 - 1) / (CHUNK * PAGE)));
    restored.stop();
  });
});
