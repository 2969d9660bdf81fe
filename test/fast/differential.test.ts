/**
 * The fast path against the live chart: random streams for every built-in
 * game (every strategy through the sandbox's generated structures), each move
 * played on a live table and stepped on the fast runner from the same start,
 * compared after every move: the context (state, plies and all), the state
 * value, and the events, in order. The first difference fails with the move
 * that made it.
 */
import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type AnyGame, builtInGames, sandbox } from '../../src/index.js';
import { commandArb, flowOpeningArb, openingArb } from '../property/arbitraries.js';
import { playBoth } from '../support/fastDifferential.js';

const GAMES: AnyGame[] = Object.values(builtInGames);

describe.each(GAMES.map((game) => ({ id: game.id, game })))('$id: the fast path equals the live chart', ({ game }) => {
  it('after every move of random streams, bad moves included', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        openingArb(game),
        fc.array(commandArb(game), { minLength: 20, maxLength: 200 }),
        (opening, commands) => {
          taken += playBoth(game, opening, commands);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    // the streams really played (a stream stops taking moves once its game is over)
    expect(taken).toBeGreaterThan(100);
  });
});

describe('sandbox with the flow the game decides (windows, orders, hooks, a minimum of moves): the fast path equals the live chart', () => {
  it('after every move of random streams, bad moves included', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        flowOpeningArb(),
        fc.array(commandArb(sandbox), { minLength: 20, maxLength: 200 }),
        (opening, commands) => {
          taken += playBoth(sandbox, opening, commands);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    expect(taken).toBeGreaterThan(100);
  });
});
