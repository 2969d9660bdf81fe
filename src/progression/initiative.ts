/**
 * Initiative as pure functions over seat lists (a seat's delay is the engine move's: engine/moves/delay.ts).
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
