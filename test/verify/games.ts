/**
 * Games for the mutant suite, written as specs so that a mutant is the spec
 * copied with one thing changed: `counterspell`, a stack duel like the one in
 * docs/writing-a-game.md (bounded: fixed hands, no draws, so it can be
 * exhausted), and `ring`, three seats passing the turn by a token that a
 * routine hands on, skipping eliminated seats. Each states its own rules as
 * `checks`, which the verifier then holds every mutant to.
 */
import { z } from 'zod';
import type { GameRefusal, Invariant, MoveProperty, StackItem } from '../../src/index.js';

const refuse = (reason: string, message: string): GameRefusal => ({ reason, message });

/** counterspell's pieces: life, hands, the stack ids a resolved counter cancelled, and cards still on the stack. */
export interface Duel {
  readonly life: Readonly<Record<string, number>>;
  readonly hands: Readonly<Record<string, readonly string[]>>;
  readonly countered: readonly number[];
  readonly pending: number;
}

/** The hand every seat is dealt: a bolt and a counter (no randomness, no draws: a finite game). */
export const HAND: readonly string[] = ['bolt', 'counter'];

const duelOptions = z.object({ life: z.number().int().min(1).max(5).default(1) }).strict();
type DuelOptions = z.output<typeof duelOptions>;

/**
 * A new duel with `card` gone from `seat`'s hand and one more item to resolve: a new hand, new pieces.
 *
 * @example
 * discard(duel, 'seat:ann', 'bolt').hands['seat:ann'] // ['counter']
 */
export function discard(game: Duel, seat: string, card: string): Duel {
  const hand = [...(game.hands[seat] ?? [])];
  hand.splice(hand.indexOf(card), 1);
  return { ...game, hands: { ...game.hands, [seat]: hand }, pending: game.pending + 1 };
}

/** What a resolving item does, by its stack type. */
export const EFFECTS: Readonly<
  Record<string, (game: Duel, item: StackItem, beneath: readonly StackItem[]) => { game: Duel; eliminate?: string[] }>
> = {
  // A counter cancels the item right beneath it.
  COUNTER: (game, _item, beneath) => {
    const target = beneath[beneath.length - 1];
    return { game: target === undefined ? game : { ...game, countered: [...game.countered, target.id] } };
  },
  BOLT: (game, item) => {
    const victim = item.card.split('>')[1] ?? '';
    const life = { ...game.life, [victim]: Math.max(0, (game.life[victim] ?? 0) - 1) };
    return { game: { ...game, life }, eliminate: life[victim] === 0 ? [victim] : [] };
  },
};

const boltPayload = z.object({ target: z.string() }).strict();

/** counterspell's own rules, as properties. */
export const duelChecks = {
  invariants: {
    'life-never-below-0': (({ game }) =>
      Object.values(game.life).every((life) => life >= 0) || `life ${JSON.stringify(game.life)}`) as Invariant<Duel>,
    'never-ends-with-items-on-the-stack': (({ status, stack }) =>
      status === 'playing' ||
      stack.length === 0 ||
      `the game ended with ${stack.map((item) => item.card).join(', ')} on the stack`) as Invariant<Duel>,
  },
  moves: {
    'bolts-at-sorcery-speed': (({ move, before }) =>
      move.type !== 'bolt' ||
      (before.seating.activeSeat === move.seat && before.seating.phase === 'MAIN' && before.stack.length === 0) ||
      `${move.seat} bolted in ${before.seating.phase} of ${before.seating.activeSeat}'s turn, the stack ${before.stack.length} deep`) as MoveProperty<Duel>,
    'a-counter-has-something-to-counter': (({ move, before }) =>
      move.type !== 'counter' ||
      before.stack.length > 0 ||
      `${move.seat} countered an empty stack`) as MoveProperty<Duel>,
  },
};

/**
 * counterspell as a spec: `defineGame(counterspellSpec)` is the unmutated game. Bolts are sorceries that hurt a seat
 * when they resolve; a counter, at instant speed, cancels the item beneath it. It ends when one seat is left, or
 * when no seat holds a bolt and nothing is left to resolve.
 */
export const counterspellSpec = {
  id: 'counterspell',
  version: '1',
  title: 'counterspell: bolts, counters and a stack',
  seats: { min: 2, max: 4 },
  options: duelOptions,
  structure: {
    phases: [{ name: 'duel', turns: { strategy: 'PerRound' }, turnPhases: [{ name: 'MAIN' }, { name: 'END' }] }],
  },
  sorceryPhase: 'MAIN',
  // A duel is played to its end: a seat that left with a bolt on its way would end the game under it.
  leaving: false,
  setup: ({ seats, options }: { seats: readonly string[]; options: DuelOptions }): Duel => ({
    life: Object.fromEntries(seats.map((seat) => [seat, options.life])),
    hands: Object.fromEntries(seats.map((seat) => [seat, [...HAND]])),
    countered: [],
    pending: 0,
  }),
  moves: {
    bolt: {
      speed: 'sorcery' as const,
      payload: boltPayload,
      check: ({
        game,
        seat,
        payload,
        seating,
      }: {
        game: Duel;
        seat: string;
        payload: z.output<typeof boltPayload>;
        seating: { seats: readonly string[]; out: readonly string[] };
      }) => {
        if (!(game.hands[seat] ?? []).includes('bolt')) return refuse('NO_BOLT', `${seat} holds no bolt`);
        if (!seating.seats.includes(payload.target) || payload.target === seat || seating.out.includes(payload.target))
          return refuse('BAD_TARGET', 'bolt another seat still in the game');
        return null;
      },
      play: ({ game, seat, payload }: { game: Duel; seat: string; payload: z.output<typeof boltPayload> }) => ({
        game: discard(game, seat, 'bolt'),
        stack: { card: `bolt>${payload.target}`, type: 'BOLT' },
      }),
      notation: ({ payload }: { payload: z.output<typeof boltPayload> }) => `bolt ${payload.target}`,
      candidates: ({
        seat,
        seating,
      }: {
        seat: string;
        seating: { seats: readonly string[]; out: readonly string[] };
      }) =>
        seating.seats
          .filter((target) => target !== seat && !seating.out.includes(target))
          .map((target) => ({ target })),
    },
    counter: {
      check: ({ game, seat, stack }: { game: Duel; seat: string; stack: readonly StackItem[] }) => {
        if (!(game.hands[seat] ?? []).includes('counter')) return refuse('NO_COUNTER', `${seat} holds no counter`);
        return stack.length === 0 ? refuse('NOTHING_TO_COUNTER', 'the stack is empty') : null;
      },
      play: ({ game, seat }: { game: Duel; seat: string }) => ({
        game: discard(game, seat, 'counter'),
        stack: { card: 'counter', type: 'COUNTER' },
      }),
    },
  },
  resolve: ({ game, item, beneath }: { game: Duel; item: StackItem; beneath: readonly StackItem[] }) => {
    const settled = { ...game, pending: game.pending - 1 };
    if (game.countered.includes(item.id))
      return { game: { ...settled, countered: game.countered.filter((id) => id !== item.id) } };
    const effect = EFFECTS[item.type] as (typeof EFFECTS)[string];
    return effect(settled, item, beneath);
  },
  // Over when one seat is left, or when nothing is left to resolve and no seat holds a bolt (a counter alone has
  // nothing to answer).
  endIf: ({ game, remaining }: { game: Duel; remaining: readonly string[] }) =>
    remaining.length <= 1 ||
    (game.pending === 0 && remaining.every((seat) => !(game.hands[seat] ?? []).includes('bolt'))),
  winners: ({ game, remaining }: { game: Duel; remaining: readonly string[] }) => {
    const most = Math.max(...remaining.map((seat) => game.life[seat] ?? 0));
    const winners = remaining.filter((seat) => game.life[seat] === most);
    return { winners, draw: winners.length > 1 };
  },
  seatView: ({ game, seat }: { game: Duel; seat: string }) => ({
    life: game.life[seat] ?? 0,
    hand: [...(game.hands[seat] ?? [])],
  }),
  // Other seats and spectators see a hand only as a count.
  hiddenSeatView: ({ view }: { view: { life: number; hand: string[] } }) => ({ ...view, hand: view.hand.length }),
  // A seat's hand is its own: another hand it could hold has one card changed (a bolt for a counter, or back).
  hidden: {
    vary: ({ game, seat }: { game: Duel; seat: string | null }): Duel => {
      const hand = seat === null ? [] : (game.hands[seat] ?? []);
      if (seat === null || hand.length === 0) return game;
      const swapped = hand[0] === 'bolt' ? 'counter' : 'bolt';
      return { ...game, hands: { ...game.hands, [seat]: [swapped, ...hand.slice(1)] } };
    },
  },
  checks: duelChecks,
};

/** ring's pieces: each seat's life, and the token: the seat whose turn comes next. */
export interface Ring {
  readonly life: Readonly<Record<string, number>>;
  readonly token: string;
}

/**
 * The seat after `seat` in table order that is still in the game (`seat` itself when it is the last one).
 *
 * @example
 * nextIn(['seat:ann', 'seat:bob', 'seat:cat'], ['seat:bob'], 'seat:ann') // 'seat:cat'
 */
export function nextIn(seats: readonly string[], out: readonly string[], seat: string): string {
  for (let step = 1; step <= seats.length; step++) {
    const candidate = seats[(seats.indexOf(seat) + step) % seats.length] as string;
    if (!out.includes(candidate)) return candidate;
  }
  return seat;
}

const hitPayload = z.object({ target: z.string() }).strict();

/** ring's own rule: the turn goes round the table to the next seat still in, and no seat is passed over. */
export const ringChecks = {
  moves: {
    'the-turn-passes-to-the-next-seat-still-in': (({ before, after }) => {
      if (after.status === 'over' || before.seating.activeSeat === after.seating.activeSeat) return true;
      const expected = nextIn(after.seating.seats, after.seating.out, before.seating.activeSeat as string);
      return (
        after.seating.activeSeat === expected ||
        `the turn went from ${before.seating.activeSeat} to ${after.seating.activeSeat}, not ${expected}`
      );
    }) as MoveProperty<Ring>,
  },
};

/**
 * ring as a spec: three or four seats, one hit a turn; a seat at 0 life is out. The turn order is the game's own:
 * after every move the routine `passToken` names the next seat still in, and the order reads it.
 */
export const ringSpec = {
  id: 'ring',
  version: '1',
  title: 'ring: the turn passed round by a token',
  seats: { min: 3, max: 4 },
  structure: {
    phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 }, onMove: 'passToken', order: 'token' }],
  },
  leaving: false,
  setup: ({ seats }: { seats: readonly string[] }): Ring => ({
    life: Object.fromEntries(seats.map((seat) => [seat, 2])),
    token: seats[1] as string,
  }),
  moves: {
    hit: {
      payload: hitPayload,
      check: ({ game, seat, payload }: { game: Ring; seat: string; payload: z.output<typeof hitPayload> }) =>
        payload.target !== seat && (game.life[payload.target] ?? 0) > 0
          ? null
          : refuse('BAD_TARGET', 'hit another seat still in'),
      play: ({ game, payload }: { game: Ring; payload: z.output<typeof hitPayload> }) => {
        const life = { ...game.life, [payload.target]: (game.life[payload.target] ?? 0) - 1 };
        return { game: { ...game, life }, eliminate: life[payload.target] === 0 ? [payload.target] : [] };
      },
      candidates: ({ game, seat }: { game: Ring; seat: string }) =>
        Object.keys(game.life)
          .filter((target) => target !== seat && (game.life[target] ?? 0) > 0)
          .map((target) => ({ target })),
    },
  },
  routines: {
    passToken: ({
      game,
      seating,
    }: {
      game: Ring;
      seating: { seats: readonly string[]; out: readonly string[]; activeSeat: string | null };
    }) => ({ game: { ...game, token: nextIn(seating.seats, seating.out, seating.activeSeat as string) } }),
  },
  orders: { token: { next: ({ game }: { game: Ring }) => game.token } },
  endIf: ({ remaining }: { remaining: readonly string[] }) => remaining.length <= 1,
  seatView: ({ game, seat }: { game: Ring; seat: string }) => ({ life: game.life[seat] ?? 0 }),
  checks: ringChecks,
};
