/**
 * `plystack replay FILE|- [--json] [--upto N] [--as SEAT|spectator] [--record]` (docs/contract.md, "The CLI").
 *
 * The output is written as it is made (`Output`), so a log of any length
 * replays in memory proportional to the table, not to what is printed.
 */
import { InvalidTable } from '../core/errors.js';
import type { Ply } from '../engine/context.js';
import { exportPlies, gameRecord, type ExportedPly } from '../export/record.js';
import { toArray } from '../log/plyLog.js';
import { replayLog, type ReplayOutcome } from '../table/replay.js';
import type { TableState } from '../table/view.js';
import { EXIT, type Command } from './commands.js';
import { JsonItems, mapped, Output, writeJsonObject } from './output.js';
import { reportLines, rowsOf } from './summary.js';
import { clip, decodeUtf8, InvalidUtf8, quote } from './text.js';

/** What one reader may see of a replayed table: its state and its plies. */
export interface ReplayView {
  readonly state: TableState;
  readonly plies: Iterable<ExportedPly>;
}

/** The view of a reader who sees everything (no `--as`). */
export function omniscientView(outcome: ReplayOutcome, plies: readonly Ply[]): ReplayView {
  return { state: outcome.table.state, plies: mapped(plies, (ply) => exportPlies([ply])[0] as ExportedPly) };
}

/** The view of one seat, or of a spectator (`--as SEAT|spectator`), given the plies as it sees them: other seats' hidden pieces and secret payloads left out. */
export function viewerView(outcome: ReplayOutcome, viewer: string | null, plies: readonly Ply[]): ReplayView {
  return { state: outcome.table.stateFor(viewer), plies: mapped(plies, (ply) => exportPlies([ply])[0] as ExportedPly) };
}

/** Writes CONTRACT.md's JSON document of a replay, as `view` sees it. */
async function writeJsonDocument(out: Output, outcome: ReplayOutcome, plies: readonly Ply[], view: ReplayView): Promise<void> {
  const { table, applied, error } = outcome;
  const { turnModel } = table;
  await writeJsonObject(out, [
    ['ok', error === null],
    ['error', error === null ? undefined : { code: error.code, message: clip(error.message), move: error.move }],
    ['applied', applied],
    ['turnModel', turnModel],
    ['state', view.state],
    ['plies', new JsonItems(view.plies)],
    ['rounds', new JsonItems(mapped(rowsOf(plies, table.log.seats, turnModel), (row) => row.cells))],
  ]);
}

/** Writes the game's record `{ header, rounds }`. */
async function writeRecord(out: Output, outcome: ReplayOutcome, plies: readonly Ply[]): Promise<void> {
  const { table } = outcome;
  const { header } = gameRecord({ log: table.log, plies: [], state: table.state, turnModel: table.turnModel });
  await writeJsonObject(out, [
    ['header', header],
    ['rounds', new JsonItems(mapped(rowsOf(plies, header.seats, header['turn-model']), (row) => row.cells))],
  ]);
}

export const replayCommand: Command = {
  name: 'replay',
  description: 'Reads a log, validates it and replays it; prints the move table (or, with --json, one JSON document).',
  positionals: 'FILE|-',
  options: {
    json: { type: 'boolean', description: 'print one JSON document on stdout, also when a move is refused' },
    upto: { type: 'string', value: 'N', description: 'replay only the first N moves' },
    as: { type: 'string', value: 'SEAT|spectator', description: 'print what that viewer may see: other seats\' hidden pieces and secret move payloads are left out' },
    record: { type: 'boolean', description: 'print the game\'s record instead: { header: { game, version, "turn-model", table, seats, seed, options, winners? }, rounds }' },
  },
  async run({ positionals, values }, io) {
    const [source, ...extra] = positionals;
    if (source === undefined || extra.length > 0) {
      io.err('usage: plystack replay FILE|- [--json] [--upto N] [--as SEAT|spectator]: give exactly one log file, or - for standard input');
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
    let outcome: ReplayOutcome;
    {
      // The log's text and parsed form live only in this block: the table keeps what it needs.
      let text: string;
      try {
        text = decodeUtf8(source === '-' ? await io.readStdin() : await io.readFile(source));
      } catch (error) {
        if (error instanceof InvalidUtf8) io.err(`log: not UTF-8: ${error.message}`);
        else io.err(`FILE: cannot read ${quote(source)}: ${(error as Error).message}`);
        return EXIT.invalid;
      }
      let log: unknown;
      try {
        log = JSON.parse(text);
      } catch (error) {
        io.err(`log: not JSON: ${(error as Error).message}`);
        return EXIT.invalid;
      }
      text = '';
      try {
        outcome = replayLog(log, upto === undefined ? {} : { upto });
      } catch (error) {
        if (error instanceof InvalidTable) {
          io.err(`${error.path ?? 'log'}: ${error.code}: ${error.message}`);
          return EXIT.invalid;
        }
        throw error;
      }
    }
    const { table } = outcome;
    const as = values.as;
    if (as !== undefined && (typeof as !== 'string' || (as !== 'spectator' && !table.log.seats.includes(as)))) {
      io.err(`--as: ${quote(as)} is neither a seat at ${table.log.table} (${table.log.seats.join(', ')}) nor spectator`);
      table.stop();
      return EXIT.invalid;
    }
    const viewer = as === undefined ? undefined : as === 'spectator' ? null : as;
    // Everything: the table's own plies read in place (`table.plies` is a deep copy, which at a million plies costs more than the table).
    const plies = viewer === undefined ? toArray(table.context.plies) : table.pliesFor(viewer);
    const view = viewer === undefined ? omniscientView(outcome, plies) : viewerView(outcome, viewer, plies);
    const out = new Output(io);
    if (values.record === true) await writeRecord(out, outcome, plies);
    else if (values.json === true) await writeJsonDocument(out, outcome, plies, view);
    else for (const line of reportLines(table, view.state, plies)) await out.line(line);
    await out.end();
    table.stop();
    if (outcome.error !== null) {
      io.err(`move ${outcome.error.move}: ${outcome.error.code}: ${outcome.error.message}`);
      return EXIT.refused;
    }
    return EXIT.ok;
  },
};
