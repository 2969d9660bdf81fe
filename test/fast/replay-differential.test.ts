/**
 * Replay, restore and time travel run on the fast path (the chart stepped
 * without an actor, the live table opened once where it ends). Against the
 * live chart: random streams of every built-in game are played on a live
 * table, whose actor's snapshot (context and state value) is recorded after
 * every move; then the log replayed, the persisted snapshot restored (through
 * JSON), and the table after every move seen through `at`, `cursor` and
 * `branch` on the live, the replayed and the restored table, must each equal
 * the recorded snapshot.
 */

import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { builtInGames } from '../../src/games/index.js';
import {
  type AnyGame,
  createTable,
  type Move,
  replay,
  replayLog,
  restoreTable,
  type Table,
  type TableContext,
} from '../../src/index.js';
import {
  type Command,
  commandArb,
  flowOpeningArb,
  type Opening,
  openingArb,
  SEAT_NAMES,
} from '../property/arbitraries.js';

const GAMES: AnyGame[] = Object.values(builtInGames);

interface Recorded {
  readonly context: TableContext;
  readonly value: StateValue;
}

/** A legal move for a 'legal' command, or null (other commands are the differential test's business). */
function legalMove(table: Table, command: Command): Move | null {
  if (command.kind !== 'legal') return null;
  const moves = table.log.seats.flatMap((seat) => table.legalMoves(seat).allowed);
  return moves.length === 0 ? null : (moves[command.pick % moves.length] as Move);
}

/** Plays the legal moves of `commands` on a live table; the live actor's snapshot after each move, the opening first. */
function playLive(game: AnyGame, opening: Opening, commands: readonly Command[]): { live: Table; after: Recorded[] } {
  const live = createTable(game, {
    table: 'table:replay-diff',
    seats: SEAT_NAMES.slice(0, opening.seats),
    seed: opening.seed,
    options: opening.options as never,
  });
  const record = (): Recorded => {
    const snapshot = live.actor.getSnapshot();
    return { context: snapshot.context, value: snapshot.value };
  };
  const after = [record()];
  for (const command of commands) {
    const move = legalMove(live, command);
    if (move === null) continue;
    live.play(move as never);
    after.push(record());
  }
  return { live, after };
}

/** Expects `table` to be, at its head and through at/cursor/branch at every move, what the live chart recorded. */
function expectSameAsLive(name: string, table: Table, after: readonly Recorded[]): void {
  const end = after.length - 1;
  const head = table.actor.getSnapshot();
  expect(head.value, `${name}: state value`).toEqual(after[end]?.value);
  expect(head.context, `${name}: context`).toEqual(after[end]?.context);
  const cursor = table.cursor(0);
  for (let n = 0; n <= end; n++) {
    const view = table.at(n);
    expect(view.value, `${name}.at(${n}): state value`).toEqual(after[n]?.value);
    expect(view.context, `${name}.at(${n}): context`).toEqual(after[n]?.context);
    if (n > 0) cursor.forward();
    expect(cursor.view.context, `${name}: cursor at ${n}`).toEqual(after[n]?.context);
  }
  // walking back through a stretch rebuilds it from a checkpoint
  for (let n = end; n >= 0; n -= 7) {
    expect(cursor.seek(n).value, `${name}: cursor back to ${n}`).toEqual(after[n]?.value);
    expect(cursor.view.context, `${name}: cursor back to ${n}`).toEqual(after[n]?.context);
  }
  for (const n of new Set([0, Math.floor(end / 2), end])) {
    const branch = table.branch(n);
    const snapshot = branch.actor.getSnapshot();
    expect(snapshot.value, `${name}.branch(${n}): state value`).toEqual(after[n]?.value);
    expect(snapshot.context, `${name}.branch(${n}): context`).toEqual(after[n]?.context);
    branch.stop();
  }
}

// Every built-in game from its general openings, and sandbox from openings built around the flow the game decides
// (response windows, orders, lifecycle hooks, a minimum of moves), which the general ones seldom reach.
const CASES = [
  ...GAMES.map((game) => ({ id: game.id, game, openings: openingArb(game) })),
  { id: 'sandbox (flow)', game: builtInGames.sandbox as AnyGame, openings: flowOpeningArb() },
];

describe.each(CASES)('$id: replay, restore and time travel', ({ game, openings }) => {
  it('equal the live chart after every move of random streams', () => {
    let moves = 0;
    fc.assert(
      fc.property(openings, fc.array(commandArb(game), { minLength: 20, maxLength: 160 }), (opening, commands) => {
        const { live, after } = playLive(game, opening, commands);
        moves += after.length - 1;
        const log = live.log;
        const replayed = replay(log);
        const restored = restoreTable(game, JSON.parse(JSON.stringify(live.persist())));
        try {
          expectSameAsLive('live', live, after);
          expectSameAsLive('replayed', replayed, after);
          expectSameAsLive('restored', restored, after);
          // a replay stopped part way is the table after that many moves
          const upto = Math.floor((after.length - 1) / 3);
          const part = replayLog(log, { upto });
          expect(part.applied).toBe(upto);
          expect(part.table.context, `replayed upto ${upto}`).toEqual(after[upto]?.context);
          expect(part.table.actor.getSnapshot().value).toEqual(after[upto]?.value);
          part.table.stop();
        } finally {
          live.stop();
          replayed.stop();
          restored.stop();
        }
      }),
      { numRuns: 12, seed: 23 },
    );
    // the streams really played (a stream stops taking moves once its game is over)
    expect(moves).toBeGreaterThan(40);
  });
});

describe('a replayed log with a refused move', () => {
  it('opens the live table after the moves before it, on the fast path as on the live one', () => {
    const game = builtInGames.mundane as AnyGame;
    const { live, after } = playLive(game, { seats: 2, seed: 4, options: {} } as Opening, [
      ...Array.from({ length: 90 }, (_, i) => ({ kind: 'legal', pick: i * 7 }) as Command),
    ]);
    const log = live.log;
    const bad = { ...log, moves: [...log.moves.slice(0, 70), { type: 'engine.pass', seat: 'seat:nobody' }] };
    const { table, applied, error } = replayLog(bad);
    expect(applied).toBe(70);
    expect(error?.move).toBe(70);
    expect(error?.code).toBe(live.check({ type: 'engine.pass', seat: 'seat:nobody' })?.code);
    expect(table.context).toEqual(after[70]?.context);
    expect(table.actor.getSnapshot().value).toEqual(after[70]?.value);
    // the table plays on from there as the live one did
    table.play(log.moves[70] as never);
    expect(table.context).toEqual(after[71]?.context);
    table.stop();
    live.stop();
  });
});
