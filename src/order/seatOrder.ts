/**
 * Seat-order arithmetic as pure functions: given the seats in table order, a
 * position and a direction, never the whole state.
 */

/** 1: forward through the table order; -1: backward. */
export type Direction = 1 | -1;

/**
 * The seat `steps` places after `current`, going in `direction`, wrapping
 * around both ends of the order.
 *
 * @throws RangeError when there are no seats, or `current` is not one of them
 *   (callers only pass seats the table has validated).
 * @example
 * nextSeat(['a', 'b', 'c'], 'a', 1)  // 'b'
 * nextSeat(['a', 'b', 'c'], 'a', -1) // 'c': wraps to the last seat
 */
export function nextSeat(order: readonly string[], current: string, direction: Direction, steps = 1): string {
  if (order.length === 0) throw new RangeError('No seats');
  const index = order.indexOf(current);
  if (index < 0) throw new RangeError(`Current seat ${current} is not in the order`);
  const n = order.length;
  const next = (((index + direction * steps) % n) + n) % n;
  return order[next] as string;
}

/**
 * The first seat after `current`, going in `direction`, that `eligible`
 * accepts; undefined when no seat does (`current` itself counts last, so a
 * lone eligible seat comes back to itself).
 *
 * @example
 * nextEligibleSeat(['a', 'b', 'c'], 'a', 1, (s) => s !== 'b') // 'c'
 */
export function nextEligibleSeat(
  order: readonly string[],
  current: string,
  direction: Direction,
  eligible: (seat: string) => boolean,
): string | undefined {
  let next = current;
  do next = nextSeat(order, next, direction);
  while (!eligible(next) && next !== current);
  return eligible(next) ? next : undefined;
}

/**
 * Where `seat` sits in the table order, from 0, or -1 when it is not there.
 *
 * @example
 * seatIndex(['a', 'b'], 'b') // 1
 */
export function seatIndex(order: readonly string[], seat: string): number {
  return order.indexOf(seat);
}
