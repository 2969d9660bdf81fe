/**
 * Reading what opens a table: its id, seats, seed and options, as docs/contract.md
 * bounds them. A problem names the field that is wrong.
 */
import { quote, type TableProblem } from '../core/errors.js';
import { readJson } from '../core/json.js';
import { isValidId, type JsonValue } from '../core/move.js';
import { type Seed, secureSeed } from '../core/random.js';
import { parseSchema, type SchemaIssue } from '../core/schema.js';
import { SEED_RULE, seedSchema } from '../core/seed.js';
import type { AnyGame } from '../definition/game.js';
import { readStructure, type StructurePlan } from '../definition/structure.js';

/** What an application gives to open a table; `O` the game's options as given. */
export interface TableInput<O = unknown> {
  readonly table: string;
  readonly seats: readonly string[];
  /** The source of all randomness; drawn from a secure source when absent. */
  readonly seed?: Seed;
  /** The game's options, validated by its schema. */
  readonly options?: O;
}

/** A table's opening, validated: the options both as given (for the log) and as the game reads them. */
export interface TableOpening {
  readonly table: string;
  readonly seats: readonly string[];
  readonly seed: Seed;
  readonly givenOptions: { [key: string]: JsonValue };
  readonly options: unknown;
  readonly structure: StructurePlan;
}

/** Options may be up to a megabyte of JSON (decks of cards), nested 16 levels at most; seats a list of ids. */
const OPTIONS_LIMITS = { depth: 16, bytes: 1_048_576 };
const SEATS_LIMITS = { depth: 2, bytes: 1_000 * 132 };

function zodPath(prefix: string, issue: SchemaIssue): string {
  return [prefix, ...issue.path.map(String)].join('.');
}

/**
 * Validates an opening for `game`, filling the seed from a secure source when
 * absent. Never throws.
 *
 * @example
 * readTableInput(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:ann'] })
 * // { ok: false, problem: { code: 'DUPLICATE_SEAT', path: 'seats.1', ... } }
 */
export function readTableInput(
  game: AnyGame,
  raw: unknown,
): { ok: true; opening: TableOpening } | { ok: false; problem: TableProblem } {
  const fail = (code: TableProblem['code'], path: string, message: string) => ({
    ok: false as const,
    problem: { code, path, message },
  });
  if (typeof raw !== 'object' || raw === null)
    return fail('INVALID_OPTIONS', 'table', 'a table is opened with { table, seats, seed?, options? }');
  // Each field is read once; seats and options are copied as plain JSON, so what is checked is what is kept.
  let fields: Record<string, unknown>;
  try {
    const source = raw as Record<string, unknown>;
    fields = { table: source.table, seats: source.seats, seed: source.seed, options: source.options };
  } catch (error) {
    return fail(
      'INVALID_OPTIONS',
      'table',
      `the opening could not be read: ${error instanceof Error ? quote(error.message) : 'it threw'}`,
    );
  }
  const seatList = fields.seats === undefined ? fields.seats : readJson(fields.seats, SEATS_LIMITS, 'seats');
  if (seatList !== undefined && !(seatList as { ok: boolean }).ok)
    return fail('INVALID_SEAT_ID', 'seats', (seatList as { problem: string }).problem);
  const optionsRead = fields.options === undefined ? undefined : readJson(fields.options, OPTIONS_LIMITS, 'options');
  if (optionsRead !== undefined && !optionsRead.ok) return fail('INVALID_OPTIONS', 'options', optionsRead.problem);
  const input = {
    table: fields.table,
    seats: (seatList as { value?: unknown } | undefined)?.value,
    seed: fields.seed,
    options: optionsRead?.value,
  };
  if (!isValidId(input.table))
    return fail(
      'INVALID_SEAT_ID',
      'table',
      'a table id starts with an ASCII letter, then letters, digits, ":", ".", "_" or "-", 128 characters at most',
    );
  if (!Array.isArray(input.seats))
    return fail('INVALID_SEAT_ID', 'seats', 'seats is a list of seat ids in table order');
  const seen = new Set<string>();
  for (const [i, seat] of input.seats.entries()) {
    if (!isValidId(seat))
      return fail(
        'INVALID_SEAT_ID',
        `seats.${i}`,
        `${typeof seat === 'string' ? JSON.stringify(quote(seat, 140)) : String(seat)} is not a seat id: an ASCII letter, then letters, digits, ":", ".", "_" or "-", 128 characters at most`,
      );
    if (seen.has(seat)) return fail('DUPLICATE_SEAT', `seats.${i}`, `${seat} is given twice`);
    seen.add(seat);
  }
  const { min, max } = game.seats;
  if (input.seats.length < min || input.seats.length > max) {
    return fail(
      'SEAT_COUNT',
      'seats',
      `${game.id} seats ${min === max ? min : `${min} to ${max}`}, not ${input.seats.length}`,
    );
  }
  let seed: Seed;
  if (input.seed === undefined) seed = secureSeed();
  else {
    const parsed =
      typeof input.seed === 'number' || typeof input.seed === 'string'
        ? parseSchema(seedSchema, input.seed)
        : { success: false as const };
    if (!parsed.success) return fail('INVALID_OPTIONS', 'seed', SEED_RULE);
    seed = parsed.data;
  }
  const given = input.options ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return fail('INVALID_OPTIONS', 'options', 'options is an object');
  const parsed = parseSchema(game.options, given);
  if (!parsed.success) {
    const issue = parsed.issues[0]!;
    return fail('INVALID_OPTIONS', zodPath('options', issue), issue.message);
  }
  let misfit: { path: string; message: string } | null;
  try {
    misfit = game.checkOptions({ options: parsed.data, seats: input.seats as string[] });
  } catch (error) {
    return fail('INVALID_OPTIONS', 'options', error instanceof Error ? error.message : String(error));
  }
  if (misfit !== null) return fail('INVALID_OPTIONS', `options.${misfit.path}`, misfit.message);
  let structure: ReturnType<typeof readStructure>;
  try {
    structure = readStructure(game, parsed.data, input.seats as string[]);
  } catch (error) {
    return fail('INVALID_OPTIONS', 'options', error instanceof Error ? error.message : String(error));
  }
  if (!structure.ok) return fail('INVALID_OPTIONS', `options.${structure.path}`, structure.message);
  return {
    ok: true,
    opening: {
      table: input.table,
      seats: Object.freeze([...(input.seats as string[])]),
      seed,
      givenOptions: given as { [key: string]: JsonValue },
      options: parsed.data,
      structure: structure.plan,
    },
  };
}
