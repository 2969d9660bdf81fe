/**
 * `plystack replay FILE|- [--json] [--upto N]` (CONTRACT.md, "The CLI").
 */
import { InvalidTable } from '../core/errors.js';
import { exportPlies, gameRecord, moveRecord } from '../export/record.js';
import { replayLog, type ReplayOutcome } from '../table/replay.js';
import { EXIT, type Command } from './commands.js';
import { tableReport } from './summary.js';

function jsonDocument({ table, applied, error }: ReplayOutcome) {
  const { turnModel, rounds } = moveRecord(table.plies, table.log.seats, table.turnModel);
  return {
    ok: error === null,
    ...(error !== null ? { error: { code: error.code, message: error.message, move: error.move } } : {}),
    applied,
    turnModel,
    state: table.state,
    plies: exportPlies(table.plies),
    rounds,
  };
}

export const replayCommand: Command = {
  name: 'replay',
  description: 'Reads a log, validates it and replays it; prints the move table (or, with --json, one JSON document).',
  positionals: 'FILE|-',
  options: {
    json: { type: 'boolean', description: 'print one JSON document on stdout, also when a move is refused' },
    upto: { type: 'string', value: 'N', description: 'replay only the first N moves' },
    record: { type: 'boolean', description: 'print the game\'s record instead: { header: { game, version, "turn-model", table, seats, seed, options, winners? }, rounds }' },
  },
  async run({ positionals, values }, io) {
    const [source, ...extra] = positionals;
    if (source === undefined || extra.length > 0) {
      io.err('usage: plystack replay FILE|- [--json] [--upto N]: give exactly one log file, or - for standard input');
      return EXIT.invalid;
    }
    let upto: number | undefined;
    if (values.upto !== undefined) {
      upto = Number(values.upto);
      if (typeof values.upto !== 'string' || !/^\d+$/.test(values.upto) || !Number.isSafeInteger(upto)) {
        io.err(`--upto: ${JSON.stringify(values.upto)} is not a whole number of moves`);
        return EXIT.invalid;
      }
    }
    let text: string;
    try {
      text = source === '-' ? await io.readStdin() : await io.readFile(source);
    } catch (error) {
      io.err(`FILE: cannot read ${source}: ${(error as Error).message}`);
      return EXIT.invalid;
    }
    let log: unknown;
    try {
      log = JSON.parse(text);
    } catch (error) {
      io.err(`log: not JSON: ${(error as Error).message}`);
      return EXIT.invalid;
    }
    let outcome: ReplayOutcome;
    try {
      outcome = replayLog(log, upto === undefined ? {} : { upto });
    } catch (error) {
      if (error instanceof InvalidTable) {
        io.err(`${error.path ?? 'log'}: ${error.code}: ${error.message}`);
        return EXIT.invalid;
      }
      throw error;
    }
    const { table } = outcome;
    if (values.record === true) io.out(JSON.stringify(gameRecord({ log: table.log, plies: table.plies, state: table.state, turnModel: table.turnModel }), null, 2));
    else if (values.json === true) io.out(JSON.stringify(jsonDocument(outcome), null, 2));
    else io.out(tableReport(outcome.table));
    outcome.table.stop();
    if (outcome.error !== null) {
      io.err(`move ${outcome.error.move}: ${outcome.error.code}: ${outcome.error.message}`);
      return EXIT.refused;
    }
    return EXIT.ok;
  },
};
