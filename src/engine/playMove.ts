/**
 * A game move played: what the game's `play` returned, applied to the turn (its count, an obligation, a window, the
 * circular sequence) and to the stack (the item it puts there, and the item that one targets).
 */

import { GameCodeError } from '../core/errors.js';
import { mutate } from '../progression/circular.js';
import type { Progression } from '../progression/progression.js';
import { strategyOf } from '../progression/strategies/index.js';
import { find, push, type StackItem } from '../stack/stack.js';
import type { Checked } from './checked.js';
import type { Change, FlowRequest, TableContext } from './context.js';
import { eliminated } from './elimination.js';
import { flowAsked, nextAsked } from './outcomes.js';
import { priorityToActiveSeat } from './priority.js';
import { isOutOfTurn, seatingView } from './rules.js';
import { countWindowMove, windowAsked } from './windows.js';

/**
 * Plays a game move that passed every check: the game's outcome, its stack
 * item (which gives the active seat priority), the turn's move count, an
 * obligation it creates or pays off, seats it eliminates, and changes to the
 * circular sequence.
 */
export function playGameMove(ctx: TableContext, checked: Checked): Change {
  const { move, definition, parsed } = checked;
  if (definition === undefined) return {};
  const seat = move.seat ?? null;
  const outcome = definition.play({
    game: ctx.game,
    seat,
    payload: parsed,
    options: ctx.opening.options,
    seating: seatingView(ctx),
    stack: ctx.stack,
  });
  let progression: Progression = ctx.progression;
  const owed = progression.obligation;
  if (seat !== null && owed !== null && owed.seat === seat)
    progression = {
      ...progression,
      obligation: owed.remaining > 1 ? { seat: owed.seat, remaining: owed.remaining - 1 } : null,
    };
  if (seat !== null && outcome.oblige !== undefined && outcome.oblige > 0)
    progression = { ...progression, obligation: { seat, remaining: outcome.oblige } };
  // The application acting for the table is not held to the turns: its moves count in no seat's turn. Counted once
  // the obligation is settled, so a seat that still owes plies is not done with its simultaneous turn.
  // A move in a response window counts in the seat's part of it, not in the turn.
  const window = progression.window;
  if (window !== undefined && seat !== null && window.waiting.includes(seat))
    progression = { ...progression, window: countWindowMove(ctx, window, seat) };
  else if (seat !== null && !isOutOfTurn(ctx, move.type))
    progression = strategyOf(progression.rules).countMove(progression, seat);
  progression = eliminated(ctx, progression, outcome);
  const chosen = nextAsked(definition, ctx, move, outcome);
  if (chosen !== undefined) progression = { ...progression, chosen };
  const opened = windowAsked(definition, ctx, move, outcome);
  if (opened !== undefined) progression = { ...progression, window: opened };
  for (const mutation of definition.sequence({ payload: parsed, options: ctx.opening.options })) {
    if (progression.circular !== null)
      progression = { ...progression, circular: mutate(progression.circular, mutation) };
  }
  // Merged with Object.assign: a second spread into an object literal is several times slower, and this runs every move.
  const change: Change = Object.assign(
    { game: outcome.game, progression },
    flowChange(ctx, progression, seat, flowAsked(definition, ctx, move, outcome)),
  );
  if (outcome.stack === undefined || !ctx.opening.structure.priority || seat === null) return change;
  const { card, type, target } = outcome.stack;
  if (target !== undefined && (typeof target !== 'number' || find(ctx.stack, target) === undefined))
    throw new GameCodeError(
      `moves.${move.type}.play`,
      new Error(
        `stack.target ${JSON.stringify(target)?.slice(0, 40)} is no item on the stack: its ids are ${ctx.stack.map((i) => i.id).join(', ') || 'none'}`,
      ),
    );
  const item: StackItem =
    target === undefined
      ? { id: ctx.nextStackId, seat, card, type }
      : { id: ctx.nextStackId, seat, card, type, target };
  return Object.assign(
    change,
    { stack: push(ctx.stack, item), nextStackId: ctx.nextStackId + 1 },
    priorityToActiveSeat(ctx),
  );
}

/** The change a move's flow request makes: a seat's part of a simultaneous round ends at once; the chart takes the rest. */
function flowChange(
  ctx: TableContext,
  progression: Progression,
  seat: string | null,
  request: FlowRequest | null,
): Change {
  if (request === null) return {};
  const round = strategyOf(ctx.progression.rules).round;
  if (request.endTurn === true && round !== undefined) {
    // The application's move ends the round for every seat, as a seatless engine.end-turn does.
    const { endTurn: _ended, ...rest } = request;
    return {
      progression: round.endSeat(progression, seat),
      ...(rest.transition === undefined ? {} : { flow: rest }),
    };
  }
  return { flow: request };
}
