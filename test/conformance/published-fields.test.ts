/**
 * What the state publishes about the turn. The rules: the API publishes the
 * activation strategy, the next scheduled actor and the participant victory
 * ("O resultado explicita actorIds, sideIds e draw": the result states its
 * winners and whether it is a draw); and "$state->turn is a Turn: its kind,
 * the round from 1, the order of the seats, the seat acting, the seats still
 * to act in a simultaneous round, and the moves made in the turn".
 */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTable, replay } from '../../src/index.js';
import { replayJson } from '../support/cli.js';
import { openSandbox, withRules } from '../support/sandbox.js';

const [A, B, C] = ['seat:a', 'seat:b', 'seat:c'];
const THREE = [A, B, C];

describe('state: strategy, order, nextSeat, movesThisTurn and outcome', () => {
  it("PerRound: the round's order from its first seat in the table direction, and the next seat", () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { direction: -1 }), THREE);
    expect(table.state).toMatchObject({
      strategy: 'PerRound',
      order: [A, C, B],
      activeSeat: A,
      nextSeat: C,
      movesThisTurn: 0,
      outcome: null,
    });
    table.play({ type: 'play', seat: A });
    table.play({ type: 'play', seat: A });
    expect(table.state.movesThisTurn).toBe(2);
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ order: [A, C, B], activeSeat: C, nextSeat: B, movesThisTurn: 0 });
  });

  it('Circular: the next scheduled seat counts a pending skip and a reversal', () => {
    const table = openSandbox(withRules({ strategy: 'Circular', circular: { allowSelfSuccessor: true } }), THREE);
    expect(table.state).toMatchObject({ strategy: 'Circular', order: [A, B, C], nextSeat: B });
    table.play({ type: 'skip', seat: A, payload: { amount: 1 } });
    expect(table.state.nextSeat).toBe(C);
    table.play({ type: 'reverse', seat: A });
    expect(table.state).toMatchObject({ order: [A, C, B], nextSeat: B }); // reversed: two steps back from seat:a is seat:b
  });

  it('Initiative: the order by score, the next seat in it', () => {
    const table = openSandbox(withRules({ strategy: 'Initiative', movesPerTurn: 1 }), THREE);
    table.play({ type: 'engine.initiative', payload: { scores: { [C]: 9, [B]: 5 } } });
    expect(table.state).toMatchObject({ strategy: 'Initiative', order: [C, B, A], activeSeat: C, nextSeat: B });
  });

  it('Simultaneous: no single next seat; the moves made in the round by every seat', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous' }), THREE);
    table.play({ type: 'play', seat: B });
    table.play({ type: 'play', seat: C });
    expect(table.state).toMatchObject({
      strategy: 'Simultaneous',
      order: THREE,
      activeSeat: null,
      nextSeat: null,
      movesThisTurn: 2,
      toAct: THREE,
    });
  });

  it('a seat out of the game leaves the order', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }), THREE);
    table.play({ type: 'engine.leave', seat: B });
    expect(table.state).toMatchObject({ order: [A, C], nextSeat: C });
  });

  it('outcome: null while the game is on; its winners and draw: false once one seat wins', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { eliminations: true }), [A, B]);
    table.play({ type: 'eliminate', seat: A, payload: { seat: B } });
    expect(table.state).toMatchObject({
      status: 'over',
      winners: [A],
      outcome: { winners: [A], draw: false },
      nextSeat: null,
    });
  });

  it("a victory policy with ties says whether the result is a draw: sandbox's tie for the most cards played is one", () => {
    const table = createTable(sandbox, {
      table: 'table:tie',
      seats: [A, B],
      seed: 1,
      options: withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { lastTurn: 2 }),
    });
    table.play({ type: 'play', seat: A });
    table.play({ type: 'play', seat: B });
    expect(table.state).toMatchObject({ status: 'over', winners: [A, B], outcome: { winners: [A, B], draw: true } });
    expect(replay(table.log).state.outcome).toEqual({ winners: [A, B], draw: true });
  });

  it('plystack replay --json publishes the same fields in state', async () => {
    const { code, doc } = await replayJson(join(import.meta.dirname, '..', '..', 'examples', 'mundane-rules.json'));
    expect(code).toBe(0);
    expect(doc.state).toMatchObject({
      strategy: 'PerRound',
      order: ['seat:ann', 'seat:bob'],
      outcome: { winners: ['seat:ann', 'seat:bob'], draw: true },
    });
    expect(doc.state).toHaveProperty('nextSeat', null);
    expect(typeof doc.state.movesThisTurn).toBe('number');
  });
});
