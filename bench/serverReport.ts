/**
 * The server benchmark's report (bench/server.ts measures it): plystack's moves a second over boardgame.io's, like
 * with like, and the results written as JSON and printed as a table.
 */
import { writeFileSync } from 'node:fs';
import type { Channel, Result } from './serverLoad.js';

/** One like-with-like ratio, the median of its rounds, and the two runs of the median round. */
export interface Versus {
  readonly ratio: number;
  /** The ratio of each round, in the order they ran (the two contestants alternate, so the machine's moods reach both). */
  readonly rounds: number[];
  readonly plystack: string;
  readonly boardgameio: string;
  /** plystack's moves by HTTP over boardgame.io's in the first round, where both of plystack's channels ran. */
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
 * each side's clients hold a socket per table (plystack's moves on the stream) and, where both ran, by HTTP too. Each
 * round that ran both gives a ratio; the verdict is their median (the middle one; of an even count, the lower).
 */
export function versus(results: readonly Result[], plystackStore: string, bgioStore: string): Versus | null {
  const rounds = [...new Set(results.map((r) => r.round ?? 1))].sort((a, b) => a - b);
  const pairs = rounds.flatMap((round) => {
    const here = results.filter((r) => (r.round ?? 1) === round);
    const bgio = here.find((r) => r.contestant.startsWith('boardgame.io') && r.store === bgioStore);
    const pick = (channel: Channel) =>
      here.find(
        (r) =>
          r.contestant.startsWith('plystack') &&
          r.store === plystackStore &&
          r.processes === 1 &&
          r.channel === channel,
      );
    const stream = pick('stream');
    const http = pick('http');
    const mine = stream ?? http;
    if (bgio === undefined || mine === undefined) return [];
    const ratio = (r: Result) => Number((r.movesPerSecond / bgio.movesPerSecond).toFixed(2));
    return [
      { ratio: ratio(mine), mine, bgio, byHttp: stream !== undefined && http !== undefined ? ratio(http) : null },
    ];
  });
  if (pairs.length === 0) return null;
  const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor((pairs.length - 1) / 2)]!;
  const byHttp = pairs[0]!.byHttp;
  return {
    ratio: median.ratio,
    rounds: pairs.map((pair) => pair.ratio),
    plystack: `${median.mine.contestant}, ${median.mine.store}, 1 process: ${median.mine.movesPerSecond} moves/s`,
    boardgameio: `${median.bgio.contestant}, ${median.bgio.store}: ${median.bgio.movesPerSecond} moves/s`,
    ...(byHttp !== null ? { byHttp } : {}),
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
      'round',
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
      String(r.round ?? 1),
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
      : [
          `memoryVsBgio ${memoryVsBgio.ratio}× (rounds ${memoryVsBgio.rounds.join(', ')}): ${memoryVsBgio.plystack}; ${memoryVsBgio.boardgameio}`,
        ]),
    ...(durableVsBgio === null
      ? []
      : [
          `durableVsBgio ${durableVsBgio.ratio}× (rounds ${durableVsBgio.rounds.join(', ')}): ${durableVsBgio.plystack}; ${durableVsBgio.boardgameio}`,
        ]),
    ...reopened.map(
      (r) => `reopen a ${r.moves}-move table (${r.store}): ${r.bestMs} ms (best; runs ${r.runsMs.join(', ')})`,
    ),
  ];
  process.stdout.write(
    `${rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n')}\n\n${lines.map((line) => `${line}\n`).join('')}\nwritten: ${out}\n`,
  );
}
