/**
 * Seats out of the game: those an outcome eliminates, and what their leaving changes (the order, a round, a window and an obligation wait for them no more).
 */

import type { Outcome } from '../definition/game.js';
import type { Progression } from '../progression/progression.js';
import type { TableContext } from './context.js';

/** The progression once the seats an outcome eliminates are out (the same object when it eliminates nobody new). */
export function eliminated(ctx: TableContext, progression: Progression, outcome: Outcome<unknown>): Progression {
  const named = outcome.eliminate;
  if (named === undefined || named.length === 0) return progression;
  const gone = named.filter(
    (seat, i) => ctx.opening.seats.includes(seat) && !progression.out.includes(seat) && named.indexOf(seat) === i,
  );
  return gone.length === 0 ? progression : withSeatsOut(progression, gone);
}

/**
 * The progression with `gone` out of the game: the order skips them, a simultaneous round and an open response
 * window wait for them no more, and an obligation of theirs lapses.
 */
export function withSeatsOut(progression: Progression, gone: readonly string[]): Progression {
  const out = {
    ...progression,
    out: [...progression.out, ...gone],
    waiting: progression.waiting.filter((seat) => !gone.includes(seat)),
    obligation:
      progression.obligation !== null && gone.includes(progression.obligation.seat) ? null : progression.obligation,
  };
  const window = progression.window;
  return window === undefined
    ? out
    : { ...out, window: { ...window, waiting: window.waiting.filter((seat) => !gone.includes(seat)) } };
}
