/**
 * Fuzzing tables with moves and openings: every built-in game opened with
 * options and seats that are sometimes hostile, then played with a mix of
 * legal moves and hostile ones (wrong types, prototype names, getters,
 * Proxies, huge or deep payloads, junk sent straight to the actor). Whatever
 * arrives, nothing throws but IllegalMove and InvalidTable, the actor never
 * reaches XState's error status, and every refusal leaves the table
 * deep-equal to what it was.
 */

import { describe, expect } from 'vitest';
import { randomLegalMove } from '../../src/bots/botMoves.js';
import { builtInGames } from '../../src/games/index.js';
import { type AnyGame, createTable, IllegalMove, InvalidTable, type Table } from '../../src/index.js';
import { fuzzTest, type Random } from './runner.js';

const GAMES = Object.values(builtInGames);
const SEATS = ['seat:ann', 'seat:bob', 'seat:cat', 'seat:dan'];

/** A value an attacker might send where a payload, option or field goes. */
function hostile(random: Random, depth = 0): unknown {
  switch (random.int(12)) {
    case 0:
      return 'x'.repeat(random.pick([1, 129, 20_000, 300_000]));
    case 1:
      return random.pick([
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
        '',
        'seat:ann',
        'Coffee',
      ]);
    case 2:
      return random.pick([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 1, 0, -0]);
    case 3:
      return random.pick([null, true, undefined, [], {}, new Date(0), new Map(), () => 1, Symbol('s'), 10n]);
    case 4: {
      let deep: unknown = 'bottom';
      for (let i = random.pick([7, 9, 40]); i > 0; i--) deep = random.chance(0.5) ? [deep] : { d: deep };
      return deep;
    }
    case 5:
      return JSON.parse('{"__proto__": {"polluted": true}, "card": "Coffee"}');
    case 6: {
      let reads = 0;
      return {
        get card() {
          reads++;
          return reads === 1 ? 'Coffee' : { evil: true };
        },
      };
    }
    case 7:
      return new Proxy(
        {},
        random.chance(0.5)
          ? {
              ownKeys: () => {
                throw new Error('trap');
              },
            }
          : {
              get: () => {
                throw new Error('trap');
              },
            },
      );
    case 8:
      return { toJSON: () => ({ card: 'Coffee' }) };
    case 9: {
      const cycle: Record<string, unknown> = { card: 'Coffee' };
      cycle.self = cycle;
      return cycle;
    }
    case 10:
      return depth < 2
        ? {
            [random.pick(['card', 'seat', 'target', 'stance', 'hop', 'transition', 'scores', 'until'])]: hostile(
              random,
              depth + 1,
            ),
          }
        : 'leaf';
    default:
      return random.string(random.size(60), 'abc:_-é\u0000"');
  }
}

type Step =
  | { readonly kind: 'legal' }
  | { readonly kind: 'hostile'; readonly move: () => unknown }
  | { readonly kind: 'raw'; readonly event: () => unknown };

interface Case {
  readonly game: AnyGame;
  readonly opening: () => unknown;
  readonly steps: readonly Step[];
  readonly what: string;
}

function hostileMove(random: Random, game: AnyGame): () => unknown {
  const types = [
    'engine.pass',
    'engine.end-turn',
    'engine.transition',
    'engine.initiative',
    'engine.delay',
    'engine.leave',
    'engine.auto-pass',
    'engine.undo',
    ...Object.keys(game.moves),
    '__proto__',
    'constructor',
    'xstate.stop',
    '',
  ];
  const shape = random.int(6);
  const type = random.pick(types);
  const seat = random.pick([...SEATS, undefined, '__proto__', 'toString', 5, `s${'a'.repeat(500)}`]);
  const payload = hostile(random);
  // Built fresh for every use: a getter's count starts again each time.
  return () => {
    switch (shape) {
      case 0:
        return hostile(random);
      case 1:
        return { type, seat, payload, extra: 1 };
      case 2:
        return { type: hostile(random), seat };
      default:
        return seat === undefined ? { type, payload } : { type, seat, payload };
    }
  };
}

function makeCase(random: Random): Case {
  const game = random.pick(GAMES);
  const count = Math.min(game.seats.max, Math.max(game.seats.min, 2 + random.int(3)));
  const seats = SEATS.slice(0, count);
  const options = random.chance(0.25)
    ? { [random.pick(['turns', 'decks', 'phases', 'hp', 'duel', '__proto__', 'handSize'])]: hostile(random) }
    : game.demoOptions({ turns: 4 });
  const wild = random.chance(0.2);
  const seatList = wild
    ? random.pick([[...seats, seats[0]], 'seat:ann', [hostile(random), 'seat:b'], seats.slice(0, 1)])
    : seats;
  const opening = () => ({
    table: wild && random.chance(0.3) ? hostile(random) : 'table:fuzz',
    seats: seatList,
    seed: wild ? random.pick([1, 1.5, 'seed', {}, hostile(random)]) : random.int(1000),
    options,
  });
  const steps: Step[] = [];
  for (let i = random.int(40) + 5; i > 0; i--) {
    const roll = random.next();
    steps.push(
      roll < 0.55
        ? { kind: 'legal' }
        : roll < 0.9
          ? { kind: 'hostile', move: hostileMove(random, game) }
          : { kind: 'raw', event: hostileMove(random, game) },
    );
  }
  return { game, opening, steps, what: `${game.id}, ${steps.length} steps${wild ? ', a wild opening' : ''}` };
}

/** Everything a refusal must leave as it was. */
const snapshot = (table: Table) => ({ value: table.actor.getSnapshot().value, context: table.context });

function check(input: Case): void {
  let table: Table;
  try {
    table = createTable(input.game, input.opening() as never);
  } catch (error) {
    // A refused opening is an InvalidTable with a code, never anything else.
    expect(error).toBeInstanceOf(InvalidTable);
    expect((error as InvalidTable).message.length).toBeLessThan(600);
    return;
  }
  let pick = 0;
  for (const step of input.steps) {
    if (table.state.status === 'over') break;
    const before = snapshot(table);
    if (step.kind === 'legal') {
      const move = randomLegalMove(table, (n) => pick++ % n);
      if (move === undefined) break;
      const result = table.submit(move);
      // A listed legal move may still be refused only by the game's own code failing: never here.
      expect(result.ok, `a legal ${move.type} was refused`).toBe(true);
    } else if (step.kind === 'hostile') {
      const result = table.submit(step.move());
      if (!result.ok) {
        expect(result.error).toBeInstanceOf(IllegalMove);
        expect(result.error.message.length).toBeLessThan(600);
        expect(snapshot(table)).toEqual(before);
      }
    } else {
      table.actor.send(step.event() as never);
    }
    expect(table.actor.getSnapshot().status).toBe('active');
  }
  table.stop();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('fuzz: moves and openings', () => {
  fuzzTest<Case>(
    'tables fed hostile moves and openings',
    { make: makeCase, check, describe: (c) => c.what },
    { defaultSeconds: 3, minCases: 10 },
  );
});
