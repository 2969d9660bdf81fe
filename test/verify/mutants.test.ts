/**
 * The mutant suite: each test plants ONE realistic fault in a game (a spec
 * copied with one thing changed, or `extendGame` replacing one callback), and
 * shows that `verify` catches it by the check that names the fault, with a
 * short counterexample that `replay` plays again. The unmutated games verify
 * clean within the same bounds, so each catch is the fault's, not the game's.
 */

import { describe, expect, it } from 'vitest';
import { circularTable, frogger, lineOf, mundane, sandbox, skirmish, ticTacToe } from '../../src/games/index.js';
import { type AnyGame, defineGame, extendGame, replay } from '../../src/index.js';
import type { VerifyOptions, Violation } from '../../src/verify/types.js';
import { verify } from '../../src/verify/verify.js';
import { counterspellSpec, type Duel, discard, nextIn, type Ring, ringSpec } from './games.js';

/** A game from a spec of the fixtures (typed loosely: a mutant's callbacks are the spec's, with one changed). */
const make = (spec: object): AnyGame => defineGame(spec as never) as AnyGame;

/** A leak shows within the first moves: a run that found one need not go on to its time bound. */
const LEAK = { states: 300 };

/** Counterexamples are short: a few dozen moves at most. */
const SHORT = 30;

const BOUNDS = {
  counterspell: { seats: 2 },
  counterspell3: { seats: 3, bounds: { seconds: 5 } },
  ring: { seats: 3 },
  mundane: { seats: 2, options: { openingHand: 2, startingTime: 2, turns: 2 }, bounds: { seconds: 2 } },
  circularTable: { seats: 2, options: { handSize: 2 }, bounds: { seconds: 2 } },
  skirmish: { seats: 2, options: { hp: 2, supplies: 1 }, bounds: { seconds: 2 } },
  frogger: { seats: 2, options: { length: 3 } },
  sandbox: { seats: 2, bounds: { seconds: 1 } },
  ticTacToe: { seats: 2 },
} satisfies Record<string, VerifyOptions>;

/**
 * Verifies `game` and returns the violation of `check`: it must be found, `moves` long, and its log must replay on the
 * mutant (a game-code counterexample up to its last move, which the table refuses with GAME_ERROR).
 */
function caughtBy(game: AnyGame, options: VerifyOptions, check: string, moves: number): Violation {
  const report = verify(game, options);
  const violation = report.violations.find((v) => v.check === check);
  expect(violation, `caught by ${report.violations.map((v) => v.check).join(', ') || 'nothing'}`).toBeDefined();
  const found = violation as Violation;
  console.log(`MUTANT ${game.id} ${check} ${found.moves.length} moves, at ${found.at}: ${found.message.slice(0, 160)}`);
  expect(found.moves.length).toBeLessThanOrEqual(SHORT);
  // Breadth-first, the shortest path comes first: the counterexample is the scenario the test's title tells.
  expect(found.moves).toHaveLength(moves);
  const games = { [game.id]: game };
  if (check === 'game-code-throws' && found.moves.length > 0) {
    const played = replay({ ...found.log, moves: found.moves.slice(0, -1) }, { games });
    played.stop();
    expect(() => replay(found.log, { games })).toThrow(expect.objectContaining({ code: 'GAME_ERROR' }));
  } else {
    const table = replay(found.log, { games });
    expect(table.log.moves).toHaveLength(found.moves.length);
    table.stop();
  }
  return found;
}

const counterspell = make(counterspellSpec);
const ring = make(ringSpec);
const { bolt, counter } = counterspellSpec.moves;

describe('the unmutated games verify clean within the bounds the mutants are checked in', () => {
  it.each([
    ['counterspell', counterspell, BOUNDS.counterspell],
    ['counterspell, three seats', counterspell, BOUNDS.counterspell3],
    ['ring', ring, BOUNDS.ring],
    ['mundane', mundane, BOUNDS.mundane],
    ['circular-table', circularTable, BOUNDS.circularTable],
    ['skirmish', skirmish, BOUNDS.skirmish],
    ['frogger-refills', frogger, BOUNDS.frogger],
    ['sandbox', sandbox, BOUNDS.sandbox],
  ] as const)('%s', (_name, game, options) => {
    const report = verify(game as AnyGame, options as VerifyOptions);
    expect(report.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('tic-tac-toe: clean, and its 5,478 positions counted, the empty board included', () => {
    const report = verify(ticTacToe, BOUNDS.ticTacToe);
    expect(report.violations).toEqual([]);
    expect(report.runs[0]).toMatchObject({ exhausted: true, distinct: 5478 });
  });

  it("checks the privacy of every game with hidden hands, and each game's own properties", () => {
    for (const game of [mundane, circularTable, skirmish, counterspell]) expect(game.hidden).not.toBeNull();
    expect(verify(mundane, { ...BOUNDS.mundane, bounds: { states: 1 } }).checks).toEqual(
      expect.arrayContaining(['privacy', 'sorcery-types-at-sorcery-speed', 'time-never-negative']),
    );
  });
});

describe('counterspell mutants, each one fault in the spec', () => {
  it("a bolt made instant is caught by bolts-at-sorcery-speed in 2 moves: bob bolts in ann's MAIN", () => {
    const mutant = make({
      ...counterspellSpec,
      moves: { ...counterspellSpec.moves, bolt: { ...bolt, speed: 'instant' } },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'bolts-at-sorcery-speed', 2);
    expect(found.moves.at(-1)).toMatchObject({ type: 'bolt', seat: 'seat:bob' });
  });

  it('a counter castable on an empty stack is caught by a-counter-has-something-to-counter in 1 move', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        counter: {
          ...counter,
          // The fault: the check forgets to ask whether the stack holds anything.
          check: ({ game, seat }: { game: Duel; seat: string }) =>
            (game.hands[seat] ?? []).includes('counter') ? null : { reason: 'NO_COUNTER', message: 'no counter' },
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'a-counter-has-something-to-counter', 1);
    expect(found.moves).toEqual([{ type: 'counter', seat: 'seat:ann' }]);
  });

  it('candidates naming only the seat to the left (a duel habit) are caught by legal-moves at the opening of three seats', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        bolt: {
          ...bolt,
          candidates: ({ seat, seating }: { seat: string; seating: { seats: readonly string[]; out: string[] } }) => [
            { target: nextIn(seating.seats, seating.out, seat) },
          ],
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell3, 'legal-moves', 0);
    expect(found.message).toContain('"target":"seat:cat"');
  });

  it('a check that writes into the pieces whenever it is asked, legal moves included, is caught at the opening', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        bolt: {
          ...bolt,
          check: (ctx: Parameters<typeof bolt.check>[0]) => {
            // The fault: a tally of the bolts asked about, kept in the pieces; the first asking is for legal moves.
            (ctx.game as { asked?: number }).asked = 1;
            return bolt.check(ctx);
          },
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'refusal-changes-nothing', 0);
    expect(found.message).toContain('refused');
  });

  it('a check that burns a misdirected bolt (writing into the pieces) is caught by refusal-changes-nothing at the opening', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        bolt: {
          ...bolt,
          check: (ctx: Parameters<typeof bolt.check>[0]) => {
            const refusal = bolt.check(ctx);
            // The fault: the house rule "a bolt aimed at yourself is lost" written into the check, on the pieces.
            if (refusal?.reason === 'BAD_TARGET') {
              const hand = ctx.game.hands[ctx.seat] as string[];
              hand.splice(hand.indexOf('bolt'), 1);
            }
            return refusal;
          },
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'refusal-changes-nothing', 0);
    expect(found.message).toContain('refused');
  });

  it('a bolt that takes the card out of the old hand in place is caught by moves-keep-the-past at the opening', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        bolt: {
          ...bolt,
          play: ({ game, seat, payload }: { game: Duel; seat: string; payload: { target: string } }) => {
            // The fault: the hand is spliced where it lies instead of copied first.
            const hand = game.hands[seat] as string[];
            hand.splice(hand.indexOf('bolt'), 1);
            return {
              game: { ...game, hands: { ...game.hands }, pending: game.pending + 1 },
              stack: { card: `bolt>${payload.target}`, type: 'BOLT' },
            };
          },
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'moves-keep-the-past', 0);
    expect(found.message).toContain('never write into the old ones');
  });

  it('an end that forgets the stack is caught by never-ends-with-items-on-the-stack in 11 moves: the last bolt ends the game under it', () => {
    const mutant = make({
      ...counterspellSpec,
      // The fault: "no bolt left" is taken for the end, the bolt just cast still on the stack.
      endIf: ({ game, remaining }: { game: Duel; remaining: readonly string[] }) =>
        remaining.length <= 1 || remaining.every((seat) => !(game.hands[seat] ?? []).includes('bolt')),
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'never-ends-with-items-on-the-stack', 11);
    const table = replay(found.log, { games: { counterspell: mutant } });
    expect(table.state.status).toBe('over');
    expect(table.state.stack.length).toBeGreaterThan(0);
    table.stop();
  });

  it('an end that forgets running out of bolts is caught by can-end after 12 moves: two seats without a bolt pass for ever', () => {
    const mutant = make({
      ...counterspellSpec,
      // The fault: only the last seat standing ends it.
      endIf: ({ remaining }: { remaining: readonly string[] }) => remaining.length <= 1,
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'can-end', 12);
    const table = replay(found.log, { games: { counterspell: mutant } });
    const hands = Object.values(table.state.seats).map((seat) => (seat as { hand: string[] }).hand);
    expect(hands.flat()).not.toContain('bolt');
    table.stop();
  });

  it('a bolt put on the stack under a misspelt type is caught by game-code-throws in 3 moves, when it resolves', () => {
    const mutant = make({
      ...counterspellSpec,
      moves: {
        ...counterspellSpec.moves,
        bolt: {
          ...bolt,
          play: ({ game, seat, payload }: { game: Duel; seat: string; payload: { target: string } }) => ({
            game: discard(game, seat, 'bolt'),
            // The fault: 'Bolt' has no effect in the table of effects.
            stack: { card: `bolt>${payload.target}`, type: 'Bolt' },
          }),
        },
      },
    });
    const found = caughtBy(mutant, BOUNDS.counterspell, 'game-code-throws', 3);
    expect(found.message).toContain('resolve');
    expect(found.moves.at(-1)?.type).toBe('engine.pass');
  });
});

describe('ring mutants: the routine that hands the turn on', () => {
  it('a token handed to a seat just eliminated is caught by game-code-throws in 2 moves (the order names a seat out of the game)', () => {
    const mutant = make({
      ...ringSpec,
      routines: {
        passToken: ({ game, seating }: { game: Ring; seating: { seats: readonly string[]; activeSeat: string } }) => ({
          // The fault: the seats out of the game are not skipped.
          game: { ...game, token: nextIn(seating.seats, [], seating.activeSeat) },
        }),
      },
    });
    const found = caughtBy(mutant, BOUNDS.ring, 'game-code-throws', 2);
    expect(found.message).toContain('orders.token.next');
  });

  it('a routine that skips a seat is caught by the-turn-passes-to-the-next-seat-still-in in 1 move', () => {
    const mutant = make({
      ...ringSpec,
      routines: {
        passToken: ({
          game,
          seating,
        }: {
          game: Ring;
          seating: { seats: readonly string[]; out: readonly string[]; activeSeat: string };
        }) => ({
          // The fault: the token is handed on twice.
          game: {
            ...game,
            token: nextIn(seating.seats, seating.out, nextIn(seating.seats, seating.out, seating.activeSeat)),
          },
        }),
      },
    });
    const found = caughtBy(mutant, BOUNDS.ring, 'the-turn-passes-to-the-next-seat-still-in', 1);
    expect(found.message).toContain('not seat:bob');
  });
});

describe('built-in game mutants, by extendGame', () => {
  it('a circular-table view that forgets to hide the hand is caught by privacy at the opening', () => {
    const mutant = extendGame(circularTable, { hiddenSeatView: ({ view }) => view });
    const found = caughtBy(mutant, { ...BOUNDS.circularTable, bounds: LEAK }, 'privacy', 0);
    expect(found.message).toContain('keeps private');
  });

  it("a mundane public view that shows the top of each deck is caught by privacy: nobody may see a deck's order", () => {
    const mutant = extendGame(mundane, {
      publicView: ({ game }) => ({ next: Object.values(game.seats).map((seat) => seat.deck[0] ?? null) }),
    });
    const found = caughtBy(mutant, { ...BOUNDS.mundane, bounds: LEAK }, 'privacy', 0);
    expect(found.message).toMatch(/sees what (nobody may see|seat:\w+ keeps private)/);
  });

  it('a mundane view that shows a hand once it is down to one card is caught by privacy as soon as a seat casts one (1 move)', () => {
    // Hidden at the opening (two cards each), so a check of the opening alone would pass it. The view's type says a
    // count; the mutant's JavaScript hands over the cards, as an untyped game's could.
    const mutant = extendGame(mundane, {
      hiddenSeatView: ({ view }) => ({
        ...view,
        hand: (view.hand.length <= 1 ? view.hand : view.hand.length) as number,
      }),
    });
    const found = caughtBy(mutant, { ...BOUNDS.mundane, bounds: LEAK }, 'privacy', 1);
    expect(found.moves[0]).toMatchObject({ type: 'CastInstant' });
    const table = replay(found.log, { games: { mundane: mutant } });
    expect(table.state.seats[found.moves[0]!.seat as string]?.hand).toHaveLength(1);
    table.stop();
  });

  it("a skirmish view that shows the others' orders is caught by privacy once a squad commits (1 move)", () => {
    const mutant = extendGame(skirmish, { hiddenSeatView: ({ view }) => view });
    const found = caughtBy(mutant, { ...BOUNDS.skirmish, bounds: LEAK }, 'privacy', 1);
    expect(found.moves[0]).toMatchObject({ type: 'commit' });
  });

  it('a tic-tac-toe end that forgets the full board is caught by dead-end in 9 moves: a drawn board where nobody can move', () => {
    const mutant = extendGame(ticTacToe, { endIf: ({ game }) => lineOf(game.cells) !== null });
    const found = caughtBy(mutant, BOUNDS.ticTacToe, 'dead-end', 9);
    const table = replay(found.log, { games: { 'tic-tac-toe': mutant } });
    expect(table.state.status).toBe('playing');
    table.stop();
  });
});

/**
 * A raid: the seat whose turn it is raids (each seat twice in the game), which opens a window in which every other
 * seat may block once; a block is only ever an answer to a raid, while its window is open.
 */
const raidSpec = {
  id: 'raid',
  seats: { min: 2, max: 3 },
  structure: {
    phases: [
      {
        name: 'main',
        turns: { strategy: 'PerRound' },
        windows: [{ name: 'respond', who: 'others', moves: ['block'], movesPerSeat: 1 }],
      },
    ],
  },
  leaving: false,
  setup: ({ seats }: { seats: readonly string[] }) => ({
    raids: Object.fromEntries(seats.map((seat) => [seat, 2])) as Record<string, number>,
    blocks: 0,
  }),
  moves: {
    raid: {
      outcomes: ['window'] as const,
      check: ({ game, seat }: { game: { raids: Record<string, number> }; seat: string }) =>
        (game.raids[seat] ?? 0) > 0 ? null : { reason: 'NO_RAIDS', message: 'no raid left' },
      play: ({ game, seat }: { game: { raids: Record<string, number>; blocks: number }; seat: string }) => ({
        game: { ...game, raids: { ...game.raids, [seat]: (game.raids[seat] ?? 0) - 1 } },
        window: 'respond',
      }),
    },
    block: {
      check: ({ seating }: { seating: { window?: string | null } }) =>
        seating.window === 'respond' ? null : { reason: 'NOTHING_TO_BLOCK', message: 'no raid to block' },
      play: ({ game }: { game: { raids: Record<string, number>; blocks: number } }) => ({
        game: { ...game, blocks: game.blocks + 1 },
      }),
    },
  },
  endIf: ({ game }: { game: { raids: Record<string, number> } }) =>
    Object.values(game.raids).every((left) => left === 0),
  checks: {
    moves: {
      'a block answers an open raid': ({
        before,
        move,
      }: {
        before: { seating: { window?: string | null } };
        move: { type: string };
      }) =>
        move.type !== 'block' ||
        before.seating.window === 'respond' ||
        `a block was played with ${before.seating.window ?? 'no window'} open`,
    },
  },
};

describe('a response window', () => {
  it('the raid game verifies clean: a block only ever answers an open raid', () => {
    expect(verify(make(raidSpec), { seats: 2 }).violations).toEqual([]);
  });

  it('a block allowed after its window closed is caught by a-block-answers-an-open-raid in 1 move: the first seat blocks in its own turn', () => {
    const mutant = make({
      ...raidSpec,
      moves: { ...raidSpec.moves, block: { ...raidSpec.moves.block, check: () => null } },
    });
    // Blocks at any time never run out: the run is bounded, and the violation shows at the first expansion.
    const found = caughtBy(mutant, { seats: 2, bounds: { states: 2000 } }, 'a block answers an open raid', 1);
    expect(found.moves[0]).toMatchObject({ type: 'block', seat: 'seat:ann' });
  });
});
