/**
 * Initiative and delay as pure functions over seat lists.
 */

/** Initiative scores by seat. */
export type Scores = Readonly<Record<string, number>>;

/**
 * Merges new scores into the kept ones (a later score for a seat replaces its
 * earlier one).
 *
 * @example
 * mergeScores({ 'seat:a': 3 }, { 'seat:b': 5 }) // { 'seat:a': 3, 'seat:b': 5 }
 */
export function mergeScores(kept: Scores, scores: Scores): Scores {
  return { ...kept, ...scores };
}

/**
 * The order of a round by initiative: highest score first, equal scores in
 * table order, seats without a score last in table order.
 *
 * @example
 * initiativeOrder(['a', 'b', 'c', 'd'], { c: 5, a: 2, d: 5 }) // ['c', 'd', 'a', 'b']
 */
export function initiativeOrder(tableOrder: readonly string[], scores: Scores): string[] {
  const scored = tableOrder.filter((seat) => Object.hasOwn(scores, seat));
  const unscored = tableOrder.filter((seat) => !Object.hasOwn(scores, seat));
  // Array.prototype.sort is stable, so equal scores keep table order.
  scored.sort((x, y) => (scores[y] as number) - (scores[x] as number));
  return [...scored, ...unscored];
}

/**
 * Moves `seat` to act right after `after` in the round's order. Refused
 * (undefined) unless `after` acts later in the round than `seat`.
 *
 * @example
 * delayAfter(['a', 'b', 'c'], 'a', 'b') // ['b', 'a', 'c']: b acts now, then a
 */
export function delayAfter(order: readonly string[], seat: string, after: string): string[] | undefined {
  const from = order.indexOf(seat);
  const to = order.indexOf(after);
  if (from < 0 || to <= from) return undefined;
  const without = order.filter((s) => s !== seat);
  without.splice(without.indexOf(after) + 1, 0, seat);
  return without;
}
