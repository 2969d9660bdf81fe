/**
 * What an inspected table sends, cut to size: long lists keep their newest
 * items, deep values and long texts are shortened, and the ply log travels as
 * a window of its newest plies, so inspecting a 10,000-ply game costs about
 * what inspecting a fresh one does.
 */

/** Limits of `windowed`. */
export interface WindowLimits {
  /** Items kept of a longer array: the newest (the last). */
  readonly items: number;
  /** Levels kept; deeper values become a short text. */
  readonly depth: number;
  /** Characters kept of a longer text. */
  readonly chars: number;
}

/** The limits inspections use unless told otherwise. */
export const DEFAULT_LIMITS: WindowLimits = { items: 100, depth: 8, chars: 2_000 };

/** Limits tried in turn when a message is over its budget, each cutting deeper (`fitWithin`). */
export const TIGHTER_LIMITS: readonly WindowLimits[] = [
  { items: 20, depth: 6, chars: 200 },
  { items: 5, depth: 4, chars: 40 },
  { items: 0, depth: 2, chars: 16 },
];

/**
 * The length of `text` in UTF-8 bytes (what a WebSocket frame carries),
 * without encoding it.
 *
 * @example
 * utf8Length('né') // 3
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      // a surrogate pair: 4 bytes for 2 units
      i++;
      bytes += 2;
    } else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

/** The size of `value` as a JSON text, in UTF-8 bytes. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? 'null');
}

/**
 * The first of `make(limits)`, then `make` of each of `TIGHTER_LIMITS`, whose
 * JSON fits in `budget` bytes; the tightest when none does.
 *
 * @example
 * fitWithin((l) => windowed(context, l), 64 * 1024) // { value, bytes, limits }
 */
export function fitWithin<T>(
  make: (limits: WindowLimits) => T,
  budget: number,
  limits: WindowLimits = DEFAULT_LIMITS,
): { value: T; bytes: number; limits: WindowLimits } {
  let tried = { value: make(limits), limits };
  let bytes = jsonBytes(tried.value);
  for (const rung of TIGHTER_LIMITS) {
    if (bytes <= budget) break;
    const tighter = {
      items: Math.min(rung.items, limits.items),
      depth: Math.min(rung.depth, limits.depth),
      chars: Math.min(rung.chars, limits.chars),
    };
    tried = { value: make(tighter), limits: tighter };
    bytes = jsonBytes(tried.value);
  }
  return { ...tried, bytes };
}

/** A run of consecutive plies: `items[i]` is ply `from + i` of `total`. */
export interface PlyWindow<P> {
  readonly total: number;
  readonly from: number;
  readonly items: readonly P[];
}

/**
 * A JSON copy of `value` within `limits`: a longer array keeps its last
 * `items` entries after a text saying how many were left out; functions,
 * cycles and values past `depth` become short texts.
 *
 * @example
 * windowed([1, 2, 3, 4], { items: 2, depth: 8, chars: 100 }) // ['… 2 earlier items', 3, 4]
 */
export function windowed(value: unknown, limits: WindowLimits = DEFAULT_LIMITS): unknown {
  const seen = new Set<object>();
  const copy = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
    if (typeof v === 'string') return v.length > limits.chars ? `${v.slice(0, limits.chars)}… (${v.length} chars)` : v;
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
    if (typeof v !== 'object') return String(v);
    if (seen.has(v)) return '[cycle]';
    if (depth >= limits.depth) return Array.isArray(v) ? `[${v.length} items]` : '[object]';
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      const kept = v.length > limits.items ? v.slice(v.length - limits.items) : v;
      const items = kept.map((item) => copy(item, depth + 1));
      out = v.length > limits.items ? [`… ${v.length - limits.items} earlier items`, ...items] : items;
    } else {
      const obj: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(v)) if (inner !== undefined) obj[key] = copy(inner, depth + 1);
      out = obj;
    }
    seen.delete(v);
    return out;
  };
  return copy(value, 0);
}

/** Whether a value has the shape of plystack's persistent ply log (`src/log/plyLog.ts`). */
function isPlyLog(value: unknown): value is { size: number } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.size === 'number' && Array.isArray(v.tail) && 'chunks' in v;
}

/**
 * How many plies a table context (a snapshot's `context`, as XState's
 * inspection events carry it) has recorded, or undefined when it is not a
 * plystack table's context.
 *
 * @example
 * plyCountOf(table.context) // table.plies.length
 */
export function plyCountOf(context: unknown): number | undefined {
  if (typeof context !== 'object' || context === null) return undefined;
  const plies = (context as { plies?: unknown }).plies;
  return isPlyLog(plies) ? plies.size : undefined;
}

/**
 * A table context as an inspector receives it: every ply log replaced by its
 * size (the plies travel as a window beside it), the rest `windowed`.
 *
 * @example
 * inspectionContext(table.context).plies // { size: 120, sentAs: 'plystack.plies' }
 */
export function inspectionContext(context: unknown, limits: WindowLimits = DEFAULT_LIMITS): unknown {
  if (typeof context !== 'object' || context === null) return windowed(context, limits);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) {
    out[key] = isPlyLog(value) ? { size: value.size, sentAs: 'plystack.plies' } : windowed(value, limits);
  }
  return out;
}

/**
 * Keeps the newest plies of a game as they are recorded: a ring of at most
 * `capacity` entries with their indexes, so a window costs O(window), never
 * O(game).
 *
 * @example
 * const recent = recentPlies(3); recent.add(0, ply); recent.since(0) // { total: 1, from: 0, items: [ply] }
 */
export function recentPlies<P>(capacity: number) {
  // A circular buffer: slot `index % capacity` holds ply `index` while it is among the newest `capacity`.
  const slots: P[] = [];
  let total = 0;
  return {
    /** Records ply `index` (indexes arrive in order; a repeated or older index is ignored). */
    add(index: number, ply: P) {
      if (index < total) return;
      slots[index % capacity] = ply;
      total = index + 1;
    },
    /** The plies from `index` on that are still held (all of them when the ring did not overflow). */
    since(index: number): PlyWindow<P> {
      const first = Math.max(0, total - capacity);
      const from = Math.min(Math.max(index, first), total);
      const items: P[] = [];
      for (let i = from; i < total; i++) items.push(slots[i % capacity] as P);
      return { total, from, items };
    },
    get total() {
      return total;
    },
  };
}
