import { z } from 'zod';
import { defineGame } from '../../src/index.js';

/**
 * A one-phase game of one or two seats whose move `add` (offered as `{ n: 1 }`, refused for n ≤ 0) counts in
 * `counter.parses` how often its schema reads a payload.
 */
export function countingGame() {
  const counter = { parses: 0 };
  const game = defineGame({
    id: 'counting',
    seats: { min: 1, max: 2 },
    structure: { phases: [{ name: 'play', turns: { strategy: 'PerRound' }, turnPhases: [{ name: 'MAIN' }] }] },
    setup: () => ({ total: 0 }),
    moves: {
      add: {
        payload: z.object({ n: z.number().int() }).refine(() => {
          counter.parses++;
          return true;
        }),
        candidates: () => [{ n: 1 }],
        check: ({ payload }) => (payload.n > 0 ? null : { reason: 'NOT_POSITIVE', message: 'add a positive number' }),
        play: ({ game, payload }) => ({ game: { total: game.total + payload.n } }),
      },
    },
  });
  return { game, counter };
}
