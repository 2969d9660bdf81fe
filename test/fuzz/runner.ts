/**
 * A small seeded fuzz runner shared by the fuzz targets under test/fuzz.
 *
 * A target makes a case from a random source and checks it. Case `i` of a run
 * is made from its own source seeded with `seed` and `i`, so a failure names
 * the seed and the case, and `PLYSTACK_FUZZ_SEED=S PLYSTACK_FUZZ_CASE=I`
 * replays exactly that case. In `npm test` each target runs for a short
 * budget; `npm run fuzz -- --seconds 60 [--seed S]` runs each for longer.
 *
 * @example
 * fuzzTest('moves', { make: (random) => randomMove(random), check: (move) => playAndCompare(move) })
 */
import { it } from 'vitest';

/** A seeded source of random choices. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A string of `length` characters drawn from `alphabet`. */
  string(length: number, alphabet?: string): string;
  /** `length` random bytes. */
  bytes(length: number): Uint8Array;
  /** A size drawn on a log scale up to `max`: small sizes often, large ones sometimes. */
  size(max: number): number;
}

/**
 * A seeded random source (mulberry32: small, fast, and the same everywhere).
 *
 * @example
 * const random = seeded(7); random.int(10) // the same every run
 */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]) => items[int(items.length)] as T,
    string(length, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789:._-') {
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[int(alphabet.length)];
      return text;
    },
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = int(256);
      return out;
    },
    size: (max) => Math.min(max, Math.floor(Math.exp(next() * Math.log(max + 1))) - 1 + int(2)),
  };
}

/** A fuzz target: how to make a case, and how to check it (throw or reject on a finding). */
export interface FuzzTarget<Case> {
  make(random: Random, index: number): Case;
  check(input: Case, index: number): void | Promise<void>;
  /** A short description of a case for a failure message (default: its JSON, cut). */
  describe?(input: Case): string;
}

/** How long and from where a run goes. */
export interface FuzzBudget {
  readonly seed: number;
  readonly seconds: number;
  /** Only this case (replaying a failure). */
  readonly only?: number;
  /** At most this many cases. */
  readonly maxCases?: number;
}

/** What a run did. */
export interface FuzzReport {
  readonly seed: number;
  readonly cases: number;
}

/** The budget from the environment (`PLYSTACK_FUZZ_SECONDS`, `PLYSTACK_FUZZ_SEED`, `PLYSTACK_FUZZ_CASE`), else the defaults. */
export function budgetFromEnv(defaultSeconds: number, defaultSeed = 20_261_130): FuzzBudget {
  const number = (name: string) => {
    const value = process.env[name];
    return value === undefined || value === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);
  };
  const only = number('PLYSTACK_FUZZ_CASE');
  return {
    seed: number('PLYSTACK_FUZZ_SEED') ?? defaultSeed,
    seconds: number('PLYSTACK_FUZZ_SECONDS') ?? defaultSeconds,
    ...(only !== undefined ? { only } : {}),
  };
}

/**
 * Runs `target` case after case until the budget is spent (always at least
 * one case). Throws on the first finding, naming the seed and the case.
 */
export async function runFuzz<Case>(name: string, target: FuzzTarget<Case>, budget: FuzzBudget): Promise<FuzzReport> {
  const until = Date.now() + budget.seconds * 1_000;
  let cases = 0;
  for (let index = budget.only ?? 0; ; index++) {
    const input = target.make(seeded((budget.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0), index);
    try {
      await target.check(input, index);
    } catch (error) {
      const shown = target.describe?.(input) ?? (JSON.stringify(input) ?? String(input)).slice(0, 500);
      const finding = new Error(
        `fuzz ${name}: case ${index} of seed ${budget.seed} failed (replay: PLYSTACK_FUZZ_SEED=${budget.seed} PLYSTACK_FUZZ_CASE=${index}): ${(error as Error).message ?? String(error)}\n  case: ${shown}`,
      );
      finding.cause = error;
      throw finding;
    }
    cases++;
    if (budget.only !== undefined || Date.now() >= until || (budget.maxCases !== undefined && cases >= budget.maxCases))
      break;
  }
  return { seed: budget.seed, cases };
}

/**
 * A vitest test that runs `target` for its budget: `defaultSeconds` in
 * `npm test`, or what `npm run fuzz` sets.
 */
export function fuzzTest<Case>(
  name: string,
  target: FuzzTarget<Case>,
  options: { defaultSeconds: number; minCases?: number },
): void {
  const budget = budgetFromEnv(options.defaultSeconds);
  it(
    `${name} (seed ${budget.seed}, ${budget.seconds} s)`,
    async () => {
      const report = await runFuzz(name, target, budget);
      if (process.env.PLYSTACK_FUZZ_SECONDS !== undefined)
        process.stdout.write(`fuzz ${name}: ${report.cases} cases, seed ${report.seed}\n`);
      // A budget that ran out before a handful of cases tested nothing much: say so rather than pass quietly.
      if (budget.only === undefined && report.cases < (options.minCases ?? 1))
        throw new Error(`fuzz ${name}: only ${report.cases} cases in ${budget.seconds} s`);
    },
    (budget.seconds + 60) * 1_000,
  );
}
