/**
 * What a seed may be, read by tables and logs alike. Apart from the random
 * source (random.ts), which loads no schema library: the bots load that alone.
 */
import { z } from './schema.js';

/** What a seed may be, as a refusal says it. */
export const SEED_RULE = 'a seed is an integer or a text of 1 to 256 characters';

/** A seed as tables and logs read it: a safe integer, or a text of 1 to 256 characters. */
export const seedSchema = z.union([
  z.int().check(z.gte(Number.MIN_SAFE_INTEGER), z.lte(Number.MAX_SAFE_INTEGER)),
  z.string().check(z.minLength(1), z.maxLength(256)),
]);
