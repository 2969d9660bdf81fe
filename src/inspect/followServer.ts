/**
 * The inspector follows a table of a `plystack serve` server, live, with the
 * table's app token: the follower reads the table's log, replays it into a
 * local copy of the table, then plays each move the server's stream brings on
 * that copy, and inspects the copy as any remote table (`inspectTable`). The
 * log is the truth, so the copy is the server's table ply for ply; the page
 * shows it read-only, as it shows every remote table.
 */

import { connect, type TableStream } from '../client/client.js';
import type { AnyGame } from '../definition/game.js';
import { builtInGames } from '../games/registry.js';
import { size } from '../log/plyLog.js';
import { replayLog } from '../table/replay.js';
import type { Table } from '../table/table.js';
import { type Inspector, inspectTable, type TableInspection } from './inspectTable.js';

/** Options of `followServerTable`. */
export interface FollowServerTableOptions {
  /** The server's URL, e.g. `http://127.0.0.1:8080`. */
  readonly server: string;
  /** The table's id. */
  readonly table: string;
  /** The table's app token: it reads the log and sees every ply whole. */
  readonly token: string;
  /** The relay's WebSocket URL (`plystack inspect` prints it); default `ws://127.0.0.1:4242`. */
  readonly url?: string;
  /** Send through this inspector instead of opening a WebSocket. */
  readonly inspector?: Inspector;
  /** The name the inspector lists the table under; default `server table TABLE`. */
  readonly name?: string;
  /** Games to open the table's game from (default the built-in games). */
  readonly games?: Readonly<Record<string, AnyGame>>;
  /** Told when the stream fails or brings a move the local copy refuses (it then stops following). */
  readonly onError?: (error: Error) => void;
}

/** A table being followed. */
export interface ServerTableFollower {
  /** The local copy of the server's table (read it, do not play on it). */
  readonly table: Table;
  /** The inspection of the copy. */
  readonly inspection: TableInspection;
  /** Stops following: closes the stream, then the inspection. */
  stop(): Promise<void>;
}

/**
 * Follows a server table into the inspector until `stop()`.
 *
 * @example
 * // npx plystack inspect   (in another terminal), then:
 * const follower = await followServerTable({ server: 'http://127.0.0.1:8080', table: 'table:6f…', token: appToken })
 * // the page lists "server table table:6f…" and shows each ply as the server commits it
 */
export async function followServerTable(options: FollowServerTableOptions): Promise<ServerTableFollower> {
  const client = connect(options.server, options.token);
  const log = await client.log(options.table);
  const replayed = replayLog(log, { games: options.games ?? builtInGames });
  const { table } = replayed;
  if (replayed.error !== null) {
    table.stop();
    throw new Error(
      `the server's log of ${options.table} does not replay here: move ${replayed.error.move}: ${replayed.error.code}`,
    );
  }
  const inspection = inspectTable(table, {
    name: options.name ?? `server table ${options.table}`,
    ...(options.inspector !== undefined
      ? { inspector: options.inspector }
      : { url: options.url ?? 'ws://127.0.0.1:4242' }),
  });
  let stream: TableStream | null = null;
  const fail = (error: Error) => {
    stream?.close();
    options.onError?.(error);
  };
  stream = client.stream(options.table, {
    from: size(table.context.plies),
    onMessage(message) {
      // The copy makes the automatic plies itself; a ply it already has (a reconnection) is skipped.
      if (message.ply.automatic === true || message.index < size(table.context.plies)) return;
      const played = table.tryPlay(message.ply.move as never);
      if (!played.ok)
        fail(
          new Error(
            `ply ${message.index} of ${options.table} does not play here: ${played.error.code}: ${played.error.message}`,
          ),
        );
    },
    onError: (error) => options.onError?.(error),
  });
  return {
    table,
    inspection,
    async stop() {
      stream?.close();
      await inspection.stop();
      table.stop();
    },
  };
}
