/**
 * The game the plystack contestant plays: mundane, with one change for long
 * streams. A resolved INSTANT goes back to its controller's hand instead of
 * the discard.
 *
 * Why: in mundane a seat only ever has the cards of its deck (at most 500, see
 * `mundaneOptionsSchema`), and it draws one card per turn of its own. The
 * stream casts about 2.5 instants per turn, so with pure mundane the hands run
 * dry after about 1,800 plies (2 seats, opening hand 100; measured). Sending
 * the card back to the hand keeps every cast legal at any length. Nothing else
 * changes: the same engine, machine, checks, payload validation and ply log,
 * and the same kind of state update (one seat record copied) as the discard.
 * `npm run bench` also runs pure mundane for 1,500 plies beside this variant
 * to show the change costs nothing measurable.
 *
 * The id stays `mundane`, so logs say `mundane`; `replay` is given this game
 * explicitly (`{ games: { mundane: benchMundane } }`).
 */
import { mundane } from '../src/games/index.js';
import { extendGame } from '../src/index.js';
import { CARD } from './streams.js';

export const benchMundane = extendGame(mundane, {
  resolve(ctx) {
    const { game: state, item } = ctx;
    if (item.type !== 'INSTANT') return mundane.resolve(ctx);
    const seat = state.seats[item.seat];
    if (seat === undefined) return { game: state };
    return { game: { ...state, seats: { ...state.seats, [item.seat]: { ...seat, hand: [...seat.hand, item.card] } } } };
  },
});

export const benchGames = { mundane: benchMundane } as const;

const SIP = { name: CARD, type: 'INSTANT', time: 0 } as const;

/**
 * The options of a bench table: fixed decks of 0-cost instants (no shuffle),
 * so a cast is always legal, and plenty of Time.
 *
 * @param perSeat cards in each seat's deck (pure mundane needs many: the cards are spent)
 * @param openingHand cards drawn before the first turn
 */
export function benchOptions(seats: readonly string[], perSeat = 8, openingHand = 4) {
  const decks: Record<string, { name: string; type: 'INSTANT'; time: number }[]> = {};
  for (const seat of seats) decks[seat] = Array.from({ length: perSeat }, () => ({ ...SIP }));
  return { decks, openingHand, startingTime: 1000 };
}
