/**
 * The CLI's commands as declarations: a description on every argument, and a
 * `run` that parses, calls the library, prints and returns the exit code.
 */
import type { Io } from './io.js';

/** One option of a command. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  readonly value?: string;
  /** A string option that may be given more than once: its values come in `lists`, in order, not in `values`. */
  readonly multiple?: true;
}

/** A command: its name, what it does, its arguments, and what it runs. */
export interface Command {
  readonly name: string;
  readonly description: string;
  readonly positionals: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  run(
    args: {
      positionals: string[];
      values: Record<string, string | boolean | undefined>;
      /** Every value of each option declared `multiple`, in the order given (none: an empty list). */
      lists: Record<string, string[]>;
    },
    io: Io,
  ): Promise<number>;
}

/** Exit codes of docs/contract.md: 0 every move applied, 1 a move refused, 2 the input or the usage is wrong. */
export const EXIT = { ok: 0, refused: 1, invalid: 2 } as const;

/**
 * The usage text of a command.
 *
 * @example
 * usage(replayCommand) // 'plystack replay FILE|- [--json] [--upto N]\n  ...'
 */
export function usage(command: Command): string {
  const flags = Object.entries(command.options).map(
    ([name, spec]) => `[--${name}${spec.value ? ` ${spec.value}` : ''}${spec.multiple === true ? ' ...' : ''}]`,
  );
  const lines = [
    `plystack ${command.name} ${command.positionals} ${flags.join(' ')}`.replace(/\s+/g, ' ').trim(),
    `  ${command.description}`,
  ];
  for (const [name, spec] of Object.entries(command.options))
    lines.push(`  --${name}${spec.value ? ` ${spec.value}` : ''}: ${spec.description}`);
  lines.push('  --help, -h: print this help');
  return lines.join('\n');
}
