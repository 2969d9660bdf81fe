/**
 * circular-table: a shedding card game round a circular sequence.
 * The engine runs the circle (direction, skips, who is next, rounds by
 * activation count); this file says what the cards do. Reverse and skip are
 * the Circular mutations of the move that plays them; the +2 debt and the +4
 * fall on whoever acts next, so no seat is ever counted here.
 */

import { z } from 'zod';
import { idSchema } from '../../core/move.js';
import { defineGame } from '../../definition/defineGame.js';
import type { GameRefusal, GameStructure, SeatMoveSpec } from '../../definition/game.js';
import type { SeatingView } from '../../definition/records.js';
import type { SequenceMutation } from '../../progression/circular.js';
import { COLOURS, type Colour, canPlayOn, cardFace, DECK, deal, drawCards, isNumberCard, isWild } from './cards.js';

export const circularTableOptionsSchema = z
  .object({
    /** The two-seat duel: PerRound, and a skip or reverse gives its player another turn (the Circular rules for two seats). */
    duel: z.boolean().default(false),
    /** Cards dealt to each seat. */
    handSize: z.number().int().min(1).max(20).default(7),
    /** A stacked deck, top first, dealt in this order (for tests and puzzles); without it, the 108 cards shuffled from the seed. */
    deck: z
      .array(z.string().refine((name) => cardFace(name) !== undefined, { message: 'not a card of circular-table' }))
      .min(2)
      .max(1000)
      .optional(),
  })
  .strict();

export type CircularTableOptions = z.output<typeof circularTableOptionsSchema>;

/** A debt the next seat to act must pay: a +2 chain (answered by another +2, or drawn whole) or a +4 (drawn at once). */
export interface Debt {
  readonly kind: 'draw2' | 'draw4';
  readonly amount: number;
}

/** What the seat that made the last in-turn move has done in its turn (the facts of its Circular activation). */
export interface TurnFacts {
  readonly seat: string;
  /** The turn they belong to. */
  readonly turn: number;
  readonly drew: boolean;
  /** The card drawn this turn, the only one it may still play. */
  readonly drawn: string | null;
  /** It played a card or paid a debt: only ending its turn is left. */
  readonly done: boolean;
}

/** circular-table's pieces. */
export interface CircularTableState {
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** The draw pile, top first. */
  readonly pile: readonly string[];
  /** The discard, bottom first, top last. */
  readonly discard: readonly string[];
  readonly colour: Colour;
  readonly debt: Debt | null;
  readonly facts: TurnFacts | null;
  /** Seats that declared one card (the declaration lapses when they draw). */
  readonly declared: readonly string[];
  /** A seat down to one card without declaring, until the next seat acts: any other seat may catch it. */
  readonly exposed: string | null;
  readonly shuffleSeed: number;
  readonly recycles: number;
  readonly duel: boolean;
}

type State = CircularTableState;
type Move<S> = SeatMoveSpec<State, CircularTableOptions, S>;

/** Cards a caught seat draws. */
export const PENALTY = 2;
const ONE_CARD_MOVES = ['declare', 'catch'];
/** The moves bots make far rather than draw or end the turn: those that shed cards or make another seat draw. */
const SHEDDING_MOVES: readonly string[] = ['play', 'declare', 'catch'];
/** How much likelier a bot's random pick is to make a shedding move than to draw or end its turn. */
export const SHEDDING_WEIGHT = 20;

const refuse = (reason: string, message: string): GameRefusal => ({ reason, message });
const fresh = (seat: string, turn: number): TurnFacts => ({ seat, turn, drew: false, drawn: null, done: false });
/** The seat's facts this turn: facts of another seat or of an earlier turn are stale (the facts of a Circular activation). */
const factsOf = (state: State, seat: string, seating: SeatingView): TurnFacts =>
  state.facts?.seat === seat && state.facts.turn === seating.turn ? state.facts : fresh(seat, seating.turn);
const top = (state: State): string => state.discard[state.discard.length - 1] as string;
const handOf = (state: State, seat: string): readonly string[] => state.hands[seat] ?? [];
const turnsBack = (name: string) => ['skip', 'reverse'].includes(cardFace(name)?.symbol ?? '');

function withoutFirst(list: readonly string[], name: string): string[] {
  const i = list.indexOf(name);
  return i < 0 ? list.slice() : [...list.slice(0, i), ...list.slice(i + 1)];
}

/** `seat` draws `count` cards (recycling the discard if need be); drawing ends its declaration. */
function draw(state: State, seat: string, count: number): State {
  const drawn = drawCards(state, count, state.shuffleSeed);
  return {
    ...state,
    ...drawn.piles,
    hands: { ...state.hands, [seat]: [...handOf(state, seat), ...drawn.cards] },
    declared: state.declared.filter((s) => s !== seat),
    exposed: state.exposed === seat ? null : state.exposed,
  };
}

/** An in-turn move by `seat` closes another seat's exposure: the window to catch it has passed. */
const closeWindow = (state: State, seat: string): State =>
  state.exposed !== null && state.exposed !== seat ? { ...state, exposed: null } : state;

const playPayload = z
  .object({
    card: z.string().min(1).max(32),
    /** The colour a wild names. */
    colour: z.enum(COLOURS).optional(),
    /** Duel only: a skip or reverse gives its player another turn. */
    again: z.literal(true).optional(),
  })
  .strict();
type PlayPayload = z.output<typeof playPayload>;

const play: Move<typeof playPayload> = {
  // The Circular mutations of the card: a reverse turns the circle, a skip passes over the next seat.
  sequence({ payload: { card, again } }): SequenceMutation[] {
    if (again) return [];
    const symbol = cardFace(card)?.symbol;
    if (symbol === 'reverse') return [{ operation: 'ReverseDirection' }];
    return symbol === 'skip' ? [{ operation: 'AddAdvance', amount: 1 }] : [];
  },
  payload: playPayload,
  check({ game: state, seat, payload: { card, colour, again }, options, seating }) {
    if (!handOf(state, seat).includes(card)) return refuse('CARD_NOT_IN_HAND', `${card} is not in ${seat}'s hand`);
    const facts = factsOf(state, seat, seating);
    if (facts.done) return refuse('ALREADY_PLAYED', `${seat} has played this turn: end the turn`);
    if (facts.drew && facts.drawn !== card)
      return refuse(
        'DRAWN_CARD_ONLY',
        `after drawing, ${seat} may play only the card drawn${facts.drawn === null ? ', and drew none' : ` (${facts.drawn})`}`,
      );
    if (isWild(card) && colour === undefined)
      return refuse('COLOUR_REQUIRED', `${card} names the colour in play: give colour (${COLOURS.join(', ')})`);
    if (!isWild(card) && colour !== undefined) return refuse('COLOUR_NOT_ALLOWED', `${card} has its own colour`);
    // In the duel a skip or reverse without `again` carries a Circular mutation, which the engine refuses under PerRound (NOT_CIRCULAR).
    if (again && !(options.duel && turnsBack(card)))
      return refuse(
        'NO_AGAIN',
        options.duel
          ? `only a skip or reverse gives another turn`
          : `at the circular table a skip or reverse changes the circle, not who plays again`,
      );
    if (state.debt?.kind === 'draw4')
      return refuse('DEBT_PENDING', `a +4 is taken at once: ${seat} draws ${state.debt.amount}`);
    if (state.debt?.kind === 'draw2' && cardFace(card)?.symbol !== 'draw2') {
      return refuse('DEBT_PENDING', `a +2 debt of ${state.debt.amount} is on: answer it with a +2, or draw it`);
    }
    if (!canPlayOn(card, top(state), state.colour))
      return refuse('NOT_PLAYABLE', `${card} goes neither on ${top(state)} nor on ${state.colour}`);
    return null;
  },
  play({ game: state, seat, payload: { card, colour, again }, seating }) {
    const face = cardFace(card);
    const hand = withoutFirst(handOf(state, seat), card);
    let debt: Debt | null = state.debt;
    if (face?.symbol === 'draw2') debt = { kind: 'draw2', amount: (debt?.amount ?? 0) + 2 };
    if (face?.symbol === 'wild-draw4') debt = { kind: 'draw4', amount: 4 };
    const declared = state.declared.includes(seat);
    return {
      game: {
        ...state,
        hands: { ...state.hands, [seat]: hand },
        discard: [...state.discard, card],
        colour: colour ?? face?.colour ?? state.colour,
        debt,
        facts: again ? fresh(seat, seating.turn) : { ...factsOf(state, seat, seating), done: true },
        // Down to one card undeclared: open to a catch until the next seat acts (another seat's exposure has just closed).
        exposed: hand.length === 1 && !declared ? seat : null,
      },
    };
  },
  notation: ({ payload: { card, colour, again } }) =>
    `${card}${colour !== undefined ? `:${colour}` : ''}${again ? ' again' : ''}`,
  candidates({ game: state, seat }) {
    return [...new Set(handOf(state, seat))].flatMap((card): PlayPayload[] => {
      if (isWild(card)) return COLOURS.map((colour) => ({ card, colour }));
      return [state.duel && turnsBack(card) ? { card, again: true } : { card }];
    });
  },
};

const drawMove: Move<undefined> = {
  check({ game: state, seat, seating }) {
    const facts = factsOf(state, seat, seating);
    if (facts.done) return refuse('ALREADY_PLAYED', `${seat} has played this turn: end the turn`);
    return facts.drew
      ? refuse('ALREADY_DREW', `${seat} has drawn this turn: play the card drawn, or end the turn`)
      : null;
  },
  play({ game: state, seat, seating }) {
    const open = closeWindow(state, seat);
    const turn = seating.turn;
    if (state.debt !== null) {
      // Paying a debt is the whole turn.
      return {
        game: {
          ...draw(open, seat, state.debt.amount),
          debt: null,
          facts: { seat, turn, drew: true, drawn: null, done: true },
        },
      };
    }
    const after = draw(open, seat, 1);
    const drawn =
      after.hands[seat]?.length === handOf(state, seat).length + 1 ? (after.hands[seat]?.at(-1) ?? null) : null;
    return { game: { ...after, facts: { seat, turn, drew: true, drawn, done: false } } };
  },
  notation: () => 'draw',
};

const declare: Move<undefined> = {
  check({ game: state, seat, seating }) {
    const cards = handOf(state, seat).length;
    if (state.declared.includes(seat)) return refuse('ALREADY_DECLARED', `${seat} has declared already`);
    // With one card at any time, or with two on the seat's own turn before it plays (as it plays its second-to-last card).
    if (cards === 1 || (cards === 2 && seating.activeSeat === seat && !factsOf(state, seat, seating).done)) return null;
    return refuse(
      'NOT_DOWN_TO_ONE',
      `${seat} holds ${cards} cards: declare with one, or with two on your own turn before playing`,
    );
  },
  play: ({ game: state, seat }) => ({
    game: { ...state, declared: [...state.declared, seat], exposed: state.exposed === seat ? null : state.exposed },
  }),
  notation: () => 'one card!',
};

const seatPayload = z.object({ seat: idSchema }).strict();
const catchMove: Move<typeof seatPayload> = {
  payload: seatPayload,
  check({ game: state, seat, payload: { seat: target }, seating }) {
    if (target === seat) return refuse('NOT_YOURSELF', 'declare instead: a seat cannot catch itself');
    if (state.exposed !== target || seating.out.includes(target))
      return refuse('NOT_EXPOSED', `${target} is not down to one card undeclared, or the moment has passed`);
    return null;
  },
  play: ({ game: state, payload: { seat: target } }) => ({ game: { ...draw(state, target, PENALTY), exposed: null } }),
  notation: ({ payload: { seat } }) => `catch ${seat}`,
  candidates: ({ game: state, seat }) =>
    state.exposed !== null && state.exposed !== seat ? [{ seat: state.exposed }] : [],
};

function structure({ options }: { options: CircularTableOptions }): GameStructure {
  const turns = options.duel
    ? { strategy: 'PerRound', outOfTurn: ONE_CARD_MOVES }
    : {
        strategy: 'Circular',
        circular: {
          initialDirection: 'Forward',
          firstActor: 'FirstInOrder',
          roundPolicy: 'ActivationCount',
          allowSelfSuccessor: false,
        },
        outOfTurn: ONE_CARD_MOVES,
      };
  return { phases: [{ name: options.duel ? 'duel' : 'table', turns }] };
}

/**
 * The game `circular-table`, version 1: the reference table of the Circular activation sequence.
 *
 * @example
 * const table = createTable(circularTable, { table: 'table:1', seats: ['seat:a', 'seat:b', 'seat:c', 'seat:d'], seed: 7 })
 * table.play({ type: 'draw', seat: 'seat:a' })
 */
export const circularTable = defineGame({
  id: 'circular-table',
  version: '1',
  title: 'circular-table: reverse, skip, +2 debts, wild colours and one card left',
  seats: { min: 2, max: 10 },
  options: circularTableOptionsSchema,
  checkOptions({ options, seats }) {
    if (options.duel && seats.length !== 2) return { path: 'duel', message: `the duel seats two, not ${seats.length}` };
    const needed = seats.length * options.handSize + 1;
    const deck = options.deck ?? DECK;
    if (deck.length < needed)
      return {
        path: 'deck',
        message: `dealing ${options.handSize} to ${seats.length} seats and one face up takes ${needed} cards; the deck has ${deck.length}`,
      };
    if (!deck.slice(seats.length * options.handSize).some(isNumberCard))
      return { path: 'deck', message: 'no number card is left after the deal to turn face up' };
    return null;
  },
  structure,
  // Draws, plays and ends of turn are plies of one turn, and one-card calls come out of turn.
  turnModel: () => 'sequenced',
  setup({ seats, options, random }): State {
    const dealt = deal(options.deck ?? random.shuffle(DECK), seats, options.handSize);
    const first = dealt.discard[0] as string;
    return {
      ...dealt,
      colour: cardFace(first)?.colour ?? 'red',
      debt: null,
      facts: null,
      declared: [],
      exposed: null,
      shuffleSeed: random.int(0, 0x7fffffff),
      recycles: 0,
      duel: options.duel,
    };
  },
  moves: { play, draw: drawMove, declare, catch: catchMove },
  // The command condition on END_TURN: a seat that has played nothing must draw first. It holds for every path: the
  // application ending the turn (seat null) is held to it too, for the seat whose turn it is.
  mayEndTurn({ game: state, seat, seating }) {
    const whose = seat ?? seating.activeSeat;
    if (whose === null) return null;
    const facts = factsOf(state, whose, seating);
    return facts.drew || facts.done
      ? null
      : refuse('DRAW_REQUIRED', `${whose} has neither played nor drawn: draw a card first`);
  },
  // Individual victory: the first empty hand; a table left with one seat is won by it.
  endIf: ({ game: state, remaining }) =>
    remaining.length <= 1 || remaining.some((seat) => handOf(state, seat).length === 0),
  winners({ game: state, remaining: seats, seating }) {
    const empty = seats.filter((seat) => handOf(state, seat).length === 0);
    if (empty.length === 0) return [...seats];
    // Tie break: the active seat, then table order.
    return [
      seating.activeSeat !== null && empty.includes(seating.activeSeat) ? seating.activeSeat : (empty[0] as string),
    ];
  },
  publicView: ({ game: state }) => ({
    top: state.discard[state.discard.length - 1] ?? null,
    colour: state.colour,
    pile: state.pile.length,
    discard: state.discard.length,
    debt: state.debt === null ? null : { kind: state.debt.kind, amount: state.debt.amount },
  }),
  seatView({ game: state, seat }) {
    const hand = handOf(state, seat);
    return {
      cards: hand.length,
      hand: [...hand],
      declared: state.declared.includes(seat),
      exposed: state.exposed === seat,
    };
  },
  // A hand is secret: the others see how many cards it holds.
  hiddenSeatView: ({ view }) => {
    const { hand: _secret, ...shown } = view;
    return shown;
  },
  bots: {
    // Drawing is allowed even with a playable card in hand, so bots that pick uniformly draw about as often as they
    // play, and a game from seven cards runs to thousands of moves. A player sheds cards: bots play a card, call one
    // card or catch a seat that did not, far rather than draw or end the turn.
    weight: ({ move }) => (SHEDDING_MOVES.includes(move.type) ? SHEDDING_WEIGHT : 1),
    // A playout cut off before an empty hand: fewer cards than the closest rival is better, as many is even.
    evaluate({ game: state, seat, seating }) {
      const mine = handOf(state, seat).length;
      const rivals = seating.seats.filter((s) => s !== seat && !seating.out.includes(s));
      const closest = Math.min(...rivals.map((s) => handOf(state, s).length));
      return rivals.length === 0 || mine + closest === 0 ? 0.5 : closest / (mine + closest);
    },
    // What a seat may not see, drawn again: the other hands and the pile dealt anew from their cards together (each
    // hand as many as it holds; sorted first, so only what the seat sees counts), and the seed of later reshuffles.
    determinize({ game: state, seat, random }) {
      const others = Object.keys(state.hands).filter((s) => s !== seat);
      const unseen = random.shuffle([...state.pile, ...others.flatMap((s) => handOf(state, s))].sort());
      const hands: Record<string, readonly string[]> = { ...state.hands };
      let dealt = 0;
      for (const s of others) {
        const count = handOf(state, s).length;
        hands[s] = unseen.slice(dealt, dealt + count);
        dealt += count;
      }
      // The card another seat drew this turn, still in its hand, is its last one (drawing adds to the end).
      const facts = state.facts;
      const drawnHeld =
        facts !== null &&
        facts.seat !== seat &&
        facts.drawn !== null &&
        handOf(state, facts.seat).at(-1) === facts.drawn;
      return {
        ...state,
        hands,
        pile: unseen.slice(dealt),
        facts: drawnHeld ? { ...facts, drawn: hands[facts.seat]?.at(-1) ?? null } : facts,
        shuffleSeed: random.int(0, 0x7fffffff),
      };
    },
  },
  // What nobody else may see: a seat's hand (its first card swapped with the top of the pile), and the pile's order.
  hidden: {
    vary({ game: state, seat }) {
      if (seat === null) return { ...state, pile: [...state.pile].reverse() };
      const hand = handOf(state, seat);
      if (hand.length === 0 || state.pile.length === 0) return state;
      return {
        ...state,
        hands: { ...state.hands, [seat]: [state.pile[0] as string, ...hand.slice(1)] },
        pile: [hand[0] as string, ...state.pile.slice(1)],
      };
    },
  },
  checks: {
    invariants: {
      // Cards move between the hands, the pile and the discard: none appears, none vanishes.
      'cards-are-conserved': ({ game: state, options }) => {
        const held = Object.values(state.hands).reduce((n, hand) => n + hand.length, 0);
        const total = held + state.pile.length + state.discard.length;
        const dealt = (options.deck ?? DECK).length;
        return total === dealt || `${total} cards at the table, of ${dealt}`;
      },
    },
    moves: {
      // A card goes on the discard only if it is wild, of the colour in play, or has the top card's symbol.
      'the-played-card-matches': ({ before, move }) => {
        if (move.type !== 'play') return true;
        const { card } = move.payload as PlayPayload;
        return (
          canPlayOn(card, top(before.game), before.game.colour) ||
          `${card} went on ${top(before.game)} with ${before.game.colour} in play`
        );
      },
      // Playing sheds exactly the card played from the player's hand.
      'a-play-sheds-one-card': ({ before, after, move }) => {
        if (move.type !== 'play' || move.seat === undefined) return true;
        const was = handOf(before.game, move.seat).length;
        const now = handOf(after.game, move.seat).length;
        return now === was - 1 || `${move.seat} went from ${was} cards to ${now} by playing one`;
      },
    },
  },
  // No demoOptions: the demo plays to the first empty hand, a whole game, whatever the number of turns asked.
});
