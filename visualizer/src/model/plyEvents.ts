/**
 * The events of a remote plystack table, made in the page from its plies.
 *
 * A remote table's snapshots carry what it emitted only since the previous
 * snapshot, and the relay does not keep it for a page that opens late; a table
 * an app inspects once it has plies (a server table the inspector follows,
 * replayed from the server's log) never emitted them to the inspector at all.
 * The plies are enough: played again from the table's opening on the fast
 * runner (the chart stepped without an actor, as a replay does), they emit
 * what the table emitted, and each becomes a line by the rule an in-page table
 * uses (`addEmitted`). This needs every ply from the first and the game built
 * into the page; otherwise the page shows what the app sent.
 */

import { type AnyGame, openFromLog, type Ply, type Simulation, type TableLog } from 'plystack';
import type { PlystackActorInfo } from 'plystack/inspect';
import { addEmitted, EventLog } from './events.js';

export class PlyEvents {
  readonly events = new EventLog();
  private constructor(private readonly simulation: Simulation<AnyGame>) {}

  /** The table's opening on the fast runner, or null when the page cannot open it (a game it does not have). */
  static open(table: PlystackActorInfo): PlyEvents | null {
    return PlyEvents.ofOpening({ ...table.opening, game: table.game.id, version: table.game.version });
  }

  /** A table's opening (its log without moves) on the fast runner, or null when the page cannot open it. */
  static ofOpening(opening: Omit<TableLog, 'moves'>): PlyEvents | null {
    try {
      const opened = openFromLog({ ...opening, moves: [] });
      const simulation = opened.simulate();
      opened.stop();
      return new PlyEvents(simulation);
    } catch {
      return null;
    }
  }

  /** How many plies have been played here (a move's automatic passes come with it). */
  get count(): number {
    return this.simulation.plyCount;
  }

  /**
   * Plays the plies from `count` on (`plies[i]` is ply i): each move once, its
   * automatic passes made here. False when they do not play here as they did
   * on the table (a move refused, an automatic pass not made, another
   * notation): the events cannot be made, and nothing more is played.
   */
  advance(plies: readonly Ply[]): boolean {
    try {
      while (this.count < plies.length) {
        const index = this.count;
        const ply = plies[index] as Ply;
        if (ply.automatic === true) return false;
        const played = this.simulation.tryPlay(ply.move);
        if (!played.ok || played.ply.notation !== ply.notation) return false;
        let plyCount = index;
        for (const event of played.emitted) plyCount = addEmitted(this.events, event, plyCount);
      }
      return true;
    } catch {
      return false;
    }
  }
}
