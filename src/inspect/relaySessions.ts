/**
 * The relay's bookkeeping as pure functions: session ids made unique across
 * apps, and the plies of a session gathered from its snapshots' windows.
 */

/** The plies of a session the relay has seen: `items[i]` is ply `from + i`. */
export interface PlyArchive {
  from: number;
  items: unknown[];
}

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

/**
 * Adds the plies a plystack snapshot carries (`snapshot.plystack.plies`, a
 * window `{ total, from, items }`) to the archive. A window that leaves a gap
 * after the archive starts it over from that window. Changes `archive`.
 *
 * @example
 * const archive = { from: 0, items: [] }
 * mergePlies(archive, { snapshot: { plystack: { plies: { total: 2, from: 0, items: [a, b] } } } }) // archive.items: [a, b]
 */
export function mergePlies(archive: PlyArchive, event: Record<string, unknown>): PlyArchive {
  const snapshot = event.snapshot as { plystack?: { plies?: { from?: unknown; items?: unknown } } } | undefined;
  const window = snapshot?.plystack?.plies;
  if (window === undefined || typeof window.from !== 'number' || !Array.isArray(window.items)) return archive;
  const { from, items } = window as { from: number; items: unknown[] };
  const end = archive.from + archive.items.length;
  if (from > end || from < archive.from) {
    archive.from = from;
    archive.items = [...items];
    return archive;
  }
  archive.items.length = from - archive.from;
  archive.items.push(...items);
  return archive;
}
