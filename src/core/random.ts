/**
 * Seeded randomness. The seed is the only source of randomness a table has; it
 * is drawn from the system's secure source when the caller gives none, and then
 * written into the log so a replay draws the same numbers. The secure source is
 * Web Crypto (`globalThis.crypto`), which Node 20 and every browser have, so
 * the core needs no Node built-in.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A table's seed: an integer or a text. */
export type Seed = number | string;

/** A random source for a game's setup. */
export interface Random {
  /** A uniform integer in [from, to], both included. */
  int(from: number, to: number): number;
  /** A shuffled copy of `items`; the input is left as it was. */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * A fresh seed from the system's secure source.
 *
 * @example
 * const seed = secureSeed() // e.g. 2810930517
 */
export function secureSeed(): number {
  const [seed] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return seed as number;
}

/** FNV-1a over the UTF-16 code units: a text seed becomes a 32-bit integer. */
function seedNumber(seed: Seed): number {
  if (typeof seed === 'number') return seed | 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * A deterministic random source for `seed` (xoroshiro128+ from pure-rand).
 *
 * @example
 * seededRandom(42).shuffle(['a', 'b', 'c']) // the same order every time for seed 42
 */
export function seededRandom(seed: Seed): Random {
  const rng = xoroshiro128plus(seedNumber(seed));
  return {
    int: (from, to) => uniformInt(rng, from, to),
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = uniformInt(rng, 0, i);
        const held = out[i] as T;
        out[i] = out[j] as T;
        out[j] = held;
      }
      return out;
    },
  };
}
