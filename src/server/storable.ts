/**
 * Text the store can hold: PostgreSQL (and PGlite) cannot keep U+0000 in text
 * or JSON, and writes a lone surrogate as U+FFFD, so two different strings
 * would be stored as one. A request that carries either is refused before
 * anything is played.
 */

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored as it is, or null. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'holds U+0000, which the store cannot keep';
  if (LONE_SURROGATE.test(text))
    return 'holds a lone surrogate (not Unicode text), which the store cannot keep as sent';
  return null;
}

/**
 * The first place in `value` (a parsed JSON body) holding text the store cannot keep, a key or a string, with why; or
 * null when every text in it can be stored.
 *
 * @example
 * unstorable({ move: { payload: { name: 'a\u0000b' } } }) // { path: 'move.payload.name', problem: 'holds U+0000, …' }
 */
export function unstorable(value: unknown, path: readonly string[] = []): { path: string; problem: string } | null {
  const at = (problem: string, where: readonly string[]) => ({ path: where.join('.') || 'body', problem });
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === null ? null : at(problem, path);
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorable(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem !== null) return at(`a key ${keyProblem}`, path);
    const found = unstorable(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
