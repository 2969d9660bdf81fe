/**
 * The moves a bot considers, one rule for every bot that plays a table (the
 * bots of plystack/bots at the root and at every position of a search, the
 * random demo, the server's bot seats, the inspector's random moves), and the
 * game's hints that weigh them.
 */

import type { Move } from '../core/move.js';
import type { AnyGame, BotHintContext } from '../definition/game.js';
import type { TableContext } from '../engine/context.js';
import { seatingView } from '../engine/seatingView.js';
import { HintError } from './hintError.js';

/** What a bot reads: a live table or a simulation of one (with its game and context, the game's hints too). */
export interface Position<M extends Move = Move> {
  legalMoves(seat: string): { readonly allowed: readonly M[] };
  toAct(): string[];
  /** The game played here: its `bots` hints weigh the moves a bot considers. */
  readonly game?: AnyGame;
  /** The table's context here: what the game's hints read. */
  readonly context?: TableContext;
}

/**
 * Moves a bot makes only when a seat has nothing else to do: leaving the game, setting auto-pass stops, taking a move
 * back. A bot plays the game: it does not walk away from it, or undo what it chose.
 */
export const LAST_RESORT_MOVES: readonly string[] = Object.freeze(['engine.leave', 'engine.auto-pass', 'engine.undo']);

/**
 * The moves a bot considers: every allowed move of the seats that may act (or of `seat` alone, none when it may not
 * act now), in the table's order, except a seat's `engine.leave`, `engine.auto-pass` and `engine.undo`, unless those
 * are all that seat may do.
 *
 * @example
 * botMoves(table, 'seat:ann') // seat:ann's allowed moves, without leaving, auto-pass stops or undo while it has others
 * botMoves(table) // the same for every seat that may act
 */
export function botMoves<M extends Move>(position: Position<M>, seat?: string): M[] {
  const toAct = position.toAct();
  // A seat that may not act now has nothing a bot would play: only auto-pass stops, leaving or an undo are allowed it.
  return (seat === undefined ? toAct : toAct.includes(seat) ? [seat] : []).flatMap((s) => {
    const all = position.legalMoves(s).allowed;
    const playing = all.filter((move) => !LAST_RESORT_MOVES.includes(move.type));
    return playing.length > 0 ? playing : [...all];
  });
}

/** The game and context of a position, when it has both (a table, a simulation), for its game's hints. */
function gameAt(position: Position): { readonly game: AnyGame; readonly context: TableContext } | null {
  const { game, context } = position;
  return game === undefined || context === undefined ? null : { game, context };
}

/** What the game's hints read at `context`, for `seat`. */
function hintContext(context: TableContext, seat: string): BotHintContext<unknown, unknown> {
  return { game: context.game, options: context.opening.options, seating: seatingView(context), seat };
}

/**
 * The game's weight of each of `moves` at `position` (its `bots.weight` hint), or null when it gives none (a uniform
 * pick). Throws a HintError when a weight is not a finite number, 0 or more.
 */
export function moveWeights(position: Position, moves: readonly Move[]): number[] | null {
  const at = gameAt(position);
  const weight = at?.game.bots.weight;
  if (at === null || weight === undefined) return null;
  const contexts = new Map<string, BotHintContext<unknown, unknown>>();
  return moves.map((move) => {
    const seat = move.seat ?? '';
    const ctx = contexts.get(seat) ?? hintContext(at.context, seat);
    contexts.set(seat, ctx);
    const value = weight({ ...ctx, move });
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new HintError(
        'bots.weight',
        `${at.game.id}'s bots.weight gave ${String(value)} for ${move.type}: a weight is a finite number, 0 or more`,
      );
    return value;
  });
}

/**
 * The game's `bots.evaluate` hint of the position for `seat`, from 0 to 1, or null when it gives none. Throws a
 * HintError when it answers anything else.
 */
export function evaluateHint(position: Position, seat: string): number | null {
  const at = gameAt(position);
  const evaluate = at?.game.bots.evaluate;
  if (at === null || evaluate === undefined) return null;
  const value = evaluate(hintContext(at.context, seat));
  if (typeof value !== 'number' || !(value >= 0 && value <= 1))
    throw new HintError(
      'bots.evaluate',
      `${at.game.id}'s bots.evaluate gave ${String(value)} for ${seat}: a value from 0 to 1`,
    );
  return value;
}

/**
 * One of the moves a bot considers at `position` (of `seat`, or of any seat that may act), drawn by `draw` (a uniform
 * whole number below its argument) as the game's `bots.weight` hint weighs them; null when there is none.
 *
 * @example
 * pickMove(table, 'seat:ann', (n) => random.int(0, n - 1)) // one of seat:ann's moves, heavier ones likelier
 */
export function pickMove<M extends Move>(
  position: Position<M>,
  seat: string | undefined,
  draw: (n: number) => number,
): M | null {
  const moves = botMoves(position, seat);
  if (moves.length === 0) return null;
  return moves[pickIndex(moves.length, moveWeights(position, moves), draw)] as M;
}

/**
 * A move for one of the seats that may act now, as a bot would consider it
 * (`botMoves`: no leaving, auto-pass stops or undo while the seat has other
 * moves): the seat and the move are drawn by `pick` (a whole number below its
 * argument), the move as the game's `bots.weight` hint weighs them;
 * undefined when nobody may act.
 *
 * @example
 * randomLegalMove(table, (n) => 0) // the first move of the first seat to act (of a game without weights)
 */
export function randomLegalMove<M extends Move>(position: Position<M>, pick: (count: number) => number): M | undefined {
  const seats = position.toAct();
  if (seats.length === 0) return undefined;
  const seat = seats[pick(seats.length)] as string;
  return pickMove(position, seat, pick) ?? undefined;
}

/** Draws for a pick by weights that are not all whole numbers are whole numbers below this. */
const WEIGHT_STEPS = 2 ** 30;

/**
 * The index of a pick among `count` items, drawn by `draw` (a uniform whole number below its argument): uniform
 * without weights (one draw of `count`, as a plain random pick), else each item in proportion to its weight (uniform
 * again when every weight is 0).
 *
 * @example
 * pickIndex(3, null, (n) => random.int(0, n - 1)) // 0, 1 or 2, each as likely
 * pickIndex(2, [9, 1], (n) => random.int(0, n - 1)) // 0 nine times in ten
 */
export function pickIndex(count: number, weights: readonly number[] | null, draw: (n: number) => number): number {
  const total = weights?.reduce((sum, weight) => sum + weight, 0) ?? 0;
  if (weights === null || total === 0) return draw(count);
  // Whole weights (the usual kind) are drawn exactly, one step per unit of weight.
  const point =
    Number.isSafeInteger(total) && weights.every(Number.isInteger)
      ? draw(total)
      : (draw(WEIGHT_STEPS) / WEIGHT_STEPS) * total;
  let last = 0;
  for (let i = 0, sum = 0; i < count; i++) {
    const weight = weights[i] ?? 0;
    if (weight === 0) continue;
    sum += weight;
    last = i;
    if (point < sum) return i;
  }
  return last;
}
