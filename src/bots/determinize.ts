/**
 * What a bot's search may read: a sample of the table as its seat might believe
 * it, drawn by the game's `bots.determinize` (the other seats' hands, a draw
 * pile's order…, drawn again), checked to show the seat what the table shows
 * it. The search plays on such samples, never on the table itself, so a bot
 * never reads what its seat may not see.
 */

import type { JsonValue } from '../core/move.js';
import type { Random } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import type { TableContext } from '../engine/context.js';
import { seatingView } from '../engine/seatingView.js';
import { plyView, stateView } from '../engine/view.js';
import { type Simulation, simulationAt } from '../fast/simulation.js';
import { fromArray, toArray } from '../log/plyLog.js';
import { HintError } from './hintError.js';

/**
 * How a search for a seat of `game` reads it: `sample`, samples of what the seat may know (the game gives
 * `bots.determinize`); `table`, the table as it is (`omniscient`, or a game that hides nothing); `none`, it may not
 * search (a game that hides information and gives no `bots.determinize`: searching the table would read every seat's
 * secrets).
 */
export function sightOf(game: AnyGame, omniscient: boolean): 'sample' | 'table' | 'none' {
  if (omniscient) return 'table';
  if (game.bots.determinize !== undefined) return 'sample';
  return game.hidesInformation ? 'none' : 'table';
}

/** What an MCTS bot throws at a game that hides information and gives no `bots.determinize`. */
export function missingDeterminize(game: AnyGame): HintError {
  return new HintError(
    'bots.determinize',
    `${game.id} hides information from its seats (hiddenSeatView or secret move fields) and gives no bots.determinize: ` +
      'an MCTS bot searching its table would read what its seat may not see; give bots.determinize, or ' +
      'mctsBot({ omniscient: true }) to let the bot see everything',
    'MISSING_HINT',
  );
}

/**
 * Draws simulations of `position` as `seat` might believe it, each with `random`: the pieces drawn again by the
 * game's `bots.determinize`, the other seats' secret move fields left out of the plies (as `viewFor(seat)` shows them),
 * and no move to take back (an undo would bring back the pieces as they were). `position` is unchanged. A draw throws
 * a HintError (`BAD_HINT`) when its pieces show `seat` another table than `position` does.
 *
 * @example
 * const draw = seatSampler(table.simulate(), 'seat:ann')
 * draw(random).state.seats['seat:bob'].hand // a hand seat:ann cannot tell from bob's
 */
export function seatSampler(position: Simulation, seat: string): (random: Random) => Simulation {
  const { game, context: ctx } = position;
  const determinize = game.bots.determinize as NonNullable<AnyGame['bots']['determinize']>;
  const hasSecrets = Object.values(game.moves).some((move) => move.secret.length > 0);
  const plies = hasSecrets
    ? fromArray(toArray(ctx.plies).map((ply, i) => plyView(game, ctx, ply, i, seat)))
    : ctx.plies;
  const seen = stateView(game, ctx, seat) as unknown as JsonValue;
  const seating = seatingView(ctx);
  return (random) => {
    const pieces = determinize({ game: ctx.game, options: ctx.opening.options, seating, seat, random });
    const sample: TableContext = { ...ctx, game: pieces, undo: null, plies };
    const where = firstDifference(seen, stateView(game, sample, seat) as unknown as JsonValue, 'state');
    if (where !== null)
      throw new HintError(
        'bots.determinize',
        `${game.id}'s bots.determinize drew pieces that show ${seat} another table: ${where} differs; ` +
          'draw again only what the seat may not see',
      );
    return simulationAt(position, sample);
  };
}

/** The path of the first place where `a` and `b` (JSON) differ, or null when they are equal. */
function firstDifference(a: JsonValue | undefined, b: JsonValue | undefined, path: string): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}.length`;
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  const ao = a as { readonly [key: string]: JsonValue };
  const bo = b as { readonly [key: string]: JsonValue };
  for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    const found = firstDifference(ao[key], bo[key], `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}
