/**
 * Plays a table over HTTP: each step, a seat that may act reads its own legal
 * moves with its own token and plays the first one (not undo, auto-pass or
 * leaving), naming the ply count it saw.
 */

import type { PlystackClient } from '../../../src/client/client.js';
import type { Move } from '../../../src/core/move.js';

/** The seat clients of a table, by seat, and its app client. */
export interface Players {
  readonly app: PlystackClient;
  readonly seats: Readonly<Record<string, PlystackClient>>;
}

/** Plays up to `plies` moves (or until the game is over); returns the moves played. */
export async function drive(players: Players, table: string, plies: number): Promise<Move[]> {
  const played: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const reading = await players.app.get(table);
    if (reading.state.status === 'over') break;
    const seat = reading.state.toAct[0];
    if (seat === undefined) break;
    const client = players.seats[seat]!;
    const { allowed } = await client.legalMoves(table);
    const move = allowed.find((m) => !['engine.undo', 'engine.auto-pass', 'engine.leave'].includes(m.type));
    if (move === undefined) break;
    await client.play(table, move, { expect: reading.ply });
    played.push(move);
  }
  return played;
}
