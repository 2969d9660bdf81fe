/**
 * The ply log: an append-only, persistent sequence. Appending costs O(1) and
 * shares everything already written with the previous version, so each
 * snapshot of a table keeps its own log without copying the history.
 *
 * Shape: full chunks of `CHUNK` entries in a linked list (newest first) and a
 * short tail array. An append copies the tail only (at most `CHUNK` entries),
 * never the history; when the tail is full it becomes a chunk. The log is plain
 * JSON, so a persisted snapshot carries it as it is.
 */

/** Entries per full chunk. */
export const CHUNK = 64;

interface ChunkNode<T> {
  readonly items: readonly T[];
  readonly older: ChunkNode<T> | null;
}

/** A persistent log. Treat it as opaque and use the functions of this module. */
export interface PlyLog<T> {
  readonly size: number;
  readonly chunks: ChunkNode<T> | null;
  readonly tail: readonly T[];
}

/**
 * The empty log.
 *
 * @example
 * size(emptyLog()) // 0
 */
export function emptyLog<T>(): PlyLog<T> {
  return { size: 0, chunks: null, tail: [] };
}

/**
 * A new log with `entry` at the end; `log` itself is unchanged.
 *
 * @example
 * const one = append(emptyLog<string>(), 'pass')
 * toArray(append(one, 'cast Coffee')) // ['pass', 'cast Coffee']
 */
export function append<T>(log: PlyLog<T>, entry: T): PlyLog<T> {
  if (log.tail.length < CHUNK) {
    return { size: log.size + 1, chunks: log.chunks, tail: [...log.tail, entry] };
  }
  return { size: log.size + 1, chunks: { items: log.tail, older: log.chunks }, tail: [entry] };
}

/**
 * How many entries the log holds.
 *
 * @example
 * size(append(emptyLog(), 1)) // 1
 */
export function size<T>(log: PlyLog<T>): number {
  return log.size;
}

/**
 * The last entry, or undefined for an empty log. O(1).
 *
 * @example
 * last(append(emptyLog(), 'x')) // 'x'
 */
export function last<T>(log: PlyLog<T>): T | undefined {
  if (log.tail.length > 0) return log.tail[log.tail.length - 1];
  return log.chunks?.items[log.chunks.items.length - 1];
}

/**
 * The entry at `index` (from 0), or undefined when out of range. Costs at most
 * one step per chunk after it.
 *
 * @example
 * at(append(append(emptyLog(), 'a'), 'b'), 0) // 'a'
 */
export function at<T>(log: PlyLog<T>, index: number): T | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= log.size) return undefined;
  const tailStart = log.size - log.tail.length;
  if (index >= tailStart) return log.tail[index - tailStart];
  let chunkStart = tailStart;
  for (let node = log.chunks; node !== null; node = node.older) {
    chunkStart -= node.items.length;
    if (index >= chunkStart) return node.items[index - chunkStart];
  }
  return undefined;
}

/**
 * All entries in order, as a new array. O(n): for export, not for the move path.
 *
 * @example
 * toArray(append(append(emptyLog(), 'a'), 'b')) // ['a', 'b']
 */
export function toArray<T>(log: PlyLog<T>): T[] {
  const chunks: (readonly T[])[] = [];
  for (let node = log.chunks; node !== null; node = node.older) chunks.push(node.items);
  const out: T[] = new Array(log.size);
  let i = 0;
  for (let c = chunks.length - 1; c >= 0; c--) for (const item of chunks[c] as readonly T[]) out[i++] = item;
  for (const item of log.tail) out[i++] = item;
  return out;
}

/**
 * A log of the given entries, in order.
 *
 * @example
 * size(fromArray(['a', 'b', 'c'])) // 3
 */
export function fromArray<T>(entries: readonly T[]): PlyLog<T> {
  let log = emptyLog<T>();
  for (const entry of entries) log = append(log, entry);
  return log;
}

/**
 * The entries from `from` (default 0) up to `to` (default all), in order, one
 * at a time: no copy of the log. Each entry is found once, by walking the
 * chunks once before the first is handed out.
 *
 * @example
 * [...entries(fromArray(['a', 'b', 'c']), 1)] // ['b', 'c']
 */
export function* entries<T>(log: PlyLog<T>, from = 0, to = log.size): Generator<T> {
  const end = Math.min(to, log.size);
  const start = Math.max(0, from);
  if (start >= end) return;
  const chunks: (readonly T[])[] = [];
  for (let node = log.chunks; node !== null; node = node.older) chunks.push(node.items);
  let offset = 0;
  for (let c = chunks.length - 1; c >= 0 && offset < end; c--) {
    const items = chunks[c] as readonly T[];
    for (let i = Math.max(0, start - offset); i < items.length && offset + i < end; i++) yield items[i] as T;
    offset += items.length;
  }
  for (let i = Math.max(0, start - offset); i < log.tail.length && offset + i < end; i++) yield log.tail[i] as T;
}
