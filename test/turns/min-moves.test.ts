/**
 * A minimum number of moves before a seat may end its turn, declared in the
 * turn rules as `minMovesPerTurn` beside `movesPerTurn`: engine.end-turn
 * sooner is refused (REFUSED, MOVES_REQUIRED) and listed as blocked; a rules
 * object whose minimum cannot be met is refused when the game is defined or
 * the table opened.
 */

import { describe, expect, it } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTable, defineGame, GameDefinitionError, replay } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, refusalOf, statesAfter, withRules } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

const endTurn = (seat?: string) =>
  seat === undefined ? { type: 'engine.end-turn' } : { type: 'engine.end-turn', seat };

describe('a turn with a minimum of two moves', () => {
  const open = () =>
    openSandbox(withRules({ strategy: 'PerRound', minMovesPerTurn: 2, outOfTurn: ['react'] }), [A, B, C]);

  it('refuses engine.end-turn until the seat has made two moves, and leaves the table as it was', () => {
    const table = open();
    expect(refusalOf(table, endTurn(A))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
    table.play({ type: 'play', seat: A });
    expect(refusalOf(table, endTurn(A))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
    table.play({ type: 'play', seat: A });
    table.play(endTurn(A));
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2, movesThisTurn: 0 });
    // The next turn counts from nothing again.
    expect(refusalOf(table, endTurn(B))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
  });

  it('says how many moves are left', () => {
    const table = open();
    table.play({ type: 'play', seat: A });
    expect(table.check(endTurn(A))).toMatchObject({
      code: 'REFUSED',
      reason: 'MOVES_REQUIRED',
      message: expect.stringMatching(/at least 2 moves .*minMovesPerTurn.*1 to go/),
    });
  });

  it('lists engine.end-turn as blocked with that reason in legalMoves, then allowed once the minimum is met', () => {
    const table = open();
    table.play({ type: 'play', seat: A });
    expect(table.legalMoves(A).blocked).toContainEqual(
      expect.objectContaining({ type: 'engine.end-turn', code: 'REFUSED', reason: 'MOVES_REQUIRED' }),
    );
    expect(table.legalMoves(A).allowed).not.toContainEqual({ type: 'engine.end-turn', seat: A });
    table.play({ type: 'play', seat: A });
    expect(table.legalMoves(A).allowed).toContainEqual({ type: 'engine.end-turn', seat: A });
  });

  it("does not count out-of-turn moves, even the active seat's own", () => {
    const table = open();
    table.play({ type: 'react', seat: A });
    table.play({ type: 'react', seat: B });
    table.play({ type: 'play', seat: A });
    expect(refusalOf(table, endTurn(A))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
  });

  it('binds the seats, not the application: a timer may still end the turn short of it', () => {
    const table = open();
    table.play({ type: 'play', seat: A });
    table.play(endTurn());
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
  });

  it('replays from its log to the same table', () => {
    const table = open();
    for (const seat of [A, A]) table.play({ type: 'play', seat });
    table.play(endTurn(A));
    table.play({ type: 'play', seat: B });
    expect(replay(table.log).state).toEqual(table.state);
  });
});

describe('the minimum in a simultaneous round', () => {
  it("counts each seat's own moves", () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', minMovesPerTurn: 1 }), [A, B]);
    table.play({ type: 'play', seat: A });
    table.play(endTurn(A));
    expect(refusalOf(table, endTurn(B))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
    table.play({ type: 'play', seat: B });
    table.play(endTurn(B));
    expect(table.state).toMatchObject({ toAct: [A, B], round: 2 });
  });
});

describe('a minimum that cannot be met is refused, naming the field', () => {
  const structure = (turns: object, more: object = {}) => ({ phases: [{ name: 'main', turns, ...more }] });
  const cases: [string, object, RegExp][] = [
    [
      'more than movesPerTurn',
      structure({ strategy: 'PerRound', movesPerTurn: 2, minMovesPerTurn: 3 }),
      /3, more than movesPerTurn \(2\)/,
    ],
    ['in a Free phase', structure({ strategy: 'Free', minMovesPerTurn: 1 }), /no turn to end/],
  ];
  for (const [name, options, message] of cases) {
    it(`${name}: INVALID_OPTIONS at the sandbox, GameDefinitionError for a game`, () => {
      expect(() =>
        createTable(sandbox, { table: 'table:lab', seats: [A, B], seed: 1, options: options as never }),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_OPTIONS',
          path: 'options.phases.0.turns.minMovesPerTurn',
          message: expect.stringMatching(message),
        }),
      );
      let caught: unknown;
      try {
        defineGame({
          id: 'minimum',
          seats: { min: 2, max: 2 },
          structure: options as never,
          setup: () => ({}),
          moves: { play: { play: ({ game }) => ({ game }) } },
        });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(GameDefinitionError);
      expect(caught).toMatchObject({
        path: 'structure.phases.0.turns.minMovesPerTurn',
        message: expect.stringMatching(message),
      });
    });
  }

  it('in a game with priority phases, whose turns end by passes', () => {
    const options = structure({ strategy: 'PerRound', minMovesPerTurn: 1 }, { turnPhases: ['MAIN'] });
    expect(() =>
      createTable(sandbox, { table: 'table:lab', seats: [A, B], seed: 1, options: options as never }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        path: 'options.phases.0.turns.minMovesPerTurn',
        message: expect.stringMatching(/passes in a row/),
      }),
    );
  });

  it('a minimum equal to movesPerTurn is accepted: the turn ends by itself once it is met', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 2, minMovesPerTurn: 2 }), [A, B]);
    table.play({ type: 'play', seat: A });
    expect(refusalOf(table, endTurn(A))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
    table.play({ type: 'play', seat: A });
    expect(table.state.activeSeat).toBe(B);
  });
});

describe('the log is the truth: replay, restore and time travel agree with the live table', () => {
  it('at every move of turns held to a minimum, out-of-turn moves and a timer included', () => {
    const table = openSandbox(
      withRules({ strategy: 'PerRound', minMovesPerTurn: 2, movesPerTurn: 3, outOfTurn: ['react'] }),
      [A, B, C],
    );
    const moves = [
      { type: 'play', seat: A },
      { type: 'react', seat: B },
      { type: 'play', seat: A },
      endTurn(A),
      { type: 'play', seat: B },
      endTurn(), // the application ends seat:b's turn short of its minimum
      { type: 'play', seat: C },
      { type: 'play', seat: C },
      { type: 'play', seat: C }, // the third ends the turn by itself
      { type: 'play', seat: A },
    ];
    const states = statesAfter(table, moves);
    expect(table.state).toMatchObject({ activeSeat: A, turn: 4, movesThisTurn: 1 });
    // seat:a's new turn is held to the minimum again
    expect(refusalOf(table, endTurn(A))).toEqual({ code: 'REFUSED', reason: 'MOVES_REQUIRED' });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });
});
