/**
 * The relay's bookkeeping as pure functions: session ids made unique across
 * apps, the plies of a session gathered from its snapshots' windows, and the
 * newest of its events and of what its table emitted, each within a budget.
 */

/** The plies of a session the relay has seen, as JSON texts: `items[i]` is ply `from + i`. */
export interface PlyArchive {
  from: number;
  items: string[];
  /** What `items` costs: their lengths plus a fixed overhead per item (`ITEM_OVERHEAD`). */
  bytes: number;
}

/** What the relay counts for each kept text beyond its characters: a string's header and its slot in a list. */
export const ITEM_OVERHEAD = 32;

const ID_FIELDS = ['sessionId', 'rootId', 'parentId', 'sourceId'] as const;

/**
 * Prefixes the actor ids of an inspection event with its connection's prefix,
 * so two apps whose actors are both `x:0` stay apart. Changes `event`.
 *
 * @example
 * rewriteIds({ type: '@xstate.event', sessionId: 'x:0', sourceId: undefined }, 'c1/') // sessionId 'c1/x:0'
 */
export function rewriteIds(event: Record<string, unknown>, prefix: string): Record<string, unknown> {
  for (const field of ID_FIELDS) {
    const value = event[field];
    if (typeof value === 'string' && value !== '' && value !== 'anonymous') event[field] = `${prefix}${value}`;
  }
  return event;
}

/** An empty archive. */
export function emptyArchive(): PlyArchive {
  return { from: 0, items: [], bytes: 0 };
}

/**
 * Adds the plies a plystack snapshot carries (`snapshot.plystack.plies`, a
 * window `{ total, from, items }`) to the archive. A window that leaves a gap
 * after the archive starts it over from that window. Past `maxBytes`, the
 * oldest plies are dropped (`from` moves on). Changes `archive`; a window of
 * the wrong shape changes nothing.
 *
 * @example
 * const archive = emptyArchive()
 * mergePlies(archive, { snapshot: { plystack: { plies: { total: 2, from: 0, items: [a, b] } } } }) // archive.items: [JSON of a, of b]
 */
export function mergePlies(
  archive: PlyArchive,
  event: Record<string, unknown>,
  maxBytes = Number.POSITIVE_INFINITY,
): PlyArchive {
  const snapshot = event.snapshot as { plystack?: { plies?: { from?: unknown; items?: unknown } } } | null | undefined;
  const window = typeof snapshot === 'object' && snapshot !== null ? snapshot.plystack?.plies : undefined;
  if (typeof window !== 'object' || window === null) return archive;
  const { from, items } = window;
  if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0 || !Array.isArray(items)) return archive;
  const end = archive.from + archive.items.length;
  if (from > end || from < archive.from) {
    archive.from = from;
    archive.items = [];
    archive.bytes = 0;
  } else {
    // a window that repeats plies replaces them
    for (let i = from - archive.from; i < archive.items.length; i++)
      archive.bytes -= (archive.items[i] as string).length + ITEM_OVERHEAD;
    archive.items.length = from - archive.from;
  }
  // One item at a time: a window of many plies must not become one call's arguments.
  for (const item of items as unknown[]) {
    const text = JSON.stringify(item) ?? 'null';
    archive.items.push(text);
    archive.bytes += text.length + ITEM_OVERHEAD;
  }
  let drop = 0;
  while (archive.bytes > maxBytes && drop < archive.items.length)
    archive.bytes -= (archive.items[drop++] as string).length + ITEM_OVERHEAD;
  if (drop > 0) {
    archive.items.splice(0, drop);
    archive.from += drop;
  }
  return archive;
}

/** The newest texts of a kind a session sent (its events, or what its table emitted), and what they cost. */
export interface Kept {
  items: string[];
  /** Their lengths plus `ITEM_OVERHEAD` each. */
  bytes: number;
}

/** An empty list of kept texts. */
export function emptyKept(): Kept {
  return { items: [], bytes: 0 };
}

/**
 * Adds `texts` to `kept`, then drops the oldest until at most `maxItems` remain within `maxBytes`. Changes `kept`.
 *
 * @example
 * keepNewest(emptyKept(), ['a', 'b', 'c'], 2, Infinity).items // ['b', 'c']
 */
export function keepNewest(kept: Kept, texts: readonly string[], maxItems: number, maxBytes: number): Kept {
  for (const text of texts) {
    kept.items.push(text);
    kept.bytes += text.length + ITEM_OVERHEAD;
  }
  let drop = 0;
  while (drop < kept.items.length && (kept.items.length - drop > maxItems || kept.bytes > maxBytes))
    kept.bytes -= (kept.items[drop++] as string).length + ITEM_OVERHEAD;
  if (drop > 0) kept.items.splice(0, drop);
  return kept;
}

/**
 * What a plystack snapshot says its table emitted since the one before (`snapshot.plystack.emitted`), each as JSON
 * text; none for a snapshot of another shape.
 *
 * @example
 * emittedTexts({ snapshot: { plystack: { emitted: [{ type: 'turn.started' }] } } }) // ['{"type":"turn.started"}']
 */
export function emittedTexts(event: Record<string, unknown>): string[] {
  const snapshot = event.snapshot as { plystack?: { emitted?: unknown } } | null | undefined;
  const emitted = typeof snapshot === 'object' && snapshot !== null ? snapshot.plystack?.emitted : undefined;
  return Array.isArray(emitted) ? emitted.map((item) => JSON.stringify(item) ?? 'null') : [];
}
