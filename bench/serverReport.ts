/**
 * The server benchmark's report (bench/server.ts measures it): plystack's moves a second over boardgame.io's, like
 * with like, and the results written as JSON and printed as a table.
 */
import { writeFileSync } from 'node:fs';
import type { Channel, Result } from './serverLoad.js';

/** One like-with-like ratio and the two runs it comes from. */
export interface Versus {
  readonly ratio: number;
  readonly plystack: string;
  readonly boardgameio: string;
  /** plystack's moves by HTTP over boardgame.io's, where both of plystack's channels ran. */
  readonly byHttp?: number;
}

/** A stored table reopened: best of its runs and every run (ms). */
export interface Reopened {
  readonly store: string;
  readonly moves: number;
  readonly bestMs: number;
  readonly runsMs: number[];
}

/**
 * plystack's moves a second over boardgame.io's, like with like: the same moves, clients and seconds, in this run;
 * each side's clients hold a socket per table (plystack's moves on the stream) and, where both ran, by HTTP too.
 */
export function versus(results: readonly Result[], plystackStore: string, bgioStore: string): Versus | null {
  const bgio = results.find((r) => r.contestant.startsWith('boardgame.io') && r.store === bgioStore);
  const pick = (channel: Channel) =>
    results.find(
      (r) =>
        r.contestant.startsWith('plystack') && r.store === plystackStore && r.processes === 1 && r.channel === channel,
    );
  const stream = pick('stream');
  const http = pick('http');
  if (bgio === undefined || (stream === undefined && http === undefined)) return null;
  const ratio = (r: Result) => Number((r.movesPerSecond / bgio.movesPerSecond).toFixed(2));
  const mine = stream ?? http!;
  return {
    ratio: ratio(mine),
    plystack: `${mine.contestant}, ${mine.store}, 1 process: ${mine.movesPerSecond} moves/s`,
    boardgameio: `${bgio.contestant}, ${bgio.store}: ${bgio.movesPerSecond} moves/s`,
    ...(stream !== undefined && http !== undefined ? { byHttp: ratio(http) } : {}),
  };
}
/** Writes `report` to `out` as JSON, and prints its runs as a table with its ratios and reopen times under it. */
export function writeReport(
  out: string,
  report: {
    readonly memoryVsBgio: Versus | null;
    readonly durableVsBgio: Versus | null;
    readonly results: readonly Result[];
    readonly reopen: readonly Reopened[];
  },
): void {
  const { memoryVsBgio, durableVsBgio, results, reopen: reopened } = report;
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const rows = [
    [
      'contestant',
      'store',
      'processes',
      'moves/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'server CPU ms/move',
      'database CPU ms/move',
      'bench CPU ms/move',
    ],
    ...results.map((r) => [
      r.contestant,
      r.store,
      String(r.processes),
      String(r.movesPerSecond),
      String(r.p50Ms),
      String(r.p99Ms),
      String(r.errors),
      String(r.serverCpuMsPerMove ?? ''),
      String(r.databaseCpuMsPerMove ?? ''),
      String(r.benchCpuMsPerMove ?? ''),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const lines = [
    ...(memoryVsBgio === null
      ? []
      : [`memoryVsBgio ${memoryVsBgio.ratio}×: ${memoryVsBgio.plystack}; ${memoryVsBgio.boardgameio}`]),
    ...(durableVsBgio === null
      ? []
      : [`durableVsBgio ${durableVsBgio.ratio}×: ${durableVsBgio.plystack}; ${durableVsBgio.boardgameio}`]),
    ...reopened.map(
      (r) => `reopen a ${r.moves}-move table (${r.store}): ${r.bestMs} ms (best; runs ${r.runsMs.join(', ')})`,
    ),
  ];
  process.stdout.write(
    `${rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n')}\n\n${lines.map((line) => `${line}\n`).join('')}\nwritten: ${out}\n`,
  );
}
