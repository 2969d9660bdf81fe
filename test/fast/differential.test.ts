/**
 * The fast path against the live chart: random streams for every built-in
 * game (every strategy through the sandbox's generated structures), each move
 * played on a live table and stepped on the fast runner from the same start,
 * compared after every move: the context (state, plies and all), the state
 * value, and the events, in order. The first difference fails with the move
 * that made it.
 */

import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { chartRunner } from '../../src/fast/chartRunner.js';
import { builtInGames, sandbox } from '../../src/games/index.js';
import { type AnyGame, createTable, defineGame, type Move } from '../../src/index.js';
import { commandArb, flowOpeningArb, openingArb } from '../property/arbitraries.js';
import { playBoth } from '../support/fastDifferential.js';

const GAMES: AnyGame[] = Object.values(builtInGames);

describe.each(GAMES.map((game) => ({ id: game.id, game })))('$id: the fast path equals the live chart', ({ game }) => {
  it('after every move of random streams, bad moves included', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        openingArb(game),
        fc.array(commandArb(game), { minLength: 20, maxLength: 200 }),
        (opening, commands) => {
          taken += playBoth(game, opening, commands);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    // the streams really played (a stream stops taking moves once its game is over)
    expect(taken).toBeGreaterThan(100);
  });
});

describe('sandbox with the flow the game decides (windows, orders, hooks, a minimum of moves): the fast path equals the live chart', () => {
  it('after every move of random streams, bad moves included', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        flowOpeningArb(),
        fc.array(commandArb(sandbox), { minLength: 20, maxLength: 200 }),
        (opening, commands) => {
          taken += playBoth(sandbox, opening, commands);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    expect(taken).toBeGreaterThan(100);
  });
});

describe('one compiled chart, two transitions of one node: each plan is its own', () => {
  // A duel of one life each: a bolt kills the other seat when it resolves. A seat that leaves is out; the game goes on.
  const duel = defineGame({
    id: 'bolt-duel',
    seats: { min: 2, max: 2 },
    structure: { phases: [{ name: 'duel', turns: { strategy: 'PerRound' }, turnPhases: [{ name: 'MAIN' }] }] },
    sorceryPhase: 'MAIN',
    setup: ({ seats }) => ({ life: Object.fromEntries(seats.map((s) => [s, 1])) as Record<string, number> }),
    moves: { bolt: { speed: 'sorcery', play: ({ game }) => ({ game, stack: { card: 'bolt', type: 'BOLT' } }) } },
    resolve: ({ game, item }) => ({
      game: { life: Object.fromEntries(Object.keys(game.life).map((s) => [s, s === item.seat ? 1 : 0])) },
    }),
    endIf: ({ game }) => Object.values(game.life).some((life) => life <= 0),
  });
  const SEATS = ['seat:ann', 'seat:bob'];
  const leave = (seat: string): Move => ({ type: 'engine.leave', seat });
  const bolt = (seat: string): Move => ({ type: 'bolt', seat });
  const pass = (seat: string): Move => ({ type: 'engine.pass', seat });

  it("bob's bolt ends the game as the stack empties; then, on the same chart, bob leaves with his bolt unresolved", () => {
    const first = createTable(duel, { table: 'table:first', seats: SEATS, seed: 1 });
    const runner = chartRunner(duel, first.actor.logic as AnyStateMachine);
    const stepBoth = (table: typeof first, moves: readonly Move[]) => {
      let fast = runner.stateOf(table.actor.getSnapshot());
      for (const move of moves) {
        table.play(move as never);
        fast = runner.step(fast, move as never);
        expect(runner.valueOf(fast), JSON.stringify(move)).toEqual(table.actor.getSnapshot().value);
        expect(fast.context, JSON.stringify(move)).toEqual(table.actor.getSnapshot().context);
      }
      return fast;
    };
    // Ann leaves; bob's bolt resolves when he passes, and the game ends as the stack empties (the game's end and
    // the stack's return to empty are taken in one step).
    stepBoth(first, [leave('seat:ann'), bolt('seat:bob'), pass('seat:bob')]);
    expect(first.actor.getSnapshot().value).toBe('over');

    // The same configuration, another pair of transitions: with nobody left, the game ends and the bolt resolves (a
    // transition without a target exits nothing, so both are taken). A plan kept for the first pair never rests here.
    const second = createTable(duel, { table: 'table:second', seats: SEATS, seed: 1 });
    const fast = stepBoth(second, [leave('seat:ann'), bolt('seat:bob'), leave('seat:bob')]);
    expect(runner.valueOf(fast)).toBe('over');
    expect(fast.context.stack).toEqual([]);
    first.stop();
    second.stop();
  });
});
