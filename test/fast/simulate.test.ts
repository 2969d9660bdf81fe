import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTable, defineGame, replay } from '../../src/index.js';
import { ANN, BOB, openMundane, passUntilPhase } from '../support/mundane.js';

describe('table.simulate(): look-ahead on a detached copy', () => {
  it("a copy plays seat:ann's Toaster and both passes; the live table stays exactly as it was", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const before = { state: table.state, log: table.log };
    const copy = table.simulate();
    copy.play({ type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } });
    copy.play({ type: 'engine.pass', seat: ANN });
    copy.play({ type: 'engine.pass', seat: BOB });
    expect(copy.state.seats[ANN]).toMatchObject({ board: ['Toaster'] });
    expect(copy.plyCount).toBe(before.log.moves.length + 3);
    expect({ state: table.state, log: table.log }).toEqual(before);
  });

  it('ends where a live table playing the same moves ends', () => {
    const table = openMundane();
    const copy = table.simulate();
    const moves = [];
    for (let i = 0; i < 40; i++) {
      const seat = copy.toAct()[0] as string;
      const move = copy.legalMoves(seat).allowed[i % copy.legalMoves(seat).allowed.length]!;
      copy.play(move);
      moves.push(move);
    }
    const live = openMundane();
    for (const move of moves) live.play(move);
    expect(copy.state).toEqual(live.state);
    expect(replay(live.log).state).toEqual(copy.state);
  });

  it('refuses what a live table refuses, with the same code, and stays as it was', () => {
    const table = openMundane();
    const copy = table.simulate();
    const at = copy.state;
    const refused = copy.tryPlay({ type: 'engine.pass', seat: BOB });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.error.code).toBe(table.check({ type: 'engine.pass', seat: BOB })?.code);
    expect(copy.tryPlay('pass')).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(copy.state).toEqual(at);
  });

  it('a fork goes on independently of the copy it came from', () => {
    const copy = openMundane().simulate();
    copy.play({ type: 'engine.pass', seat: ANN });
    const fork = copy.fork();
    fork.play({ type: 'engine.pass', seat: BOB });
    expect(copy.plyCount).toBe(1);
    expect(fork.plyCount).toBe(2);
    expect(copy.state.prioritySeat).toBe(BOB);
  });

  it('what the copy returns is its own: changing it changes neither the copy nor the table', () => {
    const table = openMundane();
    const copy = table.simulate();
    const state = copy.state;
    (state.seats[ANN] as { hand: string[] }).hand.length = 0;
    expect(copy.state).toEqual(table.state);
  });

  it('game code that throws is refused as GAME_ERROR and the copy plays on', () => {
    const fragile = defineGame({
      id: 'fragile',
      seats: { min: 2, max: 2 },
      setup: () => ({ count: 0 }),
      moves: {
        add: {
          payload: z.object({ n: z.number() }),
          play: ({ game, payload }) => {
            if (payload.n < 0) throw new Error('negative');
            return { game: { count: game.count + payload.n } };
          },
        },
      },
    });
    const table = createTable(fragile, { table: 'table:f', seats: [ANN, BOB], seed: 1 });
    const copy = table.simulate();
    expect(copy.tryPlay({ type: 'add', seat: ANN, payload: { n: -1 } })).toMatchObject({
      ok: false,
      error: { code: 'GAME_ERROR' },
    });
    copy.play({ type: 'add', seat: ANN, payload: { n: 2 } });
    expect(copy.context.game).toEqual({ count: 2 });
    expect(table.context.game).toEqual({ count: 0 });
  });
});
