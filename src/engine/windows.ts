/**
 * Response windows, whole: the window a move's outcome opens, who it waits for (they alone hold the turn while it is
 * open) and which moves it allows, a seat's part of it counted and ended, and the window closed. The chart's fragment
 * is machines/windowStates.ts; a game declares its windows in its structure (definition/structure.ts).
 */

import { GameCodeError, type Refusal, refusal } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { GameMove, MoveOutcome } from '../definition/game.js';
import { windowPlan } from '../definition/structure.js';
import type { ResponseWindow } from '../progression/progression.js';
import { cycleFrom } from '../progression/strategies/strategy.js';
import { eligibleSeats } from '../progression/turns.js';
import type { Change, TableContext } from './context.js';
import { undeclared } from './outcomes.js';

/**
 * The response window a move's outcome opens (`window`), with the seats that must respond: the move declares
 * `outcomes: ['window']`, the current game phase declares the window, and none is open already; anything else is the
 * game's error. A window nobody would respond to (`others` with one seat left) does not open.
 */
export function windowAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): ResponseWindow | undefined {
  if (outcome.window === undefined) return undefined;
  const fail = (message: string) => new GameCodeError(`moves.${move.type}.play`, new Error(message));
  if (!definition.outcomes.includes('window')) throw undeclared(move, 'window');
  const declared = windowPlan(ctx.opening.structure, ctx.gamePhase, outcome.window);
  if (declared === undefined)
    throw fail(`no window ${JSON.stringify(outcome.window)?.slice(0, 80)} in ${ctx.gamePhase}`);
  if (ctx.progression.window !== undefined) throw fail(`the window ${ctx.progression.window.name} is open already`);
  const active = ctx.turn.activeSeat;
  const inGame = eligibleSeats(ctx.opening.seats, ctx.progression);
  const waiting =
    declared.who === 'active'
      ? inGame.filter((seat) => seat === active)
      : declared.who === 'others'
        ? cycleFrom(ctx.opening.seats, active, 1, inGame).filter((seat) => seat !== active)
        : inGame;
  return waiting.length === 0 ? undefined : { name: declared.name, waiting, made: {} };
}

/** `seat`'s move in the open window counts; its part ends once it has made the window's movesPerSeat. */
export function countWindowMove(ctx: TableContext, window: ResponseWindow, seat: string): ResponseWindow {
  const made = (window.made[seat] ?? 0) + 1;
  const limit = windowPlan(ctx.opening.structure, ctx.gamePhase, window.name)?.movesPerSeat;
  return {
    ...window,
    made: { ...window.made, [seat]: made },
    waiting: limit !== undefined && made >= limit ? window.waiting.filter((s) => s !== seat) : window.waiting,
  };
}

/** In the open response window, `seat` ends its part (no seat: the application closes the window for every seat). */
export function endWindowPart(ctx: TableContext, seat: string | undefined): Change {
  const window = ctx.progression.window;
  if (window === undefined) return {};
  const waiting = seat === undefined ? [] : window.waiting.filter((s) => s !== seat);
  return { progression: { ...ctx.progression, window: { ...window, waiting } } };
}

/** Whether the open window named `name` still waits for a seat (a seat going out leaves it: withSeatsOut). */
export function windowWaits(ctx: TableContext, name: string): boolean {
  const window = ctx.progression.window;
  return window !== undefined && window.name === name && window.waiting.length > 0;
}

/** The response window closes: the turn goes on with the active seat. */
export function closeWindow(ctx: TableContext): Change {
  if (ctx.progression.window === undefined) return {};
  const { window: _closed, ...progression } = ctx.progression;
  return { progression };
}

/**
 * The seats the open response window waits for, or undefined while none is open. While one is open they alone hold
 * the turn, each until its part is done.
 */
export function windowWaiting(ctx: TableContext): readonly string[] | undefined {
  return ctx.progression.window?.waiting;
}

/** Why a seat the open window does not wait for may not act (undefined while none is open). */
export function notAwaited(ctx: TableContext): string | undefined {
  const window = ctx.progression.window;
  return window === undefined
    ? undefined
    : `the window ${window.name} waits for ${window.waiting.join(', ') || 'nobody'}`;
}

/** Why the game's move `type` may not be made while a response window is open (it is not one of its moves), or null. */
export function windowRefusal(ctx: TableContext, type: string): Refusal | null {
  const window = ctx.progression.window;
  if (window === undefined || windowPlan(ctx.opening.structure, ctx.gamePhase, window.name)?.moves.includes(type))
    return null;
  return refusal('WRONG_TIMING', `the window ${window.name} is open: ${type} is not one of its moves`, 'IN_WINDOW');
}
