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
  return new TableAt(game, ctx);
}

/**
 * `StateAt` as a class: the verifier makes one for nearly every state it meets, and an object literal with accessors
 * costs a closure a getter and a slow shape each time. `toAct` and `state` are worked out when first read, and kept.
 */
class TableAt implements StateAt {
  readonly game: unknown;
  readonly options: unknown;
  readonly seating: StateAt['seating'];
  readonly stack: StateAt['stack'];
  readonly status: StateAt['status'];
  readonly winners: StateAt['winners'];
  readonly prioritySeat: string | null;
  #toAct: string[] | undefined;
  #state: StateAt['state'] | undefined;

  readonly #rules: AnyGame;
  readonly #ctx: TableContext;

  constructor(rules: AnyGame, ctx: TableContext) {
    this.#rules = rules;
    this.#ctx = ctx;
    this.game = ctx.game;
    this.options = ctx.opening.options;
    this.seating = seatingView(ctx);
    this.stack = ctx.stack;
    this.status = ctx.status;
    this.winners = ctx.winners;
    this.prioritySeat = ctx.prioritySeat;
  }

  get toAct(): string[] {
    this.#toAct ??= seatsToAct(this.#ctx);
    return this.#toAct;
  }

  get state(): StateAt['state'] {
    this.#state ??= stateView(this.#rules, this.#ctx);
    return this.#state;
  }
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
