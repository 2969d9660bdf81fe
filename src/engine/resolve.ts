/**
 * The top item of the stack leaves it: it resolves (the game applies it, and may counter items beneath it), or it
 * fizzles, when the item it targets has left the stack first and the game's `targetGone` says so.
 */

import { GameCodeError } from '../core/errors.js';
import type { AnyGame, ResolveOutcome } from '../definition/game.js';
import { find, peek, pop, type StackItem, without } from '../stack/stack.js';
import type { Change, TableContext } from './context.js';
import { eliminated } from './elimination.js';
import { clearStops } from './moves/autoPass.js';
import { seatingView } from './rules.js';

/** What leaving the stack did to its top item, and to the items it countered. */
export interface Resolution {
  readonly change: Change;
  /** The item that resolved, if one did. */
  readonly resolved?: StackItem;
  /** The item that left unresolved because its target had gone. */
  readonly fizzled?: StackItem;
  /** The items the resolution took off the stack unresolved, bottom first. */
  readonly countered: readonly StackItem[];
}

/** The top item of the stack leaves it: it resolves, or fizzles when its target has gone (the game's `targetGone`). */
export function resolveTop(game: AnyGame, ctx: TableContext): Resolution {
  const item = peek(ctx.stack);
  if (item === undefined) return { change: {}, countered: [] };
  const autoPass = clearStops(ctx.autoPass, (_seat, stop) => stop.until === 'stack-resolved');
  const beneath = pop(ctx.stack);
  const target = item.target === undefined ? null : (find(beneath, item.target) ?? null);
  if (item.target !== undefined && target === null && game.targetGone === 'fizzle')
    return { change: { stack: beneath, autoPass, undo: null }, fizzled: item, countered: [] };
  const outcome = game.resolve({
    game: ctx.game,
    item,
    beneath,
    target,
    options: ctx.opening.options,
    seating: seatingView(ctx),
  });
  const countered = counteredBy(outcome, beneath);
  return {
    change: {
      stack: without(
        beneath,
        countered.map((c) => c.id),
      ),
      game: outcome.game,
      progression: eliminated(ctx, ctx.progression, outcome),
      autoPass,
      undo: null,
    },
    resolved: item,
    countered,
  };
}

/** The items beneath that a resolution counters, bottom first; an id that is not beneath is the game's error. */
function counteredBy(outcome: ResolveOutcome<unknown>, beneath: readonly StackItem[]): StackItem[] {
  const ids = outcome.counter;
  if (ids === undefined) return [];
  const fail = (message: string) => new GameCodeError('resolve', new Error(message));
  if (!Array.isArray(ids)) throw fail('counter is a list of the ids of items beneath the one resolving');
  for (const id of ids)
    if (typeof id !== 'number' || find(beneath, id) === undefined)
      throw fail(
        `counter names ${JSON.stringify(id)?.slice(0, 40)}, no item beneath: their ids are ${beneath.map((i) => i.id).join(', ') || 'none'}`,
      );
  return beneath.filter((i) => ids.includes(i.id));
}
