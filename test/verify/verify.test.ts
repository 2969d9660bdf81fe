/**
 * The checker's own features, each as a scenario: what it explores and how it
 * reports it (bounds with the option that raises them, counters dropped or
 * kept and why, seat symmetry, swarm), counterexamples that shrink and that
 * `recheck` checks again, and generated tests that catch a move allowed at
 * the wrong time.
 */

import { describe, expect, it } from 'vitest';
import { circularTable, mundane, ticTacToe } from '../../src/games/index.js';
import { type AnyGame, defineGame } from '../../src/index.js';
import { createTableTestModel, recheck, verify } from '../../src/testing/index.js';
import { checkPath } from '../../src/testing/path.js';
import { valueDigest } from '../../src/verify/fingerprint.js';
import { counterspellSpec } from './games.js';

const make = (spec: object): AnyGame => defineGame(spec as never) as AnyGame;
const counterspell = make(counterspellSpec);
const bolt = counterspellSpec.moves.bolt;
/** The one fault: a bolt made instant, so a seat may bolt in another seat's turn. */
const instantBolt = make({
  ...counterspellSpec,
  moves: { ...counterspellSpec.moves, bolt: { ...bolt, speed: 'instant' } },
});

/** A free-for-all where any seat takes one of three tokens at any time: every seat alike, rotations are one state. */
const tokens = defineGame({
  id: 'tokens',
  seats: { min: 3, max: 3 },
  structure: { phases: [{ name: 'main', turns: { strategy: 'Free' } }] },
  setup: ({ seats }) => ({
    left: 3,
    taken: Object.fromEntries(seats.map((seat) => [seat, 0])) as Record<string, number>,
  }),
  moves: {
    take: {
      check: ({ game }) => (game.left > 0 ? null : { reason: 'NONE_LEFT', message: 'no token left' }),
      play: ({ game, seat }) => ({
        game: { left: game.left - 1, taken: { ...game.taken, [seat]: (game.taken[seat] ?? 0) + 1 } },
      }),
    },
  },
  leaving: false,
  endIf: ({ game }) => game.left === 0,
});

describe('what a run explores, and how it says so', () => {
  it('tic-tac-toe is explored to its end: every one of its 5,478 positions, its counters of the past dropped', () => {
    const [run] = verify(ticTacToe, { seats: 2 }).runs;
    expect(run).toMatchObject({ exhausted: true, stoppedBy: null, distinct: 5478, depth: 9, counters: 'dropped' });
    expect(run?.states).toBeGreaterThanOrEqual(run?.distinct ?? 0);
    expect(run?.bytesPerState).toBeGreaterThan(0);
  });

  it('a run stopped by a bound says which, and the option that raises it', () => {
    const report = verify(mundane, { seats: 2, bounds: { states: 200 } });
    expect(report.runs[0]).toMatchObject({ exhausted: false, stoppedBy: { bound: 'states' } });
    expect(report.runs[0]?.stoppedBy?.raise).toMatch(/bounds\.states.*--states N/);
    const shallow = verify(mundane, { seats: 2, bounds: { depth: 2 } });
    expect(shallow.runs[0]).toMatchObject({ exhausted: false, depth: 2, stoppedBy: { bound: 'depth' } });
  });

  it('the turn and round numbers are kept when the game reads them, and the report names the callback', () => {
    // mundane with `turns` ends as that turn ends: its endIf reads seating.turn.
    // circular-table keeps what a seat did this turn under the turn's number, and reads it back to know the turn is new.
    const [run] = verify(circularTable, { seats: 2, options: { handSize: 2 }, bounds: { states: 300 } }).runs;
    expect(run).toMatchObject({ counters: 'kept' });
    expect(run?.countersReason).toBe('kept: mayEndTurn read seating.turn');
    expect(verify(ticTacToe, { seats: 2, bounds: { states: 300 } }).runs[0]?.countersReason).toMatch(/^dropped/);
  });

  it('seat symmetry merges the states that differ only by a rotation of the seats', () => {
    const plain = verify(tokens, { seats: 3 }).runs[0];
    const symmetric = verify(tokens, { seats: 3, symmetry: true }).runs[0];
    expect(plain?.exhausted && symmetric?.exhausted).toBe(true);
    expect(symmetric?.distinct).toBeLessThan(plain?.distinct ?? 0);
  });

  it('several seat counts and seeds are one run, each opening with its own line', () => {
    const report = verify(counterspell, { seats: [2, 3], seeds: [1, 2], bounds: { seconds: 20, states: 2000 } });
    expect(report.runs.map((run) => [run.opening.seats.length, run.opening.seed])).toEqual([
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
    ]);
  });

  it('bad usage is refused with the field named: a seat count the game does not take, a bound below 1', () => {
    expect(() => verify(ticTacToe, { seats: 3 })).toThrow(/seats: tic-tac-toe is played by 2 to 2 seats here, not 3/);
    expect(() => verify(ticTacToe, { bounds: { seconds: 0 } })).toThrow(/bounds\.seconds: a number above 0/);
    expect(() => verify(ticTacToe, { skip: ['no-such-check' as never] })).toThrow(/skip: no built-in check/);
  });
});

describe('counterexamples', () => {
  it('swarm mode finds a bolt made instant on a random walk, and the walk is shrunk to the two moves that show it', () => {
    const report = verify(instantBolt, { seats: 2, mode: 'swarm', walks: 50, bounds: { depth: 40 } });
    const found = report.violations.find((v) => v.check === 'bolts-at-sorcery-speed');
    expect(found, report.violations.map((v) => v.check).join()).toBeDefined();
    expect(found?.moves).toHaveLength(2);
    expect(found?.moves.at(-1)).toMatchObject({ type: 'bolt', seat: 'seat:bob' });
  });

  it('recheck finds the broken property along the counterexample, and nothing once the rule is mended', () => {
    const [found] = verify(instantBolt, { seats: 2, bounds: { states: 500 } }).violations;
    expect(found?.log.violation.check).toBe('bolts-at-sorcery-speed');
    const again = recheck(instantBolt, found?.log);
    expect(again.problems.map((p) => [p.check, p.at])).toContainEqual(['bolts-at-sorcery-speed', found?.at]);
    // Against the game with its bolt at sorcery speed, the same moves are refused before anything breaks.
    expect(recheck(counterspell, found?.log).problems.map((p) => p.check)).toEqual(['replay']);
  });
});

describe('generated tests check rules', () => {
  it('paths generated from the game fail against the game with a bolt made instant: a timing changed', () => {
    const model = createTableTestModel(counterspell, { seats: 2, maxTurns: 2 });
    for (const path of model.paths) model.check(path);
    const messages = model.paths.flatMap((path) => {
      try {
        checkPath(instantBolt, model.input, path);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(messages.length).toBeGreaterThan(0);
    expect(
      messages.some((message) => /timing: the model expects .*bolt=NO_PRIORITY|bolt=WRONG_TIMING/.test(message)),
    ).toBe(true);
  });

  it("paths of the buggy game's own model fail on the game's property, although they record what the game does", () => {
    const model = createTableTestModel(instantBolt, { seats: 2, maxTurns: 2 });
    const failing = model.paths.filter((path) => {
      try {
        model.check(path);
        return false;
      } catch (error) {
        return /bolts-at-sorcery-speed/.test((error as Error).message);
      }
    });
    expect(failing.length).toBeGreaterThan(0);
  });
});

describe('fingerprints', () => {
  it('a value digest reads as JSON does: equal values share it, one changed member, an order or a type does not', () => {
    const hand = { seat: 'seat:ann', cards: ['bolt', 'counter'], life: 2 };
    expect(valueDigest(hand)).toEqual(valueDigest(JSON.parse(JSON.stringify(hand))));
    expect(valueDigest(hand)).not.toEqual(valueDigest({ ...hand, life: 1 }));
    expect(valueDigest(hand)).not.toEqual(valueDigest({ ...hand, cards: ['counter', 'bolt'] }));
    expect(valueDigest(['1'])).not.toEqual(valueDigest([1]));
    expect(valueDigest({ a: 1 })).not.toEqual(valueDigest(['a', 1]));
    // As in JSON, an undefined member is no member.
    expect(valueDigest({ a: 1, b: undefined })).toEqual(valueDigest({ a: 1 }));
  });
});
