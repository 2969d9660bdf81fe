import { describe, expect, it } from 'vitest';
import { type FroggerState, frogger } from '../../src/games/frogger/frogger.js';
import { HOP_DECK, refillMarket } from '../../src/games/frogger/market.js';
import { createTable, type Move, moveRecord, type Table } from '../../src/index.js';
import { blockedReason, expectReplayAgrees, playOut, refusalOf } from './support.js';

const P = ['seat:p1', 'seat:p2', 'seat:p3', 'seat:p4'];
const [P1, P2, P3, P4] = P as [string, string, string, string];

const open = (options: object = {}, seed = 5): Table =>
  createTable(frogger, { table: 'table:pond', seats: P, seed, options });
const cards = (table: Table) => table.context.game as FroggerState;
/** The seat hops by the first card of the market. */
const hopFirst = (table: Table, seat: string) =>
  table.play({ type: 'hop', seat, payload: { hop: cards(table).market[0] as number } });
const turnModel = (table: Table) => table.turnModel;

/** An announced market refill: p1 and p2 hop, p3 finds one card left, announces a refill and makes its supplemental hop, p4 hops. */
function froggerRefill(): Table {
  const table = open();
  hopFirst(table, P1);
  hopFirst(table, P2);
  expect(cards(table).market).toHaveLength(1);
  table.play({ type: 'refill', seat: P3 });
  hopFirst(table, P3);
  hopFirst(table, P4);
  return table;
}

describe('frogger-refills: the race', () => {
  it('opens with every frog on the near bank and three cards of the shuffled 30 face up in the market', () => {
    const table = open();
    expect(cards(table).market).toHaveLength(3);
    expect(cards(table).deck).toHaveLength(27);
    expect([...cards(table).market, ...cards(table).deck].sort()).toEqual([...HOP_DECK].sort());
    expect(Object.values(table.state.seats)).toEqual([
      { position: 0 },
      { position: 0 },
      { position: 0 },
      { position: 0 },
    ]);
    expect(table.state).toMatchObject({ activeSeat: P1, toAct: [P1] });
  });

  it('a hop takes a card of the market and moves the frog that many spaces; the turn passes by itself', () => {
    const table = open(); // seed 5 turns up 3, 3, 2
    expect(cards(table).market).toEqual([3, 3, 2]);
    expect(refusalOf(table, { type: 'hop', seat: P1, payload: { hop: 1 } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_IN_MARKET',
    });
    table.play({ type: 'hop', seat: P1, payload: { hop: 2 } });
    expect(table.state.seats[P1]).toEqual({ position: 2 });
    expect(cards(table)).toMatchObject({ market: [3, 3], discard: [2] });
    expect(table.state.activeSeat).toBe(P2);
  });

  it('a frog must hop: ending the turn is refused with HOP_REQUIRED and shown as the blocked reason; a timer may still end it', () => {
    const table = open();
    expect(refusalOf(table, { type: 'engine.end-turn', seat: P1 })).toEqual({
      code: 'REFUSED',
      reason: 'HOP_REQUIRED',
    });
    expect(blockedReason(table, P1, 'engine.end-turn')).toEqual({ code: 'REFUSED', reason: 'HOP_REQUIRED' });
    table.play({ type: 'engine.end-turn' });
    expect(table.state.activeSeat).toBe(P2);
  });

  it('when the deck runs out, the discard is turned over as the new deck, in the order the cards were taken', () => {
    expect(refillMarket({ market: [2], deck: [1], discard: [3, 1, 2] })).toEqual({
      market: [2, 1, 3],
      deck: [1, 2],
      discard: [],
    });
    const table = open({ refills: false, length: 60 }, 2);
    for (let i = 0; i < 40; i++) hopFirst(table, table.state.activeSeat as string);
    const { market, deck, discard } = cards(table);
    expect(market.length + deck.length + discard.length).toBe(30);
    expect(market).toHaveLength(3);
    expectReplayAgrees(table);
  });
});

describe('frogger-refills: announced refills', () => {
  it('refuses a refill while the market still holds two cards or more', () => {
    const table = open();
    expect(refusalOf(table, { type: 'refill', seat: P1 })).toEqual({ code: 'REFUSED', reason: 'MARKET_NOT_LOW' });
  });

  it('announcing a refill fills the market and obliges the same seat to one supplemental hop; every other seat waits without passing', () => {
    const table = open();
    hopFirst(table, P1);
    hopFirst(table, P2);
    table.play({ type: 'refill', seat: P3 });
    expect(cards(table).market).toHaveLength(3);
    expect(table.state).toMatchObject({ activeSeat: P3, obligation: { seat: P3, remaining: 1 }, toAct: [P3] });
    for (const seat of [P4, P1, P2])
      expect(refusalOf(table, { type: 'hop', seat, payload: { hop: cards(table).market[0] } })).toEqual({
        code: 'OBLIGATION_PENDING',
      });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: P3 })).toEqual({ code: 'OBLIGATION_PENDING' });
    expect(refusalOf(table, { type: 'refill', seat: P3 })).toEqual({ code: 'REFUSED', reason: 'MARKET_NOT_LOW' });
    hopFirst(table, P3);
    expect(table.state).toMatchObject({ activeSeat: P4, obligation: null });
  });

  it('the plies read p1, p2, p3, p3, p4 with no passes between', () => {
    const table = froggerRefill();
    expect(table.plies.map((p) => p.actor)).toEqual([P1, P2, P3, P3, P4]);
    expect(table.plies.map((p) => p.notation)).not.toContain('pass');
    expect(table.plies[2]?.notation).toBe('refill!');
  });

  it("every ply from the round's opener through the supplemental hop stays in round 1 until the cycle completes", () => {
    const table = froggerRefill();
    expect(table.plies.map((p) => [p.round, p.playOrder])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [1, 5],
    ]);
    expect(table.state).toMatchObject({ round: 2, activeSeat: P1 });
  });

  it('while the last seat of a round owes its supplemental hop, the round does not close, though the turn would wrap to the opener', () => {
    const table = createTable(frogger, { table: 'table:pond', seats: [P1, P2], seed: 5 });
    for (const seat of [P1, P2, P1]) hopFirst(table, seat);
    expect(cards(table).market).toEqual([]);
    table.play({ type: 'refill', seat: P2 });
    expect(table.state).toMatchObject({ round: 2, activeSeat: P2, obligation: { seat: P2, remaining: 1 } });
    hopFirst(table, P2);
    expect(table.state).toMatchObject({ round: 3, activeSeat: P1, obligation: null });
    expect(table.plies.map((p) => [p.actor, p.round])).toEqual([
      [P1, 1],
      [P2, 1],
      [P1, 2],
      [P2, 2],
      [P2, 2],
    ]);
  });

  it("the move table is sequenced: one sparse row per ply, both p3 rows in p3's column, the second with its sequence", () => {
    const table = froggerRefill();
    expect(turnModel(table)).toBe('sequenced');
    const rows = moveRecord(table.plies, P, turnModel(table)).rounds;
    const [h1, h2, , h3, h4] = table.plies.map((p) => p.notation);
    expect(rows).toEqual([
      [h1, null, null, null],
      [null, h2, null, null],
      [null, null, 'refill!', null],
      [null, null, { move: h3, sequence: 4 }, null],
      [null, null, null, { move: h4, sequence: 5 }],
    ]);
  });
});

describe('frogger-refills without refills: sequential', () => {
  it('the market refills itself after every hop, a refill is refused, and the turn model is sequential', () => {
    const table = open({ refills: false });
    expect(turnModel(table)).toBe('sequential');
    hopFirst(table, P1);
    hopFirst(table, P2);
    hopFirst(table, P3);
    expect(cards(table).market).toHaveLength(3);
    expect(refusalOf(table, { type: 'refill', seat: P4 })).toEqual({ code: 'REFUSED', reason: 'NO_REFILLS' });
    hopFirst(table, P4);
    hopFirst(table, P1);
    const rows = moveRecord(table.plies, P, 'sequential').rounds;
    expect(rows).toHaveLength(2);
    expect(rows[0]?.every((cell) => typeof cell === 'string')).toBe(true);
    expect(rows[1]?.filter((cell) => cell !== null)).toHaveLength(1);
  });
});

describe('frogger-refills: whole races', () => {
  /** A refill when one is allowed, else the longest hop in the market. */
  const greedy = (allowed: Move[]) =>
    allowed.find((m) => m.type === 'refill') ??
    allowed
      .filter((m) => m.type === 'hop')
      .sort((x, y) => (y.payload as { hop: number }).hop - (x.payload as { hop: number }).hop)[0];

  it('with refills: from the deal to the first frog on the far bank, which wins', () => {
    const table = open();
    playOut(table, greedy);
    const [winner] = table.state.winners;
    expect(table.state.winners).toHaveLength(1);
    expect((table.state.seats[winner as string] as { position: number }).position).toBeGreaterThanOrEqual(12);
    expect(table.plies.some((p) => p.notation === 'refill!')).toBe(true);
    expectReplayAgrees(table);
  });

  it('without refills: the same race, one row per round', () => {
    const table = open({ refills: false, length: 8 });
    playOut(table, greedy);
    expect(table.state.status).toBe('over');
    expect(table.plies.every((p) => p.notation.startsWith('hop'))).toBe(true);
    const rows = moveRecord(table.plies, P, 'sequential').rounds;
    expect(rows).toHaveLength(table.state.round);
    expectReplayAgrees(table);
  });
});
