/**
 * `plystack replay FILE|- [--json] [--upto N] [--as SEAT|spectator] [--record] [--game MODULE]` (docs/contract.md, "The CLI").
 *
 * The output is written as it is made (`Output`), so a log of any length
 * replays in memory proportional to the table, not to what is printed.
 */

import { InvalidTable } from '../core/errors.js';
import type { AnyGame } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';

import { plyView, type Viewer } from '../engine/view.js';
import { type ExportedPly, exportPlies, gameRecord } from '../export/record.js';
import { builtInGames, findGame } from '../games/registry.js';
import { entries, size } from '../log/plyLog.js';
import { type ReplayOptions, type ReplayOutcome, replayLog, replayMoves } from '../table/replay.js';
import type { Table } from '../table/table.js';
import { type Recheck, recheck } from '../verify/recheck.js';
import { BUILT_IN_CHECKS } from '../verify/types.js';
import { checksFromModule, type ExtraChecks } from './checksModule.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule } from './gameModule.js';
import type { Io } from './io.js';
import { LogNotJson, readLog } from './logReader.js';
import { fail, JsonItems, mapped, Output, writeJsonObject } from './output.js';
import { logHeader, type PlySource, reportLines, rowsOf } from './summary.js';
import { clip, decodeUtf8, InvalidUtf8, printable, quote } from './text.js';

/** What one reader may see of a replayed table: its state and its plies. */
export interface ReplayView {
  readonly state: TableState;
  readonly plies: Iterable<ExportedPly>;
}

/**
 * The table's plies as `viewer` sees them (undefined: everything), read from
 * the table's own log in place on each pass: never copied whole (`table.plies`
 * and `table.pliesFor` copy every ply, which at a million plies costs more
 * than the table).
 */
export function pliesSeenBy(table: Table, viewer: Viewer | undefined): PlySource {
  const ctx = table.context;
  const { game } = table;
  return {
    length: size(ctx.plies),
    *[Symbol.iterator]() {
      let i = 0;
      for (const ply of entries(ctx.plies)) yield viewer === undefined ? ply : plyView(game, ctx, ply, i++, viewer);
    },
  };
}

/** The view of a reader who sees everything (no `--as`). */
export function omniscientView(outcome: ReplayOutcome, plies: Iterable<Ply>): ReplayView {
  return { state: outcome.table.state, plies: mapped(plies, (ply) => exportPlies([ply])[0] as ExportedPly) };
}

/** The view of one seat, or of a spectator (`--as SEAT|spectator`), given the plies as it sees them: other seats' hidden pieces and secret payloads left out. */
export function viewerView(outcome: ReplayOutcome, viewer: string | null, plies: Iterable<Ply>): ReplayView {
  return { state: outcome.table.stateFor(viewer), plies: mapped(plies, (ply) => exportPlies([ply])[0] as ExportedPly) };
}

/** Writes the JSON document of a replay (docs/contract.md), as `view` sees it. */
async function writeJsonDocument(
  out: Output,
  outcome: ReplayOutcome,
  plies: Iterable<Ply>,
  view: ReplayView,
): Promise<void> {
  const { table, applied, error } = outcome;
  const { turnModel } = table;
  await writeJsonObject(out, [
    ['ok', error === null],
    ['error', error === null ? undefined : { code: error.code, message: clip(error.message), move: error.move }],
    ['applied', applied],
    ['turnModel', turnModel],
    ['state', view.state],
    ['plies', new JsonItems(view.plies)],
    ['rounds', new JsonItems(mapped(rowsOf(plies, logHeader(table).seats, turnModel), (row) => row.cells))],
  ]);
}

/** Writes the game's record `{ header, rounds }`; for one seat or a spectator (`seeded` false), without the seed. */
async function writeRecord(out: Output, outcome: ReplayOutcome, plies: Iterable<Ply>, seeded: boolean): Promise<void> {
  const { table } = outcome;
  const record = gameRecord({ log: logHeader(table), plies: [], state: table.state, turnModel: table.turnModel });
  const { seed: _seed, ...unseeded } = record.header;
  const header = seeded ? record.header : unseeded;
  await writeJsonObject(out, [
    ['header', header],
    ['rounds', new JsonItems(mapped(rowsOf(plies, header.seats, header['turn-model']), (row) => row.cells))],
  ]);
}

/**
 * Reads and replays the log in `input`, its moves parsed one at a time as
 * they are played; what is left of them after a refusal or `upto` is still
 * read through, so a log that is not JSON anywhere is refused as before.
 * Returns the outcome, or the message of a refusal of the log itself.
 */
function replayInput(input: string | Uint8Array, options: ReplayOptions): ReplayOutcome | string {
  let outcome: ReplayOutcome | undefined;
  try {
    const read = readLog(input);
    if (read.kind === 'whole') return replayLog(read.log, options);
    try {
      outcome = replayMoves(read.header, read.moves, options);
    } finally {
      // The moves not played are read through all the same: a log that is not JSON anywhere is refused as such, first.
      while (read.moves.next().done !== true);
    }
    return outcome;
  } catch (error) {
    outcome?.table.stop();
    if (error instanceof InvalidUtf8) return `log: not UTF-8: ${error.message}`;
    if (error instanceof LogNotJson) return `log: not JSON: ${error.message}`;
    if (error instanceof InvalidTable) {
      // The error's message already leads with its path: say the path once, then the code.
      const path = error.path ?? 'log';
      const message = error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
      return `${path}: ${error.code}: ${message}`;
    }
    throw error;
  }
}

/** A problem `recheck` found, as the summary says it. */
function problemLine(problem: Recheck['problems'][number]): string {
  const where = problem.at === 0 ? 'the opening' : `after move ${problem.at}`;
  return printable(`  ${problem.check} (${problem.kind}) at ${problem.at} (${where}): ${problem.message}`);
}

/** The checks `recheck` judges along one log: those that need the whole graph of states are verify's alone. */
const ALONG_A_LOG = BUILT_IN_CHECKS.filter((check) => check !== 'can-end' && check !== 'fast-path');

/**
 * `replay FILE --check`: plays the log again with `recheck`, judging the game's properties, those of `--checks` and
 * the built-in checks at every state and step; prints what is broken (exit 1) or that everything holds (exit 0). A
 * counterexample's own `violation` is said to fail still, or no longer.
 */
async function checkAgain(
  input: string | Uint8Array,
  games: Readonly<Record<string, AnyGame>> | undefined,
  checksSpec: string | undefined,
  json: boolean,
  io: Io,
): Promise<number> {
  let log: unknown;
  try {
    log = JSON.parse(decodeUtf8(input));
  } catch (error) {
    return fail(
      io,
      error instanceof InvalidUtf8
        ? `log: not UTF-8: ${error.message}`
        : `log: not JSON: ${printable((error as Error).message)}`,
    );
  }
  const named = typeof log === 'object' && log !== null ? (log as { game?: unknown }).game : undefined;
  const known = games ?? builtInGames;
  const game =
    games === undefined ? (typeof named === 'string' ? findGame(named) : undefined) : Object.values(games)[0];
  if (game === undefined)
    return fail(io, `game: UNKNOWN_GAME: no game ${quote(named)}; known: ${Object.keys(known).join(', ')}`);
  let extra: ExtraChecks | undefined;
  if (checksSpec !== undefined) {
    const found = await checksFromModule(checksSpec, game);
    if (typeof found === 'string') return fail(io, `--checks: ${found}`);
    extra = found;
  }
  const checks = [
    ...ALONG_A_LOG.filter((check) => check !== 'privacy' || game.hidden !== null),
    ...Object.keys(game.checks.invariants),
    ...Object.keys(game.checks.moves),
    ...Object.keys(extra?.invariants ?? {}),
    ...Object.keys(extra?.moveProperties ?? {}),
  ];
  const recorded = (log as { violation?: unknown }).violation;
  const violation =
    typeof recorded === 'object' && recorded !== null && typeof (recorded as { check?: unknown }).check === 'string'
      ? (recorded as { check: string; message?: unknown; at?: unknown })
      : null;
  if (violation !== null && !checks.includes(violation.check) && !BUILT_IN_CHECKS.includes(violation.check as never))
    return fail(
      io,
      `--checks: the log's violation is of ${quote(violation.check)}, which is neither built in nor a check of ${game.id}: give the module that states it with --checks MODULE`,
    );
  let result: Recheck;
  try {
    result = recheck(game, log, extra === undefined ? {} : extra);
  } catch (error) {
    if (error instanceof InvalidTable) {
      const path = error.path ?? 'log';
      const message = error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
      return fail(io, printable(`${path}: ${error.code}: ${message}`));
    }
    throw error;
  }
  const { problems, applied } = result;
  const still = violation === null ? null : problems.some((problem) => problem.check === violation.check);
  if (json) {
    await io.out(
      JSON.stringify(
        {
          ok: problems.length === 0,
          game: game.id,
          applied,
          checks,
          problems,
          ...(violation === null ? {} : { violation, reproduced: still }),
        },
        null,
        2,
      ),
    );
    return problems.length === 0 ? EXIT.ok : EXIT.refused;
  }
  const moves = (log as { moves: readonly unknown[] }).moves.length;
  const lines = [
    printable(
      `recheck ${game.id}: ${applied} of ${moves} move${moves === 1 ? '' : 's'} played, ${checks.length} checks`,
    ),
    printable(`  checks: ${checks.join(', ')}`),
    '',
  ];
  if (problems.length === 0) lines.push(`every property holds at every state and step along the log`);
  else lines.push(`${problems.length} broken:`, ...problems.map(problemLine));
  if (violation !== null) {
    const along = ALONG_A_LOG.includes(violation.check as never) || !BUILT_IN_CHECKS.includes(violation.check as never);
    lines.push(
      '',
      printable(
        !along
          ? `the log's violation, ${violation.check}, is judged over every state verify explores, not along one log: run plystack verify again to check it`
          : still
            ? `the log's violation, ${violation.check}, still fails`
            : `the log's violation, ${violation.check}, no longer fails`,
      ),
    );
  }
  await io.out(lines.join('\n'));
  return problems.length === 0 ? EXIT.ok : EXIT.refused;
}

export const replayCommand: Command = {
  name: 'replay',
  description:
    "Reads a log, validates it and replays it; prints the move table (or, with --json, one JSON document). With --check, checks the game's properties along it again instead.",
  positionals: 'FILE|-',
  options: {
    json: { type: 'boolean', description: 'print one JSON document on stdout, also when a move is refused' },
    upto: { type: 'string', value: 'N', description: 'replay only the first N moves' },
    as: {
      type: 'string',
      value: 'SEAT|spectator',
      description: "print what that viewer may see: other seats' hidden pieces and secret move payloads are left out",
    },
    game: {
      type: 'string',
      value: 'MODULE',
      description:
        'replay a log of your own game: an ES module whose default export, or the export named after #, is a game made with defineGame (default: the built-in games)',
    },
    check: {
      type: 'boolean',
      description:
        "check the log again instead: the game's properties (and --checks') and plystack's checks at every state and step along it; exit 1 when one is broken",
    },
    checks: {
      type: 'string',
      value: 'MODULE',
      description:
        'with --check: more properties, an ES module exporting invariants and/or moveProperties (as plystack verify --checks)',
    },
    record: {
      type: 'boolean',
      description:
        'print the game\'s record instead: { header: { game, version, "turn-model", table, seats, seed, options, winners? }, rounds }',
    },
  },
  async run({ positionals, values }, io) {
    const [source, ...extra] = positionals;
    if (source === undefined || extra.length > 0) {
      io.err(
        'usage: plystack replay FILE|- [--json] [--upto N] [--as SEAT|spectator] [--record] [--game MODULE] [--check [--checks MODULE]]: give exactly one log file, or - for standard input',
      );
      return EXIT.invalid;
    }
    let upto: number | undefined;
    if (values.upto !== undefined) {
      upto = Number(values.upto);
      if (typeof values.upto !== 'string' || !/^\d+$/.test(values.upto) || !Number.isSafeInteger(upto)) {
        io.err(`--upto: ${quote(values.upto)} is not a whole number of moves`);
        return EXIT.invalid;
      }
    }
    if (values.checks !== undefined && values.check !== true) return fail(io, '--checks: only with --check');
    if (values.check === true) {
      const alone = (['upto', 'as', 'record'] as const).find((name) => values[name] !== undefined);
      if (alone !== undefined)
        return fail(io, `--check: checks the whole log as the table saw it; leave out --${alone}`);
    }
    let games: Readonly<Record<string, AnyGame>> | undefined;
    if (typeof values.game === 'string') {
      const found = await gameFromModule(values.game);
      if (typeof found === 'string') return fail(io, `--game: ${found}`);
      games = { [found.game.id]: found.game };
    }
    let input: string | Uint8Array;
    try {
      input = source === '-' ? await io.readStdin() : await io.readFile(source);
    } catch (error) {
      io.err(`FILE: cannot read ${quote(source)}: ${(error as Error).message}`);
      return EXIT.invalid;
    }
    if (values.check === true)
      return checkAgain(
        input,
        games,
        typeof values.checks === 'string' ? values.checks : undefined,
        values.json === true,
        io,
      );
    const outcome = replayInput(input, {
      ...(upto === undefined ? {} : { upto }),
      ...(games === undefined ? {} : { games }),
    });
    input = '';
    if (typeof outcome === 'string') {
      io.err(printable(outcome));
      return EXIT.invalid;
    }
    const { table } = outcome;
    const as = values.as;
    const { seats, table: tableId } = logHeader(table);
    if (as !== undefined && (typeof as !== 'string' || (as !== 'spectator' && !seats.includes(as)))) {
      io.err(`--as: ${quote(as)} is neither a seat at ${tableId} (${seats.join(', ')}) nor spectator`);
      table.stop();
      return EXIT.invalid;
    }
    const viewer = as === undefined ? undefined : as === 'spectator' ? null : as;
    const plies = pliesSeenBy(table, viewer);
    const view = viewer === undefined ? omniscientView(outcome, plies) : viewerView(outcome, viewer, plies);
    const out = new Output(io);
    // A seat or a spectator sees no seed: from it, the shuffle and every hand follow.
    const seeded = viewer === undefined;
    if (values.record === true) await writeRecord(out, outcome, plies, seeded);
    else if (values.json === true) await writeJsonDocument(out, outcome, plies, view);
    else for (const line of reportLines(table, view.state, plies, seeded)) await out.line(line);
    await out.end();
    table.stop();
    if (outcome.error !== null) {
      io.err(printable(`move ${outcome.error.move}: ${outcome.error.code}: ${outcome.error.message}`));
      return EXIT.refused;
    }
    return EXIT.ok;
  },
};
