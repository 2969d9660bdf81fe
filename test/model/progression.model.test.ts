import { describe, expect, it } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTableMachine } from '../../src/index.js';
import { createTableTestModel, formatCoverage, inventory } from '../../src/testing/index.js';

/**
 * Model-based paths over the turn progression of each strategy, built with
 * xstate/graph through createTableTestModel on sandbox tables (refills and
 * eliminations on, so obligations and the end of the game are in reach). Each
 * generated path is played through the real table.play() and checked at every
 * step; the coverage of each chart is printed and must be complete, with what
 * a strategy cannot reach by design listed by name and reason.
 */
const common = { refills: true, eliminations: true, lastTurn: 4 };
const configs: Record<string, { seats: number; options: object }> = {
  PerRound: {
    seats: 3,
    options: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2 } }], ...common },
  },
  Circular: {
    seats: 3,
    options: {
      phases: [
        { name: 'main', turns: { strategy: 'Circular', movesPerTurn: 2, circular: { allowSelfSuccessor: true } } },
      ],
      ...common,
    },
  },
  Initiative: {
    seats: 3,
    options: {
      phases: [
        { name: 'setup', turns: { strategy: 'Free' } },
        { name: 'combat', turns: { strategy: 'Initiative', movesPerTurn: 1 } },
      ],
      transitions: [{ name: 'fight', from: 'setup', to: 'combat' }],
      ...common,
    },
  },
  Simultaneous: {
    // three seats, so a seat can leave in the action phase without ending the game
    seats: 3,
    options: {
      phases: [
        { name: 'planning', turns: { strategy: 'Simultaneous' } },
        { name: 'action', turns: { strategy: 'PerRound', movesPerTurn: 1 } },
      ],
      transitions: [
        { name: 'act', from: 'planning', to: 'action' },
        { name: 'plan', from: 'action', to: 'planning' },
      ],
      ...common,
    },
  },
};

/** What no sandbox table of these options can do, whatever is played, with the reason. */
function byDesign(strategy: string): { match: RegExp; reason: string }[] {
  return [
    { match: / on engine\.undo #/, reason: 'sandbox declares no move undoable' },
    {
      match: / on engine\.initiative #/,
      reason:
        "initiative scores are a seat's own choice, so the model invents none (test/turns/initiative.test.ts plays them)",
    },
    ...(strategy === 'Circular'
      ? []
      : [
          {
            match: / on (reverse|skip|set-direction) #/,
            reason: 'the circular sequence cards are refused outside a Circular phase (NOT_CIRCULAR)',
          },
        ]),
    {
      match: / on xstate\.done\.state\.\S+ #2 /,
      reason:
        'the turn can always pass here: PerRound and Initiative always have a next seat, and this Circular table allows self-succession',
    },
  ];
}

function unreachableFor(strategy: string, options: object, seats: number): Record<string, string> {
  const machine = createTableMachine(
    sandbox,
    options,
    Array.from({ length: seats }, (_, i) => `seat:${i}`),
  );
  const declared: Record<string, string> = {};
  for (const t of inventory(machine).transitions) {
    const found = byDesign(strategy).find((p) => p.match.test(`transition ${t.name}`));
    if (found !== undefined) declared[`transition ${t.name}`] = found.reason;
  }
  return declared;
}

describe('model-based paths over the turn progression of each strategy', () => {
  for (const [strategy, config] of Object.entries(configs)) {
    describe(strategy, () => {
      const model = createTableTestModel(sandbox, {
        seats: config.seats,
        options: config.options,
        maxTurns: 4,
        maxStack: 0,
        unreachable: unreachableFor(strategy, config.options, config.seats),
      });
      it(`reaches every reachable state and transition of the ${strategy} chart`, () => {
        for (const line of formatCoverage(model.coverage)) console.log(`${strategy}: ${line}`);
        // nothing declared is reached after all, and nothing is left out but what is unreachable by design
        expect(model.coverage.stale).toEqual([]);
        const reasons = new Set(byDesign(strategy).map((p) => p.reason));
        expect(model.coverage.unreached.filter((u) => !reasons.has(u.reason))).toEqual([]);
        expect(model.coverage.total.statesCovered).toBe(model.coverage.total.statesTotal);
        expect(model.coverage.total.transitionsCovered).toBe(model.coverage.total.transitionsTotal);
      });
      it(`every ${strategy} path plays through table.play() as the model says`, () => {
        expect(model.paths.length).toBeGreaterThan(0);
        for (const path of model.paths) model.check(path);
      });
    });
  }
});
