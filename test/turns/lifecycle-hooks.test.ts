/**
 * Lifecycle hooks: a game phase names routines run as it begins and ends
 * (`onEnter`, `onLeave`), as each of its turns starts and ends (`onTurnStart`,
 * `onTurnEnd`) and after each of the game's moves made in it (`onMove`). Each
 * runs exactly once at its moment, may change the pieces and eliminate seats,
 * and records nothing of its own: replay, restore and time travel run it again
 * from the logged moves.
 */
import { describe, expect, it } from 'vitest';
import { createTable, defineGame, GameDefinitionError, type GameStructure } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, refusalOf, statesAfter, takeTurn } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

/** The sandbox's public `tally`: how often its `tally` routine has run. */
const tally = (table: ReturnType<typeof openSandbox>) => (table.state.game as { tally?: number }).tally ?? 0;

/** One PerRound phase `main` whose `hook` runs sandbox's `tally`. */
const tallied = (hook: string, turns: object = { strategy: 'PerRound' }) => ({
  phases: [{ name: 'main', turns, [hook]: 'tally' }],
});

describe('each hook runs exactly once at its moment', () => {
  it('onTurnStart: as the first turn starts, then once for every turn that follows', () => {
    const table = openSandbox(tallied('onTurnStart'), [A, B, C]);
    expect(tally(table)).toBe(1);
    takeTurn(table, A);
    expect(tally(table)).toBe(2);
    takeTurn(table, B);
    takeTurn(table, C);
    expect(table.state).toMatchObject({ turn: 4, round: 2, activeSeat: A });
    expect(tally(table)).toBe(4);
  });

  it('onTurnEnd: once for every turn ended, by end-turn or by the move limit', () => {
    const table = openSandbox(tallied('onTurnEnd', { strategy: 'PerRound', movesPerTurn: 2 }), [A, B]);
    expect(tally(table)).toBe(0);
    table.play({ type: 'play', seat: A });
    expect(tally(table)).toBe(0);
    table.play({ type: 'play', seat: A }); // the second move ends the turn by movesPerTurn
    expect(tally(table)).toBe(1);
    table.play({ type: 'engine.end-turn', seat: B });
    expect(tally(table)).toBe(2);
  });

  it('onMove: after every game move, never after an engine move', () => {
    const table = openSandbox(tallied('onMove'), [A, B]);
    table.play({ type: 'play', seat: A });
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    table.play({ type: 'engine.end-turn', seat: B });
    expect(tally(table)).toBe(2);
  });

  it('onEnter and onLeave: once each time the phase begins and ends, a restart included', () => {
    const options = {
      phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onEnter: 'tally', onLeave: 'tally' }],
      transitions: [{ name: 'again', from: 'main', to: 'main' }],
    };
    const table = openSandbox(options, [A, B]);
    expect(tally(table)).toBe(1);
    table.play({ type: 'engine.transition', payload: { transition: 'again' } });
    expect(tally(table)).toBe(3);
    takeTurn(table, A);
    expect(tally(table)).toBe(3);
  });

  it('in a simultaneous phase, each round is one turn: it starts and ends once, however many seats act', () => {
    const options = {
      phases: [{ name: 'main', turns: { strategy: 'Simultaneous' }, onTurnStart: 'tally', onTurnEnd: 'tally' }],
    };
    const table = openSandbox(options, [A, B, C]);
    expect(tally(table)).toBe(1);
    for (const seat of [A, B, C]) takeTurn(table, seat);
    // round 1 ended (+1) and round 2 started (+1)
    expect(table.state).toMatchObject({ round: 2 });
    expect(tally(table)).toBe(3);
  });

  it('in a priority game, onMove runs after each move made in the game phase that names it', () => {
    const options = {
      phases: [{ name: 'main', turns: { strategy: 'PerRound' }, turnPhases: ['MAIN'], onMove: 'tally' }],
    };
    const table = openSandbox(options, [A, B]);
    table.play({ type: 'cast', seat: A });
    expect(table.state.stack).toHaveLength(1);
    expect(tally(table)).toBe(1);
    table.play({ type: 'engine.pass', seat: A });
    table.play({ type: 'engine.pass', seat: B });
    expect(table.state.stack).toHaveLength(0);
    expect(tally(table)).toBe(1);
    table.play({ type: 'react', seat: A });
    expect(tally(table)).toBe(2);
  });

  it('a turn that ends the game still ends: onTurnEnd runs before the winners are named', () => {
    const table = openSandbox({ ...tallied('onTurnEnd'), lastTurn: 2 }, [A, B]);
    takeTurn(table, A);
    takeTurn(table, B);
    expect(table.state).toMatchObject({ status: 'over' });
    expect(tally(table)).toBe(2);
  });

  it('a game that ends after a move, mid-turn, ends no turn and leaves no phase: onTurnEnd and onLeave do not run', () => {
    const options = {
      phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onTurnEnd: 'tally', onLeave: 'tally' }],
      eliminations: true,
    };
    const table = openSandbox(options, [A, B]);
    table.play({ type: 'eliminate', seat: A, payload: { seat: B } });
    expect(table.state).toMatchObject({ status: 'over', winners: [A] });
    expect(tally(table)).toBe(0);
  });
});

describe('what a hook may do', () => {
  it('an onMove routine reads the move: sandbox’s bonus scores a second card for the seat that played', () => {
    const table = openSandbox({ phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onMove: 'bonus' }] }, [A, B]);
    table.play({ type: 'play', seat: A });
    expect(table.state.seats).toEqual({ [A]: { played: 2 }, [B]: { played: 0 } });
  });

  it('a routine run as a phase ends eliminates seats: the order skips them from then on', () => {
    const options = {
      phases: [
        { name: 'draft', turns: { strategy: 'PerRound' }, endIf: { when: 'round-over', transition: 'play' } },
        { name: 'main', turns: { strategy: 'PerRound' } },
      ],
      transitions: [{ name: 'play', from: 'draft', to: 'main' }],
    };
    const withDrop = {
      ...options,
      phases: [{ ...options.phases[0], onLeave: 'drop-idle' }, options.phases[1]],
    };
    const table = openSandbox(withDrop, [A, B, C]);
    takeTurn(table, A);
    table.play({ type: 'engine.end-turn', seat: B }); // seat:b plays no card
    takeTurn(table, C);
    expect(table.state).toMatchObject({ gamePhase: 'main', activeSeat: A, out: [B] });
    takeTurn(table, A);
    expect(table.state.activeSeat).toBe(C);
    expect(refusalOf(table, { type: 'play', seat: B })).toEqual({ code: 'REFUSED', reason: 'SEAT_OUT' });
  });
});

describe('a hook eliminates seats at any of its moments', () => {
  it('as a turn ends: the turn passes over the seats it took out', () => {
    const table = openSandbox({ phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onTurnEnd: 'drop-idle' }] }, [
      A,
      B,
      C,
    ]);
    takeTurn(table, A);
    // seat:b and seat:c had played nothing as seat:a's turn ended: the next turn is seat:a's again, in a new round
    expect(table.state).toMatchObject({ activeSeat: A, out: [B, C], turn: 2, round: 2, status: 'playing' });
  });

  it('after a move, mid-turn: the game that ends with one seat left ends there', () => {
    const table = openSandbox(
      { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onMove: 'drop-idle' }], eliminations: true },
      [A, B, C],
    );
    table.play({ type: 'play', seat: A });
    expect(table.state).toMatchObject({ out: [B, C], turn: 1, status: 'over', winners: [A] });
  });
});

/** A game that writes down each hook as it runs, to show their order. */
const journal = defineGame({
  id: 'journal',
  seats: { min: 2, max: 2 },
  setup: (): string[] => [],
  structure: {
    phases: [
      {
        name: 'one',
        turns: { strategy: 'PerRound' },
        onEnter: 'enter-one',
        onLeave: 'leave-one',
        onTurnStart: 'turn-start',
        onTurnEnd: 'turn-end',
        onMove: 'moved',
      },
      { name: 'two', turns: { strategy: 'PerRound' }, onEnter: 'enter-two', onTurnStart: 'turn-start' },
    ],
    transitions: [{ name: 'on', from: 'one', to: 'two' }],
  } satisfies GameStructure,
  routines: Object.fromEntries(
    ['enter-one', 'leave-one', 'turn-start', 'turn-end', 'moved', 'enter-two'].map((name) => [
      name,
      ({ game, seating, move }: { game: string[]; seating: { turn: number }; move?: { seat: string | null } }) => ({
        game: [...game, `${name} ${seating.turn}${move === undefined ? '' : ` ${move.seat}`}`],
      }),
    ]),
  ),
  moves: { note: { play: ({ game }) => ({ game }) } },
  publicView: ({ game }) => ({ journal: game }),
});

describe('the order of the hooks', () => {
  it('phase begins, turn starts, moves, turn ends, phase ends, next phase begins, its turn starts', () => {
    const table = createTable(journal, { table: 'table:j', seats: [A, B], seed: 1 });
    table.play({ type: 'note', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    table.play({ type: 'engine.transition', payload: { transition: 'on' } });
    expect(table.state.game).toEqual({
      journal: [
        'enter-one 1',
        'turn-start 1',
        `moved 1 ${A}`,
        'turn-end 1',
        'turn-start 2',
        'turn-end 2',
        'leave-one 2',
        'enter-two 3',
        'turn-start 3',
      ],
    });
  });
});

describe("a phase's onEnter runs before its first seat is named", () => {
  /** Two phases; the second's onEnter picks who starts it, and the game's order reads the pick. */
  const picked = defineGame({
    id: 'picked',
    seats: { min: 2, max: 2 },
    setup: () => ({ starter: null as string | null, sawActive: null as string | null }),
    structure: {
      phases: [
        { name: 'one', turns: { strategy: 'PerRound' } },
        { name: 'two', turns: { strategy: 'PerRound' }, order: 'picked', onEnter: 'pick' },
      ],
      transitions: [{ name: 'on', from: 'one', to: 'two' }],
    } satisfies GameStructure,
    routines: {
      pick: ({ seating }) => ({ game: { starter: B, sawActive: seating.activeSeat } }),
    },
    orders: { picked: { first: ({ game }) => game.starter, next: () => null } },
    moves: { note: { play: ({ game }) => ({ game }) } },
    publicView: ({ game }) => ({ ...game }),
  });

  it("the game's order starts the phase with the seat onEnter picked; onEnter saw the seat before it", () => {
    const table = createTable(picked, { table: 'table:p', seats: [A, B], seed: 1 });
    expect(table.state.activeSeat).toBe(A);
    table.play({ type: 'engine.transition', payload: { transition: 'on' } });
    expect(table.state).toMatchObject({ gamePhase: 'two', activeSeat: B, game: { starter: B, sawActive: A } });
    expect(table.toAct()).toEqual([B]);
  });
});

describe('hooks are checked like every routine', () => {
  it('a hook naming no routine of the game is refused by defineGame, with its path', () => {
    expect(() =>
      defineGame({
        id: 'broken',
        seats: { min: 1, max: 2 },
        setup: () => ({}),
        structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onTurnEnd: 'score' }] },
        moves: {},
      }),
    ).toThrow(GameDefinitionError);
  });

  it('a Free phase has no turns: a table naming onTurnStart there does not open', () => {
    expect(() =>
      openSandbox({ phases: [{ name: 'market', turns: { strategy: 'Free' }, onTurnStart: 'tally' }] }),
    ).toThrow('options.phases.0.onTurnStart: a Free phase has no turns');
  });

  it('a hook that throws refuses the move that ran it with GAME_ERROR, and the table stays as it was', () => {
    const fragile = defineGame({
      id: 'fragile',
      seats: { min: 2, max: 2 },
      setup: () => ({ moves: 0 }),
      structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, onMove: 'check' }] },
      routines: {
        check: ({ game }) => {
          if (game.moves >= 2) throw new Error('the pieces are inconsistent');
          return { game };
        },
      },
      moves: { step: { play: ({ game }) => ({ game: { moves: game.moves + 1 } }) } },
    });
    const table = createTable(fragile, { table: 'table:f', seats: [A, B], seed: 1 });
    table.play({ type: 'step', seat: A }); // the routine runs after the move: the pieces were fine before it
    const before = table.persist();
    expect(refusalOf(table, { type: 'step', seat: A })).toEqual({ code: 'GAME_ERROR' });
    expect(() => table.play({ type: 'step', seat: A })).toThrow('routines.check');
    expect(table.persist()).toEqual(before);
    expect(table.actor.getSnapshot().status).toBe('active');
  });
});

describe('the log is the truth: replay, restore and time travel run the hooks again', () => {
  it('at every move of a game with every hook', () => {
    const options = {
      phases: [
        {
          name: 'draft',
          turns: { strategy: 'PerRound' },
          endIf: { when: 'round-over', transition: 'play' },
          onEnter: 'tally',
          onTurnStart: 'bonus',
          onLeave: 'drop-idle',
        },
        { name: 'main', turns: { strategy: 'Circular' }, onTurnEnd: 'tally', onMove: 'bonus' },
      ],
      transitions: [{ name: 'play', from: 'draft', to: 'main' }],
      refills: true,
    };
    const table = openSandbox(options, [A, B, C]);
    const moves = [
      { type: 'engine.end-turn', seat: A },
      { type: 'engine.end-turn', seat: B },
      { type: 'engine.end-turn', seat: C },
      { type: 'reverse', seat: A },
      { type: 'engine.end-turn', seat: A },
      { type: 'refill', seat: C, payload: { plies: 1 } },
      { type: 'play', seat: C },
      { type: 'engine.end-turn', seat: C },
    ];
    const states = statesAfter(table, moves);
    expect(states.at(-1)).toMatchObject({ gamePhase: 'main', activeSeat: B, game: { tally: 3 } });
    expectLogIsTruth(table, states, { type: 'play', seat: B });
  });

  it('at every move of a game whose hooks eliminate a seat, and after it', () => {
    const options = {
      phases: [
        {
          name: 'draft',
          turns: { strategy: 'PerRound' },
          endIf: { when: 'round-over', transition: 'play' },
          onLeave: 'drop-idle',
        },
        { name: 'main', turns: { strategy: 'PerRound' }, onTurnStart: 'bonus', onTurnEnd: 'tally' },
      ],
      transitions: [{ name: 'play', from: 'draft', to: 'main' }],
    };
    const table = openSandbox(options, [A, B, C]);
    const moves = [
      { type: 'play', seat: A },
      { type: 'engine.end-turn', seat: A },
      { type: 'engine.end-turn', seat: B },
      { type: 'play', seat: C },
      { type: 'engine.end-turn', seat: C },
      { type: 'engine.end-turn', seat: A },
      { type: 'play', seat: C },
      { type: 'engine.end-turn', seat: C },
    ];
    const states = statesAfter(table, moves);
    expect(states.at(-1)).toMatchObject({ gamePhase: 'main', activeSeat: A, out: [B], game: { tally: 2 } });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });
});
