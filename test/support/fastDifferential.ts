/**
 * The fast path played beside the live chart: a stream of commands becomes
 * moves on a live table, and each is stepped on the fast runner from the same
 * start; after every move the context (state, plies and all), the state value
 * and the events must be equal. Shared by the differential test in `npm test`
 * and its longer fuzz target (`npm run fuzz -- fast`).
 */
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { chartRunner } from '../../src/fast/chartRunner.js';
import { type AnyGame, createTable, type Move, type TableEmitted } from '../../src/index.js';
import { type Command, type Opening, SEAT_NAMES } from '../property/arbitraries.js';

/** The move a command stands for on this table, or null when it offers none. */
export function moveOf(table: ReturnType<typeof createTable>, command: Command): Move | null {
  const seats = table.log.seats;
  switch (command.kind) {
    case 'legal': {
      const moves = seats.flatMap((seat) => table.legalMoves(seat).allowed);
      return moves.length === 0 ? null : (moves[command.pick % moves.length] as Move);
    }
    case 'table': {
      const moves: Move[] = [{ type: 'engine.pass' }, { type: 'engine.end-turn' }];
      return moves[command.pick % moves.length]!;
    }
    case 'unknown-type':
      return { type: command.type, seat: seats[command.pick % seats.length]! };
    case 'unknown-seat':
      return { type: 'engine.pass', seat: `seat:nobody-${command.pick}` };
    case 'wrong-seat':
      return { type: 'engine.pass', seat: seats[command.pick % seats.length]! };
    case 'junk-payload':
      return {
        type: 'engine.pass',
        seat: seats[command.pick % seats.length]!,
        payload: JSON.parse(JSON.stringify(command.payload ?? null)),
      };
  }
}

/** Plays `commands` on a live table and on the fast runner side by side; returns how many moves both took. */
export function playBoth(game: AnyGame, opening: Opening, commands: readonly Command[]): number {
  const live = createTable(game, {
    table: 'table:diff',
    seats: SEAT_NAMES.slice(0, opening.seats),
    seed: opening.seed,
    options: opening.options as never,
  });
  const runner = chartRunner(game, live.actor.logic as AnyStateMachine);
  let fast = runner.stateOf(live.actor.getSnapshot());
  const heard: TableEmitted[] = [];
  live.actor.on('*', (event) => heard.push(event as TableEmitted));
  let taken = 0;
  commands.forEach((command, i) => {
    const move = moveOf(live, command);
    if (move === null) return;
    heard.length = 0;
    const emitted: TableEmitted[] = [];
    const where = `command ${i}, ${JSON.stringify(move)}`;
    const refusal = live.check(move);
    if (refusal !== null) {
      // A refused move changes nothing on either side; the fast chart announces the table's own refusal.
      const before = fast;
      fast = runner.step(fast, move as never, emitted);
      expect(fast.context, `${where}: a refused move changes nothing`).toBe(before.context);
      expect(emitted, `${where}: refused`).toEqual([{ type: 'move.refused', refusal }]);
      return;
    }
    live.play(move as never);
    taken++;
    fast = runner.step(fast, move as never, emitted);
    const snapshot = live.actor.getSnapshot();
    expect(runner.valueOf(fast), `${where}: state value`).toEqual(snapshot.value);
    expect(fast.context, `${where}: context`).toEqual(snapshot.context);
    expect(emitted, `${where}: events`).toEqual(heard);
  });
  live.stop();
  return taken;
}
