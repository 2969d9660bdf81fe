/**
 * Bearer tokens: 256 random bits each, shown once when a table is created and
 * stored only as SHA-256 hashes (a token this long needs no slow hash).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A new token: 32 random bytes, base64url.
 *
 * @example
 * newToken().length // 43
 */
export function newToken(): string {
  // A token that began with '-' would be read as an option on a command line (`--token -W…`): drawn again, it never does.
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}

/** The stored form of a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` hashes to `hash`, in time that does not depend on where they differ. */
export function tokenMatches(token: string, hash: string): boolean {
  return hashesMatch(hashToken(token), hash);
}

/** Whether two stored forms are the same, in time that does not depend on where they differ. */
export function hashesMatch(hashed: string, hash: string): boolean {
  const a = Buffer.from(hashed, 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
