/**
 * The end of the game: the game's end conditions asked, the result, the table finished, and a phase's named conditions.
 */

import { type AnyGame, ownEntry } from '../definition/game.js';
import { eligibleSeats } from '../progression/turns.js';
import type { Change, TableContext } from './context.js';
import { seatingView } from './rules.js';

/** Whether the game's end condition holds now: after a move, or (`turnEnded`) as a turn ends. */
export function gameEnds(game: AnyGame, ctx: TableContext, turnEnded: boolean): boolean {
  if (ctx.opening.problem !== null) return false;
  // The chart asks after every step of every move; most steps change only priority and passes, which the game never
  // sees, so the answer is kept while everything the game reads (pieces, progression, turn, phases) is the same.
  const key = lastEnd;
  if (
    key !== null &&
    key.definition === game &&
    key.pieces === ctx.game &&
    key.progression === ctx.progression &&
    key.turn === ctx.turn &&
    key.gamePhase === ctx.gamePhase &&
    key.phase === ctx.phase &&
    key.turnEnded === turnEnded
  ) {
    return key.ends;
  }
  const ends = askEnd(game, ctx, turnEnded);
  lastEnd = {
    definition: game,
    pieces: ctx.game,
    progression: ctx.progression,
    turn: ctx.turn,
    gamePhase: ctx.gamePhase,
    phase: ctx.phase,
    turnEnded,
    ends,
  };
  return ends;
}

let lastEnd: {
  definition: AnyGame;
  pieces: unknown;
  progression: TableContext['progression'];
  turn: TableContext['turn'];
  gamePhase: string;
  phase: string;
  turnEnded: boolean;
  ends: boolean;
} | null = null;

function askEnd(game: AnyGame, ctx: TableContext, turnEnded: boolean): boolean {
  // Plain data, not getters: V8 builds an object literal with accessors through its runtime, far slower than working
  // out the seating and the seats remaining (a few fields and a filter of the seats).
  return (
    game.endIf({
      game: ctx.game,
      options: ctx.opening.options,
      turnEnded,
      seating: seatingView(ctx),
      remaining: eligibleSeats(ctx.opening.seats, ctx.progression),
    }) === true
  );
}

/**
 * How a game's victory policy answered: a plain list of winners (never a
 * draw), or `{ winners, draw }`.
 *
 * @example
 * gameResult(['seat:ann']) // { winners: ['seat:ann'], draw: false }
 * gameResult({ winners: ['seat:ann', 'seat:bob'], draw: true }) // { winners: [...], draw: true }
 */
export function gameResult(
  answer: readonly string[] | { readonly winners: readonly string[]; readonly draw: boolean },
): { winners: string[]; draw: boolean } {
  if (Array.isArray(answer)) return { winners: [...(answer as readonly string[])], draw: false };
  const result = answer as { readonly winners: readonly string[]; readonly draw: boolean };
  return { winners: [...result.winners], draw: result.draw === true };
}

/** The game is over: nobody holds priority or the turn, and the winners are named (with whether it is a draw). */
export function finishGame(game: AnyGame, ctx: TableContext): Change {
  const seating = seatingView(ctx);
  const remaining = eligibleSeats(ctx.opening.seats, ctx.progression);
  const { winners, draw } = gameResult(
    game.winners({ game: ctx.game, remaining, options: ctx.opening.options, seating }),
  );
  return { status: 'over', prioritySeat: null, passes: 0, undo: null, winners, draw };
}

/** Whether the game's condition `name` holds now (a pure function of the pieces and the seating). */
export function conditionHolds(game: AnyGame, ctx: TableContext, name: string): boolean {
  const condition = ownEntry(game.conditions, name);
  return (
    condition !== undefined &&
    condition({ game: ctx.game, options: ctx.opening.options, seating: seatingView(ctx) }) === true
  );
}
