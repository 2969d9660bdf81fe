/**
 * What changed between two plies: the table's state, its pieces (each seat's
 * and the stack) and the engine's context, as a list of paths with the value
 * before and after.
 */

/** One difference: the path to a value, and the value on each side (undefined: not there). */
export interface Change {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/**
 * The differences between two JSON values, deepest first where both sides are
 * records; a list of plain values (a hand, a deck) that changed is one change.
 * Stops after `limit` changes.
 *
 * @example
 * diffValues({ phase: 'PLAN', turn: 1 }, { phase: 'DO_STUFF', turn: 1 }) // [{ path: 'phase', before: 'PLAN', after: 'DO_STUFF' }]
 */
export function diffValues(before: unknown, after: unknown, limit = 200, path = ''): Change[] {
  const out: Change[] = [];
  const walk = (a: unknown, b: unknown, at: string) => {
    if (out.length >= limit) return;
    if (Object.is(a, b)) return;
    if (isRecord(a) && isRecord(b)) {
      for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
        walk(a[key], b[key], at === '' ? key : `${at}.${key}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.every(isPlain) && b.every(isPlain)) {
        if (a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]))) out.push({ path: at, before: a, after: b });
        return;
      }
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${at}[${i}]`);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: at, before: a, after: b });
  };
  walk(before, after, path);
  return out;
}

/** What a list of plain values gained and lost: `+Toaster −Plumber`; null when either side is not such a list. */
export function listChange(before: unknown, after: unknown): string | null {
  if (!Array.isArray(before) || !Array.isArray(after) || !before.every(isPlain) || !after.every(isPlain)) return null;
  const count = (list: unknown[]) => {
    const m = new Map<string, number>();
    for (const v of list) m.set(String(v), (m.get(String(v)) ?? 0) + 1);
    return m;
  };
  const a = count(before);
  const b = count(after);
  const parts: string[] = [];
  for (const [v, n] of b) for (let i = 0; i < n - (a.get(v) ?? 0); i++) parts.push(`+${v}`);
  for (const [v, n] of a) for (let i = 0; i < n - (b.get(v) ?? 0); i++) parts.push(`−${v}`);
  return parts.length === 0 ? 'the same values, in another order' : parts.join(' ');
}

/** A table after some ply, split as the diff shows it. */
export interface Sides {
  readonly state: unknown;
  readonly pieces: unknown;
  readonly context: unknown;
}

/**
 * The three parts a diff compares: the state (less its pieces), the pieces
 * (each seat's state and the stack) and the context (less the ply log, which
 * the plies tab shows).
 *
 * @example
 * sidesOf(table.atPly(3))
 */
export function sidesOf(view: { state: unknown; context: unknown }): Sides {
  const { seats, stack, ...state } = (isRecord(view.state) ? view.state : {}) as Record<string, unknown>;
  const { plies: _plies, ...context } = (isRecord(view.context) ? view.context : {}) as Record<string, unknown>;
  return { state, pieces: { seats, stack }, context };
}
