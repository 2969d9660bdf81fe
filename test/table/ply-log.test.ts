import { describe, expect, it } from 'vitest';
import {
  append,
  at,
  CHUNK,
  type ChunkListLog,
  type ChunkNode,
  emptyLog,
  entries,
  fromArray,
  fromChunkList,
  isChunkList,
  last,
  PAGE,
  type PlyLog,
  size,
  toArray,
} from '../../src/log/plyLog.js';

/** A log of 0..count-1 built one append at a time, as a table builds it. */
function appended(count: number): PlyLog<number> {
  let log = emptyLog<number>();
  for (let i = 0; i < count; i++) log = append(log, i);
  return log;
}

/** How many objects and arrays deep `value` goes (iteratively: the point is to measure deep values safely). */
function depth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, d);
    for (const inner of Object.values(v)) stack.push([inner, d + 1]);
  }
  return deepest;
}

/** The ply log as snapshots before pages wrote it: chunks of CHUNK in a linked list, newest first, then a tail. */
function chunkListOf<T>(items: readonly T[]): ChunkListLog<T> {
  const full = items.length === 0 ? 0 : Math.floor((items.length - 1) / CHUNK);
  let chunks: ChunkNode<T> | null = null;
  for (let c = 0; c < full; c++) chunks = { items: items.slice(c * CHUNK, (c + 1) * CHUNK), older: chunks };
  return { size: items.length, chunks, tail: items.slice(full * CHUNK) };
}

describe('the ply log', () => {
  it('keeps entries in the order they were appended, across chunk and page boundaries', () => {
    const count = CHUNK * PAGE * 2 + CHUNK * 3 + 5;
    const log = appended(count);
    expect(size(log)).toBe(count);
    const all = toArray(log);
    expect(all).toHaveLength(count);
    expect(all.every((entry, i) => entry === i)).toBe(true);
    for (const i of [0, CHUNK - 1, CHUNK, CHUNK * PAGE - 1, CHUNK * PAGE, CHUNK * PAGE * 2 + 7, count - 1])
      expect(at(log, i)).toBe(i);
    expect(last(log)).toBe(count - 1);
    expect(at(log, count)).toBeUndefined();
    expect(at(log, -1)).toBeUndefined();
    expect(at(log, 1.5)).toBeUndefined();
    expect(last(emptyLog())).toBeUndefined();
  });

  it('reads any stretch with entries, across chunk and page boundaries', () => {
    const count = CHUNK * PAGE + CHUNK * 2 + 9;
    const log = appended(count);
    const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
    for (const [from, to] of [
      [0, count],
      [CHUNK - 3, CHUNK + 3],
      [CHUNK * PAGE - 2, CHUNK * PAGE + CHUNK + 1],
      [count - 4, count + 10],
      [5, 5],
      [-3, 2],
    ] as const)
      expect([...entries(log, from, to)]).toEqual(range(Math.max(0, from), Math.min(count, to)));
  });

  it('builds the same log from an array as one append at a time', () => {
    for (const count of [0, 1, CHUNK, CHUNK + 1, CHUNK * PAGE, CHUNK * PAGE + 1, CHUNK * PAGE * 3 + CHUNK * 5 + 2]) {
      const items = Array.from({ length: count }, (_, i) => i);
      expect(fromArray(items), `${count} entries`).toEqual(appended(count));
    }
  });

  it('leaves an older version untouched when a newer one is appended to', () => {
    const before = fromArray(['a', 'b']);
    const after = append(before, 'c');
    expect(toArray(before)).toEqual(['a', 'b']);
    expect(toArray(after)).toEqual(['a', 'b', 'c']);
  });

  it('shares the history with the previous version instead of copying it', () => {
    const log = appended(CHUNK * 4);
    const next = append(log, 999);
    // the old log's full tail became a chunk, frozen; every older chunk is the very same object
    expect(next.chunks.at(-1)).toBe(log.tail);
    expect(Object.isFrozen(log.tail)).toBe(true);
    log.chunks.forEach((chunk, i) => {
      expect(next.chunks[i]).toBe(chunk);
    });
    expect(next.tail).toEqual([999]);
    const again = append(next, 1000);
    expect(again.chunks).toBe(next.chunks);
    expect(again.pages).toBe(next.pages);
  });

  it('shares every page when a page fills, and every full chunk between two forks', () => {
    const full = appended(CHUNK * PAGE);
    const paged = append(full, -1);
    expect(paged.pages).toHaveLength(1);
    expect(paged.chunks).toHaveLength(0);
    full.chunks.forEach((chunk, i) => {
      expect(paged.pages[0]?.[i]).toBe(chunk);
    });
    expect(paged.pages[0]?.[PAGE - 1]).toBe(full.tail);
    // two forks of the same log share everything written before they parted
    const fork = appended(CHUNK * PAGE * 2 + 10);
    const left = append(fork, 1);
    const right = append(fork, 2);
    expect(left.pages).toBe(right.pages);
    expect(left.chunks).toBe(right.chunks);
    expect(at(left, size(fork))).toBe(1);
    expect(at(right, size(fork))).toBe(2);
  });

  it('stays a few levels deep however long it grows, so a recursive walk never nests per chunk', () => {
    const log = appended(CHUNK * PAGE * 5 + 3);
    const shallow = fromArray(
      Array.from({ length: CHUNK * PAGE * 3 + 7 }, (_, i) => ({ ply: i, move: { type: 'engine.pass' } })),
    );
    // the log object, its pages, a page, a chunk, an entry, the entry's move
    expect(depth(shallow)).toBe(6);
    expect(depth(log)).toBe(4);
    // JSON round trip (a persisted snapshot) keeps it whole
    expect(JSON.parse(JSON.stringify(shallow))).toEqual(shallow);
  });
});

describe('the ply log of snapshots written before pages', () => {
  it('is told from the current shape', () => {
    expect(isChunkList(chunkListOf(['a']))).toBe(true);
    expect(isChunkList(chunkListOf(Array.from({ length: 200 }, (_, i) => i)))).toBe(true);
    expect(isChunkList(fromArray(['a']))).toBe(false);
    expect(isChunkList(emptyLog())).toBe(false);
    expect(isChunkList({ size: 1, tail: ['a'] })).toBe(false);
    expect(isChunkList(null)).toBe(false);
  });

  it('reads into the current shape with its entries in order, at any length', () => {
    for (const count of [0, 1, CHUNK, CHUNK + 1, CHUNK * PAGE + 3]) {
      const items = Array.from({ length: count }, (_, i) => `ply ${i}`);
      expect(fromChunkList(chunkListOf(items)), `${count} entries`).toEqual(fromArray(items));
    }
    // a million plies is 15,624 chunks deep as a list: read in a loop, not recursively
    const million = Array.from({ length: 1_000_000 }, (_, i) => i);
    const converted = fromChunkList(chunkListOf(million));
    expect(size(converted)).toBe(1_000_000);
    expect(at(converted, 654_321)).toBe(654_321);
    expect(last(converted)).toBe(999_999);
  });
});
