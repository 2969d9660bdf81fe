/**
 * defineGame: a game needs only its identity, seats, setup and moves; every
 * other member has a default, and a mistake in the definition is refused when
 * the game is defined, naming the field.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandbox } from '../../src/games/index.js';
import { createTable, defineGame, GameDefinitionError, type GameSpec, InvalidTable, isGame } from '../../src/index.js';

const A = 'seat:a';
const B = 'seat:b';

/** The smallest game: two seats take turns adding to a shared count. */
const counting = defineGame({
  id: 'counting',
  seats: { min: 2, max: 4 },
  setup: () => ({ count: 0 }),
  moves: {
    add: {
      payload: z.object({ by: z.number().int().min(1).max(3) }).strict(),
      play: ({ game, payload }) => ({ game: { count: game.count + payload.by } }),
      candidates: () => [{ by: 1 }, { by: 2 }, { by: 3 }],
    },
    // A move without a payload schema takes no payload; its notation defaults to its type.
    double: { play: ({ game }) => ({ game: { count: game.count * 2 } }) },
  },
  publicView: ({ game }) => ({ count: game.count }),
});

/** The definition of `counting` with `change` applied, as an author might misspell it. */
function countingWith(change: Record<string, unknown>): unknown {
  return {
    id: 'counting',
    seats: { min: 2, max: 4 },
    setup: () => ({ count: 0 }),
    moves: { add: { play: ({ game }: { game: { count: number } }) => ({ game: { count: game.count + 1 } }) } },
    ...change,
  };
}

function definitionError(spec: unknown): GameDefinitionError {
  try {
    defineGame(spec as GameSpec<unknown, z.ZodType, unknown>);
  } catch (error) {
    expect(error).toBeInstanceOf(GameDefinitionError);
    return error as GameDefinitionError;
  }
  throw new Error('the definition was accepted');
}

describe('defaults: only id, seats, setup and moves are required', () => {
  it('a game of four members plays turn by turn round the table, one phase, version 1', () => {
    expect(isGame(counting)).toBe(true);
    expect(counting.version).toBe('1');
    expect(counting.title).toBe('counting');
    const table = createTable(counting, { table: 'table:1', seats: [A, B], seed: 1 });
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A, toAct: [A], game: { count: 0 } });
    table.play({ type: 'add', seat: A, payload: { by: 2 } });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2, game: { count: 2 } });
    const ply = table.play({ type: 'double', seat: B });
    expect(ply.notation).toBe('double');
    expect(table.state.game).toEqual({ count: 4 });
  });

  it('engine moves the structure has no use for are refused by the engine, with no word from the game', () => {
    const table = createTable(counting, { table: 'table:1', seats: [A, B], seed: 1 });
    expect(table.check({ type: 'engine.transition', seat: A, payload: { transition: 'x' } })).toMatchObject({
      code: 'REFUSED',
      reason: 'NO_TRANSITIONS',
    });
    expect(table.check({ type: 'engine.initiative', payload: { scores: { [A]: 3 } } })).toMatchObject({
      code: 'REFUSED',
      reason: 'NO_INITIATIVE',
    });
    expect(table.check({ type: 'engine.delay', seat: A, payload: { after: B } })).toMatchObject({
      code: 'REFUSED',
      reason: 'NO_INITIATIVE',
    });
    expect(table.check({ type: 'engine.pass', seat: A })).toMatchObject({ code: 'NO_PRIORITY' });
    // Leaving is allowed unless the game says `leaving: false`.
    expect(table.check({ type: 'engine.leave', seat: B })).toBeNull();
  });

  it('a move without a payload refuses one; without candidates it is offered once, with no payload', () => {
    const table = createTable(counting, { table: 'table:1', seats: [A, B], seed: 1 });
    expect(table.check({ type: 'double', seat: A, payload: { twice: true } })).toMatchObject({
      code: 'INVALID_PAYLOAD',
    });
    expect(table.legalMoves(A).allowed.filter((m) => m.type === 'double')).toEqual([{ type: 'double', seat: A }]);
  });

  it('the game ends by default only when no seat is left; the winners are the seats still in', () => {
    const table = createTable(counting, { table: 'table:1', seats: [A, B], seed: 1 });
    table.play({ type: 'engine.leave', seat: A });
    expect(table.state.status).toBe('playing');
    table.play({ type: 'engine.leave', seat: B });
    expect(table.state).toMatchObject({ status: 'over', winners: [] });
  });

  it('the definition is frozen: an author cannot change a game under running tables', () => {
    expect(Object.isFrozen(counting)).toBe(true);
    expect(Object.isFrozen(counting.moves)).toBe(true);
    expect(() => {
      (counting as unknown as { id: string }).id = 'other';
    }).toThrow(TypeError);
  });

  it('an object that defineGame did not make is refused by createTable', () => {
    expect(() => createTable({ ...counting } as typeof counting, { table: 'table:1', seats: [A, B] })).toThrow(
      /defineGame/,
    );
  });
});

describe('the game is checked when it is defined: GameDefinitionError names the field', () => {
  const turns = { strategy: 'PerRound' };
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['an id that is not a name', { id: 'my game!' }, 'id', /letter/],
    ['seats the wrong way round', { seats: { min: 3, max: 2 } }, 'seats', /min ≤ max/],
    ['a move without play', { moves: { add: {} } }, 'moves.add.play', /play/],
    ['a move named __proto__', { moves: JSON.parse('{"__proto__": {}}') }, 'moves.__proto__', /not a move name/],
    [
      'a move named constructor',
      { moves: { constructor: { play: () => ({ game: {} }) } } },
      'moves.constructor',
      /inherits/,
    ],
    [
      'a move with "." in its name',
      { moves: { 'engine.pass': { play: () => ({ game: {} }) } } },
      'moves.engine.pass',
      /not a move name/,
    ],
    [
      'a move with "#" in its name',
      { moves: { 'a#b': { play: () => ({ game: {} }) } } },
      'moves.a#b',
      /not a move name/,
    ],
    [
      'a payload that is not a schema',
      { moves: { add: { payload: { by: 1 }, play: () => ({ game: {} }) } } },
      'moves.add.payload',
      /zod schema/,
    ],
    [
      'a sorcery move without a sorcery phase',
      { moves: { add: { speed: 'sorcery', play: () => ({ game: {} }) } } },
      'moves.add.speed',
      /sorceryPhase/,
    ],
    [
      'a routine name no routine has',
      {
        structure: { phases: [{ name: 'main', turns, onEnter: 'wakeUpp' }] },
        routines: { wakeUp: () => ({ game: {} }) },
      },
      'structure.phases.0.onEnter',
      /no routine "wakeUpp"/,
    ],
    [
      'a sorcery phase that is not a turn phase',
      {
        sorceryPhase: 'MAIN',
        structure: { phases: [{ name: 'main', turns, turnPhases: [{ name: 'UPKEEP' }, { name: 'PLAY' }] }] },
      },
      'structure.phases',
      /sorceryPhase MAIN is not among the turn phases/,
    ],
    [
      'a game phase named like a chart state',
      { structure: { phases: [{ name: 'done', turns }] } },
      'structure.phases.0.name',
      /statechart uses/,
    ],
    [
      'a turn phase named toString',
      { structure: { phases: [{ name: 'main', turns, turnPhases: [{ name: 'toString' }] }] } },
      'structure.phases.0.turnPhases.0.name',
      /statechart uses/,
    ],
    [
      'a game phase declared twice',
      {
        structure: {
          phases: [
            { name: 'main', turns },
            { name: 'main', turns },
          ],
        },
      },
      'structure.phases.1.name',
      /declared twice/,
    ],
    [
      'a transition to an unknown phase',
      { structure: { phases: [{ name: 'main', turns }], transitions: [{ name: 'go', from: 'main', to: 'mian' }] } },
      'structure.transitions.0.to',
      /no game phase "mian"/,
    ],
    [
      'turn rules without a strategy',
      { structure: { phases: [{ name: 'main', turns: { movesPerTurn: 2 } }] } },
      'structure.phases.0.turns.strategy',
      /strategy/,
    ],
    [
      'a phase allowing a move the game lacks',
      { structure: { phases: [{ name: 'main', turns, moves: ['ad'] }] } },
      'structure.phases.0.moves.0',
      /no move "ad"/,
    ],
    ['a turn model that is not one', { turnModel: 'sequentially' }, 'turnModel', /sequential/],
  ];
  for (const [name, change, path, message] of cases) {
    it(`${name}: ${path}`, () => {
      const error = definitionError(countingWith(change));
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
    });
  }

  it('a structure read from the options is checked with the default options when the game is defined', () => {
    const error = definitionError(
      countingWith({
        options: z.object({ phase: z.string().default('playing') }).strict(),
        structure: ({ options }: { options: { phase: string } }) => ({ phases: [{ name: options.phase, turns }] }),
      }),
    );
    expect(error.path).toBe('structure.phases.0.name');
    expect(error.message).toMatch(/default options/);
  });

  it('the same checks hold for a structure that arrives as options (sandbox): INVALID_OPTIONS with the path', () => {
    const open = (options: unknown) => () =>
      createTable(sandbox, { table: 'table:lab', seats: [A, B], seed: 1, options: options as never });
    expect(open({ phases: [{ name: 'over', turns }] })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', path: 'options.phases.0.name' }),
    );
    expect(open({ phases: [{ name: 'main', turns, turnPhases: ['done'] }] })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', path: 'options.phases.0.turnPhases.0.name' }),
    );
    expect(
      open({ phases: [{ name: 'main', turns }], transitions: [{ name: 'go', from: 'main', to: 'nowhere' }] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', path: 'options.transitions.0.to' }));
  });
});

describe('setup that throws', () => {
  it("refuses the table with InvalidTable SETUP_FAILED and the game's own message, not a TypeError", () => {
    const brittle = defineGame({
      id: 'brittle',
      seats: { min: 2, max: 2 },
      setup: ({ seats }) => {
        if (seats.includes('seat:b')) throw new Error('seat:b brought no deck');
        return {};
      },
      moves: { noop: { play: ({ game }) => ({ game }) } },
    });
    let thrown: unknown;
    try {
      createTable(brittle, { table: 'table:1', seats: [A, B], seed: 1 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidTable);
    expect(thrown).toMatchObject({ code: 'SETUP_FAILED', path: 'setup' });
    expect((thrown as InvalidTable).message).toMatch(/brittle's setup failed: seat:b brought no deck/);
  });
});
