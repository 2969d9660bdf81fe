/**
 * Clocks: a table may run a deadline per turn or per move. After each committed
 * move the table is in a clock window (its turn, or its ply count); a new window
 * starts a new deadline, in the database's time. When a deadline passes, one
 * process claims it and plays the game's timeout move as the application: a
 * seatless `engine.end-turn` where the game allows it, else a seatless `engine.pass`.
 */
import type { Move } from '../core/move.js';
import { size } from '../log/plyLog.js';
import type { Table } from '../table/table.js';
import type { ClockSpec } from './store/store.js';

/** Longest clock a table may ask for: a day. */
export const MAX_CLOCK_MS = 86_400_000;

/**
 * The clock window the table is in, or null when no clock runs (none asked for,
 * the game over, nobody to act).
 *
 * @example
 * clockWindow({ per: 'turn', ms: 30_000 }, table) // { key: 'turn 1.1.main', ms: 30000 }
 */
export function clockWindow(clock: ClockSpec | null, table: Table): { key: string; ms: number } | null {
  if (clock === null) return null;
  const { state } = table;
  if (state.status === 'over' || state.toAct.length === 0) return null;
  const key = clock.per === 'turn' ? `turn ${state.round}.${state.turn}.${state.gamePhase}` : `ply ${size(table.context.plies)}`;
  return { key, ms: clock.ms };
}

/**
 * The move the application plays when the clock runs out, or null when the game
 * allows neither a seatless end of turn nor a seatless pass now.
 *
 * @example
 * timeoutMove(mundaneTable) // { type: 'engine.pass' }: mundane has no end-turn move
 */
export function timeoutMove(table: Table): Move | null {
  for (const move of [{ type: 'engine.end-turn' }, { type: 'engine.pass' }]) if (table.check(move) === null) return move;
  return null;
}
