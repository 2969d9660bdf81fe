/**
 * mundane: five phases, priority passing, the stack, and cards
 * played at sorcery or instant speed. The engine runs the turn structure; this
 * file says only what the cards do.
 */

import { idSchema } from '../../core/move.js';
import { type SchemaOutput, z } from '../../core/schema.js';
import { defineGame } from '../../definition/defineGame.js';
import type { GameRefusal, GameStructure, SeatMoveSpec } from '../../definition/game.js';
import { type Card, type CardType, cardSchema, DEFAULT_DECK, isPermanent, SORCERY_TYPES } from './cards.js';

/** The cards of the default deck by name. */
const DEFAULT_CATALOG: Readonly<Record<string, Card>> = Object.freeze(
  Object.assign(
    Object.create(null) as Record<string, Card>,
    Object.fromEntries(DEFAULT_DECK.map((card) => [card.name, card])),
  ),
);

export const mundaneOptionsSchema = z.strictObject({
  /** Each seat's deck, top first. Without it every seat gets the default deck, shuffled from the seed. */
  decks: z.optional(z.record(idSchema, z.array(cardSchema).check(z.maxLength(500)))),
  /** Shuffle the given decks from the seed instead of using them in order. */
  shuffle: z._default(z.boolean(), false),
  openingHand: z._default(z.int().check(z.gte(0), z.lte(100)), 5),
  startingTime: z._default(z.int().check(z.gte(0), z.lte(1000)), 5),
  /** plystack's addition: the game ends when this turn ends (the card game's own rules set no end). */
  turns: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
});

export type MundaneOptions = SchemaOutput<typeof mundaneOptionsSchema>;

/** One seat's pieces. */
export interface MundaneSeat {
  readonly time: number;
  readonly hand: readonly string[];
  /** Top first. */
  readonly deck: readonly string[];
  readonly board: readonly string[];
  readonly discard: readonly string[];
}

/** mundane's pieces: every card's definition by name, and each seat's record. */
export interface MundaneState {
  readonly cards: Readonly<Record<string, Card>>;
  readonly seats: Readonly<Record<string, MundaneSeat>>;
}

const cardPayload = z.strictObject({ card: z.string().check(z.minLength(1), z.maxLength(64)) });

function updateSeat(state: MundaneState, seat: string, change: (s: MundaneSeat) => MundaneSeat): MundaneState {
  const record = state.seats[seat];
  return record === undefined ? state : { ...state, seats: { ...state.seats, [seat]: change(record) } };
}

function withoutFirst(list: readonly string[], name: string): string[] {
  const i = list.indexOf(name);
  return i < 0 ? list.slice() : [...list.slice(0, i), ...list.slice(i + 1)];
}

/** The seat draws the top card of its deck, if it has one. */
function draw(s: MundaneSeat, count = 1): MundaneSeat {
  const n = Math.min(count, s.deck.length);
  return n === 0 ? s : { ...s, hand: [...s.hand, ...s.deck.slice(0, n)], deck: s.deck.slice(n) };
}

/** A move that puts a card from the hand on the stack, for the card types it accepts. It can be taken back while nobody has answered it. */
function castFromHand(
  types: readonly CardType[],
  verb: string,
  other: string,
): SeatMoveSpec<MundaneState, MundaneOptions, typeof cardPayload> {
  return {
    speed: types.includes('INSTANT') ? 'instant' : 'sorcery',
    undoable: true,
    payload: cardPayload,
    check({ game: state, seat, payload: { card } }): GameRefusal | null {
      const mine = state.seats[seat];
      if (mine === undefined || !mine.hand.includes(card))
        return { reason: 'CARD_NOT_IN_HAND', message: `${card} is not in ${seat}'s hand` };
      const definition = state.cards[card] as Card;
      if (!types.includes(definition.type)) {
        return {
          reason: 'WRONG_CARD_TYPE',
          message: `${card} is ${definition.type === 'INSTANT' ? 'an' : 'a'} ${definition.type}: play it with ${other}`,
        };
      }
      if (mine.time < definition.time) {
        return {
          reason: 'INSUFFICIENT_TIME',
          message: `${card} costs ${definition.time} Time and ${seat} has ${mine.time}`,
        };
      }
      return null;
    },
    play({ game: state, seat, payload: { card } }) {
      const definition = state.cards[card] as Card;
      const game = updateSeat(state, seat, (s) => ({
        ...s,
        hand: withoutFirst(s.hand, card),
        time: s.time - definition.time,
      }));
      return { game, stack: { card, type: definition.type } };
    },
    notation: ({ payload: { card } }) => `${verb} ${card}`,
    candidates({ game: state, seat }) {
      const hand = state.seats[seat]?.hand ?? [];
      return [...new Set(hand)]
        .filter((card) => types.includes((state.cards[card] as Card).type))
        .map((card) => ({ card }));
    },
  };
}

const MUNDANE_STRUCTURE: GameStructure = {
  phases: [
    {
      name: 'main',
      turns: { strategy: 'PerRound' },
      turnPhases: [
        { name: 'RESET' },
        { name: 'WAKE_UP', onEnter: 'wakeUp' },
        { name: 'PLAN' },
        { name: 'DO_STUFF' },
        { name: 'WIND_DOWN' },
      ],
    },
  ],
};

/**
 * The game `mundane`, version 1.
 *
 * @example
 * const table = createTable(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 7 })
 */
export const mundane = defineGame({
  id: 'mundane',
  version: '1',
  title: 'mundane: five phases, priority and the stack',
  seats: { min: 2, max: 8 },
  options: mundaneOptionsSchema,
  checkOptions({ options, seats }) {
    if (options.decks === undefined) return null;
    for (const seat of Object.keys(options.decks)) {
      if (!seats.includes(seat)) return { path: `decks.${seat}`, message: `${seat} is not at the table` };
    }
    for (const seat of seats) {
      if (!Object.hasOwn(options.decks, seat))
        return { path: `decks.${seat}`, message: `no deck for ${seat}: give one for every seat, or none` };
    }
    const known = new Map<string, Card>();
    for (const [seat, deck] of Object.entries(options.decks)) {
      for (const [i, card] of deck.entries()) {
        const seen = known.get(card.name);
        if (seen !== undefined && (seen.type !== card.type || seen.time !== card.time)) {
          return { path: `decks.${seat}.${i}`, message: `${card.name} is defined twice, differently` };
        }
        known.set(card.name, card);
      }
    }
    return null;
  },
  // One game phase: turns pass round the table, each through five phases with priority windows.
  structure: MUNDANE_STRUCTURE,
  sorceryPhase: 'PLAN',
  undoablePasses: true,
  // Every seat plays to the end.
  leaving: false,
  setup({ seats, options, random }) {
    // Tables that play the default decks share one catalog of their cards (the game's state is never changed in place).
    const given = (seat: string) =>
      options.decks !== undefined && Object.hasOwn(options.decks, seat) ? options.decks[seat] : undefined;
    const ownDecks = seats.some((seat) => given(seat) !== undefined);
    const cards: Record<string, Card> = ownDecks ? Object.create(null) : DEFAULT_CATALOG;
    const records: Record<string, MundaneSeat> = Object.create(null);
    for (const seat of seats) {
      const own = given(seat);
      const deck = own === undefined ? random.shuffle(DEFAULT_DECK) : options.shuffle ? random.shuffle(own) : own;
      if (ownDecks) for (const card of deck) cards[card.name] = card;
      const fresh: MundaneSeat = {
        time: options.startingTime,
        hand: [],
        deck: deck.map((card) => card.name),
        board: [],
        discard: [],
      };
      records[seat] = draw(fresh, options.openingHand);
    }
    return { cards, seats: records };
  },
  moves: {
    PlayCard: castFromHand(SORCERY_TYPES, 'play', 'CastInstant'),
    CastInstant: castFromHand(['INSTANT'], 'cast', 'PlayCard'),
  },
  routines: {
    /** Wake Up: the active seat's Time refreshes and it draws a card if its deck is not empty. */
    wakeUp: ({ game: state, seating: { activeSeat }, options }) => ({
      game:
        activeSeat === null ? state : updateSeat(state, activeSeat, (s) => draw({ ...s, time: options.startingTime })),
    }),
  },
  resolve({ game: state, item }) {
    // mundane's cards carry no effect beyond where they go: permanents to the board, one-shots to the discard.
    const type =
      (Object.hasOwn(state.cards, item.card) ? (state.cards[item.card] as Card).type : undefined) ??
      (item.type as CardType);
    return {
      game: updateSeat(state, item.seat, (s) =>
        isPermanent(type) ? { ...s, board: [...s.board, item.card] } : { ...s, discard: [...s.discard, item.card] },
      ),
    };
  },
  demoOptions: ({ turns }) => ({ turns }),
  // plystack's addition: with `turns`, the game ends as that turn ends (the card game's own rules set no end).
  endIf: ({ options, seating, turnEnded }) => turnEnded && options.turns !== undefined && seating.turn >= options.turns,
  // The most cards on the board wins; seats tied for the most share a draw.
  winners({ game: state, remaining }) {
    const most = Math.max(...remaining.map((seat) => state.seats[seat]?.board.length ?? 0));
    const winners = remaining.filter((seat) => (state.seats[seat]?.board.length ?? 0) === most);
    return { winners, draw: winners.length > 1 };
  },
  seatView({ game: state, seat }) {
    const s = state.seats[seat] as MundaneSeat;
    return {
      time: s.time,
      hand: [...s.hand],
      deck: s.deck.length,
      board: [...s.board],
      discard: [...s.discard],
    };
  },
  // A hand is secret: other seats and spectators see how many cards it holds.
  hiddenSeatView: ({ view }) => ({ ...view, hand: view.hand.length }),
  bots: {
    // What a seat may not see, drawn again: each other seat's hand from its hand and deck together (as many cards as
    // it holds), and every deck's order, its own too. The cards are sorted first, so only what the seat sees counts.
    determinize({ game: state, seat, random }) {
      const records: Record<string, MundaneSeat> = Object.create(null);
      for (const [owner, s] of Object.entries(state.seats)) {
        const unseen = random.shuffle(owner === seat ? [...s.deck].sort() : [...s.hand, ...s.deck].sort());
        records[owner] =
          owner === seat
            ? { ...s, deck: unseen }
            : { ...s, hand: unseen.slice(0, s.hand.length), deck: unseen.slice(s.hand.length) };
      }
      return { ...state, seats: records };
    },
  },
  // What nobody else may see: a seat's hand (its first card swapped with the top of its deck), and every deck's order.
  hidden: {
    vary({ game: state, seat }) {
      if (seat === null) return { ...state, seats: mapSeats(state, (s) => ({ ...s, deck: [...s.deck].reverse() })) };
      return updateSeat(state, seat, (s) =>
        s.hand.length === 0 || s.deck.length === 0
          ? s
          : { ...s, hand: [s.deck[0] as string, ...s.hand.slice(1)], deck: [s.hand[0] as string, ...s.deck.slice(1)] },
      );
    },
  },
  checks: {
    invariants: {
      'time-never-negative': ({ game: state }) =>
        Object.entries(state.seats).every(([, s]) => s.time >= 0) || 'a seat has spent more Time than it had',
      // A card is in a hand, a deck, on a board, in a discard or on the stack: none appears, none vanishes.
      'cards-are-conserved': ({ game: state, options, stack }) => {
        for (const [seat, s] of Object.entries(state.seats)) {
          const dealt = options.decks?.[seat]?.length ?? DEFAULT_DECK.length;
          const held =
            s.hand.length +
            s.deck.length +
            s.board.length +
            s.discard.length +
            stack.filter((i) => i.seat === seat).length;
          if (held !== dealt) return `${seat} has ${held} cards of the ${dealt} it was dealt`;
        }
        return true;
      },
      // A game ends as a turn ends, and a turn ends only once every phase has closed with the stack empty.
      'never-ends-with-items-on-the-stack': ({ status, stack }) =>
        status === 'playing' || stack.length === 0 || `the game ended with ${stack.length} items on the stack`,
    },
    moves: {
      // PERSON, APPLIANCE, HABIT and TASK go on the stack only from the active seat, in PLAN, on an empty stack.
      'sorcery-types-at-sorcery-speed': ({ before, after, move }) => {
        const added = after.stack.length > before.stack.length ? after.stack[after.stack.length - 1] : undefined;
        if (added === undefined || !SORCERY_TYPES.includes(added.type as CardType)) return true;
        return (
          (before.seating.activeSeat === move.seat && before.seating.phase === 'PLAN' && before.stack.length === 0) ||
          `${move.seat} put ${added.card} (${added.type}) on the stack in ${before.seating.phase} of ${before.seating.activeSeat}'s turn, the stack ${before.stack.length} deep`
        );
      },
    },
  },
});

/** The pieces with every seat's record changed. */
function mapSeats(state: MundaneState, change: (s: MundaneSeat) => MundaneSeat): Record<string, MundaneSeat> {
  const records: Record<string, MundaneSeat> = Object.create(null);
  for (const [seat, s] of Object.entries(state.seats)) records[seat] = change(s);
  return records;
}
