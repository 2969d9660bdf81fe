/**
 * Properties a user adds to a game's own for `verify --checks` and `replay --check --checks`: an ES module exporting
 * `invariants` and/or `moveProperties`, each a record of named functions, the shapes `verify` and `recheck` take.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Invariant, MoveProperty } from '../definition/checks.js';
import type { AnyGame } from '../definition/game.js';
import { BUILT_IN_CHECKS } from '../verify/types.js';
import { quote } from './text.js';

/** The properties a `--checks` module adds, by name. */
export interface ExtraChecks {
  readonly invariants: Readonly<Record<string, Invariant>>;
  readonly moveProperties: Readonly<Record<string, MoveProperty>>;
  /** The module's absolute path, for a generated test to import it from. */
  readonly file: string;
  /** Which of the two it exports. */
  readonly exports: readonly ('invariants' | 'moveProperties')[];
}

function record(value: unknown, what: string, shown: string): Record<string, never> | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${shown} exports ${what}, but it is not an object of named functions ({ "name": (at) => true | "what is wrong" })`;
  for (const [name, fn] of Object.entries(value))
    if (typeof fn !== 'function') return `${shown}: ${what}.${name} is not a function`;
  return value as Record<string, never>;
}

/**
 * Imports `spec` (a path relative to the working folder) and returns the properties it exports, or why they cannot
 * be used: an export that is not a record of functions, a module that exports neither, or a name the game or
 * plystack already gives a check (its counterexample would be told apart from the other's by nothing).
 *
 * @example
 * await checksFromModule('./dist/checks.js', tally) // { invariants: { 'tally below 4': fn }, moveProperties: {}, file: '/…/dist/checks.js', exports: ['invariants'] }
 */
export async function checksFromModule(spec: string, game: AnyGame): Promise<ExtraChecks | string> {
  const shown = quote(spec);
  if (spec === '') return 'give the path of an ES module exporting invariants and/or moveProperties';
  const file = resolve(spec);
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    return `cannot import ${shown}: ${(error as Error).message}`;
  }
  if (exports.invariants === undefined && exports.moveProperties === undefined)
    return `${shown} exports neither invariants nor moveProperties (records of named functions)${exports.moves !== undefined ? '; it exports moves: name it moveProperties' : ''}`;
  const invariants = exports.invariants === undefined ? {} : record(exports.invariants, 'invariants', shown);
  if (typeof invariants === 'string') return invariants;
  const moveProperties =
    exports.moveProperties === undefined ? {} : record(exports.moveProperties, 'moveProperties', shown);
  if (typeof moveProperties === 'string') return moveProperties;
  const taken = new Set<string>([
    ...BUILT_IN_CHECKS,
    ...Object.keys(game.checks.invariants),
    ...Object.keys(game.checks.moves),
  ]);
  const seen = new Set<string>();
  for (const name of [...Object.keys(invariants), ...Object.keys(moveProperties)]) {
    if (taken.has(name))
      return `${shown}: ${quote(name)} is already a check of ${game.id} or of plystack: give the property another name`;
    if (seen.has(name)) return `${shown}: ${quote(name)} names both an invariant and a move property`;
    seen.add(name);
  }
  const exported = (['invariants', 'moveProperties'] as const).filter((name) => exports[name] !== undefined);
  return { invariants, moveProperties, file, exports: exported };
}
