/**
 * `plystack verify GAME|--game MODULE [--seats N[,M…]] [--options FILE] [--seed S[,S…]] [--checks MODULE] [--depth D]
 * [--states N] [--seconds S] [--swarm [--walks W]] [--symmetry] [--out DIR [--tests]] [--json]`: the model checker of
 * plystack/testing on the command line (docs/cli.md; its JSON in docs/contract.md). It prints the result on standard
 * output and nothing else there; its progress goes to standard error.
 */
import { join, resolve } from 'node:path';
import { DEMO_SEATS } from '../bots/autoplay.js';
import { InvalidTable } from '../core/errors.js';
import type { Seed } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import { alignedLine } from '../export/moveTable.js';
import { builtInGames } from '../games/registry.js';
import type { RunReport, VerifyOptions, VerifyProgress, VerifyReport, Violation } from '../verify/types.js';
import { verify } from '../verify/verify.js';
import { checksFromModule, type ExtraChecks } from './checksModule.js';
import { type Command, EXIT } from './commands.js';
import { givenGame } from './gameModule.js';
import type { Io } from './io.js';
import { fail } from './output.js';
import { regressionTestFile } from './regressionFile.js';
import { decodeUtf8, printable, quote } from './text.js';

/** The option of this command that raises each bound of a run. */
const RAISED_BY: Readonly<Record<string, string>> = {
  depth: '--depth D',
  states: '--states N',
  seconds: '--seconds S',
};

/** How often progress is shown: redrawn in place on a terminal, a line at a time into a file or a pipe. */
const REDRAW_MS = 100;
const LINE_MS = 3000;

/** A comma-separated list of whole numbers of at least `min`, or null. */
function wholeNumbers(value: string, min: number): number[] | null {
  const parts = value.split(',');
  const numbers = parts.map((part) => (/^\d+$/.test(part.trim()) ? Number(part.trim()) : Number.NaN));
  return numbers.every((n) => Number.isSafeInteger(n) && n >= min) ? numbers : null;
}

/** A comma-separated list of seeds: integers as numbers, anything else as text (as `paths --seed` reads one). */
function seedsOf(value: string): Seed[] | null {
  const parts = value.split(',');
  if (parts.some((part) => part === '')) return null;
  return parts.map((part) => (/^-?\d+$/.test(part) && Number.isSafeInteger(Number(part)) ? Number(part) : part));
}

/**
 * A check's name as a file name: letters, digits, `.`, `_` and `-` kept, every other run of characters one `-`, no
 * leading dot (a hidden file, or `..`), at most 80 characters; `check` when nothing is left.
 *
 * @example
 * fileSafe('life never below 0') // 'life-never-below-0'
 * fileSafe('../../etc/passwd') // 'etc-passwd'
 */
export function fileSafe(check: string): string {
  const safe = check
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 80)
    .replace(/[.-]+$/, '');
  return safe === '' ? 'check' : safe;
}

/**
 * A file-safe name for each violation, in order, no two alike even on a file system that ignores case: the second
 * violation of a check (another opening) gets `-2`, and so on.
 *
 * @example
 * fileNames(['dead-end', 'dead-end', 'x y']) // ['dead-end', 'dead-end-2', 'x-y']
 */
export function fileNames(checks: readonly string[]): string[] {
  const used = new Set<string>();
  return checks.map((check) => {
    const base = fileSafe(check);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** An opening as a person reads it: `2 seats · seed 1 · options {"turns":2}`. */
function openingText(opening: Violation['opening']): string {
  const options = JSON.stringify(opening.options);
  return printable(
    `${plural(opening.seats.length, 'seat')} · seed ${JSON.stringify(opening.seed)}${options === '{}' || options === undefined ? '' : ` · options ${options}`}`,
  );
}

/** How a run ended, with the option that would take it further. */
function resultText(run: RunReport, walks: number | undefined): string {
  if (run.exhausted) return 'exhausted';
  if (run.stoppedBy !== null)
    return `stopped by ${run.stoppedBy.bound}: raise ${RAISED_BY[run.stoppedBy.bound] ?? run.stoppedBy.raise}`;
  return run.mode === 'swarm' ? `${count(walks ?? 200)} walks done: more with --walks W` : 'not exhausted';
}

/** The lines of the summary for a person. */
function summaryLines(
  report: VerifyReport,
  written: readonly (string | undefined)[],
  tests: readonly (string | undefined)[],
  walks: number | undefined,
  seconds: number,
  module: string | undefined,
  checks: string | undefined,
  tested: boolean,
): string[] {
  const lines = [
    `verify ${printable(report.game)}: ${plural(report.checks.length, 'check')} over ${plural(report.runs.length, 'opening')} in ${seconds.toFixed(1)} s`,
    `  checks: ${printable(report.checks.join(', '))}`,
    '',
  ];
  const header = [
    'opening',
    'result',
    'states',
    'distinct',
    'depth',
    'transitions',
    'states/s',
    'bytes/state',
    'counters',
  ];
  const rows = report.runs.map((run) => [
    openingText(run.opening),
    resultText(run, walks),
    count(run.states),
    count(run.distinct),
    count(run.depth),
    count(run.transitions),
    count(run.statesPerSecond),
    count(run.bytesPerState),
    run.counters,
  ]);
  const widths = header.map((title, c) => Math.max(title.length, ...rows.map((row) => (row[c] as string).length)));
  lines.push(
    alignedLine(header, widths),
    alignedLine(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
  );
  for (const row of rows) lines.push(alignedLine(row, widths));
  lines.push('');
  if (report.violations.length === 0) {
    const stopped = report.runs.filter((run) => !run.exhausted);
    lines.push(
      stopped.length === 0
        ? 'every check holds in every reachable state'
        : `no check failed, but ${stopped.length === report.runs.length ? 'no' : `${report.runs.length - stopped.length} of ${report.runs.length}`} opening${report.runs.length === 1 ? ' was' : 's were'} explored to the end: ${[...new Set(stopped.map((run) => resultText(run, walks)))].join('; ')}`,
    );
    return lines;
  }
  lines.push(`${plural(report.violations.length, 'violation')}:`);
  for (const [i, v] of report.violations.entries()) {
    lines.push(`  ${printable(v.check)} (${v.kind}): ${printable(v.message)}`);
    const where = written[i] === undefined ? 'log not written (--out DIR writes it)' : `log ${written[i]}`;
    lines.push(
      `    ${openingText(v.opening)} · ${plural(v.moves.length, 'move')} · shows at ${v.at} (${v.at === 0 ? 'the opening' : `after move ${v.at}`}) · ${printable(where)}`,
    );
    if (tests[i] !== undefined) lines.push(`    test ${printable(tests[i] as string)}`);
    else if (tested && (v.check === 'can-end' || v.check === 'fast-path'))
      lines.push(`    no test: ${v.check} is judged over every state verify explores, not along one log`);
  }
  const first = written.find((file) => file !== undefined);
  if (first !== undefined) {
    const game = module === undefined ? '' : ` --game ${module}`;
    lines.push(
      '',
      `replay a log: plystack replay ${printable(first)}${printable(game)}; check it again: plystack replay ${printable(first)} --check${printable(game)}${checks === undefined ? '' : ` --checks ${printable(checks)}`}`,
    );
  }
  return lines;
}

/** Progress on standard error: redrawn in place on a terminal, else a line every few seconds. */
function progressOn(io: Io, game: string): { show: (progress: VerifyProgress) => void; end: () => void } {
  const every = io.redraw === undefined ? LINE_MS : REDRAW_MS;
  let last = performance.now();
  let drawn = false;
  return {
    show(progress) {
      const now = performance.now();
      if (now - last < every) return;
      last = now;
      const line = printable(
        `verify ${game} · ${progress.opening} · ${plural(progress.distinct, 'distinct state')} · depth ${progress.depth} · ${progress.seconds.toFixed(1)} s · ${plural(progress.violations, 'violation')}`,
      );
      if (io.redraw === undefined) io.err(line);
      else {
        io.redraw(line);
        drawn = true;
      }
    },
    end() {
      if (drawn) io.redraw?.('');
    },
  };
}

/** The command as it was typed, near enough for a generated file's header to say how to write it again. */
function commandLine(positionals: readonly string[], values: Record<string, string | boolean | undefined>): string {
  const flags = Object.entries(values).flatMap(([name, value]) =>
    value === undefined || value === false ? [] : value === true ? [`--${name}`] : [`--${name} ${value}`],
  );
  return ['plystack verify', ...positionals, ...flags].join(' ');
}

/** Why `verify` refused its input, as one line naming the option, or null for an error that is not about the input. */
function usageProblem(error: unknown): string | null {
  if (error instanceof InvalidTable) {
    const path = error.path ?? 'table';
    const message = error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
    const flag = path.startsWith('options') ? '--options' : path.startsWith('seed') ? '--seed' : '--seats';
    return `${flag}: ${path}: ${error.code}: ${message}`.replace(/\s*\n\s*/g, ' ');
  }
  if (error instanceof RangeError) {
    const message = error.message.replace(/\s*\n\s*/g, ' ');
    return /^(seats|bounds|skip):/.test(message) ? `--${message.replace(/^bounds\./, '')}` : `verify: ${message}`;
  }
  return null;
}

export const verifyCommand: Command = {
  name: 'verify',
  description:
    "Checks a game's rules in every state its tables can reach (within the bounds): plystack's built-in checks and the game's own properties, with --checks more. Prints a summary (or, with --json, one JSON document); each violation comes with the shortest moves found to it, as a log. GAME is a built-in game or an ES module exporting one; --game MODULE says the same. Exits 0 when every check holds, 1 on a violation.",
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
      value: 'N[,M…]',
      description:
        "how many seats, seat:ann, seat:bob, …, or several counts to check each (default: the game's minimum)",
    },
    options: {
      type: 'string',
      value: 'FILE',
      description: "the game's options, a JSON file: an object, or an array of them to check each (default: {})",
    },
    seed: { type: 'string', value: 'S[,S…]', description: 'the seed of the tables, or several (default 1)' },
    checks: {
      type: 'string',
      value: 'MODULE',
      description:
        "more properties: an ES module exporting invariants and/or moveProperties, records of named functions, added to the game's own checks",
    },
    depth: {
      type: 'string',
      value: 'D',
      description: 'explore no further than D moves from the opening (default: no bound)',
    },
    states: { type: 'string', value: 'N', description: 'stop an opening after N distinct states (default 200000)' },
    seconds: { type: 'string', value: 'S', description: 'stop the whole run after S seconds (default 60)' },
    swarm: {
      type: 'boolean',
      description:
        'random walks instead of every state, for games too large to exhaust (--depth: moves per walk, default 200)',
    },
    walks: { type: 'string', value: 'W', description: 'with --swarm: walks per opening (default 200)' },
    symmetry: {
      type: 'boolean',
      description: 'merge states that differ only by a rotation of the seats (for games that treat every seat alike)',
    },
    out: {
      type: 'string',
      value: 'DIR',
      description:
        "write each violation's log to DIR/CHECK.json (creating DIR), for plystack replay, replay --check and the inspector",
    },
    tests: {
      type: 'boolean',
      description:
        'with --out: also write DIR/CHECK.test.ts, a vitest regression test per violation that fails until the rule is mended',
    },
    json: { type: 'boolean', description: 'print one JSON document on stdout: the report (docs/contract.md)' },
  },
  async run({ positionals, values }, io) {
    // What is refused may quote a game's or a file's text (JSON.parse quotes the file): one line, whatever it holds.
    const refuse = (message: string) => fail(io, printable(message));
    const given = await givenGame(positionals, typeof values.game === 'string' ? values.game : undefined, builtInGames);
    if (typeof given === 'string') return refuse(given);
    const { game } = given;
    const most = Math.min(game.seats.max, DEMO_SEATS.length);

    let seats: number[] = [game.seats.min];
    if (typeof values.seats === 'string') {
      const read = wholeNumbers(values.seats, 0);
      if (read === null)
        return refuse(`--seats: whole numbers of seats, separated by commas, not ${quote(values.seats)}`);
      const wrong = read.find((n) => n < game.seats.min || n > most);
      if (wrong !== undefined)
        return refuse(`--seats: ${printable(game.id)} seats ${game.seats.min} to ${most} here, not ${wrong}`);
      seats = read;
    }
    let seeds: Seed[] | undefined;
    if (typeof values.seed === 'string') {
      const read = seedsOf(values.seed);
      if (read === null) return refuse(`--seed: seeds separated by commas, not ${quote(values.seed)}`);
      seeds = read;
    }
    const bounds: { depth?: number; states?: number; seconds?: number } = {};
    for (const bound of ['depth', 'states'] as const) {
      const value = values[bound];
      if (typeof value !== 'string') continue;
      const read = wholeNumbers(value, 1);
      if (read === null || read.length !== 1)
        return refuse(`--${bound}: a whole number, at least 1, not ${quote(value)}`);
      bounds[bound] = read[0] as number;
    }
    if (typeof values.seconds === 'string') {
      const seconds = Number(values.seconds);
      if (!/^\d*\.?\d+$/.test(values.seconds) || !(seconds > 0))
        return refuse(`--seconds: a number of seconds above 0, not ${quote(values.seconds)}`);
      bounds.seconds = seconds;
    }
    let walks: number | undefined;
    if (typeof values.walks === 'string') {
      if (values.swarm !== true) return refuse('--walks: only with --swarm');
      const read = wholeNumbers(values.walks, 1);
      if (read === null || read.length !== 1)
        return refuse(`--walks: a whole number of walks, at least 1, not ${quote(values.walks)}`);
      walks = read[0] as number;
    }
    const out = typeof values.out === 'string' ? values.out : undefined;
    if (out === '') return refuse('--out: the folder to write the logs into');
    if (values.tests === true && out === undefined) return refuse('--tests: only with --out DIR, where the tests go');

    let options: unknown;
    if (typeof values.options === 'string') {
      let text: string;
      try {
        text = decodeUtf8(await io.readFile(values.options));
      } catch (error) {
        return refuse(`--options: cannot read ${quote(values.options)}: ${(error as Error).message}`);
      }
      try {
        options = JSON.parse(text);
      } catch (error) {
        return refuse(`--options: ${quote(values.options)} is not JSON: ${(error as Error).message}`);
      }
      const sets = Array.isArray(options) ? options : [options];
      if (sets.length === 0 || sets.some((set) => typeof set !== 'object' || set === null || Array.isArray(set)))
        return refuse(`--options: ${quote(values.options)} holds neither an object of options nor an array of them`);
    }
    let extra: ExtraChecks | undefined;
    if (typeof values.checks === 'string') {
      const found = await checksFromModule(values.checks, game);
      if (typeof found === 'string') return refuse(`--checks: ${found}`);
      extra = found;
    }

    const progress = progressOn(io, printable(game.id));
    const settings: VerifyOptions<AnyGame> = {
      seats,
      ...(options === undefined ? {} : { options: options as never }),
      ...(seeds === undefined ? {} : { seeds }),
      ...(extra === undefined ? {} : { invariants: extra.invariants, moveProperties: extra.moveProperties }),
      bounds,
      ...(values.swarm === true ? { mode: 'swarm' as const } : {}),
      ...(walks === undefined ? {} : { walks }),
      ...(values.symmetry === true ? { symmetry: true } : {}),
      progress: progress.show,
    };
    const started = performance.now();
    let report: VerifyReport;
    try {
      report = verify(game, settings);
    } catch (error) {
      const problem = usageProblem(error);
      if (problem === null) throw error;
      return refuse(problem);
    } finally {
      progress.end();
    }
    const seconds = (performance.now() - started) / 1000;

    const written: (string | undefined)[] = [];
    const tests: (string | undefined)[] = [];
    if (out !== undefined) {
      const names = fileNames(report.violations.map((v) => v.check));
      for (const [i, v] of report.violations.entries()) {
        const file = join(out, `${names[i]}.json`);
        try {
          await io.writeFile(file, `${JSON.stringify(v.log, null, 2)}\n`, { createFolders: true });
        } catch (error) {
          return refuse(`--out: cannot write ${quote(file)}: ${(error as Error).message}`);
        }
        written.push(file);
        // can-end and fast-path are judged over the whole graph of states: along one log, recheck cannot see them fail.
        if (values.tests !== true || v.check === 'can-end' || v.check === 'fast-path') {
          tests.push(undefined);
          continue;
        }
        const test = join(out, `${names[i]}.test.ts`);
        const text = regressionTestFile(v, resolve(test), {
          game: given.module === null ? { builtIn: game.id } : { file: given.module.file, name: given.module.name },
          ...(extra === undefined ? {} : { checks: extra }),
          command: commandLine(positionals, values),
        });
        try {
          await io.writeFile(test, text, { createFolders: true });
        } catch (error) {
          return refuse(`--out: cannot write ${quote(test)}: ${(error as Error).message}`);
        }
        tests.push(test);
      }
    }

    if (values.json === true) {
      await io.out(
        JSON.stringify(
          {
            ...report,
            violations: report.violations.map((v, i) => ({
              ...v,
              ...(written[i] === undefined ? {} : { file: written[i] }),
              ...(tests[i] === undefined ? {} : { test: tests[i] }),
            })),
          },
          null,
          2,
        ),
      );
    } else
      await io.out(
        summaryLines(
          report,
          written,
          tests,
          walks,
          seconds,
          given.module === null ? undefined : given.spec,
          typeof values.checks === 'string' ? values.checks : undefined,
          values.tests === true,
        ).join('\n'),
      );
    return report.ok ? EXIT.ok : EXIT.refused;
  },
};
