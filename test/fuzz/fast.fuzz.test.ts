/**
 * The fast path against the live chart, for as long as the budget lasts: each
 * case draws a built-in game, an opening (every strategy through the sandbox's
 * generated structures) and a stream of commands, bad moves included, and
 * plays it on a live table and on the fast runner side by side, comparing
 * context, state value and events after every move. `npm test` runs it
 * briefly; `npm run fuzz -- fast` runs it for a minute or more.
 */

import { fc } from '@fast-check/vitest';
import { describe } from 'vitest';
import { builtInGames } from '../../src/games/index.js';
import type { AnyGame } from '../../src/index.js';
import { commandArb, flowOpeningArb, openingArb } from '../property/arbitraries.js';
import { playBoth } from '../support/fastDifferential.js';
import { fuzzTest } from './runner.js';

const GAMES: AnyGame[] = Object.values(builtInGames);
/** Each built-in game from its general openings, and sandbox from openings built around the flow the game decides. */
const CASES = [
  ...GAMES.map((game) => ({ id: game.id, game, openings: openingArb(game) })),
  { id: 'sandbox (flow)', game: builtInGames.sandbox as AnyGame, openings: flowOpeningArb() },
];

describe('fuzzing the fast path against the live chart', () => {
  fuzzTest(
    'fast path',
    {
      make: (random) => ({ game: random.int(CASES.length), seed: random.int(2 ** 31) }),
      check: ({ game: index, seed }) => {
        const { game, openings } = CASES[index]!;
        const [stream] = fc.sample(fc.tuple(openings, fc.array(commandArb(game), { minLength: 20, maxLength: 300 })), {
          seed,
          numRuns: 1,
        });
        const [opening, commands] = stream!;
        playBoth(game, opening, commands);
      },
      describe: ({ game, seed }) => `${CASES[game]!.id}, fast-check seed ${seed}`,
    },
    { defaultSeconds: 3, minCases: 5 },
  );
});
