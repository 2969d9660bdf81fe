/**
 * A table that plays itself slowly and is inspected through the relay: what
 * `plystack inspect --demo` lists beside the page's own tables, so a remote
 * table is there to look at before any app connects.
 */

import { DEMO_SEATS } from '../bots/autoplay.js';
import { randomLegalMove } from '../bots/botMoves.js';
import { mundane } from '../games/mundane/mundane.js';
import { createTable, type Table } from '../table/table.js';
import { inspectTable, type TableInspection } from './inspectTable.js';

/** Options of `startDemoTable`. */
export interface DemoTableOptions {
  /** The relay's app URL. */
  readonly url: string;
  /** Milliseconds between moves (default 900). */
  readonly interval?: number;
  readonly seats?: number;
  readonly turns?: number;
}

/**
 * Opens a mundane table, inspects it through `url` and plays a random legal
 * move every `interval` ms; a finished game is followed by a new one.
 *
 * @example
 * const demo = startDemoTable({ url: relay.appUrl })
 * demo.stop()
 */
export function startDemoTable(options: DemoTableOptions): { stop(): Promise<void> } {
  const interval = options.interval ?? 900;
  let game = 0;
  let table: Table;
  let inspection: TableInspection;
  let idle = 0;

  const open = () => {
    game += 1;
    table = createTable(mundane, {
      table: `table:demo-bot-${game}`,
      seats: DEMO_SEATS.slice(0, options.seats ?? 3),
      seed: game,
      options: { turns: options.turns ?? 6 },
    });
    inspection = inspectTable(table, { url: options.url, name: `demo bot, game ${game} (plays itself)` });
  };
  open();

  const timer = setInterval(() => {
    const move =
      table.state.status === 'playing' ? randomLegalMove(table, (n) => Math.floor(Math.random() * n)) : undefined;
    if (move !== undefined) {
      table.play(move);
      return;
    }
    // A finished game stays on show for a while before the next one opens.
    if (++idle < 8) return;
    idle = 0;
    void inspection.stop();
    table.stop();
    open();
  }, interval);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      table.stop();
      await inspection.stop();
    },
  };
}
