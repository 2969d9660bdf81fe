import { expect } from 'vitest';
import { type Move, replay, type Table } from '../../src/index.js';

export { replayJson } from '../support/cli.js';
export { refusalOf } from '../support/refusal.js';

/**
 * Why `seat` may not make moves of `type` now, as legalMoves shows it (undefined when it may).
 *
 * @example
 * blockedReason(table, 'seat:a', 'engine.end-turn') // { code: 'REFUSED', reason: 'DRAW_REQUIRED' }
 */
export function blockedReason(table: Table, seat: string, type: string): { code: string; reason?: string } | undefined {
  const blocked = table.legalMoves(seat).blocked.find((b) => b.type === type);
  return blocked === undefined
    ? undefined
    : { code: blocked.code, ...(blocked.reason !== undefined ? { reason: blocked.reason } : {}) };
}

/**
 * The table and a replay of its log, through JSON, agree.
 *
 * @example
 * expectReplayAgrees(table)
 */
export function expectReplayAgrees(table: Table): void {
  const again = replay(JSON.parse(JSON.stringify(table.log)));
  try {
    expect(again.state).toEqual(table.state);
    expect(again.plies).toEqual(table.plies);
  } finally {
    again.stop();
  }
}

/**
 * Plays `table` to its end: each time, the seat to act (the first of them)
 * makes the move `choose` picks from its legal moves. Returns the number of
 * moves played; fails past `limit`.
 *
 * @example
 * playOut(table, (allowed) => allowed[0])
 */
export function playOut(
  table: Table,
  choose: (allowed: Move[], seat: string) => Move | undefined,
  limit = 20_000,
  check?: () => void,
): number {
  let moves = 0;
  while (table.state.status === 'playing') {
    const seat = table.toAct()[0];
    expect(seat, 'someone can act while the game is on').toBeDefined();
    const move = choose(table.legalMoves(seat as string).allowed, seat as string);
    expect(move, `${seat} has a move`).toBeDefined();
    table.play(move);
    check?.();
    moves++;
    expect(moves, 'the game ends').toBeLessThan(limit);
  }
  return moves;
}

/**
 * The first allowed move of the first type in `types` that has one.
 *
 * @example
 * firstOf(table.legalMoves('seat:a').allowed, ['play', 'draw']) // a play if there is one, else the draw
 */
export function firstOf(allowed: Move[], types: string[]): Move | undefined {
  for (const type of types) {
    const move = allowed.find((m) => m.type === type);
    if (move !== undefined) return move;
  }
  return undefined;
}
