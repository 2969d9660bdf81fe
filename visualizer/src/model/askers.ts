/**
 * What the page needs to offer the bots before any is asked: the kinds, the
 * fields and how they are read, and the seeding rule. The bots themselves
 * (bots.ts) load when step or play first asks one.
 */
import { type Move, seededRandom, type Table } from 'plystack';

export type BotKind = 'random-move' | 'random' | 'mcts';

export const BOT_KINDS: readonly { readonly kind: BotKind; readonly label: string }[] = [
  { kind: 'random-move', label: 'random legal move' },
  { kind: 'random', label: 'random bot' },
  { kind: 'mcts', label: 'MCTS bot' },
];

/** The MCTS bot's iterations: what the page starts with, and the most it accepts (a search must end in seconds). */
export const ITERATIONS = { initial: 200, min: 1, max: 5000 } as const;
const SEED_CHARS = 64;

/** What the page asks, once its fields are read. */
export type Asker =
  | { readonly kind: 'random-move' }
  | { readonly kind: 'random'; readonly seed: string }
  | { readonly kind: 'mcts'; readonly seed: string; readonly iterations: number };

/** The fields as typed. */
export interface AskerFields {
  readonly kind: BotKind;
  readonly seed: string;
  readonly iterations: string;
}

/**
 * The asker the fields describe, or why they cannot be used (a sentence for the page).
 *
 * @example
 * readAsker({ kind: 'mcts', seed: '1', iterations: '200' }) // { kind: 'mcts', seed: '1', iterations: 200 }
 * readAsker({ kind: 'mcts', seed: '1', iterations: 'lots' }) // 'iterations: a whole number from 1 to 5000, not "lots"'
 */
export function readAsker(fields: AskerFields): Asker | string {
  if (fields.kind === 'random-move') return { kind: 'random-move' };
  const seed = fields.seed.trim();
  if (seed === '') return 'seed: give one (a number or a word): the same seed makes the same moves again';
  if (seed.length > SEED_CHARS) return `seed: at most ${SEED_CHARS} characters`;
  if (fields.kind === 'random') return { kind: 'random', seed };
  const text = fields.iterations.trim();
  const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= ITERATIONS.min && n <= ITERATIONS.max))
    return `iterations: a whole number from ${ITERATIONS.min} to ${ITERATIONS.max}, not ${JSON.stringify(text.slice(0, 20))}`;
  return { kind: 'mcts', seed, iterations: n };
}

/** A short name of what the asker is, for the page's status line. */
export function askerName(asker: Asker): string {
  if (asker.kind === 'random-move') return 'random legal move';
  return asker.kind === 'random'
    ? `random bot, seed ${asker.seed}`
    : `MCTS bot, ${asker.iterations} iterations, seed ${asker.seed}`;
}

/** The seat a bot plays for at this position (one drawn from the seed when several may act), or null when none may. */
export function seatToAct(table: Table, seed: string): string | null {
  const seats = table.toAct();
  if (seats.length <= 1) return seats[0] ?? null;
  return seats[seededRandom(`${seed}:${table.log.moves.length}:seat`).int(0, seats.length - 1)] as string;
}

/** The seed of the bot that makes the table's next move. */
export const moveSeed = (table: Table, seed: string) => `${seed}:${table.log.moves.length}`;

/** What the page sends the worker: the table as its persisted snapshot, and the search to run. */
export interface BotRequest {
  readonly id: number;
  readonly game: string;
  readonly persisted: unknown;
  readonly seat: string;
  readonly seed: string;
  readonly iterations: number;
}

/** What the worker answers: the move chosen (null when the seat has none), or why it could not choose. */
export type BotAnswer =
  | { readonly id: number; readonly move: Move | null }
  | { readonly id: number; readonly error: string };
