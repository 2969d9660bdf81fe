/**
 * What a move's outcome asks of the turn's course (end the turn, a transition, the next seat), each held to what the move declares in `outcomes`: anything else is the game's error.
 */

import { GameCodeError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { FlowOutcome, GameMove, MoveOutcome } from '../definition/game.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { FlowRequest, TableContext } from './context.js';
import { seatInGame } from './routines.js';

/**
 * What a move's outcome asks of the turn's course: `endTurn` and `transition`, each only if the move declares it in
 * `outcomes`, and a transition only if it is declared out of the current game phase. Anything else is the game's
 * error (GAME_ERROR, the table unchanged). In a simultaneous round, ending the turn ends the seat's own part of it.
 */
export function flowAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): FlowRequest | null {
  if (outcome.endTurn === undefined && outcome.transition === undefined) return null;
  const where = `moves.${move.type}.play`;
  const fail = (message: string) => new GameCodeError(where, new Error(message));
  const declared = definition.outcomes;
  const request: { endTurn?: true; transition?: string } = {};
  if (outcome.endTurn !== undefined) {
    if (outcome.endTurn !== true) throw fail('endTurn is true or absent');
    if (!declared.includes('endTurn')) throw undeclared(move, 'endTurn');
    const shape = strategyOf(ctx.progression.rules).shape;
    if (shape === 'open') throw fail(`${ctx.gamePhase} is a Free phase: it has no turn to end`);
    if (ctx.opening.structure.priority) throw fail('a turn with priority phases ends when every seat passes in a row');
    if (ctx.progression.window !== undefined)
      throw fail(`the window ${ctx.progression.window.name} is open: a response does not end the turn`);
    request.endTurn = true;
  }
  if (outcome.transition !== undefined) {
    if (!declared.includes('transition')) throw undeclared(move, 'transition');
    if (ctx.opening.structure.priority) throw fail('a game with priority phases moves on by engine.transition');
    const out = ctx.opening.structure.transitions.filter((t) => t.from === ctx.gamePhase).map((t) => t.name);
    if (typeof outcome.transition !== 'string' || !out.includes(outcome.transition))
      throw fail(
        `no transition ${JSON.stringify(outcome.transition)?.slice(0, 80)} out of ${ctx.gamePhase}: its transitions are ${out.join(', ') || 'none'}`,
      );
    request.transition = outcome.transition;
  }
  // Leaving the phase ends the turn anyway: a request for both is a transition.
  return request.transition === undefined ? request : { transition: request.transition };
}

/**
 * The seat a move's outcome names to take the next turn (`next`), if it declares `outcomes: ['next']` and plays in a
 * PerRound phase; anything else is the game's error (GAME_ERROR, the table unchanged).
 */
export function nextAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): string | undefined {
  if (outcome.next === undefined) return undefined;
  const where = `moves.${move.type}.play`;
  if (!definition.outcomes.includes('next')) throw undeclared(move, 'next');
  if (ctx.progression.rules.strategy !== 'PerRound')
    throw new GameCodeError(
      where,
      new Error(
        `${ctx.gamePhase} is ${ctx.progression.rules.strategy}: only a PerRound phase lets a move name the next seat`,
      ),
    );
  return seatInGame(ctx, outcome.next, where);
}

/** The game's error of a move whose outcome asks for `outcome` without declaring it. */
export function undeclared(move: Move, outcome: FlowOutcome): GameCodeError {
  return new GameCodeError(
    `moves.${move.type}.play`,
    new Error(`its outcome asks ${outcome}: declare outcomes: ['${outcome}'] on ${move.type}`),
  );
}
