/**
 * The migration of turn rules that predate explicit strategies: every rules
 * object without a `strategy` gets `"strategy": "PerRound"` (the plain
 * cycle, which is what such rules meant), and nothing else changes.
 *
 * Where rules objects live: under a `"turns"` key anywhere in a JSON document
 * (game phases, sandbox options, a log's options), or the whole document when
 * the file name ends in `.rules.json`.
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

/** The rules object with `"strategy": "PerRound"` first, every other property as it was. */
function withStrategy(rules: { [key: string]: Json }): { [key: string]: Json } {
  return { strategy: 'PerRound', ...rules };
}

/**
 * Adds the PerRound strategy to every rules object in `document` that lacks
 * one. Returns a new document and the paths changed; a second run changes
 * nothing.
 *
 * @example
 * migrateRulesDocument({ phases: [{ name: 'main', turns: { movesPerTurn: 2 } }] }, false)
 * // { document: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2 } }] }, changes: [{ path: 'phases.0.turns' }] }
 */
export function migrateRulesDocument(document: unknown, wholeIsRules: boolean): { document: Json; changes: RulesChange[] } {
  const changes: RulesChange[] = [];
  const visit = (node: Json, path: string, isRules: boolean): Json => {
    if (Array.isArray(node)) return node.map((child, i) => visit(child, path === '' ? String(i) : `${path}.${i}`, false));
    if (!isObject(node)) return node;
    const out: { [key: string]: Json } = {};
    for (const [key, child] of Object.entries(node)) out[key] = visit(child, path === '' ? key : `${path}.${key}`, key === 'turns');
    if (isRules && !('strategy' in out)) {
      changes.push({ path: path === '' ? '(the whole file)' : path });
      return withStrategy(out);
    }
    return out;
  };
  return { document: visit(document as Json, '', wholeIsRules), changes };
}
