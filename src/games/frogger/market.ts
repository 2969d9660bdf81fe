/**
 * frogger-refills' cards: hop cards of 1, 2 and 3 spaces, a shared market of
 * face-up cards, the deck it is refilled from, and the discard that becomes
 * the deck again when the deck runs out (turned over in the order the cards
 * were taken: no randomness after the setup's shuffle).
 */

/** Face-up cards in a full market. */
export const MARKET_SIZE = 3;

/** The deck: ten hop cards of each value. */
export const HOP_DECK: readonly number[] = [1, 2, 3].flatMap((value) => Array.from({ length: 10 }, () => value));

/** The shared cards: the market, the deck (top first) and the discard (oldest first). */
export interface Cards {
  readonly market: readonly number[];
  readonly deck: readonly number[];
  readonly discard: readonly number[];
}

/**
 * The cards after one of value `value` is taken from the market to the
 * discard; unchanged when the market holds none.
 *
 * @example
 * takeFromMarket({ market: [1, 3, 3], deck: [], discard: [] }, 3) // { market: [1, 3], deck: [], discard: [3] }
 */
export function takeFromMarket(cards: Cards, value: number): Cards {
  const i = cards.market.indexOf(value);
  if (i < 0) return cards;
  return {
    ...cards,
    market: [...cards.market.slice(0, i), ...cards.market.slice(i + 1)],
    discard: [...cards.discard, value],
  };
}

/**
 * The market filled up to `MARKET_SIZE` from the top of the deck; when the
 * deck runs out, the discard is turned over as the new deck.
 *
 * @example
 * refillMarket({ market: [2], deck: [1], discard: [3, 3] }) // { market: [2, 1, 3], deck: [3], discard: [] }
 */
export function refillMarket(cards: Cards): Cards {
  let { market, deck, discard } = cards;
  while (market.length < MARKET_SIZE) {
    if (deck.length === 0) {
      if (discard.length === 0) break;
      deck = discard;
      discard = [];
    }
    market = [...market, deck[0] as number];
    deck = deck.slice(1);
  }
  return { market, deck, discard };
}
