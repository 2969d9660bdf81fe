/**
 * The game ends turns and phases: a game phase declares `endIf` (a condition,
 * the game's own or the built-in `round-over`, and the declared transition it
 * then takes) and `turnEndIf`; a move whose outcome says `endTurn` or names a
 * `transition` ends the turn or leaves the phase. Each is asked after every
 * move, records no ply of its own, and replay, restore and time travel come to
 * the same table from the log.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandbox } from '../../src/games/index.js';
import { createTable, defineGame, GameDefinitionError, replay } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, recordEvents, refusalOf, statesAfter, takeTurn } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

/** A draft that ends when its round is over, then play passes round the table. */
const draft = {
  phases: [
    { name: 'draft', turns: { strategy: 'PerRound' }, endIf: { when: 'round-over', transition: 'play' } },
    { name: 'main', turns: { strategy: 'PerRound' } },
  ],
  transitions: [{ name: 'play', from: 'draft', to: 'main' }],
};

describe('a game phase that ends when its round is over', () => {
  it('ends as the last seat of the round ends its turn: the next turn is the next phase, numbered one on', () => {
    const table = openSandbox(draft, [A, B, C]);
    takeTurn(table, A);
    takeTurn(table, B);
    expect(table.state).toMatchObject({ gamePhase: 'draft', activeSeat: C, turn: 3, round: 1 });
    takeTurn(table, C);
    // Not turn 5: the phase ends at the turn's end, before a fourth turn of the draft starts.
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A, turn: 4, round: 2, movesThisTurn: 0 });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { main: { inTurn: 'acting' } } } });
    // No ply is recorded for the end of the phase: the log holds the seats' moves only.
    expect(table.log.moves.map((m) => m.type)).toEqual(Array(3).fill(['play', 'engine.end-turn']).flat());
  });

  it('announces the last turn ended, the round ended, the phase changed and the new turn started, in that order', () => {
    const table = openSandbox(draft, [A, B, C]);
    takeTurn(table, A);
    takeTurn(table, B);
    const events = recordEvents(table, [
      'turn.ended',
      'round.ended',
      'round.started',
      'game-phase.changed',
      'turn.started',
    ]);
    takeTurn(table, C);
    expect(events).toEqual([
      { type: 'turn.ended', seat: C, turn: 3 },
      { type: 'round.ended', round: 1 },
      { type: 'game-phase.changed', gamePhase: 'main', turn: 4 },
      { type: 'turn.started', seat: A, turn: 4 },
    ]);
  });

  it('is a turn number behind the emulation it replaces (a transition sent once the next round began)', () => {
    const emulated = openSandbox(
      { ...draft, phases: [{ name: 'draft', turns: { strategy: 'PerRound' } }, draft.phases[1]] },
      [A, B, C],
    );
    for (const seat of [A, B, C]) takeTurn(emulated, seat);
    emulated.play({ type: 'engine.transition', payload: { transition: 'play' } });
    expect(emulated.state).toMatchObject({ gamePhase: 'main', turn: 5 });
    const declared = openSandbox(draft, [A, B, C]);
    for (const seat of [A, B, C]) takeTurn(declared, seat);
    expect(declared.state).toMatchObject({ gamePhase: 'main', turn: 4 });
  });

  it('a simultaneous round: the phase ends once every seat has ended its part', () => {
    const table = openSandbox(
      {
        phases: [
          { name: 'plan', turns: { strategy: 'Simultaneous' }, endIf: { when: 'round-over', transition: 'act' } },
          { name: 'act', turns: { strategy: 'PerRound' } },
        ],
        transitions: [{ name: 'act', from: 'plan', to: 'act' }],
      },
      [A, B],
    );
    table.play({ type: 'play', seat: B });
    table.play({ type: 'engine.end-turn', seat: B });
    expect(table.state).toMatchObject({ gamePhase: 'plan', toAct: [A], turn: 1 });
    const events = recordEvents(table, ['round.ended', 'round.started', 'game-phase.changed', 'turn.started']);
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ gamePhase: 'act', activeSeat: A, turn: 2, round: 2 });
    expect(events).toEqual([
      { type: 'round.ended', round: 1 },
      { type: 'game-phase.changed', gamePhase: 'act', turn: 2 },
      { type: 'turn.started', seat: A, turn: 2 },
    ]);
  });

  it('a restart each round: the phase begins again for its first seat', () => {
    const table = openSandbox(
      {
        phases: [{ name: 'main', turns: { strategy: 'PerRound' }, endIf: { when: 'round-over', transition: 'again' } }],
        transitions: [{ name: 'again', from: 'main', to: 'main' }],
      },
      [A, B],
    );
    takeTurn(table, A);
    takeTurn(table, B);
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A, turn: 3, round: 2 });
    takeTurn(table, A);
    expect(table.state).toMatchObject({ activeSeat: B, turn: 4, round: 2 });
  });

  it('a game that ends with the turn ends, rather than moving on to the next phase', () => {
    const table = openSandbox({ ...draft, lastTurn: 3 }, [A, B, C]);
    for (const seat of [A, B, C]) takeTurn(table, seat);
    expect(table.state).toMatchObject({ status: 'over', gamePhase: 'draft', turn: 3 });
  });
});

describe("a condition of the game's own", () => {
  it("ends the phase after the move that makes it hold, mid-turn, and the seat's turn with it", () => {
    const table = openSandbox(
      {
        phases: [
          {
            name: 'draft',
            turns: { strategy: 'PerRound', movesPerTurn: 3 },
            endIf: { when: 'all-played', transition: 'play' },
          },
          { name: 'main', turns: { strategy: 'PerRound' } },
        ],
        transitions: [{ name: 'play', from: 'draft', to: 'main' }],
      },
      [A, B],
    );
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    const events = recordEvents(table, ['turn.ended', 'game-phase.changed', 'turn.started']);
    table.play({ type: 'play', seat: B });
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A, turn: 3, round: 2 });
    expect(events).toEqual([
      { type: 'turn.ended', seat: B, turn: 2 },
      { type: 'game-phase.changed', gamePhase: 'main', turn: 3 },
      { type: 'turn.started', seat: A, turn: 3 },
    ]);
  });

  it('is asked only after a move made in the phase: a phase entered while it holds waits for a move', () => {
    const table = openSandbox(
      {
        phases: [
          { name: 'one', turns: { strategy: 'PerRound' } },
          { name: 'two', turns: { strategy: 'PerRound' }, endIf: { when: 'all-played', transition: 'back' } },
        ],
        transitions: [
          { name: 'on', from: 'one', to: 'two' },
          { name: 'back', from: 'two', to: 'one' },
        ],
      },
      [A, B],
    );
    takeTurn(table, A);
    takeTurn(table, B);
    table.play({ type: 'engine.transition', payload: { transition: 'on' } });
    expect(table.state).toMatchObject({ gamePhase: 'two', activeSeat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ gamePhase: 'one', activeSeat: A });
  });

  it("turnEndIf ends a seat's turn once the condition holds after its move", () => {
    const table = openSandbox(
      { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 5 }, turnEndIf: 'ahead' }] },
      [A, B],
    );
    table.play({ type: 'play', seat: A });
    // seat:a now leads: its turn ends without an end-turn.
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
    table.play({ type: 'play', seat: B });
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2 });
    const events = recordEvents(table, ['turn.ended', 'turn.started']);
    table.play({ type: 'play', seat: B });
    expect(events).toEqual([
      { type: 'turn.ended', seat: B, turn: 2 },
      { type: 'turn.started', seat: A, turn: 3 },
    ]);
    // A turn the condition holds at from its start is not ended before the seat moves.
    expect(table.state).toMatchObject({ activeSeat: A, turn: 3 });
  });
});

describe("a move's outcome", () => {
  const cards = {
    phases: [
      { name: 'draft', turns: { strategy: 'PerRound', movesPerTurn: 3 } },
      { name: 'main', turns: { strategy: 'Simultaneous' } },
      { name: 'market', turns: { strategy: 'Free' } },
    ],
    transitions: [
      { name: 'play', from: 'draft', to: 'main' },
      { name: 'shop', from: 'main', to: 'market' },
      { name: 'again', from: 'market', to: 'market' },
    ],
    flowCards: true,
  };

  it('ends the turn: the next seat acts in the next turn', () => {
    const table = openSandbox(cards, [A, B, C]);
    table.play({ type: 'play', seat: A });
    const events = recordEvents(table, ['turn.ended', 'turn.started']);
    const ply = table.play({ type: 'finish', seat: A });
    expect(ply).toMatchObject({ actor: A, notation: 'finish', turn: 1 });
    expect(events).toEqual([
      { type: 'turn.ended', seat: A, turn: 1 },
      { type: 'turn.started', seat: B, turn: 2 },
    ]);
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2, movesThisTurn: 0 });
    expect(table.state.seats[A]).toMatchObject({ played: 2 });
  });

  it("in a simultaneous round, ends the seat's own part of it", () => {
    const table = openSandbox(cards, [A, B]);
    table.play({ type: 'advance', seat: A, payload: { transition: 'play' } });
    expect(table.state).toMatchObject({ gamePhase: 'main', toAct: [A, B] });
    table.play({ type: 'finish', seat: B });
    expect(table.state).toMatchObject({ gamePhase: 'main', toAct: [A], turn: 2 });
    table.play({ type: 'finish', seat: A });
    expect(table.state).toMatchObject({ gamePhase: 'main', toAct: [A, B], turn: 3, round: 3 });
  });

  it('takes a declared transition: the turn ends and the next phase begins, without a ply of its own', () => {
    const table = openSandbox(cards, [A, B, C]);
    takeTurn(table, A);
    const events = recordEvents(table, ['turn.ended', 'game-phase.changed', 'turn.started']);
    const ply = table.play({ type: 'advance', seat: B, payload: { transition: 'play' } });
    expect(ply).toMatchObject({ actor: B, notation: 'advance play', turn: 2, phase: 'draft' });
    expect(events).toEqual([
      { type: 'turn.ended', seat: B, turn: 2 },
      { type: 'game-phase.changed', gamePhase: 'main', turn: 3 },
    ]);
    expect(table.state).toMatchObject({ gamePhase: 'main', turn: 3, round: 2, toAct: [A, B, C] });
    expect(table.log.moves).toHaveLength(3);
  });

  it('restarts a Free phase by a transition to itself, and leaves a simultaneous one', () => {
    const table = openSandbox(cards, [A, B]);
    table.play({ type: 'advance', seat: A, payload: { transition: 'play' } });
    table.play({ type: 'advance', seat: B, payload: { transition: 'shop' } });
    expect(table.state).toMatchObject({ gamePhase: 'market', turn: 3 });
    table.play({ type: 'advance', seat: A, payload: { transition: 'again' } });
    expect(table.state).toMatchObject({ gamePhase: 'market', turn: 4 });
    table.play({ type: 'play', seat: B });
    expect(table.state).toMatchObject({ gamePhase: 'market', turn: 4 });
  });

  it('a transition not declared out of this phase is refused by the card, and the table is unchanged', () => {
    const table = openSandbox(cards, [A, B]);
    expect(refusalOf(table, { type: 'advance', seat: A, payload: { transition: 'shop' } })).toEqual({
      code: 'REFUSED',
      reason: 'NO_TRANSITION',
    });
  });

  it('without flowCards the cards are no move of any phase', () => {
    const table = openSandbox({ ...cards, flowCards: false }, [A, B]);
    expect(refusalOf(table, { type: 'finish', seat: A })).toMatchObject({ code: 'WRONG_TIMING' });
  });
});

/** A game whose `leave` card names whatever transition its payload says, and `stop` ends the turn undeclared. */
const careless = defineGame({
  id: 'careless',
  seats: { min: 2, max: 2 },
  structure: {
    phases: [
      { name: 'one', turns: { strategy: 'PerRound' } },
      { name: 'two', turns: { strategy: 'Free' } },
    ],
    transitions: [{ name: 'on', from: 'one', to: 'two' }],
  },
  setup: () => ({ count: 0 }),
  moves: {
    leave: {
      outcomes: ['transition'],
      payload: z.object({ to: z.string() }).strict(),
      play: ({ game, payload }) => ({ game: { count: game.count + 1 }, transition: payload.to }),
    },
    stop: { play: ({ game }) => ({ game: { count: game.count + 1 }, endTurn: true }) },
    rest: { outcomes: ['endTurn'], play: ({ game }) => ({ game: { count: game.count + 1 }, endTurn: true }) },
  },
  publicView: ({ game }) => game,
});

describe("a game's outcome that asks what it may not is the game's error", () => {
  const open = () => createTable(careless, { table: 'table:c', seats: [A, B], seed: 1 });

  it('a transition that is not declared out of the phase: GAME_ERROR, the table unchanged', () => {
    const table = open();
    expect(refusalOf(table, { type: 'leave', seat: A, payload: { to: 'nowhere' } })).toEqual({ code: 'GAME_ERROR' });
    expect(() => table.play({ type: 'leave', seat: A, payload: { to: 'nowhere' } })).toThrow(
      'moves.leave.play threw: no transition "nowhere" out of one: its transitions are on',
    );
    table.play({ type: 'leave', seat: A, payload: { to: 'on' } });
    expect(table.state).toMatchObject({ gamePhase: 'two', game: { count: 1 } });
  });

  it('an outcome the move does not declare: GAME_ERROR, the table unchanged', () => {
    const table = open();
    expect(refusalOf(table, { type: 'stop', seat: A })).toEqual({ code: 'GAME_ERROR' });
    expect(() => table.play({ type: 'stop', seat: A })).toThrow(/declare outcomes: \['endTurn'\] on stop/);
  });

  it('ending a turn in a Free phase, which has none: GAME_ERROR', () => {
    const table = open();
    table.play({ type: 'leave', seat: A, payload: { to: 'on' } });
    expect(refusalOf(table, { type: 'rest', seat: B })).toEqual({ code: 'GAME_ERROR' });
  });
});

/** A simultaneous round the application may close with a move of its own. */
const council = defineGame({
  id: 'council',
  seats: { min: 2, max: 3 },
  structure: { phases: [{ name: 'vote', turns: { strategy: 'Simultaneous' } }] },
  setup: () => ({ votes: 0 }),
  moves: {
    vote: { outcomes: ['endTurn'], play: ({ game }) => ({ game: { votes: game.votes + 1 }, endTurn: true }) },
    close: { application: true, outcomes: ['endTurn'], play: ({ game }) => ({ game, endTurn: true }) },
  },
});

describe('a move ending the turn in a simultaneous round', () => {
  it("a seat's move ends its own part; the application's ends the round for every seat", () => {
    const table = createTable(council, { table: 'table:council', seats: [A, B, C], seed: 1 });
    table.play({ type: 'vote', seat: B });
    expect(table.state).toMatchObject({ toAct: [A, C], turn: 1 });
    table.play({ type: 'close' });
    expect(table.state).toMatchObject({ toAct: [A, B, C], turn: 2, round: 2 });
    expect(replay(table.log, { games: { council } }).state).toEqual(table.state);
  });
});

describe('names a structure gives its end conditions are checked', () => {
  const two = (first: object, transitions = [{ name: 'on', from: 'one', to: 'two' }]) => ({
    phases: [
      { name: 'one', turns: { strategy: 'PerRound' }, ...first },
      { name: 'two', turns: { strategy: 'Free' } },
    ],
    transitions,
  });
  const cases: [string, object, string, RegExp][] = [
    [
      'an unknown condition',
      two({ endIf: { when: 'nobody', transition: 'on' } }),
      'phases.0.endIf.when',
      /no condition "nobody"/,
    ],
    [
      'a transition not out of the phase',
      two({ endIf: { when: 'round-over', transition: 'off' } }),
      'phases.0.endIf.transition',
      /no transition "off" out of one: its transitions are on/,
    ],
    ['an unknown turn condition', two({ turnEndIf: 'round-over' }), 'phases.0.turnEndIf', /no condition "round-over"/],
    [
      'round-over in a Free phase',
      {
        phases: [{ name: 'one', turns: { strategy: 'Free' }, endIf: { when: 'round-over', transition: 'again' } }],
        transitions: [{ name: 'again', from: 'one', to: 'one' }],
      },
      'phases.0.endIf.when',
      /never round-over/,
    ],
    [
      'a turn condition in a simultaneous phase',
      { phases: [{ name: 'one', turns: { strategy: 'Simultaneous' }, turnEndIf: 'ahead' }] },
      'phases.0.turnEndIf',
      /turns seat by seat/,
    ],
    [
      'end conditions with priority phases',
      {
        phases: [{ name: 'one', turns: { strategy: 'PerRound' }, turnPhases: ['MAIN'], turnEndIf: 'ahead' }],
      },
      'phases.0.turnEndIf',
      /passes in a row/,
    ],
  ];
  for (const [name, options, path, message] of cases) {
    it(`${name}: INVALID_OPTIONS at the sandbox, GameDefinitionError for a game`, () => {
      expect(() =>
        createTable(sandbox, { table: 'table:lab', seats: [A, B], seed: 1, options: options as never }),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_OPTIONS',
          path: `options.${path}`,
          message: expect.stringMatching(message),
        }),
      );
      let caught: unknown;
      try {
        defineGame({
          id: 'ends',
          seats: { min: 2, max: 2 },
          structure: (options as { turnPhases?: unknown }) && (withTurnPhases(options) as never),
          setup: () => ({}),
          conditions: { ahead: () => false },
          moves: { play: { play: ({ game }) => ({ game }) } },
        });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(GameDefinitionError);
      expect(caught).toMatchObject({ path: `structure.${path}`, message: expect.stringMatching(message) });
    });
  }

  it('a condition named as a built-in one, or that is no function, and a move declaring unknown outcomes', () => {
    const base = { id: 'ends', seats: { min: 2, max: 2 }, setup: () => ({}) };
    const play = { play: ({ game }: { game: object }) => ({ game }) };
    expect(() => defineGame({ ...base, conditions: { 'round-over': () => true }, moves: { play } })).toThrow(
      expect.objectContaining({ path: 'conditions.round-over' }),
    );
    expect(() => defineGame({ ...base, conditions: { ready: true as never }, moves: { play } })).toThrow(
      expect.objectContaining({ path: 'conditions.ready' }),
    );
    expect(() => defineGame({ ...base, moves: { play: { ...play, outcomes: ['win' as never] } } })).toThrow(
      expect.objectContaining({ path: 'moves.play.outcomes' }),
    );
  });

  it('flow cards at a sandbox table with priority phases', () => {
    expect(() =>
      openSandbox({
        phases: [{ name: 'main', turns: { strategy: 'PerRound' }, turnPhases: ['MAIN'] }],
        flowCards: true,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', path: 'options.flowCards' }));
  });
});

/** A structure as a game declares it: turn phases are objects there, names in the sandbox's options. */
function withTurnPhases(options: object): object {
  const structure = options as { phases: { turnPhases?: string[] }[] };
  return {
    ...structure,
    phases: structure.phases.map((phase) =>
      phase.turnPhases === undefined ? phase : { ...phase, turnPhases: phase.turnPhases.map((name) => ({ name })) },
    ),
  };
}

describe('the log is the truth: replay, restore and time travel agree with the live table', () => {
  const options = {
    phases: [
      { name: 'draft', turns: { strategy: 'PerRound' }, endIf: { when: 'round-over', transition: 'play' } },
      {
        name: 'main',
        turns: { strategy: 'PerRound', movesPerTurn: 4 },
        turnEndIf: 'ahead',
        endIf: { when: 'all-played', transition: 'shop' },
      },
      { name: 'market', turns: { strategy: 'Free' } },
    ],
    transitions: [
      { name: 'play', from: 'draft', to: 'main' },
      { name: 'shop', from: 'main', to: 'market' },
      { name: 'deal', from: 'market', to: 'draft' },
    ],
    flowCards: true,
  };

  it('at every move of a game through each of them', () => {
    const table = openSandbox(options, [A, B]);
    const moves = [
      { type: 'play', seat: A },
      { type: 'finish', seat: A },
      { type: 'engine.end-turn', seat: B },
      // main: seat:a leads, so its turn ends by turnEndIf; seat:b plays, and everyone has played: on to the market
      { type: 'engine.end-turn', seat: A },
      { type: 'play', seat: B },
      { type: 'advance', seat: A, payload: { transition: 'deal' } },
      { type: 'play', seat: A },
    ];
    const states = statesAfter(table, moves);
    expect(states.map((s) => [s.gamePhase, s.turn, s.round, s.activeSeat])).toEqual([
      ['draft', 1, 1, A],
      ['draft', 1, 1, A],
      ['draft', 2, 1, B],
      ['main', 3, 2, A],
      ['main', 4, 2, B],
      ['market', 5, 3, null],
      ['draft', 6, 4, A],
      ['draft', 6, 4, A],
    ]);
    expectLogIsTruth(table, states, { type: 'finish', seat: A });
  });
});
