/**
 * The turn rules object: how a game (or one of its game phases) hands the turn
 * from seat to seat. Every rules object declares its activation strategy;
 * one without a declaration is refused, never given a silent default
 * (`plystack migrate-rules` adds `{ "strategy": "PerRound" }` to old files).
 */
import { z } from 'zod';

/** Circular's settings (seed 002). */
export const circularSchema = z
  .object({
    initialDirection: z.enum(['Forward', 'Reverse']).default('Forward'),
    firstActor: z.enum(['RunOwner', 'FirstInOrder']).default('FirstInOrder'),
    roundPolicy: z.enum(['Disabled', 'ActivationCount']).default('ActivationCount'),
    /** Finished activations per round under ActivationCount; the initial order's size when absent. */
    activationsPerRound: z.number().int().min(1).max(10_000).optional(),
    allowSelfSuccessor: z.boolean().default(false),
  })
  .strict();

const common = {
  /**
   * The revision of this rules content (1 when absent): `plystack migrate-rules --write` gives the rules it migrates
   * the next one, and a table's log records the revision it was opened with.
   */
  revision: z.number().int().min(1).max(1_000_000).optional(),
  /** A seat's turn ends by itself after this many game moves. */
  movesPerTurn: z.number().int().min(1).max(1000).optional(),
  /** A seat may end its turn (engine.end-turn) only once it has made this many game moves in it; at most movesPerTurn. */
  minMovesPerTurn: z.number().int().min(1).max(1000).optional(),
  /** Move types any seat may make at any time; they do not count in the turn. */
  outOfTurn: z.array(z.string().min(1).max(128)).max(100).optional(),
};

/** The turn rules object, one shape per strategy. */
export const turnRulesSchema = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('PerRound'), ...common }).strict(),
  z.object({ strategy: z.literal('Circular'), circular: circularSchema.prefault({}), ...common }).strict(),
  z.object({ strategy: z.literal('Initiative'), ...common }).strict(),
  z.object({ strategy: z.literal('Simultaneous'), ...common }).strict(),
  z.object({ strategy: z.literal('Free'), ...common }).strict(),
]);

export type TurnRules = z.output<typeof turnRulesSchema>;
export type Strategy = TurnRules['strategy'];
export type CircularRules = z.output<typeof circularSchema>;

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
  const parsed = turnRulesSchema.safeParse(raw);
  if (parsed.success) {
    const minimum = minimumProblem(parsed.data);
    return minimum === null
      ? { ok: true, rules: parsed.data }
      : { ok: false, path: 'minMovesPerTurn', message: minimum };
  }
  const issue = parsed.error.issues[0];
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
