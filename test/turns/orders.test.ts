/**
 * Orders from game state: a PerRound game phase may name one of the game's
 * `orders`, which says from the pieces who acts first as the phase begins and
 * who acts next as each turn ends; a move's outcome may name the next seat
 * itself (`next`); and `firstActor: 'AfterLastActor'` starts a phase with the
 * seat after the one whose turn ended the phase before. The chart asks the
 * order as a turn ends (the entry of its `done` state); no ply is recorded for
 * it, and replay, restore and time travel come to the same table.
 */
import { describe, expect, it } from 'vitest';
import { createTable, defineGame, GameDefinitionError } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, refusalOf, statesAfter, takeTurn } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';
const D = 'seat:d';

/** A main phase, then a draft in which the seat with the fewest cards played acts next. */
const draftAfterMain = {
  phases: [
    { name: 'main', turns: { strategy: 'PerRound' } },
    { name: 'draft', turns: { strategy: 'PerRound' }, order: 'fewest-first' },
  ],
  transitions: [{ name: 'draft', from: 'main', to: 'draft' }],
};

/** `seat` plays `cards` cards and ends its turn. */
function playCards(table: ReturnType<typeof openSandbox>, seat: string, cards: number): void {
  for (let i = 0; i < cards; i++) table.play({ type: 'play', seat });
  table.play({ type: 'engine.end-turn', seat });
}

describe("the game's order: who acts first and next, from the pieces", () => {
  it('the phase begins with the seat the order names: the one with the fewest cards', () => {
    const table = openSandbox(draftAfterMain, [A, B, C]);
    playCards(table, A, 2);
    playCards(table, B, 1);
    playCards(table, C, 3);
    table.play({ type: 'engine.transition', payload: { transition: 'draft' } });
    expect(table.state).toMatchObject({ gamePhase: 'draft', activeSeat: B });
  });

  it('after each turn, the seat with the fewest cards among those yet to act this round; then a new round', () => {
    const table = openSandbox(draftAfterMain, [A, B, C, D]);
    playCards(table, A, 0);
    playCards(table, B, 3);
    playCards(table, C, 1);
    playCards(table, D, 2);
    table.play({ type: 'engine.transition', payload: { transition: 'draft' } });
    const seen: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const seat = table.state.activeSeat as string;
      seen.push(`${seat} ${table.state.round}`);
      playCards(table, seat, 2);
    }
    // the draft's first round (round 3: the transition started one) goes a (0 cards), c (1), d (2), b (3); each plays
    // two, so the next round starts with the fewest again: seat:a with 2 (c 3, d 4, b 5)
    expect(seen).toEqual([`${A} 3`, `${C} 3`, `${D} 3`, `${B} 3`, `${A} 4`]);
  });

  it('the next seat is not known before the order names it as the turn ends; the round order shows who has acted', () => {
    const table = openSandbox(draftAfterMain, [A, B, C]);
    playCards(table, A, 1);
    table.play({ type: 'engine.transition', payload: { transition: 'draft' } });
    expect(table.state).toMatchObject({ activeSeat: B, nextSeat: null, order: [B, A, C] });
    playCards(table, B, 0);
    expect(table.state).toMatchObject({ activeSeat: C, nextSeat: null, order: [B, C, A] });
  });

  it('every seat once, then the phase ends: the order with endIf round-over', () => {
    const options = {
      phases: [
        { ...draftAfterMain.phases[1], endIf: { when: 'round-over', transition: 'play' } },
        draftAfterMain.phases[0],
      ],
      transitions: [{ name: 'play', from: 'draft', to: 'main' }],
    };
    const table = openSandbox(options, [A, B, C]);
    playCards(table, A, 2);
    playCards(table, B, 1);
    expect(table.state).toMatchObject({ gamePhase: 'draft', activeSeat: C });
    playCards(table, C, 0);
    expect(table.state).toMatchObject({ gamePhase: 'main', turn: 4, round: 2, activeSeat: A });
  });

  it('the order is asked as a turn ends however it ends: by movesPerTurn too', () => {
    const options = {
      phases: [{ name: 'draft', turns: { strategy: 'PerRound', movesPerTurn: 1 }, order: 'fewest-first' }],
    };
    const table = openSandbox(options, [A, B, C]);
    for (const seat of [A, B, C]) table.play({ type: 'play', seat });
    // every seat has one card: the new round starts in table order
    expect(table.state).toMatchObject({ activeSeat: A, round: 2 });
  });
});

describe('a move names the seat that goes next', () => {
  const options = { phases: [{ name: 'main', turns: { strategy: 'PerRound' } }], flowCards: true };

  it('pass-to hands the next turn to the seat it names, skipping the others', () => {
    const table = openSandbox(options, [A, B, C, D]);
    table.play({ type: 'pass-to', seat: A, payload: { seat: C } });
    expect(table.state).toMatchObject({ activeSeat: A, nextSeat: C });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ activeSeat: C, turn: 2, round: 1 });
    // the choice is used up: the turn then goes on in table order
    takeTurn(table, C);
    expect(table.state).toMatchObject({ activeSeat: D, round: 1 });
  });

  it("a seat's answer in a response window may name the next seat, the active seat too; the last naming counts", () => {
    const windows = [{ name: 'militia', who: 'others', moves: ['pass-to'], movesPerSeat: 1 }];
    const table = openSandbox({ ...options, phases: [{ ...options.phases[0], windows }] }, [A, B, C, D]);
    const states = statesAfter(table, [
      { type: 'pass-to', seat: A, payload: { seat: C } },
      { type: 'call', seat: A, payload: { window: 'militia' } },
      { type: 'pass-to', seat: B, payload: { seat: D } },
      { type: 'pass-to', seat: C, payload: { seat: A } },
      { type: 'engine.end-turn', seat: D },
      { type: 'engine.end-turn', seat: A },
    ]);
    expect(states.map((state) => state.nextSeat)).toEqual([B, C, C, D, A, A, B]);
    expect(states[5]).toMatchObject({ activeSeat: A, window: null, turn: 1 });
    // seat:a has had its turn this round: being named again starts a new round with it
    expect(table.state).toMatchObject({ activeSeat: A, turn: 2, round: 2 });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });

  it('naming a seat that has acted this round starts a new round with it', () => {
    const table = openSandbox(options, [A, B, C]);
    takeTurn(table, A);
    table.play({ type: 'pass-to', seat: B, payload: { seat: A } });
    table.play({ type: 'engine.end-turn', seat: B });
    expect(table.state).toMatchObject({ activeSeat: A, turn: 3, round: 2 });
  });

  it("a move's choice comes before the game's order, which is not asked then", () => {
    const table = openSandbox({ ...draftAfterMain, flowCards: true }, [A, B, C]);
    table.play({ type: 'engine.transition', payload: { transition: 'draft' } });
    expect(table.state.activeSeat).toBe(A);
    table.play({ type: 'pass-to', seat: A, payload: { seat: C } });
    table.play({ type: 'engine.end-turn', seat: A });
    // fewest-first would have named seat:b (no cards) over seat:c (none either, later in table order)
    expect(table.state.activeSeat).toBe(C);
  });

  it('a seat named and then eliminated before the turn passes is passed over: the turn goes on in table order', () => {
    const table = openSandbox({ ...options, eliminations: true }, [A, B, C, D]);
    table.play({ type: 'pass-to', seat: A, payload: { seat: C } });
    table.play({ type: 'eliminate', seat: A, payload: { seat: C } });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ activeSeat: B, out: [C] });
  });

  it('pass-to is refused with a reason for itself, a seat not at the table or out, and outside a PerRound phase', () => {
    const table = openSandbox({ ...options, eliminations: true }, [A, B, C]);
    expect(refusalOf(table, { type: 'pass-to', seat: A, payload: { seat: A } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_YOURSELF',
    });
    expect(refusalOf(table, { type: 'pass-to', seat: A, payload: { seat: 'seat:z' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_A_SEAT',
    });
    table.play({ type: 'eliminate', seat: A, payload: { seat: C } });
    expect(refusalOf(table, { type: 'pass-to', seat: A, payload: { seat: C } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_OUT',
    });
    const circular = openSandbox({ phases: [{ name: 'main', turns: { strategy: 'Circular' } }], flowCards: true });
    expect(refusalOf(circular, { type: 'pass-to', seat: A, payload: { seat: B } })).toMatchObject({
      code: 'WRONG_TIMING',
    });
  });
});

describe('firstActor: where the next phase starts', () => {
  const phases = (firstActor?: string) => ({
    phases: [
      { name: 'one', turns: { strategy: 'PerRound' } },
      { name: 'two', turns: { strategy: 'PerRound', ...(firstActor === undefined ? {} : { firstActor }) } },
    ],
    transitions: [{ name: 'on', from: 'one', to: 'two' }],
  });

  it('AfterLastActor: the seat after the one whose turn ended the phase before', () => {
    const table = openSandbox(phases('AfterLastActor'), [A, B, C]);
    takeTurn(table, A);
    table.play({ type: 'engine.transition', payload: { transition: 'on' } });
    expect(table.state).toMatchObject({ gamePhase: 'two', activeSeat: C });
  });

  it('AfterLastActor on the opening phase: no turn ended before it, so the first seat in order starts', () => {
    const table = openSandbox(
      { phases: [{ name: 'main', turns: { strategy: 'PerRound', firstActor: 'AfterLastActor' } }] },
      [A, B, C],
    );
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A });
    // Its turn ends, and the round goes on in table order.
    takeTurn(table, A);
    expect(table.state).toMatchObject({ activeSeat: B });
  });

  it('FirstInOrder, as without the rule: the first seat in order', () => {
    for (const rule of ['FirstInOrder', undefined]) {
      const table = openSandbox(phases(rule), [A, B, C]);
      takeTurn(table, A);
      table.play({ type: 'engine.transition', payload: { transition: 'on' } });
      expect(table.state, String(rule)).toMatchObject({ gamePhase: 'two', activeSeat: A });
    }
  });

  it('AfterLastActor passes over seats out of the game, and follows the direction of play', () => {
    const table = openSandbox({ ...phases('AfterLastActor'), direction: -1, eliminations: true }, [A, B, C, D]);
    // backward: a, d, c, b
    table.play({ type: 'eliminate', seat: A, payload: { seat: C } });
    table.play({ type: 'engine.end-turn', seat: A });
    table.play({ type: 'engine.transition', payload: { transition: 'on' } });
    // seat:d's turn ended the phase; after it, backward, seat:c is out: seat:b starts
    expect(table.state).toMatchObject({ gamePhase: 'two', activeSeat: B });
  });

  it('only PerRound reads firstActor at the top of its rules: Initiative refuses it', () => {
    expect(() =>
      openSandbox({ phases: [{ name: 'main', turns: { strategy: 'Initiative', firstActor: 'AfterLastActor' } }] }),
    ).toThrow('options.phases.0.turns');
  });
});

/**
 * An auction: seats bid or pass; a seat that passes is out of the auction (the order passes over it), and the
 * auction ends when one bidder is left, who starts the play phase.
 */
interface Auction {
  readonly high: number;
  readonly leader: string | null;
  readonly passed: readonly string[];
}
const auction = defineGame({
  id: 'auction',
  seats: { min: 2, max: 4 },
  setup: (): Auction => ({ high: 0, leader: null, passed: [] }),
  structure: {
    phases: [
      {
        name: 'bidding',
        turns: { strategy: 'PerRound', movesPerTurn: 1 },
        order: 'bidders',
        endIf: { when: 'one-left', transition: 'sold' },
      },
      { name: 'play', turns: { strategy: 'PerRound' }, order: 'winner-first', moves: [] },
    ],
    transitions: [{ name: 'sold', from: 'bidding', to: 'play' }],
  },
  orders: {
    // After each turn, the next seat in table order that has not passed.
    bidders: {
      next: ({ game, seating }) => {
        const { seats } = seating;
        const from = seats.indexOf(seating.activeSeat as string);
        for (let i = 1; i <= seats.length; i++) {
          const seat = seats[(from + i) % seats.length] as string;
          if (!game.passed.includes(seat) && !seating.out.includes(seat)) return seat;
        }
        return null;
      },
    },
    'winner-first': { first: ({ game }) => game.leader, next: () => null },
  },
  conditions: {
    'one-left': ({ game, seating }) => seating.seats.length - game.passed.length <= 1,
  },
  moves: {
    bid: {
      check: ({ game, seat }) =>
        game.passed.includes(seat) ? { reason: 'PASSED', message: `${seat} has passed out of the auction` } : null,
      play: ({ game, seat }) => ({ game: { ...game, high: game.high + 1, leader: seat } }),
    },
    fold: {
      play: ({ game, seat }) => ({ game: { ...game, passed: [...game.passed, seat] } }),
    },
  },
  publicView: ({ game }) => ({ high: game.high, leader: game.leader, passed: [...game.passed] }),
});

describe('a worked example: an auction where seats pass out of the phase until one is left', () => {
  it('the order passes over the seats that folded; the last bidder wins and starts the play phase', () => {
    const table = createTable(auction, { table: 'table:auction', seats: [A, B, C], seed: 1 });
    table.play({ type: 'bid', seat: A });
    table.play({ type: 'fold', seat: B });
    table.play({ type: 'bid', seat: C });
    // seat:b folded: after seat:c comes seat:a, then seat:c again
    expect(table.state.activeSeat).toBe(A);
    table.play({ type: 'bid', seat: A });
    expect(table.state.activeSeat).toBe(C);
    table.play({ type: 'fold', seat: C });
    expect(table.state).toMatchObject({
      gamePhase: 'play',
      activeSeat: A,
      game: { high: 3, leader: A, passed: [B, C] },
    });
  });
});

describe('orders are checked, and a bad answer is the game’s error', () => {
  it('defineGame refuses a phase naming no order of the game, an order on a Circular phase, and an order without next', () => {
    const base = { id: 'orders', seats: { min: 2, max: 2 }, setup: () => ({}), moves: {} };
    expect(() =>
      defineGame({ ...base, structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, order: 'x' }] } }),
    ).toThrow(GameDefinitionError);
    expect(() =>
      defineGame({
        ...base,
        orders: { x: { next: () => null } },
        structure: { phases: [{ name: 'main', turns: { strategy: 'Circular' }, order: 'x' }] },
      }),
    ).toThrow("only a PerRound phase takes the game's order");
    expect(() => defineGame({ ...base, orders: { x: { first: () => null } as never } })).toThrow('orders.x');
  });

  it('an order or a move naming a seat that is not in the game refuses the move that asked, the table unchanged', () => {
    const stray = defineGame({
      id: 'stray',
      seats: { min: 2, max: 2 },
      setup: () => ({ target: 'seat:nobody' }),
      structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, order: 'stray' }] },
      orders: { stray: { next: ({ game }) => game.target } },
      moves: {
        point: { outcomes: ['next'], play: ({ game }) => ({ game, next: 'seat:ghost' }) },
        undeclared: { play: ({ game }) => ({ game, next: 'seat:b' }) },
      },
    });
    const table = createTable(stray, { table: 'table:s', seats: [A, B], seed: 1 });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({ code: 'GAME_ERROR' });
    expect(() => table.play({ type: 'engine.end-turn', seat: A })).toThrow('orders.stray.next');
    expect(() => table.play({ type: 'point', seat: A })).toThrow('"seat:ghost" is not a seat still in the game');
    expect(() => table.play({ type: 'undeclared', seat: A })).toThrow("declare outcomes: ['next']");
    expect(table.log.moves).toEqual([]);
    expect(table.actor.getSnapshot().status).toBe('active');
  });
});

describe('the log is the truth: replay, restore and time travel agree with the live table', () => {
  it('at every move of a game with a named seat, the order and AfterLastActor', () => {
    const options = {
      phases: [
        { name: 'main', turns: { strategy: 'PerRound' }, endIf: { when: 'round-over', transition: 'draft' } },
        {
          name: 'draft',
          turns: { strategy: 'PerRound' },
          order: 'fewest-first',
          endIf: { when: 'round-over', transition: 'play' },
        },
        { name: 'play', turns: { strategy: 'PerRound', firstActor: 'AfterLastActor' } },
      ],
      transitions: [
        { name: 'draft', from: 'main', to: 'draft' },
        { name: 'play', from: 'draft', to: 'play' },
      ],
      flowCards: true,
    };
    const table = openSandbox(options, [A, B, C]);
    const moves = [
      { type: 'play', seat: A },
      { type: 'pass-to', seat: A, payload: { seat: C } },
      { type: 'engine.end-turn', seat: A },
      { type: 'engine.end-turn', seat: C },
      { type: 'play', seat: B },
      { type: 'engine.end-turn', seat: B },
      { type: 'engine.end-turn', seat: C },
      { type: 'engine.end-turn', seat: A },
    ];
    const states = statesAfter(table, moves);
    expect(states.map((s) => `${s.gamePhase} ${s.activeSeat}`)).toEqual([
      `main ${A}`,
      `main ${A}`,
      `main ${A}`,
      // seat:a named seat:c: seat:b's turn is passed over, and after seat:c the round is over
      `main ${C}`,
      // the draft: fewest cards first (seat:a has played two)
      `draft ${B}`,
      `draft ${B}`,
      `draft ${C}`,
      `draft ${A}`,
      // every seat has drafted: play starts after seat:a, whose turn ended the draft
      `play ${B}`,
    ]);
    expectLogIsTruth(table, states, { type: 'play', seat: B });
  });
});
