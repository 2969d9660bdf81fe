/**
 * Response windows: who may act changes within a seat's turn. A game phase
 * declares its windows (`{ name, who, moves, movesPerSeat? }`); a move whose
 * outcome names one opens it; the seats it waits for (every other seat, every
 * seat, or the active one) make its moves, each until it has made
 * `movesPerSeat` of them or ends its own part with `engine.end-turn`; then the
 * turn goes on with the active seat. The window is a state of the turn in the
 * chart, and the log is the truth for it like for everything else.
 */
import { describe, expect, it } from 'vitest';
import { createTable, defineGame } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, refusalOf, statesAfter } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

/** "Every other player discards two cards": a militia window in a PerRound phase. */
const militia = (more: object = {}, rules: object = { strategy: 'PerRound' }) => ({
  phases: [
    {
      name: 'main',
      turns: rules,
      windows: [{ name: 'militia', who: 'others', moves: ['react'], movesPerSeat: 2, ...more }],
    },
  ],
  flowCards: true,
});

const call = (seat: string, window = 'militia') => ({ type: 'call', seat, payload: { window } });

describe('a militia window: every other seat responds, then the turn goes on', () => {
  it('opens on the card, waits for each other seat, and returns the turn to the active seat', () => {
    const table = openSandbox(militia(), [A, B, C]);
    table.play(call(A));
    expect(table.state).toMatchObject({ activeSeat: A, window: { name: 'militia', waiting: [B, C] }, toAct: [B, C] });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { main: { inTurn: 'militia' } } } });
    table.play({ type: 'react', seat: B });
    table.play({ type: 'react', seat: B });
    // seat:b has made its two moves: its part is over
    expect(table.state.window).toEqual({ name: 'militia', waiting: [C] });
    table.play({ type: 'react', seat: C });
    table.play({ type: 'engine.end-turn', seat: C }); // seat:c ends its own part after one
    expect(table.state).toMatchObject({ activeSeat: A, window: null, toAct: [A], turn: 1 });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { main: { inTurn: 'acting' } } } });
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
  });

  it('refuses the active seat, a seat whose part is done, and moves the window does not allow', () => {
    const table = openSandbox(militia(), [A, B, C]);
    table.play(call(A));
    expect(refusalOf(table, { type: 'play', seat: A })).toEqual({ code: 'WRONG_TIMING', reason: 'IN_WINDOW' });
    expect(refusalOf(table, { type: 'react', seat: A })).toEqual({ code: 'NOT_YOUR_TURN' });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({ code: 'NOT_YOUR_TURN' });
    table.play({ type: 'react', seat: B });
    table.play({ type: 'react', seat: B });
    expect(refusalOf(table, { type: 'react', seat: B })).toEqual({ code: 'NOT_YOUR_TURN' });
    expect(
      table
        .legalMoves(C)
        .allowed.map((m) => m.type)
        .sort(),
    ).toEqual(['engine.end-turn', 'engine.leave', 'react']);
  });

  it("the window's moves count in no turn: movesPerTurn counts the active seat's own", () => {
    const table = openSandbox(militia({}, { strategy: 'PerRound', movesPerTurn: 2 }), [A, B, C]);
    table.play(call(A));
    for (const seat of [B, B, C, C]) table.play({ type: 'react', seat });
    expect(table.state).toMatchObject({ activeSeat: A, movesThisTurn: 1 });
    table.play({ type: 'play', seat: A });
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
  });

  it("minMovesPerTurn counts the active seat's own moves too, and does not hold a seat's part of the window", () => {
    const options = {
      phases: [
        {
          name: 'main',
          turns: { strategy: 'PerRound', minMovesPerTurn: 2 },
          windows: [{ name: 'militia', who: 'others', moves: ['react'] }],
        },
      ],
      flowCards: true,
    };
    const table = openSandbox(options, [A, B, C]);
    table.play(call(A));
    // a seat may end its part with no response at all: the minimum is of a turn, and a window's part is none
    table.play({ type: 'engine.end-turn', seat: B });
    for (const seat of [C, C, C]) table.play({ type: 'react', seat });
    table.play({ type: 'engine.end-turn', seat: C });
    expect(table.state).toMatchObject({ activeSeat: A, window: null, movesThisTurn: 1 });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: A })).toEqual({
      code: 'REFUSED',
      reason: 'MOVES_REQUIRED',
    });
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
  });

  it('the application closes the window for every seat with a seatless end-turn', () => {
    const table = openSandbox(militia(), [A, B, C]);
    table.play(call(A));
    table.play({ type: 'engine.end-turn' });
    expect(table.state).toMatchObject({ activeSeat: A, window: null, turn: 1 });
  });

  it('a seat eliminated while the window waits for it does not hold the window open', () => {
    const table = openSandbox({ ...militia({ moves: ['react', 'eliminate'] }), eliminations: true }, [A, B, C]);
    table.play(call(A));
    table.play({ type: 'react', seat: B });
    table.play({ type: 'eliminate', seat: B, payload: { seat: C } });
    expect(table.state).toMatchObject({ activeSeat: A, window: null, out: [C] });
  });
});

describe('who a window waits for', () => {
  it('all: every seat, the active one too', () => {
    const table = openSandbox(militia({ who: 'all', movesPerSeat: 1 }), [A, B, C]);
    table.play(call(A));
    expect(table.state.window).toEqual({ name: 'militia', waiting: [A, B, C] });
    for (const seat of [C, A, B]) table.play({ type: 'react', seat });
    expect(table.state).toMatchObject({ activeSeat: A, window: null });
  });

  it('active: the active seat alone, with the moves of the window only', () => {
    const table = openSandbox(militia({ who: 'active', moves: ['cast'], movesPerSeat: 1 }), [A, B]);
    table.play(call(A));
    expect(table.state.window).toEqual({ name: 'militia', waiting: [A] });
    expect(refusalOf(table, { type: 'play', seat: A })).toEqual({ code: 'WRONG_TIMING', reason: 'IN_WINDOW' });
    table.play({ type: 'cast', seat: A });
    expect(table.state).toMatchObject({ window: null, toAct: [A] });
  });

  it('others, in table order from the seat after the active one', () => {
    const table = openSandbox(militia(), [A, B, C]);
    table.play({ type: 'engine.end-turn', seat: A });
    table.play(call(B));
    expect(table.state.window).toEqual({ name: 'militia', waiting: [C, A] });
  });
});

describe('a window in any phase of turns seat by seat', () => {
  it('Circular and Initiative: the window waits for the others, then the turn goes on with the active seat', () => {
    for (const strategy of ['Circular', 'Initiative']) {
      const table = openSandbox(militia({ movesPerSeat: 1 }, { strategy }), [A, B, C]);
      table.play(call(A));
      expect(table.actor.getSnapshot().value, strategy).toEqual({ playing: { turn: { main: { inTurn: 'militia' } } } });
      expect(table.state.window, strategy).toEqual({ name: 'militia', waiting: [B, C] });
      table.play({ type: 'react', seat: C });
      table.play({ type: 'react', seat: B });
      expect(table.state, strategy).toMatchObject({ activeSeat: A, window: null, turn: 1 });
      table.play({ type: 'engine.end-turn', seat: A });
      expect(table.state.activeSeat, strategy).not.toBe(A);
    }
  });
});

describe('a phase that ends while its window is open takes the window with it', () => {
  const twoPhases = (main: object, moves: string[], movesPerSeat?: number) => ({
    phases: [
      {
        name: 'main',
        turns: { strategy: 'PerRound' },
        ...main,
        windows: [{ name: 'militia', who: 'others', moves, ...(movesPerSeat === undefined ? {} : { movesPerSeat }) }],
      },
      { name: 'two', turns: { strategy: 'PerRound' } },
    ],
    transitions: [{ name: 'on', from: 'main', to: 'two' }],
    flowCards: true,
  });

  it("a response whose outcome is a transition: the active seat's turn ends, the next phase begins", () => {
    const table = openSandbox(twoPhases({}, ['advance']), [A, B, C]);
    const states = statesAfter(table, [call(A), { type: 'advance', seat: B, payload: { transition: 'on' } }]);
    expect(table.state).toMatchObject({ gamePhase: 'two', activeSeat: A, window: null, turn: 2 });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { two: { inTurn: 'acting' } } } });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });

  it('an end condition that holds after a response, with seats still waiting', () => {
    const table = openSandbox(twoPhases({ endIf: { when: 'all-played', transition: 'on' } }, ['react'], 2), [A, B]);
    const states = statesAfter(table, [call(A), { type: 'react', seat: B }]);
    // seat:b owed a second card, but every seat has played one: main ends, and its window with it
    expect(table.state).toMatchObject({ gamePhase: 'two', window: null, turn: 2 });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });
});

describe('windows are declared, and a bad one is refused', () => {
  it('a window in a Simultaneous or Free phase, or naming an unknown move, does not open a table', () => {
    const at = (turns: object, window: object) => ({
      phases: [{ name: 'main', turns, windows: [{ name: 'militia', who: 'others', ...window }] }],
    });
    expect(() => openSandbox(at({ strategy: 'Simultaneous' }, {}))).toThrow('options.phases.0.windows');
    expect(() => openSandbox(at({ strategy: 'Free' }, {}))).toThrow('options.phases.0.windows');
    expect(() => openSandbox(at({ strategy: 'PerRound' }, { moves: ['discard'] }))).toThrow(
      'options.phases.0.windows.0.moves.0: no move "discard"',
    );
  });

  it("a move opening a window it does not declare, one the phase lacks, a second one, or a response ending the turn is the game's error", () => {
    const cards = defineGame({
      id: 'cards',
      seats: { min: 2, max: 3 },
      setup: () => ({}),
      structure: {
        phases: [
          {
            name: 'main',
            turns: { strategy: 'PerRound' },
            windows: [{ name: 'discard', who: 'all', moves: ['again', 'stop'] }],
          },
        ],
      },
      moves: {
        undeclared: { play: ({ game }) => ({ game, window: 'discard' }) },
        unknown: { outcomes: ['window'], play: ({ game }) => ({ game, window: 'trade' }) },
        open: { outcomes: ['window'], play: ({ game }) => ({ game, window: 'discard' }) },
        again: { outcomes: ['window'], play: ({ game }) => ({ game, window: 'discard' }) },
        stop: { outcomes: ['endTurn'], play: ({ game }) => ({ game, endTurn: true }) },
      },
    });
    const table = createTable(cards, { table: 'table:c', seats: [A, B], seed: 1 });
    expect(() => table.play({ type: 'undeclared', seat: A })).toThrow("declare outcomes: ['window']");
    expect(() => table.play({ type: 'unknown', seat: A })).toThrow('no window "trade" in main');
    table.play({ type: 'open', seat: A });
    expect(() => table.play({ type: 'again', seat: B })).toThrow('the window discard is open already');
    expect(() => table.play({ type: 'stop', seat: B })).toThrow('a response does not end the turn');
    expect(table.log.moves).toHaveLength(1);
    expect(table.actor.getSnapshot().status).toBe('active');
  });
});

describe('the log is the truth: replay, restore and time travel agree with the live table', () => {
  it('at every move of turns with windows', () => {
    const table = openSandbox(militia(), [A, B, C]);
    const moves = [
      call(A),
      { type: 'react', seat: B },
      { type: 'engine.end-turn', seat: B },
      { type: 'react', seat: C },
      { type: 'react', seat: C },
      { type: 'play', seat: A },
      { type: 'engine.end-turn', seat: A },
      call(B),
      { type: 'react', seat: C },
    ];
    const states = statesAfter(table, moves);
    expect(table.state).toMatchObject({ activeSeat: B, window: { name: 'militia', waiting: [C, A] } });
    expectLogIsTruth(table, states, { type: 'engine.end-turn', seat: C });
  });
});
