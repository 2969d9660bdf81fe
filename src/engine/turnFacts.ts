/**
 * What the engine reads of the turn at a table, shared by the rules, the
 * engine's own moves and the chart: who holds the turn, the seating a game
 * sees, whether the turn can pass, and how a game's answers become refusals.
 */
import { GameCodeError, type Refusal, refusal } from '../core/errors.js';
import { strategyOf } from '../progression/strategies/index.js';
import { nextTurn } from '../progression/turns.js';
import { seatingOf, type TableContext } from './context.js';
import { notAwaited, windowWaiting } from './windows.js';

/** Whether the current game phase declares `type` a move any seat may make at any time. */
export function isOutOfTurn(ctx: TableContext, type: string): boolean {
  return ctx.progression.rules.outOfTurn?.includes(type) ?? false;
}

/** Whether `seat` holds the turn now: in a response window, whether it is yet to do its part; else by the strategy. */
export function holdsTurn(ctx: TableContext, seat: string): boolean {
  const waiting = windowWaiting(ctx);
  if (waiting !== undefined) return waiting.includes(seat);
  return strategyOf(ctx.progression.rules).holdsTurn(ctx.progression, ctx.turn.activeSeat, seat);
}

/** The refusal of a move by `seat`, which does not hold the turn (or is not awaited by the open response window). */
export function notYourTurn(ctx: TableContext, seat: string | null): Refusal {
  return refusal('NOT_YOUR_TURN', notAwaited(ctx) ?? `it is not ${seat ?? 'anybody'}'s turn`);
}

/**
 * Runs a game's check; game code that throws becomes a GAME_ERROR refusal
 * instead of an exception, so a table's checks never throw.
 */
export function askGame(ask: () => Refusal | null): Refusal | null {
  try {
    return ask();
  } catch (error) {
    if (error instanceof GameCodeError) return refusal('GAME_ERROR', error.message);
    throw error;
  }
}

/**
 * Whether the turn can pass from the active seat now: some seat may take the
 * next turn (Circular without self-succession may have none).
 *
 * @example
 * turnCanPass(ctx) // false for a lone seat in a Circular phase without allowSelfSuccessor
 */
export function turnCanPass(ctx: TableContext): boolean {
  return nextTurn(ctx.progression, seatingOf(ctx)).ok;
}

/** Why the turn cannot pass from the active seat now (no eligible successor), or null. */
export function turnCannotPass(ctx: TableContext): Refusal | null {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  return next.ok ? null : refusal(next.code, next.message);
}

/** A game's own refusal under the engine code REFUSED; a malformed one is the game's error. */
export function gameRefusal(problem: { reason: string; message: string } | null): Refusal | null {
  if (problem === null || problem === undefined) return null;
  if (typeof problem !== 'object' || typeof problem.reason !== 'string' || typeof problem.message !== 'string') {
    return refusal('GAME_ERROR', `the game refused with ${String(problem).slice(0, 80)}, not { reason, message }`);
  }
  return refusal('REFUSED', problem.message, problem.reason);
}
