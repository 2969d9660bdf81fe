import type { AnyGame } from '../definition/game.js';
import { peek, pop, type StackItem } from '../stack/stack.js';
import type { Change, TableContext } from './context.js';
import { eliminated } from './elimination.js';
import { clearStops } from './moves/autoPass.js';
import { seatingView } from './rules.js';

/** The top item of the stack resolves: it leaves the stack and the game applies it (`resolved`: the item, if any). */
export function resolveTop(game: AnyGame, ctx: TableContext): { change: Change; resolved?: StackItem } {
  const item = peek(ctx.stack);
  if (item === undefined) return { change: {} };
  const autoPass = clearStops(ctx.autoPass, (_seat, stop) => stop.until === 'stack-resolved');
  const beneath = pop(ctx.stack);
  const outcome = game.resolve({
    game: ctx.game,
    item,
    beneath,
    options: ctx.opening.options,
    seating: seatingView(ctx),
  });
  return {
    change: {
      stack: beneath,
      game: outcome.game,
      progression: eliminated(ctx, ctx.progression, outcome),
      autoPass,
      undo: null,
    },
    resolved: item,
  };
}
