import { describe, expect, it } from 'vitest';
import { append, at, CHUNK, emptyLog, fromArray, last, size, toArray } from '../src/log/plyLog.js';

describe('the ply log', () => {
  it('keeps entries in the order they were appended, across chunk boundaries', () => {
    const entries = Array.from({ length: CHUNK * 3 + 5 }, (_, i) => `ply ${i}`);
    const log = fromArray(entries);
    expect(size(log)).toBe(entries.length);
    expect(toArray(log)).toEqual(entries);
    expect(at(log, 0)).toBe('ply 0');
    expect(at(log, CHUNK)).toBe(`ply ${CHUNK}`);
    expect(at(log, entries.length - 1)).toBe(last(log));
    expect(at(log, entries.length)).toBeUndefined();
    expect(at(log, -1)).toBeUndefined();
  });

  it('leaves an older version untouched when a newer one is appended to', () => {
    const before = fromArray(['a', 'b']);
    const after = append(before, 'c');
    expect(toArray(before)).toEqual(['a', 'b']);
    expect(toArray(after)).toEqual(['a', 'b', 'c']);
  });

  it('shares the history with the previous version instead of copying it', () => {
    let log = emptyLog<number>();
    for (let i = 0; i < CHUNK * 4; i++) log = append(log, i);
    const next = append(log, 999);
    // the old log's full tail became a chunk; every older chunk is the very same object
    expect(next.chunks?.items).toBe(log.tail);
    expect(next.chunks?.older).toBe(log.chunks);
    expect(next.tail).toEqual([999]);
    const again = append(next, 1000);
    expect(again.chunks).toBe(next.chunks);
  });
});
