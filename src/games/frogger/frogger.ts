/**
 * frogger-refills: a race of frogs across a river, hopping by the
 * cards of a shared market. With refills, the seat that announces a market
 * refill owes one supplemental hop before the cycle continues: the engine's
 * obligation keeps the turn with it, so its two plies stand side by side in
 * one round and the move table is `sequenced`. Without refills the market
 * refills itself and the game stays `sequential`.
 */
import { z } from 'zod';
import { defineGame } from '../../definition/defineGame.js';
import type { GameRefusal, GameStructure, SeatMoveSpec } from '../../definition/game.js';
import { type Cards, HOP_DECK, refillMarket, takeFromMarket } from './market.js';

export const froggerOptionsSchema = z
  .object({
    /** Market refills are announced by a seat, which then owes a supplemental hop in the same turn; off: the market refills itself. */
    refills: z.boolean().default(true),
    /** Spaces from the near bank to the far bank. */
    length: z.number().int().min(3).max(60).default(12),
  })
  .strict();

export type FroggerOptions = z.output<typeof froggerOptionsSchema>;

/** frogger's pieces: where each frog is, and the shared cards. */
export interface FroggerState extends Cards {
  readonly positions: Readonly<Record<string, number>>;
}

type Move<S> = SeatMoveSpec<FroggerState, FroggerOptions, S>;

const refuse = (reason: string, message: string): GameRefusal => ({ reason, message });

/** Why `refill` is not possible now, or null. */
function refillProblem(state: FroggerState, options: FroggerOptions): GameRefusal | null {
  if (!options.refills) return refuse('NO_REFILLS', 'in this variant the market refills itself after every hop');
  if (state.market.length > 1)
    return refuse(
      'MARKET_NOT_LOW',
      `the market still holds ${state.market.length} cards: refill it at one card or none`,
    );
  if (state.deck.length + state.discard.length === 0)
    return refuse('NOTHING_TO_REFILL', 'every card is in the market already');
  return null;
}

const hopPayload = z.object({ hop: z.number().int().min(1).max(3) }).strict();
const hop: Move<typeof hopPayload> = {
  payload: hopPayload,
  check: ({ game: state, payload: { hop: value } }) =>
    state.market.includes(value)
      ? null
      : refuse('NOT_IN_MARKET', `the market has no ${value} (it holds ${state.market.join(', ') || 'nothing'})`),
  play({ game: state, seat, payload: { hop: value }, options }) {
    const taken = takeFromMarket(state, value);
    const cards = options.refills ? taken : refillMarket(taken);
    return {
      game: { ...state, ...cards, positions: { ...state.positions, [seat]: (state.positions[seat] ?? 0) + value } },
    };
  },
  notation: ({ payload: { hop: value } }) => `hop ${value}`,
  candidates: ({ game: state }) => [...new Set(state.market)].map((value) => ({ hop: value })),
};

const refill: Move<undefined> = {
  check: ({ game: state, options }) => refillProblem(state, options),
  // The announce: the market fills up, and the same seat owes one supplemental hop from it before play goes on.
  play: ({ game: state }) => ({ game: { ...state, ...refillMarket(state) }, oblige: 1 }),
  notation: () => 'refill!',
};

const RACE: GameStructure = { phases: [{ name: 'race', turns: { strategy: 'PerRound', movesPerTurn: 1 } }] };
const home = (state: FroggerState, options: FroggerOptions, seat: string) =>
  (state.positions[seat] ?? 0) >= options.length;

/**
 * The game `frogger-refills`, version 1.
 *
 * @example
 * const table = createTable(frogger, { table: 'table:pond', seats: ['seat:p1', 'seat:p2', 'seat:p3', 'seat:p4'], seed: 3 })
 * table.play({ type: 'hop', seat: 'seat:p1', payload: { hop: table.context.game.market[0] } })
 */
export const frogger = defineGame({
  id: 'frogger-refills',
  version: '1',
  title: 'frogger-refills: a race with a shared market and announced refills',
  seats: { min: 2, max: 6 },
  options: froggerOptionsSchema,
  // Each seat once a round, one hop a turn; a refill's supplemental hop is the engine's obligation.
  structure: RACE,
  turnModel: ({ options }) => (options.refills ? 'sequenced' : 'sequential'),
  setup({ seats, random }): FroggerState {
    const cards = refillMarket({ market: [], deck: random.shuffle(HOP_DECK), discard: [] });
    return { ...cards, positions: Object.fromEntries(seats.map((seat) => [seat, 0])) };
  },
  moves: { hop, refill },
  // A frog hops every turn while it can; only a timer (the application's seatless end-turn) cuts a turn short.
  mayEndTurn({ game: state, seat, options }) {
    if (seat === null) return null; // the application's timer may end any frog's turn
    if (state.market.length > 0 || refillProblem(state, options) === null)
      return refuse('HOP_REQUIRED', `${seat} must hop (or refill the market) before the turn ends`);
    return null;
  },
  endIf: ({ game: state, remaining, options }) => remaining.some((seat) => home(state, options, seat)),
  // The frog farthest on wins; frogs tied there share a draw.
  winners({ game: state, remaining: seats }) {
    const far = Math.max(...seats.map((seat) => state.positions[seat] ?? 0));
    const winners = seats.filter((seat) => (state.positions[seat] ?? 0) === far);
    return { winners, draw: winners.length > 1 };
  },
  publicView: ({ game: state }) => ({
    market: [...state.market],
    deck: state.deck.length,
    discard: state.discard.length,
  }),
  seatView: ({ game: state, seat }) => ({ position: state.positions[seat] ?? 0 }),
  // The demo races to the far bank, whatever the number of turns asked.
  checks: {
    invariants: {
      // The hop cards move between the market, the deck and the discard: none appears, none vanishes.
      'cards-are-conserved': ({ game: state }) => {
        const total = state.market.length + state.deck.length + state.discard.length;
        return total === HOP_DECK.length || `${total} hop cards, of ${HOP_DECK.length}`;
      },
    },
    moves: {
      // A frog only ever hops forward, by the card it took.
      'frogs-hop-forward': ({ before, after, move }) =>
        Object.keys(after.game.positions).every((seat) => {
          const by = (after.game.positions[seat] ?? 0) - (before.game.positions[seat] ?? 0);
          return move.type === 'hop' && seat === move.seat ? by === (move.payload as { hop: number }).hop : by === 0;
        }) || `${move.type} moved a frog by something else than its hop`,
    },
  },
});
