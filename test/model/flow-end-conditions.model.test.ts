import { describe, expect, it } from 'vitest';
import { type SandboxState, sandbox } from '../../src/games/index.js';
import { createTableMachine } from '../../src/index.js';
import { createTableTestModel, defaultAbstraction, formatCoverage, inventory } from '../../src/testing/index.js';

/**
 * Model-based paths over phases and turns that end by themselves, built with
 * xstate/graph through createTableTestModel on sandbox tables: a draft that
 * ends when its round is over, turns that the condition `ahead` ends, the
 * cards `finish` (ends the turn) and `advance` (takes a transition), a market
 * that ends once every seat has played, and a simultaneous round that ends its
 * phase; the same game with every lifecycle hook (onEnter, onLeave,
 * onTurnStart, onTurnEnd, onMove) running sandbox's routines; and with orders
 * from the pieces (a fewest-first draft, AfterLastActor, the pass-to card);
 * response windows opened by the call card; and a minimum of moves per turn. Each path is played through the real table.play() and checked at
 * every step; coverage must be complete but for what is unreachable by design.
 * The states keep apart what the conditions read of the pieces.
 */
/**
 * A table of the sandbox to explore: its seats and options, and how many turns its paths go. `beyondBound` names
 * what only a longer bound reaches, with where a test reaches it; the coverage of the others must be complete.
 */
interface Config {
  seats: number;
  maxTurns: number;
  options: object;
  beyondBound?: { match: RegExp; reason: string };
}

const configs: Record<string, Config> = {
  // Four turns reach every transition that six did (the draft, main and market each end by themselves and the game
  // ends), with half the paths and a third of the steps; three leave one out. The tables below reach all of theirs
  // in two or three.
  'turn by turn': {
    seats: 2,
    maxTurns: 4,
    options: {
      phases: [
        {
          name: 'draft',
          turns: { strategy: 'PerRound', movesPerTurn: 2 },
          endIf: { when: 'round-over', transition: 'play' },
        },
        { name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2 }, turnEndIf: 'ahead' },
        { name: 'market', turns: { strategy: 'Free' }, endIf: { when: 'all-played', transition: 'deal' } },
      ],
      transitions: [
        { name: 'play', from: 'draft', to: 'main' },
        { name: 'score', from: 'main', to: 'market' },
        { name: 'deal', from: 'market', to: 'draft' },
      ],
      flowCards: true,
      lastTurn: 4,
    },
  },
  simultaneous: {
    seats: 2,
    maxTurns: 2,
    options: {
      phases: [
        { name: 'plan', turns: { strategy: 'Simultaneous' }, endIf: { when: 'round-over', transition: 'act' } },
        { name: 'act', turns: { strategy: 'Simultaneous' }, endIf: { when: 'all-played', transition: 'plan' } },
      ],
      transitions: [
        { name: 'act', from: 'plan', to: 'act' },
        { name: 'plan', from: 'act', to: 'plan' },
      ],
      flowCards: true,
      lastTurn: 3,
    },
  },
};

// The turn-by-turn game with every lifecycle hook: routines that count, score cards (changing what the conditions
// read) and eliminate the seats that played nothing as the draft ends.
const HOOKS: Record<string, object> = {
  draft: { onEnter: 'tally', onTurnEnd: 'tally', onLeave: 'drop-idle' },
  main: { onTurnStart: 'tally', onMove: 'tally' },
  market: { onMove: 'bonus' },
};
const byTurns = configs['turn by turn'] as Config & { options: { phases: { name: string }[] } };
/**
 * The variants of the turn-by-turn game go three turns, the last: a third of the paths of four. Within three, the game
 * ends in main but never in the draft, which only comes round again in turn four.
 */
const variant = {
  ...byTurns,
  maxTurns: 3,
  beyondBound: {
    match:
      /^transition table\.playing\.turn\.draft\.inTurn on xstate\.done\.state\.\S+ #0 \[and\(stateIn\(#turnDone-draft\), gameEndsWithTurn\)\] → table\.over$/,
    reason: 'the draft comes round again only in turn four: "turn by turn" ends the game in its draft there',
  },
};
configs['with lifecycle hooks'] = {
  ...variant,
  options: {
    ...byTurns.options,
    lastTurn: 3,
    phases: byTurns.options.phases.map((phase) => ({ ...phase, ...HOOKS[phase.name] })),
  },
};

// Orders from the pieces: the turn-by-turn game with a draft in fewest-first order, a main phase that starts after
// the seat whose turn ended the draft, and a card that names the next seat.
configs['orders from the pieces'] = {
  ...variant,
  options: {
    ...byTurns.options,
    lastTurn: 3,
    phases: byTurns.options.phases.map((phase) => {
      const { turnEndIf: _condition, ...rest } = phase as { name: string; turns: object; turnEndIf?: string };
      if (phase.name === 'draft') return { ...rest, order: 'fewest-first' };
      if (phase.name === 'main') return { ...rest, turns: { ...rest.turns, firstActor: 'AfterLastActor' } };
      return rest;
    }),
  },
};

// Response windows within a turn: every other seat responds once, every seat plays once, or the active seat alone
// casts until it ends its own part (no movesPerSeat), then the turn goes on.
configs['response windows'] = {
  seats: 2,
  maxTurns: 2,
  options: {
    phases: [
      {
        name: 'main',
        turns: { strategy: 'PerRound', movesPerTurn: 2 },
        windows: [
          { name: 'militia', who: 'others', moves: ['react'], movesPerSeat: 1 },
          { name: 'everyone', who: 'all', moves: ['play'], movesPerSeat: 1 },
          { name: 'trash', who: 'active', moves: ['cast'] },
        ],
      },
    ],
    transitions: [{ name: 'again', from: 'main', to: 'main' }],
    flowCards: true,
    lastTurn: 2,
  },
};

// A minimum of moves before a seat may end its turn, in a simultaneous round and then turn by turn.
configs['a minimum of moves'] = {
  seats: 2,
  maxTurns: 3,
  options: {
    phases: [
      {
        name: 'plan',
        turns: { strategy: 'Simultaneous', minMovesPerTurn: 1 },
        endIf: { when: 'round-over', transition: 'act' },
      },
      { name: 'main', turns: { strategy: 'PerRound', minMovesPerTurn: 2, movesPerTurn: 3 } },
    ],
    transitions: [{ name: 'act', from: 'plan', to: 'main' }],
    lastTurn: 3,
  },
};

/** What no sandbox table of these options can do, whatever is played, with the reason. */
const BY_DESIGN: { match: RegExp; reason: string }[] = [
  { match: / on engine\.undo #/, reason: 'sandbox declares no move undoable' },
  {
    match: / on engine\.initiative #/,
    reason:
      "initiative scores are a seat's own choice, so the model invents none (test/turns/initiative.test.ts plays them)",
  },
  {
    match: / on (reverse|skip|set-direction) #/,
    reason: 'the circular sequence cards are refused outside a Circular phase (NOT_CIRCULAR)',
  },
  { match: / on (refill|eliminate) #/, reason: 'refills and eliminations are off at these tables' },
  {
    match: /\.plan\.round always #\d+ \[and\(nobodyIsWaiting, seatsRemain\)\]/,
    reason: 'the plan phase ends when its round is over (endIf round-over): no next round of it starts',
  },
  {
    match: /\.inTurn\.trash always #1 /,
    reason:
      'a window of the active seat alone waits for nobody once that seat is out: it closes first (#0), and the turn then passes it over from acting',
  },
  {
    match: / on xstate\.done\.state\.\S+ #2 /,
    reason: 'the turn can always pass here: PerRound always has a next seat',
  },
];

/** What sandbox's conditions read of its pieces: which seats have played, and who leads. */
function conditionsRead(state: SandboxState): string {
  const counts = Object.values(state.played);
  const most = Math.max(...counts);
  const leaders = counts.filter((n) => n === most).length;
  return JSON.stringify([counts.map((n) => n > 0), leaders === 1 ? counts.indexOf(most) : null]);
}

function unreachableFor({ options, seats, beyondBound }: Config): Record<string, string> {
  const machine = createTableMachine(
    sandbox,
    options,
    Array.from({ length: seats }, (_, i) => `seat:${i}`),
  );
  const declared: Record<string, string> = {};
  const known = beyondBound === undefined ? BY_DESIGN : [...BY_DESIGN, beyondBound];
  for (const t of inventory(machine).transitions) {
    const found = known.find((p) => p.match.test(`transition ${t.name}`));
    if (found !== undefined) declared[`transition ${t.name}`] = found.reason;
  }
  return declared;
}

describe('model-based paths over phases and turns that end by themselves', () => {
  for (const [name, config] of Object.entries(configs)) {
    describe(name, () => {
      const base = defaultAbstraction(sandbox);
      const model = createTableTestModel(sandbox, {
        seats: config.seats,
        options: config.options,
        maxTurns: config.maxTurns,
        maxStack: 0,
        abstraction: (snapshot) => `${base(snapshot)} ${conditionsRead(snapshot.context.game as SandboxState)}`,
        unreachable: unreachableFor(config),
      });
      it(`reaches every reachable state and transition of the ${name} chart`, () => {
        for (const line of formatCoverage(model.coverage)) console.log(`${name}: ${line}`);
        expect(model.coverage.stale).toEqual([]);
        const reasons = new Set(
          [...BY_DESIGN, ...(config.beyondBound ? [config.beyondBound] : [])].map((p) => p.reason),
        );
        expect(model.coverage.unreached.filter((u) => !reasons.has(u.reason))).toEqual([]);
        expect(model.coverage.total.statesCovered).toBe(model.coverage.total.statesTotal);
        expect(model.coverage.total.transitionsCovered).toBe(model.coverage.total.transitionsTotal);
      });
      it(`every ${name} path plays through table.play() as the model says`, () => {
        expect(model.paths.length).toBeGreaterThan(0);
        for (const path of model.paths) model.check(path);
      });
    });
  }
});
