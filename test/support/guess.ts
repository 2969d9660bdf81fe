/**
 * guess: a game made to show what a bot may see. Bob is dealt one card of three face down, the other two stay in a
 * face-down pile; ann names his card (right, she wins; wrong, he does) or folds (a draw). Seeing bob's card, naming it
 * wins; not seeing it, a name is right one time in three (a third of a win) and a fold is half a win: fold.
 */
import { z } from 'zod';
import { defineGame } from '../../src/index.js';

export const CARDS = ['ace', 'king', 'queen'] as const;
export type Card = (typeof CARDS)[number];

export interface Guess {
  readonly hand: Card;
  readonly pile: readonly Card[];
  readonly result: 'right' | 'wrong' | 'fold' | null;
}

export const guess = defineGame({
  id: 'guess',
  seats: { min: 2, max: 2 },
  options: z.object({ hand: z.enum(CARDS).optional() }).strict(),
  structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1, minMovesPerTurn: 1 } }] },
  setup: ({ options, random }): Guess => {
    const hand = options.hand ?? (random.shuffle(CARDS)[0] as Card);
    return { hand, pile: CARDS.filter((card) => card !== hand), result: null };
  },
  moves: {
    name: {
      payload: z.object({ card: z.enum(CARDS) }).strict(),
      candidates: () => CARDS.map((card) => ({ card })),
      play: ({ game, payload }) => ({
        game: { ...game, result: payload.card === game.hand ? ('right' as const) : ('wrong' as const) },
      }),
    },
    fold: { play: ({ game }) => ({ game: { ...game, result: 'fold' as const } }) },
  },
  endIf: ({ game }) => game.result !== null,
  winners: ({ game, remaining }) =>
    game.result === 'right'
      ? ['seat:ann']
      : game.result === 'wrong'
        ? ['seat:bob']
        : { winners: [...remaining], draw: true },
  // Bob sees his card; ann sees nothing of it.
  seatView: ({ game, seat }): { hand?: Card } => (seat === 'seat:bob' ? { hand: game.hand } : {}),
  hiddenSeatView: () => ({}),
  bots: {
    // What ann may not see, drawn again: bob's card and the pile, dealt anew from the three (sorted first).
    determinize: ({ game, seat, random }) => {
      if (seat === 'seat:bob') return game;
      const [hand, ...pile] = random.shuffle([game.hand, ...game.pile].sort());
      return { ...game, hand: hand as Card, pile };
    },
  },
});
