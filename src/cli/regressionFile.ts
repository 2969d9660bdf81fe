/**
 * A counterexample of `verify` as a vitest file (`plystack verify … --out DIR --tests`): it replays the violation's
 * log and asserts, with `recheck` of plystack/testing, that its check holds along it. It fails while the rule is
 * broken and passes once the rule is mended, so it stays as a regression test. Like the files `paths` writes, it needs
 * nothing of plystack but its public API, and holds the log itself.
 */
import { dirname, relative, sep } from 'node:path';
import { entryBeside, literal } from '../testing/vitestFile.js';
import type { Violation } from '../verify/types.js';

/** Where the generated file finds the game, and the properties `--checks` added. */
export interface RegressionSource {
  /** A built-in game by id, or the absolute path of the module and the name of its export. */
  readonly game: { readonly builtIn: string } | { readonly file: string; readonly name: string };
  /** The `--checks` module's absolute path and which of `invariants` and `moveProperties` it exports. */
  readonly checks?: { readonly file: string; readonly exports: readonly ('invariants' | 'moveProperties')[] };
  /** The command that wrote the file, for its header. */
  readonly command: string;
  /** Where plystack is imported from (default 'plystack'). */
  readonly plystack?: string;
}

/** An import specifier for `file` from the file `from`: relative, as a project keeps it. */
function importPath(file: string, from: string): string {
  const path = relative(dirname(from), file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Text for a block comment: no `*\/` to close it early, one line. */
function comment(text: string): string {
  return JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/\*\//g, '*\\/');
}

/**
 * The text of a vitest file, to be written at `path`, that fails while `violation`'s check still breaks along its
 * counterexample and passes once it holds.
 *
 * @example
 * regressionTestFile(report.violations[0], '/project/test/tally-at-most-5.test.ts', {
 *   game: { file: '/project/dist/tally.js', name: 'default' },
 *   command: 'plystack verify --game ./dist/tally.js --out test --tests',
 * })
 */
export function regressionTestFile(violation: Violation, path: string, source: RegressionSource): string {
  const plystack = source.plystack ?? 'plystack';
  const { violation: found, ...log } = violation.log;
  const game = source.game;
  const imports =
    'builtIn' in game
      ? [
          `import type { AnyGame, TableLog } from ${literal(plystack)};`,
          `import { findGame } from ${literal(entryBeside(plystack, 'games'))};`,
          `import { recheck } from ${literal(entryBeside(plystack, 'testing'))};`,
        ]
      : [
          `import type { AnyGame, TableLog } from ${literal(plystack)};`,
          `import { recheck } from ${literal(entryBeside(plystack, 'testing'))};`,
          game.name === 'default'
            ? `import gameExport from ${literal(importPath(game.file, path))};`
            : `import { ${game.name} as gameExport } from ${literal(importPath(game.file, path))};`,
        ];
  const checks = source.checks;
  if (checks !== undefined && checks.exports.length > 0)
    imports.push(`import { ${checks.exports.join(', ')} } from ${literal(importPath(checks.file, path))};`);
  const given = checks === undefined || checks.exports.length === 0 ? '' : `, { ${checks.exports.join(', ')} }`;
  const shows = found.at === 0 ? 'at the opening' : `after move ${found.at}`;
  return [
    '/**',
    ` * A regression test written by plystack from a counterexample of verify:`,
    ` *   ${comment(source.command)}`,
    ` * The check ${comment(JSON.stringify(found.check))} (${violation.kind}) failed on ${comment(log.game)} version ${comment(log.version)}, ${log.seats.length} seats, seed ${comment(JSON.stringify(log.seed))},`,
    ` * ${shows}: ${comment(found.message)}`,
    ' * The test replays those moves and checks every state and step along them again: it fails while the rule is',
    ' * broken and passes once it is mended. Keep it beside your tests.',
    ' */',
    "import { expect, it } from 'vitest';",
    ...imports,
    '',
    'builtIn' in game
      ? `const game: AnyGame = findGame(${literal(game.builtIn)})!;`
      : 'const game: AnyGame = gameExport;',
    `const log: TableLog = ${JSON.stringify(log, null, 2)};`,
    `const check = ${literal(found.check)};`,
    '',
    `it(${literal(`${found.check} holds along the counterexample verify found (${shows}: ${found.message})`)}, () => {`,
    `  const { problems } = recheck(game, log${given});`,
    '  expect(problems.filter((problem) => problem.check === check)).toEqual([]);',
    '});',
    '',
  ].join('\n');
}
