/**
 * mundane (seed 003): five phases, priority passing, the stack, and cards
 * played at sorcery or instant speed. The engine runs the turn structure; this
 * file says only what the cards do.
 */
import { z } from 'zod';
import type { GameDefinition, GameMoveDefinition, GameRefusal, GameStructure } from '../../core/game.js';
import type { StackItem } from '../../stack/stack.js';
import { cardSchema, DEFAULT_DECK, isPermanent, SORCERY_TYPES, type Card, type CardType } from './cards.js';

export const mundaneOptionsSchema = z
  .object({
    /** Each seat's deck, top first. Without it every seat gets the default deck, shuffled from the seed. */
    decks: z.record(z.string(), z.array(cardSchema).max(500)).optional(),
    /** Shuffle the given decks from the seed instead of using them in order. */
    shuffle: z.boolean().default(false),
    openingHand: z.number().int().min(0).max(100).default(5),
    startingTime: z.number().int().min(0).max(1000).default(5),
    /** plystack's addition: the game ends when this turn ends (seed 003 sets no end). */
    turns: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

export type MundaneOptions = z.output<typeof mundaneOptionsSchema>;

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

const cardPayload = z.object({ card: z.string().min(1).max(64) }).strict();
type CardPayload = z.output<typeof cardPayload>;

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

/** A move that puts a card from the hand on the stack, for the card types it accepts. */
function castFromHand(types: readonly CardType[], verb: string, other: string): GameMoveDefinition<MundaneState, MundaneOptions, CardPayload> {
  return {
    speed: types.includes('INSTANT') ? 'instant' : 'sorcery',
    payload: cardPayload,
    check(state, seat, { card }): GameRefusal | null {
      const mine = state.seats[seat];
      if (mine === undefined || !mine.hand.includes(card)) return { reason: 'CARD_NOT_IN_HAND', message: `${card} is not in ${seat}'s hand` };
      const definition = state.cards[card] as Card;
      if (!types.includes(definition.type)) {
        return { reason: 'WRONG_CARD_TYPE', message: `${card} is ${definition.type === 'INSTANT' ? 'an' : 'a'} ${definition.type}: play it with ${other}` };
      }
      if (mine.time < definition.time) {
        return { reason: 'INSUFFICIENT_TIME', message: `${card} costs ${definition.time} Time and ${seat} has ${mine.time}` };
      }
      return null;
    },
    play(state, seat, { card }) {
      const definition = state.cards[card] as Card;
      const game = updateSeat(state, seat, (s) => ({ ...s, hand: withoutFirst(s.hand, card), time: s.time - definition.time }));
      return { game, stack: { card, type: definition.type } };
    },
    notation: ({ card }) => `${verb} ${card}`,
    candidates(state, seat) {
      const hand = state.seats[seat]?.hand ?? [];
      return [...new Set(hand)].filter((card) => types.includes((state.cards[card] as Card).type)).map((card) => ({ card }));
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
        { name: 'WAKE_UP', housekeeping: 'wakeUp' },
        { name: 'PLAN' },
        { name: 'DO_STUFF' },
        { name: 'WIND_DOWN' },
      ],
    },
  ],
  transitions: [],
};

const noSuchRule = (message: string): GameRefusal => ({ reason: 'NOT_IN_MUNDANE', message });

/**
 * The game `mundane`, version 1.
 *
 * @example
 * const table = createTable(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 7 })
 */
export const mundane: GameDefinition<MundaneState, MundaneOptions> = {
  id: 'mundane',
  version: '1',
  title: 'mundane: five phases, priority and the stack',
  seats: { min: 2, max: 8 },
  options: mundaneOptionsSchema,
  checkOptions(options, seats) {
    if (options.decks === undefined) return null;
    for (const seat of Object.keys(options.decks)) {
      if (!seats.includes(seat)) return { path: `decks.${seat}`, message: `${seat} is not at the table` };
    }
    for (const seat of seats) {
      if (options.decks[seat] === undefined) return { path: `decks.${seat}`, message: `no deck for ${seat}: give one for every seat, or none` };
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
  structure: () => MUNDANE_STRUCTURE,
  // Priority windows let a seat act out of turn, several times a round.
  turnModel: () => 'sequenced',
  sorceryPhase: 'PLAN',
  undoablePasses: true,
  setup({ seats, options, random }) {
    const cards: Record<string, Card> = {};
    const records: Record<string, MundaneSeat> = {};
    for (const seat of seats) {
      const given = options.decks?.[seat];
      const deck = given === undefined ? random.shuffle(DEFAULT_DECK) : options.shuffle ? random.shuffle(given) : given;
      for (const card of deck) cards[card.name] = card;
      const fresh: MundaneSeat = { time: options.startingTime, hand: [], deck: deck.map((card) => card.name), board: [], discard: [] };
      records[seat] = draw(fresh, options.openingHand);
    }
    return { cards, seats: records };
  },
  moves: {
    // A card cast can be taken back while nobody has answered it: it returns to the hand and its Time is refunded.
    PlayCard: { ...castFromHand(SORCERY_TYPES, 'play', 'CastInstant'), undoable: true },
    CastInstant: { ...castFromHand(['INSTANT'], 'cast', 'PlayCard'), undoable: true },
  },
  housekeeping: {
    /** Wake Up: the active seat's Time refreshes and it draws a card if its deck is not empty. */
    wakeUp: (state, { activeSeat }, options) => (activeSeat === null ? state : updateSeat(state, activeSeat, (s) => draw({ ...s, time: options.startingTime }))),
  },
  resolve(state, item: StackItem) {
    // mundane's cards carry no effect beyond where they go: permanents to the board, one-shots to the discard.
    const type = (state.cards[item.card] as Card | undefined)?.type ?? (item.type as CardType);
    return updateSeat(state, item.seat, (s) =>
      isPermanent(type) ? { ...s, board: [...s.board, item.card] } : { ...s, discard: [...s.discard, item.card] },
    );
  },
  demoOptions: (turns) => ({ turns }),
  isLastTurn: (turn, options) => options.turns !== undefined && turn >= options.turns,
  winners(state, seats) {
    const most = Math.max(...seats.map((seat) => state.seats[seat]?.board.length ?? 0));
    return seats.filter((seat) => (state.seats[seat]?.board.length ?? 0) === most);
  },
  seatView(state, seat) {
    const s = state.seats[seat] as MundaneSeat;
    return { time: s.time, hand: [...s.hand], deck: s.deck.length, board: [...s.board], discard: [...s.discard] };
  },
  unusedEngineMoves: {
    'engine.end-turn': noSuchRule('mundane has no end-turn move: a phase ends only when every seat passes in a row with the stack empty'),
    'engine.transition': noSuchRule('mundane declares no transitions: its phases follow one another as every seat passes'),
    'engine.initiative': noSuchRule('mundane plays in table order and keeps no initiative'),
    'engine.delay': noSuchRule('mundane plays in table order: a seat cannot delay its turn'),
    'engine.leave': noSuchRule('mundane has no leaving: every seat plays to the end'),
  },
};
