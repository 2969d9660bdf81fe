#!/usr/bin/env node
import { readFileSync, realpathSync } from 'node:fs';
/**
 * The `plystack` CLI: a thin shell over the library. `run` parses the
 * arguments, runs one command and returns its exit code.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { type Command, EXIT, usage } from './commands.js';
import type { Io } from './io.js';
import { fail } from './output.js';
import { clip, quote } from './text.js';

/**
 * The commands, in the order help lists them, each loaded from its module only when it runs or its help is printed:
 * a `plystack serve` process does not load the verifier, the path generator or the replay's checks.
 */
const commandModules: ReadonlyArray<readonly [name: string, load: () => Promise<Command>]> = [
  ['replay', async () => (await import('./replayCommand.js')).replayCommand],
  ['demo', async () => (await import('./demoCommand.js')).demoCommand],
  ['migrate-rules', async () => (await import('./migrateRulesCommand.js')).migrateRulesCommand],
  ['inspect', async () => (await import('./inspectCommand.js')).inspectCommand],
  ['paths', async () => (await import('./pathsCommand.js')).pathsCommand],
  ['verify', async () => (await import('./verifyCommand.js')).verifyCommand],
  ['serve', async () => (await import('./serveCommand.js')).serveCommand],
];

/** The names of the commands, in the order help lists them. */
export const commandNames: readonly string[] = commandModules.map(([name]) => name);

/** The command of that name, loaded, or undefined when there is none. */
function loadCommand(name: string): Promise<Command | undefined> {
  return commandModules.find(([known]) => known === name)?.[1]() ?? Promise.resolve(undefined);
}

/** Every command, loaded, in the order help lists them. */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(commandModules.map(([, load]) => load()));
}

/** The version of this package, from its package.json. */
export function packageVersion(): string {
  // src/cli and dist/cli are both two folders below the package's root.
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

async function help(): Promise<string> {
  const commands = await loadCommands();
  const general = [
    "plystack: a game's turn structure as XState statecharts",
    '',
    'plystack COMMAND [ARGUMENTS] [--help]',
    "  --help, -h: print this help, or a command's (plystack COMMAND --help, plystack help COMMAND)",
    '  --version, -v: print the version of plystack',
    '',
    `Commands: ${commandNames.join(', ')}`,
  ].join('\n');
  return [general, ...commands.map(usage)].join('\n\n');
}

/** Whether the arguments ask for help: `--help` or `-h` before any `--`. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * Help (`--help`, `-h`, `help [COMMAND]`, or no arguments at all) and the
 * version (`--version`, `-v`) go to standard output with exit 0.
 *
 * @example
 * await run(['replay', 'game.json', '--json'], processIo)
 */
export async function run(argv: readonly string[], given: Io): Promise<number> {
  // Whatever a command says about bad input, it quotes no more than a couple of hundred characters of it.
  const io: Io = { ...given, err: (text) => given.err(clip(text)) };
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    if (rest.length > 0) return fail(io, `${name}: takes no arguments, not ${quote(rest[0])}`);
    await io.out(packageVersion());
    return EXIT.ok;
  }
  if (name === undefined || name === '--help' || name === '-h') {
    await io.out(await help());
    return EXIT.ok;
  }
  if (name === 'help') {
    const about = rest[0] === undefined ? undefined : await loadCommand(rest[0]);
    if (rest.length > 1 || (rest[0] !== undefined && about === undefined)) {
      io.err(`help: no command ${quote(rest.join(' '))}; commands: ${commandNames.join(', ')}`);
      return EXIT.invalid;
    }
    await io.out(about === undefined ? await help() : usage(about));
    return EXIT.ok;
  }
  const command = await loadCommand(name);
  if (command === undefined) {
    io.err(`command: no command ${quote(name)}\n\n${await help()}`);
    return EXIT.invalid;
  }
  if (asksForHelp(rest)) {
    await io.out(usage(command));
    return EXIT.ok;
  }
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [key, spec] of Object.entries(command.options))
    options[key] = spec.multiple === true ? { type: spec.type, multiple: true } : { type: spec.type };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage(command)}`);
    return EXIT.invalid;
  }
  const values: Record<string, string | boolean | undefined> = {};
  const lists: Record<string, string[]> = {};
  for (const [key, spec] of Object.entries(command.options)) {
    const value = parsed.values[key];
    if (spec.multiple === true) lists[key] = Array.isArray(value) ? value.map(String) : [];
    else values[key] = value as string | boolean | undefined;
  }
  return command.run({ positionals: parsed.positionals, values, lists }, io);
}

/** The process's standard streams and files. */
export const processIo: Io = {
  out: (text) =>
    process.stdout.write(`${text}\n`)
      ? undefined
      : new Promise<void>((resolve) => process.stdout.once('drain', resolve)),
  err: (text) => void process.stderr.write(`${text}\n`),
  async readStdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
  readFile: (path) => readFile(path),
  async writeFile(path, text, options) {
    if (options?.createFolders === true) await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, 'utf8');
  },
  // A line longer than the terminal wraps, and a carriage return then goes back only to the start of its last row.
  ...(process.stderr.isTTY
    ? {
        redraw: (text: string) =>
          void process.stderr.write(`\r\x1b[2K${text.slice(0, Math.max(20, (process.stderr.columns ?? 80) - 1))}`),
      }
    : {}),
};

/** The commands that read a whole log, one move after another, and hold memory in proportion to the table. */
const LOG_READERS = new Set(['replay', 'migrate-rules']);

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  // V8 lets the heap grow to several times what is live before collecting; a replay of a million moves then holds
  // over 1 GB. Growing by a fifth keeps it near what it uses, for about a quarter more CPU on long logs, and V8's
  // heuristics for a small heap over a fast one take a 100,000-move replay's peak from 170 MB to 129 (BENCHMARKS.md).
  // Only the commands that read a whole log trade CPU for memory so: a server (and the page's relay) keeps V8's own.
  if (LOG_READERS.has(process.argv[2] ?? '')) {
    setFlagsFromString('--heap-growing-percent=20');
    setFlagsFromString('--optimize-for-size');
  }
  // A reader that closes early (`| head`) ends the output, not the process with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  run(process.argv.slice(2), processIo).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`plystack: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
