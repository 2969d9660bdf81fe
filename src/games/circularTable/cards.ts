/**
 * circular-table's cards: the 108-card deck, what a card's name
 * says, which card may go on which, and the draw pile with its recycling.
 * Recycling draws no randomness from the table: the discard is shuffled by a
 * seeded shuffle derived from a number the setup drew and a counter kept in
 * the game's state, so a replay recycles exactly as the live table did.
 */
import { seededRandom } from '../../core/random.js';

export const COLOURS = ['red', 'yellow', 'green', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

/** Symbols of coloured cards: the digits and the three actions. */
export const ACTIONS = ['skip', 'reverse', 'draw2'] as const;
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** What a card's name says: its colour (null for a wild) and its symbol. */
export interface CardFace {
  readonly name: string;
  readonly colour: Colour | null;
  /** A digit, `skip`, `reverse`, `draw2`, `wild` or `wild-draw4`. */
  readonly symbol: string;
}

/**
 * The face of the card named `name` (`red-7`, `blue-skip`, `green-reverse`,
 * `yellow-draw2`, `wild`, `wild-draw4`), or undefined for no such card.
 *
 * @example
 * cardFace('red-draw2') // { name: 'red-draw2', colour: 'red', symbol: 'draw2' }
 * cardFace('wild')      // { name: 'wild', colour: null, symbol: 'wild' }
 */
export function cardFace(name: string): CardFace | undefined {
  if (name === 'wild' || name === 'wild-draw4') return { name, colour: null, symbol: name };
  const dash = name.indexOf('-');
  const colour = name.slice(0, dash) as Colour;
  const symbol = name.slice(dash + 1);
  if (dash < 0 || !COLOURS.includes(colour)) return undefined;
  if (!(DIGITS as readonly string[]).includes(symbol) && !(ACTIONS as readonly string[]).includes(symbol))
    return undefined;
  return { name, colour, symbol };
}

/**
 * Whether `name` is a number card (the only kind that may start the discard).
 *
 * @example
 * isNumberCard('green-0') // true
 * isNumberCard('green-skip') // false
 */
export function isNumberCard(name: string): boolean {
  return (DIGITS as readonly string[]).includes(cardFace(name)?.symbol ?? '');
}

/**
 * Whether `name` is a wild (`wild` or `wild-draw4`): its player names the colour in play.
 *
 * @example
 * isWild('wild-draw4') // true
 */
export function isWild(name: string): boolean {
  return cardFace(name)?.colour === null;
}

/**
 * The full deck, 108 cards: per colour one 0, two of each 1–9 and two each of
 * skip, reverse and draw2 (25), and four wilds and four wild draw-fours.
 */
export const DECK: readonly string[] = [
  ...COLOURS.flatMap((colour) => [
    `${colour}-0`,
    ...[...DIGITS.slice(1), ...ACTIONS].flatMap((symbol) => [`${colour}-${symbol}`, `${colour}-${symbol}`]),
  ]),
  ...['wild', 'wild', 'wild', 'wild', 'wild-draw4', 'wild-draw4', 'wild-draw4', 'wild-draw4'],
];

/**
 * Whether `name` may go on the discard whose top is `top` with `colour` in
 * play: a wild always; a coloured card of the colour in play or with the
 * top's symbol.
 *
 * @example
 * canPlayOn('blue-7', 'red-7', 'red') // true: same symbol
 * canPlayOn('blue-3', 'red-7', 'red') // false
 */
export function canPlayOn(name: string, top: string, colour: Colour): boolean {
  const face = cardFace(name);
  if (face === undefined) return false;
  if (face.colour === null) return true;
  return face.colour === colour || face.symbol === cardFace(top)?.symbol;
}

/** The draw pile (top first), the discard (bottom first, top last) and how many times the discard was recycled. */
export interface Piles {
  readonly pile: readonly string[];
  readonly discard: readonly string[];
  readonly recycles: number;
}

/**
 * Draws `count` cards from the top of the pile. When the pile runs out, the
 * discard but its top card is shuffled into a new pile (a seeded shuffle from
 * `shuffleSeed` and the recycle count) and the draw goes on; when both are
 * exhausted, it draws what there was.
 *
 * @example
 * drawCards({ pile: ['red-1'], discard: ['blue-2', 'blue-5'], recycles: 0 }, 2, 7)
 * // { cards: ['red-1', 'blue-2'], piles: { pile: [], discard: ['blue-5'], recycles: 1 } }
 */
export function drawCards(piles: Piles, count: number, shuffleSeed: number): { cards: string[]; piles: Piles } {
  let { pile, discard, recycles } = piles;
  const cards: string[] = [];
  while (cards.length < count) {
    if (pile.length === 0) {
      if (discard.length <= 1) break;
      pile = seededRandom(`circular-table:${shuffleSeed}:${recycles}`).shuffle(discard.slice(0, -1));
      discard = discard.slice(-1);
      recycles++;
    }
    const taken = Math.min(count - cards.length, pile.length);
    cards.push(...pile.slice(0, taken));
    pile = pile.slice(taken);
  }
  return { cards, piles: { pile, discard, recycles } };
}

/**
 * Deals `handSize` cards to each seat, one at a time round the table from the
 * top of `deck`, then turns the first number card face up; action cards and
 * wilds met on the way go to the bottom of the pile.
 *
 * @example
 * deal(DECK, ['seat:a', 'seat:b', 'seat:c', 'seat:d'], 7).pile.length // 79
 */
export function deal(
  deck: readonly string[],
  seats: readonly string[],
  handSize: number,
): { hands: Record<string, string[]>; pile: string[]; discard: string[] } {
  const hands: Record<string, string[]> = Object.fromEntries(seats.map((seat) => [seat, []]));
  let next = 0;
  for (let round = 0; round < handSize; round++) {
    for (const seat of seats) (hands[seat] as string[]).push(deck[next++] as string);
  }
  const pile = deck.slice(next);
  for (let tries = pile.length; tries > 0; tries--) {
    const top = pile.shift() as string;
    if (isNumberCard(top)) return { hands, pile, discard: [top] };
    pile.push(top);
  }
  // No number card left to turn up (only a stacked deck can do that): the top card starts the discard.
  return { hands, pile: pile.slice(1), discard: pile.slice(0, 1) };
}
