/**
 * `plystack paths GAME [--seats N] [--options FILE] [--seed S] [--max-turns T] [--unreachable FILE] [--out FILE]`:
 * a vitest file of paths through a game's turn structure, and its coverage.
 */
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { InvalidTable } from '../core/errors.js';
import type { AnyGame } from '../definition/game.js';
import { builtInGames, findGame } from '../games/registry.js';
import { createTableTestModel, formatCoverage, type TableTestModel } from '../testing/tableTestModel.js';
import { TraversalLimit } from '../testing/traversal.js';
import { type TestFileOptions, tableTestFile } from '../testing/vitestFile.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule, isModulePath } from './gameModule.js';
import { fail } from './output.js';
import { decodeUtf8, quote } from './text.js';

function wholeNumber(value: string | boolean | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

/** Whether `plystack` resolves from the folder of `file`, as the generated file imports it. */
function plystackResolvesFrom(file: string): boolean {
  try {
    createRequire(file).resolve('plystack');
    return true;
  } catch {
    return false;
  }
}

/** An import specifier for `file` from the file `from`: relative, as a project keeps it. */
function importPath(file: string, from: string): string {
  const path = relative(dirname(from), file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

export const pathsCommand: Command = {
  name: 'paths',
  description:
    "Writes a vitest file of paths through a game's turn structure (one test per path, each played through table.play and checked after every step) and prints its coverage. GAME is a built-in game or an ES module exporting one (./dist/my-game.js, ./dist/games.js#myGame); --game MODULE says the same.",
  positionals: '[GAME]',
  options: {
    game: {
      type: 'string',
      value: 'MODULE',
      description:
        'your own game: an ES module whose default export, or the export named after #, is a game made with defineGame',
    },
    seats: {
      type: 'string',
      value: 'N',
      description: "how many seats, seat:ann, seat:bob, … (default: the game's minimum)",
    },
    options: { type: 'string', value: 'FILE', description: "the game's options, a JSON file (default: none)" },
    seed: { type: 'string', value: 'S', description: 'the seed of the table (default 1)' },
    limit: {
      type: 'string',
      value: 'N',
      description: 'how many states the traversal may take before it gives up (default 50,000)',
    },
    'max-turns': {
      type: 'string',
      value: 'T',
      description: 'explore no further than turn T (default: the seat count plus one)',
    },
    unreachable: {
      type: 'string',
      value: 'FILE',
      description:
        'states and transitions unreachable by design: a JSON file { "name as coverage prints it": "reason" }',
    },
    out: {
      type: 'string',
      value: 'FILE',
      description:
        'write the test file to FILE, creating its folders (default: standard output, and the coverage to standard error)',
    },
  },
  async run({ positionals, values }, io) {
    const moduleSpec = typeof values.game === 'string' ? values.game : undefined;
    const [id = moduleSpec, ...extra] = positionals;
    if (moduleSpec !== undefined && positionals.length > 0) {
      io.err(`GAME: give the game once: ${quote(positionals[0])} or --game ${quote(moduleSpec)}`);
      return EXIT.invalid;
    }
    if (id === undefined || extra.length > 0) {
      io.err(
        `GAME: give one game: a built-in game (${Object.keys(builtInGames).join(', ')}) or a module exporting one (--game ./dist/my-game.js)`,
      );
      return EXIT.invalid;
    }
    let game: AnyGame;
    let source: TestFileOptions['game'];
    const out = typeof values.out === 'string' ? values.out : undefined;
    // The generated file imports from where it is written; on standard output, from the working folder.
    const written = resolve(out ?? join(process.cwd(), 'paths.test.ts'));
    if (moduleSpec !== undefined || isModulePath(id)) {
      const found = await gameFromModule(id);
      if (typeof found === 'string') return fail(io, `${moduleSpec !== undefined ? '--game' : 'GAME'}: ${found}`);
      game = found.game;
      source = { from: importPath(found.file, written), name: found.name };
    } else {
      const builtIn = findGame(id);
      if (builtIn === undefined)
        return fail(io, `GAME: no game ${quote(id)}; built in: ${Object.keys(builtInGames).join(', ')}`);
      game = builtIn;
      source = { builtIn: id };
    }

    const seats = wholeNumber(values.seats) ?? (values.seats === undefined ? game.seats.min : null);
    if (seats === null) return fail(io, '--seats: a whole number of seats');
    if (seats < game.seats.min || seats > Math.min(game.seats.max, 8)) {
      return fail(
        io,
        `--seats: ${game.id} seats ${game.seats.min} to ${Math.min(game.seats.max, 8)} here, not ${seats}`,
      );
    }
    const maxTurns = wholeNumber(values['max-turns']);
    if (maxTurns === null || maxTurns === 0) return fail(io, '--max-turns: a whole number of turns, at least 1');
    const limit = wholeNumber(values.limit);
    if (limit === null || limit === 0) return fail(io, '--limit: a whole number of states, at least 1');
    const rawSeed = values.seed;
    const seed = typeof rawSeed === 'string' ? (/^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed) : 1;
    let options: unknown = {};
    if (typeof values.options === 'string') {
      let text: string;
      try {
        text = decodeUtf8(await io.readFile(values.options));
      } catch (error) {
        return fail(io, `--options: cannot read ${values.options}: ${(error as Error).message}`);
      }
      try {
        options = JSON.parse(text);
      } catch (error) {
        return fail(io, `--options: ${values.options} is not JSON: ${(error as Error).message}`);
      }
    }

    let unreachable: Record<string, string> = {};
    if (typeof values.unreachable === 'string') {
      let read: unknown;
      try {
        read = JSON.parse(decodeUtf8(await io.readFile(values.unreachable)));
      } catch (error) {
        return fail(io, `--unreachable: cannot read ${values.unreachable} as JSON: ${(error as Error).message}`);
      }
      const entries = typeof read === 'object' && read !== null && !Array.isArray(read) ? Object.entries(read) : null;
      if (entries === null || entries.some(([, reason]) => typeof reason !== 'string' || reason.length === 0)) {
        return fail(
          io,
          `--unreachable: ${values.unreachable} is not an object of names and reasons { "state table.over": "why" }`,
        );
      }
      unreachable = Object.fromEntries(entries) as Record<string, string>;
    }

    let model: TableTestModel;
    try {
      model = createTableTestModel(game, {
        seats,
        options,
        seed,
        unreachable,
        ...(maxTurns !== undefined ? { maxTurns } : {}),
        ...(limit !== undefined ? { limit } : {}),
      });
    } catch (error) {
      if (error instanceof InvalidTable) return fail(io, `${error.path ?? 'table'}: ${error.code}: ${error.message}`);
      if (error instanceof TraversalLimit) return fail(io, error.message);
      throw error;
    }
    const flag = (name: string, value: unknown) => (value === undefined ? [] : [`--${name} ${String(value)}`]);
    const command = [
      'plystack paths',
      moduleSpec === undefined ? id : `--game ${id}`,
      `--seats ${seats}`,
      ...flag('options', values.options),
      ...flag('seed', rawSeed),
      ...flag('max-turns', maxTurns),
      ...flag('limit', limit),
      ...flag('unreachable', values.unreachable),
      ...flag('out', out),
    ].join(' ');
    const text = tableTestFile(model, { game: source, command, plystack: 'plystack' });
    const report = formatCoverage(model.coverage);
    const tests = model.paths.length + model.refusedOpenings.length;
    if (out === undefined) {
      io.out(text);
      io.err(report.join('\n'));
    } else {
      try {
        await io.writeFile(out, text, { createFolders: true });
      } catch (error) {
        return fail(io, `--out: cannot write ${out}: ${(error as Error).message}`);
      }
      io.out(
        [
          ...report,
          `wrote ${out}: ${tests} tests (${model.paths.length} paths, ${model.refusedOpenings.length} refused opening${model.refusedOpenings.length === 1 ? '' : 's'}); run it with npx vitest run ${relative(process.cwd(), resolve(out)).startsWith('..') ? `--root ${dirname(resolve(out))} ${resolve(out)}` : out}`,
        ].join('\n'),
      );
    }
    if (!plystackResolvesFrom(written)) {
      io.err(
        `note: the file imports plystack by name, and plystack is not installed where ${out === undefined ? 'it would run (the working folder)' : quote(out)} can import it: npm install --save-dev plystack there, or write the file into your project`,
      );
    }
    // The paths are played once here too, so a table that leaves the model is reported now, not only when the file runs.
    for (const path of model.paths) {
      try {
        model.check(path);
      } catch (error) {
        io.err(`a path fails against the table: ${(error as Error).message}`);
        return EXIT.refused;
      }
    }
    return EXIT.ok;
  },
};
