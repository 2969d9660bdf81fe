/**
 * The migration of turn rules that predate explicit strategies: every rules
 * object without a `strategy` gets `"strategy": "PerRound"` (the plain
 * cycle, which is what such rules meant) and the next `revision`, and nothing
 * else changes.
 *
 * Where rules objects live: under a `"turns"` key anywhere in a JSON document
 * (game phases, sandbox options), or the whole document when the file name
 * ends in `.rules.json`. Saved tables (logs, persisted snapshots) hold rules
 * too, but they are never migrated: a saved table stays bound to the rules
 * revision it was opened with.
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One rules object that needs (or got) a strategy: where it is in the document. */
export interface RulesChange {
  readonly path: string;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The rules object with `"strategy": "PerRound"` first, every other property
 * as it was, and the next revision last: migrated content is another revision
 * of the rules (unmigrated rules are revision 1).
 */
function withStrategy(rules: { [key: string]: Json }): { [key: string]: Json } {
  const revision = typeof rules.revision === 'number' ? rules.revision : 1;
  return { strategy: 'PerRound', ...rules, revision: revision + 1 };
}

/**
 * Whether a JSON document is a saved table rather than rules: a log (`game`
 * and `moves`) or a persisted snapshot (a `context` with its `opening`).
 * Migration leaves both alone: a saved table stays bound to the rules it was
 * opened with.
 *
 * @example
 * savedTable({ game: 'sandbox', seats: [], seed: 1, moves: [] }) // 'log'
 * savedTable({ phases: [] }) // null
 */
export function savedTable(document: unknown): 'log' | 'snapshot' | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return null;
  const doc = document as { [key: string]: unknown };
  if (typeof doc.game === 'string' && Array.isArray(doc.moves)) return 'log';
  const context = doc.context as { [key: string]: unknown } | null | undefined;
  if (
    typeof context === 'object' &&
    context !== null &&
    typeof context.opening === 'object' &&
    context.opening !== null
  )
    return 'snapshot';
  return null;
}

/**
 * Adds the PerRound strategy and the next revision to every rules object in
 * `document` that lacks a strategy. Returns a new document and the paths
 * changed; a second run changes nothing.
 *
 * @example
 * migrateRulesDocument({ phases: [{ name: 'main', turns: { movesPerTurn: 2 } }] }, false)
 * // { document: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2, revision: 2 } }] }, changes: [{ path: 'phases.0.turns' }] }
 */
export function migrateRulesDocument(
  document: unknown,
  wholeIsRules: boolean,
): { document: Json; changes: RulesChange[] } {
  const changes: RulesChange[] = [];
  const visit = (node: Json, path: string, isRules: boolean): Json => {
    if (Array.isArray(node))
      return node.map((child, i) => visit(child, path === '' ? String(i) : `${path}.${i}`, false));
    if (!isObject(node)) return node;
    // fromEntries defines each member as the object's own, "__proto__" included (an assignment would set the prototype).
    const out: { [key: string]: Json } = Object.fromEntries(
      Object.entries(node).map(([key, child]) => [
        key,
        visit(child, path === '' ? key : `${path}.${key}`, key === 'turns'),
      ]),
    );
    if (isRules && !Object.hasOwn(out, 'strategy')) {
      changes.push({ path: path === '' ? '(the whole file)' : path });
      return withStrategy(out);
    }
    return out;
  };
  return { document: visit(document as Json, '', wholeIsRules), changes };
}
