/**
 * The application acting for the table. The rule: "A move without a seat is
 * the application acting for the table: it is not held to the turns, but the
 * game's allows() still decides". And command conditions hold "in discovery,
 * in direct execution and in the AI": generic flows "cannot bypass the
 * conditions of an active combat".
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { circularTable } from '../../src/games/circularTable/circularTable.js';
import { frogger } from '../../src/games/index.js';
import { createTable, defineGame, type Table } from '../../src/index.js';
import { openSandbox, refusalOf, withRules } from '../support/sandbox.js';

const [A, B, C, D] = ['seat:a', 'seat:b', 'seat:c', 'seat:d'];

/** Who the game's checks were asked for, in order (null: the application). */
const asked: { what: string; seat: string | null }[] = [];

const referee = defineGame({
  id: 'referee',
  seats: { min: 2, max: 3 },
  structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 } }] },
  setup: () => ({ bonus: 0, locked: false }),
  moves: {
    score: { play: ({ game }) => ({ game }) },
    // The application may award a bonus, but not while the game says the board is locked.
    bonus: {
      application: true,
      payload: z.object({ points: z.number().int().min(1) }).strict(),
      check: ({ game, seat }) => {
        asked.push({ what: 'bonus', seat });
        if (seat !== null) return { reason: 'REFEREE_ONLY', message: 'only the referee awards a bonus' };
        return game.locked ? { reason: 'LOCKED', message: 'the board is locked' } : null;
      },
      play: ({ game, payload }) => ({ game: { ...game, bonus: game.bonus + payload.points } }),
    },
    lock: { application: true, play: ({ game }) => ({ game: { ...game, locked: true } }) },
  },
  mayEndTurn: ({ seat }) => {
    asked.push({ what: 'end-turn', seat });
    return seat === null ? { reason: 'NO_TIMER', message: 'this game has no timer: a seat ends its own turn' } : null;
  },
  publicView: ({ game }) => ({ bonus: game.bonus }),
});

const openReferee = (): Table => createTable(referee, { table: 'table:ref', seats: [A, B, C], seed: 1 });

describe("the application's game moves are asked to the game", () => {
  it("a seatless move is not held to the turns: the game's check decides, with seat null, and the ply has no seat", () => {
    const table = openReferee();
    asked.length = 0;
    table.play({ type: 'bonus', payload: { points: 3 } });
    expect(asked).toEqual([{ what: 'bonus', seat: null }]);
    expect(table.state.game).toEqual({ bonus: 3 });
    expect(table.state).toMatchObject({ activeSeat: A, movesThisTurn: 0 }); // counted in no seat's turn
    expect(table.plies[0]).toMatchObject({ actor: null, seat: null });
  });

  it("the game's own answer refuses it: REFUSED with the game's reason, and the table is as it was", () => {
    const table = openReferee();
    table.play({ type: 'lock' });
    expect(refusalOf(table, { type: 'bonus', payload: { points: 1 } })).toEqual({ code: 'REFUSED', reason: 'LOCKED' });
  });

  it('a move the game declares for seats only is answered by the game with SEAT_REQUIRED, after the payload is read', () => {
    const table = openReferee();
    expect(refusalOf(table, { type: 'score' })).toEqual({ code: 'REFUSED', reason: 'SEAT_REQUIRED' });
    // The engine reads the move first (it is not refused up front): a bad payload is INVALID_PAYLOAD.
    expect(refusalOf(table, { type: 'score', payload: { x: 1 } })).toEqual({ code: 'INVALID_PAYLOAD' });
    expect(
      referee.moves.score?.check({
        game: { bonus: 0, locked: false },
        seat: null,
        payload: undefined,
        options: {},
        seating: {} as never,
        stack: [],
      }),
    ).toMatchObject({
      reason: 'SEAT_REQUIRED',
    });
  });

  it("built-in games decide for themselves: sandbox's cards are for seats", () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }), [A, B]);
    expect(refusalOf(table, { type: 'play' })).toEqual({ code: 'REFUSED', reason: 'SEAT_REQUIRED' });
  });
});

describe("the game's end-turn condition holds for the application too", () => {
  it("a seatless engine.end-turn asks the game's condition with seat null, and the game may refuse it", () => {
    const table = openReferee();
    asked.length = 0;
    expect(refusalOf(table, { type: 'engine.end-turn' })).toEqual({ code: 'REFUSED', reason: 'NO_TIMER' });
    expect(asked).toEqual([{ what: 'end-turn', seat: null }]);
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.activeSeat).toBe(B);
  });

  it('circular-table: a timer cannot end the turn of a seat that has neither drawn nor played (DRAW_REQUIRED), in play and in discovery alike', () => {
    const table = createTable(circularTable, { table: 'table:c', seats: [A, B, C, D], seed: 3 });
    expect(refusalOf(table, { type: 'engine.end-turn' })).toEqual({ code: 'REFUSED', reason: 'DRAW_REQUIRED' });
    expect(table.check({ type: 'engine.end-turn' })).toMatchObject({ code: 'REFUSED', reason: 'DRAW_REQUIRED' });
    table.play({ type: 'draw', seat: A });
    table.play({ type: 'engine.end-turn' });
    expect(table.state.activeSeat).toBe(B);
  });

  it("frogger allows the application explicitly: a timer ends a frog's turn that the frog itself may not end", () => {
    const table = createTable(frogger, { table: 'table:f', seats: [A, B], seed: 3 });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({ code: 'REFUSED', reason: 'HOP_REQUIRED' });
    table.play({ type: 'engine.end-turn' });
    expect(table.state.activeSeat).toBe(B);
  });

  it("in a simultaneous round, the application's end of the round is asked of the game too", () => {
    const refusing = defineGame({
      id: 'refusing',
      seats: { min: 2, max: 2 },
      structure: { phases: [{ name: 'main', turns: { strategy: 'Simultaneous' } }] },
      setup: () => ({}),
      moves: { act: { play: ({ game }) => ({ game }) } },
      mayEndTurn: ({ seat }) =>
        seat === null ? { reason: 'SEATS_DECIDE', message: 'every seat ends its own turn' } : null,
    });
    const table = createTable(refusing, { table: 'table:s', seats: [A, B], seed: 1 });
    expect(refusalOf(table, { type: 'engine.end-turn' })).toEqual({ code: 'REFUSED', reason: 'SEATS_DECIDE' });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.toAct).toEqual([B]);
  });
});
