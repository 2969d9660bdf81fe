import { describe, expect, it } from 'vitest';
import { skirmish } from '../../src/games/skirmish/skirmish.js';
import { createTable, type Table } from '../../src/index.js';
import { blockedReason, expectReplayAgrees, firstOf, playOut, refusalOf } from './support.js';

const [A, B, C] = ['seat:a', 'seat:b', 'seat:c'] as const;
const THREE = [A, B, C];

const open = (options: object = {}, seats: string[] = THREE): Table =>
  createTable(skirmish, { table: 'table:field', seats, seed: 1, options });
const commit = (table: Table, seat: string, stance: 'assault' | 'hold') =>
  table.play({ type: 'commit', seat, payload: { stance } });
const strike = (table: Table, seat: string, target: string) =>
  table.play({ type: 'strike', seat, payload: { target } });
const hp = (table: Table, seat: string) => (table.state.seats[seat] as { hp: number }).hp;

/** Every squad commits its stance and ends its planning turn; the referee rolls initiative; then the fight begins. */
function planAndFight(
  table: Table,
  stances: Record<string, 'assault' | 'hold'>,
  scores?: Record<string, number>,
): void {
  for (const [seat, stance] of Object.entries(stances)) {
    commit(table, seat, stance);
    table.play({ type: 'engine.end-turn', seat });
  }
  if (scores !== undefined) table.play({ type: 'engine.initiative', payload: { scores } });
  table.play({ type: 'engine.transition', seat: Object.keys(stances)[0], payload: { transition: 'fight' } });
}

describe('skirmish: simultaneous planning', () => {
  it('every squad may act at once; each commits its orders once, in secret', () => {
    const table = open();
    expect(table.state).toMatchObject({ gamePhase: 'planning', activeSeat: null, toAct: THREE });
    commit(table, B, 'hold');
    expect(refusalOf(table, { type: 'commit', seat: B, payload: { stance: 'assault' } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_COMMITTED',
    });
    expect(table.state.seats[B]).toMatchObject({ committed: true, stance: null });
    expect(table.plies[0]).toMatchObject({ actor: B, notation: 'orders' });
  });

  it('a squad ends its planning turn only once its orders are in (ORDERS_REQUIRED, shown as the blocked reason), and then waits', () => {
    const table = open();
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({
      code: 'REFUSED',
      reason: 'ORDERS_REQUIRED',
    });
    expect(blockedReason(table, A, 'engine.end-turn')).toEqual({ code: 'REFUSED', reason: 'ORDERS_REQUIRED' });
    commit(table, A, 'assault');
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.toAct()).toEqual([B, C]);
    expect(refusalOf(table, { type: 'commit', seat: A, payload: { stance: 'hold' } })).toEqual({
      code: 'NOT_YOUR_TURN',
    });
  });

  it('nobody strikes, rallies or dodges in planning: the planning phase allows only commit (WRONG_TIMING)', () => {
    const table = open();
    const notHere = { code: 'WRONG_TIMING', reason: 'NOT_IN_THIS_PHASE' };
    expect(refusalOf(table, { type: 'strike', seat: A, payload: { target: B } })).toEqual(notHere);
    expect(refusalOf(table, { type: 'dodge', seat: A })).toEqual(notHere);
    expect(refusalOf(table, { type: 'rally', seat: A })).toEqual(notHere);
  });
});

describe('skirmish: declared transitions', () => {
  it("fight waits for every squad's orders (ORDERS_PENDING), and only declared transitions are taken", () => {
    const table = open();
    commit(table, A, 'assault');
    commit(table, B, 'hold');
    expect(refusalOf(table, { type: 'engine.transition', seat: A, payload: { transition: 'fight' } })).toEqual({
      code: 'REFUSED',
      reason: 'ORDERS_PENDING',
    });
    expect(refusalOf(table, { type: 'engine.transition', seat: A, payload: { transition: 'regroup' } })).toEqual({
      code: 'REFUSED',
      reason: 'UNKNOWN_TRANSITION',
    });
    expect(refusalOf(table, { type: 'engine.transition', seat: A, payload: { transition: 'retreat' } })).toEqual({
      code: 'REFUSED',
      reason: 'UNKNOWN_TRANSITION',
    });
    commit(table, C, 'assault');
    table.play({ type: 'engine.transition', seat: C, payload: { transition: 'fight' } });
    expect(table.state).toMatchObject({ gamePhase: 'combat', activeSeat: A });
  });

  it("regroup is the referee's call (a seat is refused with REFEREE_ONLY); back in planning, every squad commits new orders", () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    strike(table, A, B);
    expect(refusalOf(table, { type: 'engine.transition', seat: A, payload: { transition: 'regroup' } })).toEqual({
      code: 'REFUSED',
      reason: 'REFEREE_ONLY',
    });
    table.play({ type: 'engine.transition', payload: { transition: 'regroup' } });
    expect(table.state).toMatchObject({ gamePhase: 'planning', toAct: THREE });
    expect(refusalOf(table, { type: 'engine.transition', seat: A, payload: { transition: 'fight' } })).toEqual({
      code: 'REFUSED',
      reason: 'ORDERS_PENDING',
    });
    commit(table, A, 'hold');
    expect(table.state.seats[A]).toMatchObject({ committed: true, stance: 'assault' });
  });
});

describe('skirmish: combat by initiative', () => {
  it("the referee's initiative orders the fight, highest first", () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'assault' }, { [C]: 9, [A]: 5, [B]: 1 });
    expect(table.state.activeSeat).toBe(C);
    expect(table.context.progression.order).toEqual([C, A, B]);
  });

  it('a squad makes two moves a turn and the turn passes by itself; the orders decide the damage', () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    strike(table, A, B);
    expect(table.state.activeSeat).toBe(A);
    strike(table, A, C);
    expect([hp(table, B), hp(table, C)]).toEqual([4, 4]);
    expect(table.state.activeSeat).toBe(B);
    strike(table, B, A);
    expect(hp(table, A)).toBe(5);
  });

  it('a squad may dodge out of turn; the dodge does not count in the turn, and the next strike against it misses', () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    table.play({ type: 'dodge', seat: B });
    expect(table.state.seats[B]).toMatchObject({ dodging: true, reactions: 1 });
    expect(refusalOf(table, { type: 'dodge', seat: B })).toEqual({ code: 'REFUSED', reason: 'ALREADY_DODGING' });
    strike(table, A, B);
    expect(table.state).toMatchObject({ activeSeat: A });
    expect(hp(table, B)).toBe(6);
    strike(table, A, B);
    expect(hp(table, B)).toBe(4);
    expect(table.state.activeSeat).toBe(B);
    // seat:a's assault orders gave it one reaction: it dodges in seat:b's turn, and has none left once the dodge is spent
    table.play({ type: 'dodge', seat: A });
    strike(table, B, A);
    expect(hp(table, A)).toBe(6);
    expect(refusalOf(table, { type: 'dodge', seat: A })).toEqual({ code: 'REFUSED', reason: 'NO_REACTIONS' });
  });

  it('engine.delay moves the squad to act after a later one', () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    table.play({ type: 'engine.delay', seat: A, payload: { after: B } });
    expect(table.state.activeSeat).toBe(B);
    table.play({ type: 'engine.end-turn', seat: B });
    expect(table.state.activeSeat).toBe(A);
  });

  it("the application's timer ends the turn with a seatless engine.end-turn", () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    strike(table, A, B);
    table.play({ type: 'engine.end-turn' });
    expect(table.state.activeSeat).toBe(B);
    expect(table.plies.at(-1)).toMatchObject({ actor: null, notation: 'end turn' });
  });

  it("rally heals one, within the squad's strength and supplies", () => {
    const table = open({ supplies: 1 });
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    expect(refusalOf(table, { type: 'rally', seat: A })).toEqual({ code: 'REFUSED', reason: 'FULL_STRENGTH' });
    strike(table, A, B);
    strike(table, A, B);
    table.play({ type: 'rally', seat: B });
    expect(hp(table, B)).toBe(3);
    expect(refusalOf(table, { type: 'rally', seat: B })).toEqual({ code: 'REFUSED', reason: 'NO_SUPPLIES' });
  });
});

describe('skirmish: elimination and the winner', () => {
  it('a squad struck to 0 is eliminated: the order skips it and it can no longer act', () => {
    const table = open({ hp: 2 });
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'hold' });
    strike(table, A, B);
    expect(table.state.out).toEqual([B]);
    expect(refusalOf(table, { type: 'dodge', seat: B })).toEqual({ code: 'REFUSED', reason: 'SEAT_OUT' });
    expect(refusalOf(table, { type: 'strike', seat: A, payload: { target: B } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_OUT',
    });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.activeSeat).toBe(C);
  });

  it('a whole game from planning to the last squad standing, with a regroup between two fights', () => {
    const table = open({ hp: 4 });
    planAndFight(table, { [A]: 'hold', [B]: 'assault', [C]: 'hold' }, { [B]: 6, [C]: 4, [A]: 2 });
    strike(table, B, A);
    strike(table, B, C);
    table.play({ type: 'engine.transition', payload: { transition: 'regroup' } });
    planAndFight(table, { [A]: 'assault', [B]: 'assault', [C]: 'assault' });
    playOut(table, (allowed) => firstOf(allowed, ['strike']));
    expect(table.state.status).toBe('over');
    expect(table.state.winners).toHaveLength(1);
    expect(table.state.out).toHaveLength(2);
    expect(hp(table, table.state.winners[0] as string)).toBeGreaterThan(0);
    expectReplayAgrees(table);
  });

  it('a two-squad duel ends as soon as one is eliminated', () => {
    const table = open({ hp: 3 }, [A, B]);
    planAndFight(table, { [A]: 'assault', [B]: 'hold' });
    strike(table, A, B);
    strike(table, A, B);
    expect(table.state).toMatchObject({ status: 'over', winners: [A], out: [B] });
  });
});

describe('skirmish: entering combat', () => {
  it("reveals every squad's orders as the fight begins (a game-phase housekeeping routine), before any combat move", () => {
    const table = open();
    planAndFight(table, { [A]: 'assault', [B]: 'hold', [C]: 'assault' });
    expect(table.state.gamePhase).toBe('combat');
    expect(table.state.seats[B]).toMatchObject({ stance: 'hold' });
    expect(table.state.seats[A]).toMatchObject({ stance: 'assault' });
  });
});
