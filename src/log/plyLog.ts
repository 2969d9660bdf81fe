/**
 * The ply log: an append-only, persistent sequence. Appending costs O(1)
 * amortised and shares everything already written with the previous version,
 * so each snapshot of a table keeps its own log without copying the history.
 *
 * Shape: a shallow two-level trie. Entries fill a short `tail` array; a full
 * tail (`CHUNK` entries) becomes a frozen chunk in `chunks`, the chunks of the
 * page being filled; a full page (`PAGE` chunks) becomes a frozen page in
 * `pages`. An append copies the tail (at most `CHUNK` entries), once every
 * `CHUNK` appends the unfinished page (at most `PAGE` pointers), and once every
 * `CHUNK * PAGE` appends the list of pages (one pointer per 4,096 entries: 245
 * pointers at a million plies), never the entries of the history.
 *
 * The log is plain JSON and only three arrays deep at any size
 * (`pages[p][c][i]`), so a persisted snapshot carries it as it is, and
 * anything that walks it recursively (XState's restore, a JSON walk) goes a
 * few levels deep, never one level per chunk. Snapshots written before this
 * shape hold a linked list of chunks instead: `isChunkList` tells it and
 * `fromChunkList` reads it into this shape.
 */

/** Entries per full chunk. */
export const CHUNK = 64;

/** Chunks per full page: a page holds `CHUNK * PAGE` entries. */
export const PAGE = 64;

const PAGE_ENTRIES = CHUNK * PAGE;

/** A persistent log. Treat it as opaque and use the functions of this module. */
export interface PlyLog<T> {
  readonly size: number;
  /** Full pages, oldest first: each `PAGE` full chunks. */
  readonly pages: readonly (readonly (readonly T[])[])[];
  /** The full chunks of the page being filled, oldest first: fewer than `PAGE`. */
  readonly chunks: readonly (readonly T[])[];
  /** The newest entries: at most `CHUNK`. */
  readonly tail: readonly T[];
}

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * The empty log.
 *
 * @example
 * size(emptyLog()) // 0
 */
export function emptyLog<T>(): PlyLog<T> {
  return { size: 0, pages: EMPTY, chunks: EMPTY, tail: EMPTY };
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
    return { size: log.size + 1, pages: log.pages, chunks: log.chunks, tail: [...log.tail, entry] };
  }
  const chunks = [...log.chunks, Object.freeze(log.tail)];
  if (chunks.length < PAGE) return { size: log.size + 1, pages: log.pages, chunks, tail: [entry] };
  return { size: log.size + 1, pages: [...log.pages, Object.freeze(chunks)], chunks: EMPTY, tail: [entry] };
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
  return log.size === 0 ? undefined : at(log, log.size - 1);
}

/**
 * The entry at `index` (from 0), or undefined when out of range. O(1): two
 * array reads at most.
 *
 * @example
 * at(append(append(emptyLog(), 'a'), 'b'), 0) // 'a'
 */
export function at<T>(log: PlyLog<T>, index: number): T | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= log.size) return undefined;
  const tailStart = log.size - log.tail.length;
  if (index >= tailStart) return log.tail[index - tailStart];
  const page = Math.floor(index / PAGE_ENTRIES);
  const within = index - page * PAGE_ENTRIES;
  const chunks = page < log.pages.length ? log.pages[page] : log.chunks;
  return chunks?.[Math.floor(within / CHUNK)]?.[within % CHUNK];
}

/**
 * All entries in order, as a new array. O(n): for export, not for the move path.
 *
 * @example
 * toArray(append(append(emptyLog(), 'a'), 'b')) // ['a', 'b']
 */
export function toArray<T>(log: PlyLog<T>): T[] {
  const out: T[] = new Array(log.size);
  let i = 0;
  for (const item of entries(log)) out[i++] = item;
  return out;
}

/**
 * A log of the given entries, in order: the same shape appending them one by
 * one gives, built in one pass.
 *
 * @example
 * size(fromArray(['a', 'b', 'c'])) // 3
 */
export function fromArray<T>(entries: readonly T[]): PlyLog<T> {
  const full = entries.length === 0 ? 0 : Math.floor((entries.length - 1) / CHUNK);
  const pages: (readonly (readonly T[])[])[] = [];
  let chunks: (readonly T[])[] = [];
  for (let c = 0; c < full; c++) {
    chunks.push(Object.freeze(entries.slice(c * CHUNK, (c + 1) * CHUNK)));
    if (chunks.length === PAGE) {
      pages.push(Object.freeze(chunks));
      chunks = [];
    }
  }
  return {
    size: entries.length,
    pages: pages.length === 0 ? EMPTY : pages,
    chunks: chunks.length === 0 ? EMPTY : chunks,
    tail: entries.slice(full * CHUNK),
  };
}

/**
 * The entries from `from` (default 0) up to `to` (default all), in order, one
 * at a time: no copy of the log.
 *
 * @example
 * [...entries(fromArray(['a', 'b', 'c']), 1)] // ['b', 'c']
 */
export function* entries<T>(log: PlyLog<T>, from = 0, to = log.size): Generator<T> {
  const end = Math.min(to, log.size);
  let index = Math.max(0, from);
  const tailStart = log.size - log.tail.length;
  while (index < end && index < tailStart) {
    const page = Math.floor(index / PAGE_ENTRIES);
    const chunks = (page < log.pages.length ? log.pages[page] : log.chunks) as readonly (readonly T[])[];
    const within = index - page * PAGE_ENTRIES;
    const chunk = chunks[Math.floor(within / CHUNK)] as readonly T[];
    const stop = Math.min(end, index - (within % CHUNK) + CHUNK);
    for (let i = within % CHUNK; index < stop; i++, index++) yield chunk[i] as T;
  }
  for (; index < end; index++) yield log.tail[index - tailStart] as T;
}

// ---- the shape before: a linked list of chunks ------------------------------

/** A chunk of the linked list snapshots before the two-level shape hold, and the chunk written before it. */
export interface ChunkNode<T> {
  readonly items: readonly T[];
  readonly older: ChunkNode<T> | null;
}

/** The ply log as snapshots before the two-level shape hold it: full chunks in a linked list, newest first, and a tail. */
export interface ChunkListLog<T> {
  readonly size: number;
  readonly chunks: ChunkNode<T> | null;
  readonly tail: readonly T[];
}

/**
 * Whether `value` is a ply log of the shape before this one (its chunks a
 * linked list, no pages), as an old persisted snapshot holds it.
 *
 * @example
 * isChunkList({ size: 1, chunks: null, tail: ['a'] }) // true
 * isChunkList(fromArray(['a'])) // false
 */
export function isChunkList(value: unknown): value is ChunkListLog<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    !('pages' in v) &&
    typeof v.size === 'number' &&
    Array.isArray(v.tail) &&
    (v.chunks === null || (typeof v.chunks === 'object' && v.chunks !== undefined && !Array.isArray(v.chunks)))
  );
}

/**
 * A log of this shape holding the entries of a log of the shape before: the
 * list is walked in a loop, never recursively, so it reads logs of any length.
 *
 * @example
 * toArray(fromChunkList({ size: 3, chunks: { items: ['a', 'b'], older: null }, tail: ['c'] })) // ['a', 'b', 'c']
 */
export function fromChunkList<T>(old: ChunkListLog<T>): PlyLog<T> {
  const chunks: (readonly T[])[] = [];
  for (let node = old.chunks; node !== null; node = node.older) chunks.push(node.items);
  const all: T[] = [];
  for (let c = chunks.length - 1; c >= 0; c--) for (const item of chunks[c] as readonly T[]) all.push(item);
  for (const item of old.tail) all.push(item);
  return fromArray(all);
}
