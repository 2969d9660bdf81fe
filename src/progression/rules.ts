/**
 * The turn rules object: how a game (or one of its game phases) hands the turn
 * from seat to seat. Every rules object declares its activation strategy;
 * one without a declaration is refused, never given a silent default
 * (`plystack migrate-rules` adds `{ "strategy": "PerRound" }` to old files).
 */
import { parseSchema, type SchemaOutput, z } from '../core/schema.js';

/** A whole number from 1 to `most`. */
function count(most: number) {
  return z.int().check(z.gte(1), z.lte(most));
}

/** Circular's settings: the activation sequence with reversal and skips. */
export const circularSchema = z.strictObject({
  initialDirection: z._default(z.enum(['Forward', 'Reverse']), 'Forward'),
  firstActor: z._default(z.enum(['RunOwner', 'FirstInOrder']), 'FirstInOrder'),
  roundPolicy: z._default(z.enum(['Disabled', 'ActivationCount']), 'ActivationCount'),
  /** Finished activations per round under ActivationCount; the initial order's size when absent. */
  activationsPerRound: z.optional(count(10_000)),
  allowSelfSuccessor: z._default(z.boolean(), false),
});

const common = {
  /**
   * The revision of this rules content (1 when absent): `plystack migrate-rules --write` gives the rules it migrates
   * the next one, and a table's log records the revision it was opened with.
   */
  revision: z.optional(count(1_000_000)),
  /** A seat's turn ends by itself after this many game moves. */
  movesPerTurn: z.optional(count(1000)),
  /** A seat may end its turn (engine.end-turn) only once it has made this many game moves in it; at most movesPerTurn. */
  minMovesPerTurn: z.optional(count(1000)),
  /** Move types any seat may make at any time; they do not count in the turn. */
  outOfTurn: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(100))),
};

/** The turn rules object, one shape per strategy. */
export const turnRulesSchema = z.discriminatedUnion('strategy', [
  z.strictObject({
    strategy: z.literal('PerRound'),
    /**
     * Who acts first as the phase begins (unless the table names a first seat or the game's order does): the first
     * seat in order (the default), or the seat after the one whose turn ended the game phase before.
     */
    firstActor: z.optional(z.enum(['FirstInOrder', 'AfterLastActor'])),
    ...common,
  }),
  z.strictObject({ strategy: z.literal('Circular'), circular: z.prefault(circularSchema, {}), ...common }),
  z.strictObject({ strategy: z.literal('Initiative'), ...common }),
  z.strictObject({ strategy: z.literal('Simultaneous'), ...common }),
  z.strictObject({ strategy: z.literal('Free'), ...common }),
]);

export type TurnRules = SchemaOutput<typeof turnRulesSchema>;
export type Strategy = TurnRules['strategy'];
export type CircularRules = SchemaOutput<typeof circularSchema>;

/** The strategies a rules object may declare. */
export const STRATEGIES: readonly Strategy[] = ['PerRound', 'Circular', 'Initiative', 'Simultaneous', 'Free'];

/**
 * Reads a turn rules object. A missing `strategy` is refused with a message
 * that says how to fix it.
 *
 * @example
 * readTurnRules({ strategy: 'Circular', circular: { allowSelfSuccessor: true } }) // { ok: true, rules: {...} }
 * readTurnRules({ movesPerTurn: 2 }) // { ok: false, path: 'strategy', message: 'every rules object declares ...' }
 */
export function readTurnRules(
  raw: unknown,
): { ok: true; rules: TurnRules } | { ok: false; path: string; message: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, path: '', message: 'turn rules are an object { strategy, ... }' };
  if (!('strategy' in raw)) {
    return {
      ok: false,
      path: 'strategy',
      message: `every rules object declares its activation strategy (${STRATEGIES.join(', ')}); there is no default: add "strategy": "PerRound" for the plain cycle, or run plystack migrate-rules --write`,
    };
  }
  const parsed = parseSchema(turnRulesSchema, raw);
  if (parsed.success) {
    const minimum = minimumProblem(parsed.data);
    return minimum === null
      ? { ok: true, rules: parsed.data }
      : { ok: false, path: 'minMovesPerTurn', message: minimum };
  }
  const issue = parsed.issues[0];
  return { ok: false, path: issue?.path.join('.') ?? '', message: issue?.message ?? 'not turn rules' };
}

/** Why a rules object's minMovesPerTurn cannot hold, or null: a turn that ends by itself sooner, or no turn to end. */
function minimumProblem(rules: TurnRules): string | null {
  const { minMovesPerTurn: minimum, movesPerTurn } = rules;
  if (minimum === undefined) return null;
  if (rules.strategy === 'Free')
    return 'a Free phase has no turn to end, so no minimum number of moves before ending it';
  if (movesPerTurn !== undefined && minimum > movesPerTurn)
    return `is ${minimum}, more than movesPerTurn (${movesPerTurn}): the turn would end by itself before a seat could make them`;
  return null;
}

/**
 * The rules revision of a structure's game phases: the highest revision any
 * of their rules objects declares (1 when none does). A table's log records
 * it, and a log replays only against rules of the same revision.
 *
 * @example
 * rulesRevision([{ strategy: 'PerRound' }, { strategy: 'Free', revision: 2 }]) // 2
 */
export function rulesRevision(rules: readonly Pick<TurnRules, 'revision'>[]): number {
  return rules.reduce((highest, r) => Math.max(highest, r.revision ?? 1), 1);
}

/**
 * The rules revision of a table's structure: what its log records as `rulesRevision`.
 *
 * @example
 * structureRevision(table.context.opening.structure) // 1, unless the game's rules declare another
 */
export function structureRevision(structure: {
  readonly phases: readonly { readonly rules: Pick<TurnRules, 'revision'> }[];
}): number {
  return rulesRevision(structure.phases.map((phase) => phase.rules));
}
