/**
 * `createTableTestModel`, the public helper: its paths play green through the
 * real table API, cover the machine, read well, and catch a table that leaves
 * the model; its bounds and abstraction do what they say.
 */

import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable, InvalidTable } from '../../src/index.js';
import { describeMove, thirdPerson } from '../../src/testing/describe.js';
import { createTableTestModel, formatCoverage, type TablePath, TraversalLimit } from '../../src/testing/index.js';
import { publicState } from '../../src/testing/traversal.js';
import { unreachableByDesign } from '../support/tableModel.js';

const ENDS = { seats: 2, options: { turns: 2 } } as const;
// What mundane cannot reach by design (no leaving, no initiative, no isOver): declared, with the reasons, as a user would.
const UNREACHABLE = unreachableByDesign(
  createTable(mundane, { table: 'table:x', seats: ['seat:a', 'seat:b'], options: ENDS.options }).actor.logic,
);
const model = createTableTestModel(mundane, { ...ENDS, unreachable: UNREACHABLE });

/** A copy of `path` with step `i` changed by `change`. */
function edited(
  path: TablePath,
  i: number,
  change: (step: TablePath['steps'][number]) => TablePath['steps'][number],
): TablePath {
  return { ...path, steps: path.steps.map((step, j) => (j === i ? change(step) : step)) };
}

describe('createTableTestModel(mundane, { seats: 2, options: { turns: 2 } })', () => {
  it.each(model.paths.map((path, i) => ({ i, path })))(
    'path $i plays through table.play as the model expects',
    ({ path }) => model.check(path),
  );

  it.each(model.refusedOpenings)('$description', (opening) => model.checkOpening(opening));

  it('reaches every state and every transition of the table machine, and says how long it took', () => {
    const { total, regions, unreached, stale } = model.coverage;
    console.log(formatCoverage(model.coverage).find((line) => line.startsWith('coverage mundane')));
    for (const r of [...regions, total]) {
      expect([r.statesCovered, r.transitionsCovered], r.label).toEqual([r.statesTotal, r.transitionsTotal]);
      expect(r.missing, r.label).toEqual([]);
      expect(r.paths).toBeGreaterThan(0);
    }
    expect(regions.map((r) => r.label)).toEqual(['turn', 'priority', 'stack']);
    expect(stale).toEqual([]);
    expect(unreached).toEqual(Object.entries(UNREACHABLE).map(([name, reason]) => ({ name, reason })));
    expect(total.paths).toBe(model.paths.length + model.refusedOpenings.length);
    expect(total.milliseconds).toBeGreaterThan(0);
    expect(formatCoverage(model.coverage)).toEqual([
      ...regions.map((r) =>
        expect.stringMatching(
          new RegExp(
            `^coverage ${r.label}: states \\d+/\\d+ \\(100%\\), transitions \\d+/\\d+ \\(100%\\), paths \\d+(, unreachable by design \\d+)?$`,
          ),
        ),
      ),
      expect.stringMatching(
        /^coverage mundane: states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\), paths \d+, unreachable by design \d+, generated in \d+ ms$/,
      ),
      ...Object.keys(UNREACHABLE).map((name) => `  unreached: ${name}: ${UNREACHABLE[name]}`),
    ]);
  });

  it('describes every path in words, the verbs taken from the notation', () => {
    const descriptions = model.paths.map((p) => p.description);
    expect(descriptions.every((d) => / ⇒ (turn \d+ [A-Z_]+|over after turn \d+)/.test(d))).toBe(true);
    const all = descriptions.join('\n');
    expect(all).toMatch(/seat:ann passes → seat:bob passes/);
    expect(all).toMatch(/seat:ann plays \w+/);
    expect(all).toMatch(/seat:\w+ casts \w+/);
    expect(all).toMatch(/seat:bob passes \(refused: NO_PRIORITY\)/);
    expect(all).toMatch(/\(refused: GAME_OVER\) ⇒ over after turn 2/);
    expect(all).toMatch(/\d+ passes to turn 2 [A-Z_]+/);
    const path = model.paths.find((p) => p.steps.some((s) => s.move.type === 'CastInstant'))!;
    const cast = path.steps.find((s) => s.move.type === 'CastInstant')!;
    expect(cast.description).toBe(`${cast.move.seat} casts ${(cast.move.payload as { card: string }).card}`);
  });

  it('makes verbs of notations', () => {
    const notations = [
      'constructor',
      'pass',
      'cast Coffee',
      'play Toaster',
      'end turn',
      'fix the sink',
      'try again',
      'have a nap',
      'auto-pass until end of turn',
      'leaves',
      'e2-e4',
      '→ combat',
      'engine.end-turn',
    ];
    expect(notations.map(thirdPerson)).toEqual([
      'constructors',
      'passes',
      'casts Coffee',
      'plays Toaster',
      'ends turn',
      'fixes the sink',
      'tries again',
      'has a nap',
      'auto-passes until end of turn',
      'leaves',
      null,
      null,
      null,
    ]);
    expect(
      describeMove(
        mundane,
        { type: 'engine.transition', seat: 'seat:ann', payload: { transition: 'combat' } },
        null,
        '→ combat',
      ),
    ).toBe('seat:ann: → combat');
    expect(describeMove(mundane, { type: 'engine.pass' }, null)).toBe('the table passes');
  });

  it('check fails, naming the step and the field, when the table is not where the model says', () => {
    const path = model.paths.find((p) => p.steps[0]?.description === 'seat:ann passes')!;
    const wrong = edited(path, 0, (step) => ({
      ...step,
      expected: { ...step.expected, passes: step.expected.passes + 1 },
    }));
    expect(() => model.check(wrong)).toThrow(
      /step 1 of \d+ \(seat:ann passes, .*\): passes: the model expects 2, the table has 1/,
    );
    const moved = edited(path, 0, (step) => ({
      ...step,
      expected: { ...step.expected, value: { elsewhere: 'here' } },
    }));
    expect(() => model.check(moved)).toThrow(/value: the model expects \{"elsewhere":"here"\}/);
  });

  it('check fails when a refused step is accepted, or an accepted one refused', () => {
    const withRefusal = model.paths.find((p) => p.steps.some((s) => s.refused === 'NO_PRIORITY'))!;
    const i = withRefusal.steps.findIndex((s) => s.refused === 'NO_PRIORITY');
    expect(() => model.check(edited(withRefusal, i, (s) => ({ ...s, refused: 'WRONG_TIMING' })))).toThrow(
      /refuses it with WRONG_TIMING, the table with NO_PRIORITY/,
    );
    expect(() => model.check(edited(withRefusal, i, (s) => ({ ...s, refused: null })))).toThrow(
      /the model accepts it, the table refuses it: NO_PRIORITY/,
    );
    const accepted = model.paths[0]!;
    expect(() => model.check(edited(accepted, 0, (s) => ({ ...s, refused: 'NO_PRIORITY' })))).toThrow(
      /the table accepted it/,
    );
  });

  it('every step expects a ply more after an accepted move (and any the engine makes for a seat), none after a refused one', () => {
    for (const path of model.paths) {
      let plies = 0;
      for (const step of path.steps) {
        if (step.refused === null) expect(step.expected.plies).toBeGreaterThan(plies);
        else expect(step.expected.plies).toBe(plies);
        plies = step.expected.plies;
        expect(step.expected.stack).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe('createTableTestModel: bounds, abstraction, unreachable', () => {
  const open = createTableTestModel(mundane, { seats: 2, options: { openingHand: 2 }, unreachable: UNREACHABLE });
  const beyond = open.coverage.unreached.filter((u) => !Object.hasOwn(UNREACHABLE, u.name));

  it('a game that does not end within the bounds lists the end of the game by name, with the reason', () => {
    expect(beyond.map((u) => u.name)).toEqual([
      'state table.over',
      expect.stringMatching(
        /^transition table\.playing\.turn\.\S+\.inTurn on xstate\.done\.state\.\S+ #0 \[and\(.*gameEndsWithTurn\)\] → table\.over$/,
      ),
    ]);
    expect(beyond[0]!.reason).toMatch(/^no path reached it within the bounds \(turns up to 3, a stack up to 2 deep\)/);
    expect(open.coverage.total.missing).toEqual(beyond.map((u) => u.name));
    expect(open.paths.every((p) => p.steps.every((s) => s.expected.turn <= 4))).toBe(true);
    expect(formatCoverage(open.coverage).filter((l) => l.startsWith('  unreached: '))).toHaveLength(
      open.coverage.unreached.length,
    );
  });

  it("an engine move the game has no use for is listed with the game's own reason", () => {
    const undeclared = createTableTestModel(mundane, { seats: 2, options: { turns: 1 } });
    const leave = undeclared.coverage.unreached.find((u) => / on engine\.leave #/.test(u.name));
    expect(leave?.reason).toBe('mundane refuses engine.leave: mundane has no leaving: every seat plays to the end');
  });

  it('declared unreachable, with a reason: no longer missing, still listed; a name the machine lacks is stale', () => {
    const declared = createTableTestModel(mundane, {
      seats: 2,
      options: { openingHand: 2 },
      unreachable: {
        ...UNREACHABLE,
        ...Object.fromEntries(beyond.map((u) => [u.name, 'this table never ends'])),
        'state table.nowhere': 'a typo',
      },
    });
    expect(declared.coverage.total.missing).toEqual([]);
    expect(declared.coverage.unreached.filter((u) => !Object.hasOwn(UNREACHABLE, u.name))).toEqual(
      beyond.map((u) => ({ name: u.name, reason: 'this table never ends' })),
    );
    expect(declared.coverage.stale).toEqual(['state table.nowhere']);
    expect(formatCoverage(declared.coverage)).toContain(
      '  declared unreachable, but reached or unknown: state table.nowhere',
    );
  });

  it('a traversal that reaches its limit says which options raise it, not only xstate/graph\'s "Traversal limit exceeded"', () => {
    expect(() => createTableTestModel(mundane, { seats: 2, limit: 30 })).toThrow(TraversalLimit);
    expect(() => createTableTestModel(mundane, { seats: 2, limit: 30 })).toThrow(/took 30 states.*raise `limit`/);
  });

  it('maxTurns and maxStack bound the paths', () => {
    const small = createTableTestModel(mundane, { seats: 2, options: { openingHand: 2 }, maxTurns: 1, maxStack: 1 });
    const steps = small.paths.flatMap((p) => p.steps.map((s) => s.expected));
    expect(Math.max(...steps.map((s) => s.turn))).toBe(2); // the pass that ends turn 1 lands in turn 2, which is not explored
    expect(Math.max(...steps.map((s) => s.stack))).toBe(1);
    expect(small.paths.length).toBeLessThan(open.paths.length);
  });

  it('a coarser abstraction gives fewer paths, a finer one more; each still plays green', () => {
    const short = { seats: 2, options: { turns: 1, openingHand: 2 } } as const;
    const plain = createTableTestModel(mundane, short);
    const chartOnly = createTableTestModel(mundane, { ...short, abstraction: (s) => JSON.stringify(s.value) });
    const withHands = createTableTestModel(mundane, {
      ...short,
      abstraction: (s) => {
        const v = publicState(mundane, s);
        const hands = Object.values(v.seats).map((seat) => (seat.hand as string[]).length);
        return JSON.stringify([s.value, v.turn, v.phase, v.passes, v.stack.length, v.prioritySeat, hands]);
      },
    });
    expect(chartOnly.paths.length).toBeLessThan(plain.paths.length);
    expect(withHands.paths.length).toBeGreaterThan(plain.paths.length);
    for (const m of [chartOnly, withHands]) for (const path of m.paths) m.check(path);
    expect(chartOnly.coverage.total.statesCovered).toBeLessThanOrEqual(plain.coverage.total.statesCovered);
  });

  it("seat ids may be given; the seed is the table's", () => {
    const named = createTableTestModel(mundane, {
      seats: ['seat:x', 'seat:y', 'seat:z'],
      // One card a hand: the names and the seed are the point, not the paths a hand of seven makes.
      options: { turns: 1, openingHand: 1 },
      seed: 'abc',
      table: 'table:mine',
    });
    expect(named.input).toEqual({
      table: 'table:mine',
      seats: ['seat:x', 'seat:y', 'seat:z'],
      seed: 'abc',
      options: { turns: 1, openingHand: 1 },
    });
    expect(named.paths[0]!.opening.toAct).toEqual(['seat:x']);
    for (const path of named.paths) named.check(path);
    expect(named.refusedOpenings[0]).toMatchObject({
      code: 'DUPLICATE_SEAT',
      path: 'seats.2',
      input: { seats: ['seat:x', 'seat:y', 'seat:x'] },
    });
  });

  it('refuses seats or options that do not open a table, naming the field', () => {
    expect(() => createTableTestModel(mundane, { seats: 2, options: { openingHand: -1 } })).toThrow(InvalidTable);
    expect(() => createTableTestModel(mundane, { seats: 2, options: { openingHand: -1 } })).toThrow(/openingHand/);
    expect(() => createTableTestModel(mundane, { seats: ['seat:a', 'seat:a'] })).toThrow(InvalidTable);
    expect(() => createTableTestModel(mundane, { seats: 0 })).toThrow(/seats: a whole number/);
  });
});
