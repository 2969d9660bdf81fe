/**
 * Properties as the verifier asks them: the table at one point as a property
 * reads it (`StateAt`, its costly parts worked out when first read), and a
 * property's answer read as holds or broken, with its message.
 */
import type { PropertyAnswer, StateAt } from '../definition/checks.js';
import type { AnyGame } from '../definition/game.js';
import type { TableContext } from '../engine/context.js';
import { seatsToAct } from '../engine/legalMoves.js';
import { seatingView } from '../engine/seatingView.js';
import { stateView } from '../engine/view.js';

/**
 * The table at `ctx` as a property reads it.
 *
 * @example
 * stateAt(mundane, ctx).stack.length // 0
 */
export function stateAt(game: AnyGame, ctx: TableContext): StateAt {
  let state: StateAt['state'] | undefined;
  let toAct: string[] | undefined;
  return {
    game: ctx.game,
    options: ctx.opening.options,
    seating: seatingView(ctx),
    stack: ctx.stack,
    status: ctx.status,
    winners: ctx.winners,
    prioritySeat: ctx.prioritySeat,
    get toAct() {
      toAct ??= seatsToAct(ctx);
      return toAct;
    },
    get state() {
      state ??= stateView(game, ctx);
      return state;
    },
  };
}

/**
 * What is wrong according to a property's answer, or null when it holds. A property that throws is broken, with
 * its error's message; an answer other than true, false or a text is broken too.
 *
 * @example
 * brokenBy(() => 'life below 0') // 'life below 0'
 * brokenBy(() => true)           // null
 */
export function brokenBy(ask: () => PropertyAnswer): string | null {
  let answer: unknown;
  try {
    answer = ask();
  } catch (error) {
    return `the property threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (answer === true) return null;
  if (answer === false) return 'the property does not hold';
  if (typeof answer === 'string') return answer.length > 0 ? answer : 'the property does not hold';
  return `the property answered ${String(answer).slice(0, 60)}: a property answers true, or a text saying what is wrong`;
}
