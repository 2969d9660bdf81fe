import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../src/core/random.js';
import { DECK } from '../../src/games/circularTable/cards.js';
import { type CircularTableState, circularTable } from '../../src/games/circularTable/circularTable.js';
import { createTable, InvalidTable, type Table } from '../../src/index.js';
import { blockedReason, expectReplayAgrees, firstOf, playOut, refusalOf } from './support.js';

const [A, B, C, D] = ['seat:a', 'seat:b', 'seat:c', 'seat:d'] as const;
const FOUR = [A, B, C, D];

const game = (table: Table) => table.context.game as CircularTableState;
const hand = (table: Table, seat: string) => game(table).hands[seat] as string[];
const play = (table: Table, seat: string, card: string, more: object = {}) =>
  table.play({ type: 'play', seat, payload: { card, ...more } });
const endTurn = (table: Table, seat: string) => table.play({ type: 'engine.end-turn', seat });
/** All the cards at the table: hands, pile and discard. */
const allCards = (table: Table) => [
  ...Object.values(game(table).hands).flat(),
  ...game(table).pile,
  ...game(table).discard,
];

/**
 * A table dealt from a stacked deck: `hands` in table order (all the same size), then the face-up card, then the pile.
 * The deal goes round the table one card at a time, so the deck interleaves the hands.
 *
 * @example
 * stacked({ 'seat:a': ['red-1'], 'seat:b': ['blue-2'] }, 'red-7', ['green-3']) // seat:a to play on red-7
 */
function stacked(hands: Record<string, string[]>, faceUp: string, pile: string[] = [], options: object = {}): Table {
  const seats = Object.keys(hands);
  const size = (hands[seats[0] as string] as string[]).length;
  const deck: string[] = [];
  for (let r = 0; r < size; r++) for (const seat of seats) deck.push((hands[seat] as string[])[r] as string);
  return createTable(circularTable, {
    table: 'table:stacked',
    seats,
    seed: 1,
    options: { handSize: size, deck: [...deck, faceUp, ...pile], ...options },
  });
}

const fillers = (n: number) => Array.from({ length: n }, (_, i) => `green-${(i % 9) + 1}`);

describe('circular-table: the deal', () => {
  it("deals four seats seven cards each from the seed's shuffle of 108, turns one number card face up and leaves 79 in the draw pile", () => {
    const table = createTable(circularTable, { table: 'table:deal', seats: FOUR, seed: 3 });
    expect(FOUR.map((seat) => hand(table, seat).length)).toEqual([7, 7, 7, 7]);
    expect(game(table).discard).toHaveLength(1);
    expect(game(table).discard[0]).toMatch(/^(red|yellow|green|blue)-\d$/);
    expect(game(table).pile).toHaveLength(79);
    expect(allCards(table).sort()).toEqual([...DECK].sort());
    expect(DECK).toHaveLength(108);
    expect(table.state).toMatchObject({ activeSeat: A, direction: 1, toAct: [A] });
  });

  it('the same seed deals the same cards, another seed deals others', () => {
    const deal = (seed: number) => createTable(circularTable, { table: 'table:deal', seats: FOUR, seed }).context.game;
    expect(deal(3)).toEqual(deal(3));
    expect((deal(4) as CircularTableState).hands).not.toEqual((deal(3) as CircularTableState).hands);
  });
});

describe('circular-table: turns round the circle', () => {
  const hands = {
    [A]: ['red-reverse', 'red-skip', 'red-1'],
    [B]: ['red-2', 'blue-2', 'blue-3'],
    [C]: ['red-3', 'blue-4', 'blue-5'],
    [D]: ['red-4', 'blue-6', 'blue-8'],
  };

  it('a reverse turns the circle back: after seat:a comes seat:d, then seat:c', () => {
    const table = stacked(hands, 'red-7', fillers(6));
    play(table, A, 'red-reverse');
    endTurn(table, A);
    expect(table.state).toMatchObject({ activeSeat: D, direction: -1 });
    play(table, D, 'red-4');
    endTurn(table, D);
    expect(table.state.activeSeat).toBe(C);
  });

  it('a skip passes over the next seat once', () => {
    const table = stacked(hands, 'red-7', fillers(6));
    play(table, A, 'red-skip');
    endTurn(table, A);
    expect(table.state.activeSeat).toBe(C);
    play(table, C, 'red-3');
    endTurn(table, C);
    expect(table.state.activeSeat).toBe(D);
  });

  it('four activations make a round, under the Circular strategy', () => {
    const table = stacked(hands, 'red-7', fillers(6));
    expect(table.context.progression.rules.strategy).toBe('Circular');
    for (const [seat, card] of [
      [A, 'red-1'],
      [B, 'red-2'],
      [C, 'red-3'],
      [D, 'red-4'],
    ] as const) {
      expect(table.state.round).toBe(1);
      play(table, seat, card);
      endTurn(table, seat);
    }
    expect(table.state).toMatchObject({ round: 2, activeSeat: A });
  });

  // The rule: conditions apply "in discovery, in direct execution and in the AI", and generic flows "cannot bypass the
  // conditions of an active combat": a timer (the application, without a seat) is held to DRAW_REQUIRED too.
  it("a timer's seatless end-turn is refused with DRAW_REQUIRED while the seat has not drawn, and ends the turn once it has", () => {
    const table = stacked(hands, 'red-7', fillers(6));
    expect(refusalOf(table, { type: 'engine.end-turn' })).toEqual({ code: 'REFUSED', reason: 'DRAW_REQUIRED' });
    expect(table.plies).toHaveLength(0);
    table.play({ type: 'draw', seat: A });
    table.play({ type: 'engine.end-turn' });
    expect(table.state.activeSeat).toBe(B);
    expect(table.plies[1]).toMatchObject({ actor: null, notation: 'end turn' });
  });
});

describe('circular-table: playing and drawing', () => {
  const hands = {
    [A]: ['red-1', 'blue-5', 'blue-7'],
    [B]: ['red-2', 'green-2', 'blue-3'],
    [C]: ['yellow-3', 'blue-4', 'green-5'],
    [D]: ['red-4', 'blue-6', 'blue-8'],
  };

  it('a card goes on the colour in play or on the same symbol; anything else is refused', () => {
    const table = stacked(hands, 'red-7', ['red-9', ...fillers(5)]);
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'blue-5' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_PLAYABLE',
    });
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'yellow-9' } })).toEqual({
      code: 'REFUSED',
      reason: 'CARD_NOT_IN_HAND',
    });
    play(table, A, 'blue-7'); // same symbol
    expect(game(table)).toMatchObject({ colour: 'blue', discard: ['red-7', 'blue-7'] });
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'blue-5' } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_PLAYED',
    });
    expect(refusalOf(table, { type: 'draw', seat: A })).toEqual({ code: 'REFUSED', reason: 'ALREADY_PLAYED' });
  });

  it('ending a turn needs a draw or a play: refused with DRAW_REQUIRED, and legalMoves shows it as the blocked reason', () => {
    const table = stacked(hands, 'red-7', ['red-9', ...fillers(5)]);
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({
      code: 'REFUSED',
      reason: 'DRAW_REQUIRED',
    });
    expect(blockedReason(table, A, 'engine.end-turn')).toEqual({ code: 'REFUSED', reason: 'DRAW_REQUIRED' });
    table.play({ type: 'draw', seat: A });
    expect(blockedReason(table, A, 'engine.end-turn')).toBeUndefined();
    expect(table.legalMoves(A).allowed).toContainEqual({ type: 'engine.end-turn', seat: A });
  });

  it('a seat draws one card from the top of the pile, may play only that card, and draws once a turn', () => {
    const table = stacked(hands, 'red-7', ['red-9', ...fillers(5)]);
    table.play({ type: 'draw', seat: A });
    expect(hand(table, A)).toEqual(['red-1', 'blue-5', 'blue-7', 'red-9']);
    expect(game(table).pile).toHaveLength(5);
    expect(refusalOf(table, { type: 'draw', seat: A })).toEqual({ code: 'REFUSED', reason: 'ALREADY_DREW' });
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'red-1' } })).toEqual({
      code: 'REFUSED',
      reason: 'DRAWN_CARD_ONLY',
    });
    play(table, A, 'red-9');
    endTurn(table, A);
    expect(table.state.activeSeat).toBe(B);
  });

  it('a wild names the colour in play in its payload; the next card must follow that colour', () => {
    const table = stacked({ ...hands, [A]: ['wild', 'red-1', 'blue-5'] }, 'red-7', fillers(6));
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'wild' } })).toEqual({
      code: 'REFUSED',
      reason: 'COLOUR_REQUIRED',
    });
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'red-1', colour: 'blue' } })).toEqual({
      code: 'REFUSED',
      reason: 'COLOUR_NOT_ALLOWED',
    });
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'wild', colour: 'purple' } }).code).toBe(
      'INVALID_PAYLOAD',
    );
    expect(
      table
        .legalMoves(A)
        .allowed.filter((m) => m.type === 'play')
        .map((m) => m.payload),
    ).toEqual([
      { card: 'wild', colour: 'red' },
      { card: 'wild', colour: 'yellow' },
      { card: 'wild', colour: 'green' },
      { card: 'wild', colour: 'blue' },
      { card: 'red-1' },
    ]);
    play(table, A, 'wild', { colour: 'green' });
    endTurn(table, A);
    expect(game(table).colour).toBe('green');
    expect(refusalOf(table, { type: 'play', seat: B, payload: { card: 'red-2' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_PLAYABLE',
    });
    play(table, B, 'green-2');
    expect(table.plies.map((p) => p.notation)).toEqual(['wild:green', 'end turn', 'green-2']);
  });
});

describe('circular-table: +2 debts and the +4', () => {
  const hands = {
    [A]: ['red-draw2', 'wild-draw4', 'red-1'],
    [B]: ['blue-draw2', 'blue-3', 'wild-draw4'],
    [C]: ['blue-4', 'green-5', 'green-draw2'],
    [D]: ['blue-6', 'blue-8', 'yellow-8'],
  };
  const pile = ['yellow-1', 'yellow-2', 'yellow-3', 'yellow-4', 'yellow-5', 'yellow-6', 'yellow-7'];

  it('a +2 debt accumulates along the chain; the seat that cannot answer draws it whole and its turn is spent', () => {
    const table = stacked({ ...hands, [C]: ['blue-4', 'green-5', 'green-9'] }, 'red-7', pile);
    play(table, A, 'red-draw2');
    endTurn(table, A);
    expect(game(table).debt).toEqual({ kind: 'draw2', amount: 2 });
    play(table, B, 'blue-draw2');
    endTurn(table, B);
    expect(game(table).debt).toEqual({ kind: 'draw2', amount: 4 });
    expect(refusalOf(table, { type: 'play', seat: C, payload: { card: 'blue-4' } })).toEqual({
      code: 'REFUSED',
      reason: 'DEBT_PENDING',
    });
    table.play({ type: 'draw', seat: C });
    expect(hand(table, C)).toEqual(['blue-4', 'green-5', 'green-9', 'yellow-1', 'yellow-2', 'yellow-3', 'yellow-4']);
    expect(game(table).debt).toBeNull();
    expect(refusalOf(table, { type: 'play', seat: C, payload: { card: 'blue-4' } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_PLAYED',
    });
    endTurn(table, C);
    play(table, D, 'blue-6');
    expect(table.state.activeSeat).toBe(D);
  });

  it('a +4 stands outside the +2 chain: it cannot answer a +2 debt', () => {
    const table = stacked(hands, 'red-7', pile);
    play(table, A, 'red-draw2');
    endTurn(table, A);
    expect(refusalOf(table, { type: 'play', seat: B, payload: { card: 'wild-draw4', colour: 'blue' } })).toEqual({
      code: 'REFUSED',
      reason: 'DEBT_PENDING',
    });
  });

  it('a +4 is taken at once: the next seat cannot answer it with a +2 and draws four', () => {
    const table = stacked(hands, 'red-7', pile);
    play(table, A, 'wild-draw4', { colour: 'blue' });
    endTurn(table, A);
    expect(game(table)).toMatchObject({ colour: 'blue', debt: { kind: 'draw4', amount: 4 } });
    expect(refusalOf(table, { type: 'play', seat: B, payload: { card: 'blue-draw2' } })).toEqual({
      code: 'REFUSED',
      reason: 'DEBT_PENDING',
    });
    table.play({ type: 'draw', seat: B });
    expect(hand(table, B)).toHaveLength(7);
    endTurn(table, B);
    play(table, C, 'blue-4');
    expect(game(table).debt).toBeNull();
  });
});

describe('circular-table: recycling the discard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the pile runs out, the discard but its top is shuffled into a new pile by a seeded shuffle, never Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const hands = {
      [A]: ['red-1', 'blue-1'],
      [B]: ['red-2', 'blue-2'],
      [C]: ['red-3', 'blue-3'],
      [D]: ['green-4', 'blue-4'],
    };
    const table = stacked(hands, 'red-7', []);
    for (const [seat, card] of [
      [A, 'red-1'],
      [B, 'red-2'],
      [C, 'red-3'],
    ] as const) {
      play(table, seat, card);
      endTurn(table, seat);
    }
    const { shuffleSeed } = game(table);
    table.play({ type: 'draw', seat: D });
    const expected = seededRandom(`circular-table:${shuffleSeed}:0`).shuffle(['red-7', 'red-1', 'red-2']);
    expect(hand(table, D)).toEqual(['green-4', 'blue-4', expected[0]]);
    expect(game(table)).toMatchObject({ pile: expected.slice(1), discard: ['red-3'], recycles: 1 });
    expect(allCards(table)).toHaveLength(9);
    expect(random).not.toHaveBeenCalled();
    expectReplayAgrees(table);
  });
});

describe('circular-table: declaring one card and the penalty', () => {
  const hands = {
    [A]: ['red-1', 'red-2'],
    [B]: ['blue-2', 'green-2'],
    [C]: ['blue-3', 'green-3'],
    [D]: ['blue-4', 'green-4'],
  };
  const pile = ['yellow-1', 'yellow-2', 'yellow-3', 'yellow-4', 'yellow-5'];

  it('a seat that declares with two cards before playing is safe when it is down to one', () => {
    const table = stacked(hands, 'red-7', pile);
    table.play({ type: 'declare', seat: A });
    play(table, A, 'red-1');
    expect(table.state.seats[A]).toMatchObject({ cards: 1, declared: true, exposed: false });
    expect(refusalOf(table, { type: 'catch', seat: C, payload: { seat: A } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_EXPOSED',
    });
    expect(table.plies.map((p) => p.notation)).toEqual(['one card!', 'red-1']);
  });

  it('a seat down to one card undeclared is caught by any other seat, out of turn, and draws two', () => {
    const table = stacked(hands, 'red-7', pile);
    play(table, A, 'red-1');
    expect(table.state.seats[A]).toMatchObject({ cards: 1, exposed: true });
    expect(table.legalMoves(C).allowed).toContainEqual({ type: 'catch', seat: C, payload: { seat: A } });
    table.play({ type: 'catch', seat: C, payload: { seat: A } });
    expect(hand(table, A)).toEqual(['red-2', 'yellow-1', 'yellow-2']);
    expect(table.state.seats[A]).toMatchObject({ exposed: false });
    // the catch was out of turn: seat:a's turn goes on, and it ends it
    expect(table.state.activeSeat).toBe(A);
    endTurn(table, A);
    expect(table.state.activeSeat).toBe(B);
  });

  it('declaring late, before anyone catches it, makes the seat safe', () => {
    const table = stacked(hands, 'red-7', pile);
    play(table, A, 'red-1');
    table.play({ type: 'declare', seat: A });
    expect(refusalOf(table, { type: 'catch', seat: B, payload: { seat: A } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_EXPOSED',
    });
  });

  it('the moment to catch passes once the next seat plays or draws', () => {
    const table = stacked(hands, 'red-7', pile);
    play(table, A, 'red-1');
    endTurn(table, A);
    table.play({ type: 'draw', seat: B });
    expect(refusalOf(table, { type: 'catch', seat: C, payload: { seat: A } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_EXPOSED',
    });
  });

  it('refuses a declaration with too many cards or twice, and a seat catching itself', () => {
    const table = stacked(hands, 'red-7', pile);
    expect(refusalOf(table, { type: 'declare', seat: B })).toEqual({ code: 'REFUSED', reason: 'NOT_DOWN_TO_ONE' });
    table.play({ type: 'declare', seat: A });
    expect(refusalOf(table, { type: 'declare', seat: A })).toEqual({ code: 'REFUSED', reason: 'ALREADY_DECLARED' });
    expect(refusalOf(table, { type: 'catch', seat: A, payload: { seat: A } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_YOURSELF',
    });
  });
});

describe('circular-table: individual victory', () => {
  it('the first seat to empty its hand wins at once', () => {
    const table = stacked({ [A]: ['red-1'], [B]: ['blue-2'], [C]: ['blue-3'], [D]: ['blue-4'] }, 'red-7', ['yellow-1']);
    play(table, A, 'red-1');
    expect(table.state).toMatchObject({ status: 'over', winners: [A] });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({ code: 'GAME_OVER' });
  });

  it('two empty hands at once: the active seat wins, then the first in table order', () => {
    const state = { hands: { [A]: [], [B]: [], [C]: ['red-1'], [D]: ['red-2'] } } as unknown as CircularTableState;
    const seating = (activeSeat: string) => ({
      seats: FOUR,
      out: [],
      activeSeat,
      turn: 1,
      round: 1,
      movesThisTurn: 0,
      gamePhase: 'main',
      phase: 'main',
    });
    const winners = (activeSeat: string) =>
      circularTable.winners({
        game: state,
        remaining: FOUR,
        options: { duel: false, handSize: 7 },
        seating: seating(activeSeat),
      });
    expect(winners(B)).toEqual([B]);
    expect(winners(C)).toEqual([A]);
  });

  it("a whole game from the seed's deal to a winner: every card stays at the table and the log replays", () => {
    const table = createTable(circularTable, { table: 'table:full', seats: FOUR, seed: 8 });
    const moves = playOut(
      table,
      (allowed) => firstOf(allowed, ['declare', 'play', 'draw', 'engine.end-turn']),
      20_000,
      () => expect(allCards(table)).toHaveLength(108),
    );
    const [winner] = table.state.winners;
    expect(table.state.winners).toHaveLength(1);
    expect(hand(table, winner as string)).toEqual([]);
    expect(moves).toBeGreaterThan(20);
    expectReplayAgrees(table);
  });
});

describe('circular-table: the two-seat duel', () => {
  const hands = { [A]: ['red-skip', 'red-1', 'blue-4'], [B]: ['blue-2', 'green-2', 'red-draw2'] };

  it('keeps PerRound; a skip gives its player another turn, which again needs a play or a draw before it ends', () => {
    const table = stacked(hands, 'red-7', fillers(4), { duel: true });
    expect(table.context.progression.rules.strategy).toBe('PerRound');
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'red-skip' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_CIRCULAR',
    });
    expect(table.legalMoves(A).allowed).toContainEqual({
      type: 'play',
      seat: A,
      payload: { card: 'red-skip', again: true },
    });
    play(table, A, 'red-skip', { again: true });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({
      code: 'REFUSED',
      reason: 'DRAW_REQUIRED',
    });
    play(table, A, 'red-1');
    endTurn(table, A);
    expect(table.state.activeSeat).toBe(B);
    expect(table.plies.map((p) => p.notation)).toEqual(['red-skip again', 'red-1', 'end turn']);
  });

  it('a +2 falls on the other seat', () => {
    const table = stacked(
      { [A]: ['red-draw2', 'red-1', 'blue-4'], [B]: ['blue-2', 'green-2', 'red-5'] },
      'red-7',
      fillers(4),
      { duel: true },
    );
    play(table, A, 'red-draw2');
    endTurn(table, A);
    expect(refusalOf(table, { type: 'play', seat: B, payload: { card: 'red-5' } })).toEqual({
      code: 'REFUSED',
      reason: 'DEBT_PENDING',
    });
    table.play({ type: 'draw', seat: B });
    expect(hand(table, B)).toHaveLength(5);
  });

  it('seats two only; at the circular table a skip or reverse does not give another turn', () => {
    expect(() =>
      createTable(circularTable, { table: 'table:x', seats: FOUR, seed: 1, options: { duel: true } }),
    ).toThrow(InvalidTable);
    const table = stacked({ ...hands, [C]: fillers(3), [D]: fillers(3) }, 'red-7', fillers(4));
    expect(refusalOf(table, { type: 'play', seat: A, payload: { card: 'red-skip', again: true } })).toEqual({
      code: 'REFUSED',
      reason: 'NO_AGAIN',
    });
  });
});

describe('circular-table: turn facts belong to their turn', () => {
  it("when every other seat's turn is ended by a timer, seat:a starts its next turn fresh: it must draw or play again", () => {
    const table = stacked(
      { [A]: ['red-1', 'red-2'], [B]: ['blue-5', 'blue-6'], [C]: ['yellow-7', 'yellow-8'] },
      'red-9',
      fillers(6),
    );
    play(table, A, 'red-1');
    endTurn(table, A);
    table.play({ type: 'draw', seat: B });
    table.play({ type: 'engine.end-turn' }); // seat:b's turn, ended by a timer once it drew
    table.play({ type: 'draw', seat: C });
    table.play({ type: 'engine.end-turn' }); // seat:c's turn, likewise
    expect(table.state.activeSeat).toBe(A);
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({
      code: 'REFUSED',
      reason: 'DRAW_REQUIRED',
    });
    play(table, A, 'red-2');
    expect(hand(table, A)).toEqual([]);
  });
});
