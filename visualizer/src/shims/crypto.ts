/**
 * The browser's stand-in for `node:crypto` in plystack's sources: only
 * `randomInt`, for a seed when a table opens without one.
 */
export function randomInt(min: number, max: number): number {
  const span = max - min;
  const word = new Uint32Array(2);
  globalThis.crypto.getRandomValues(word);
  // 53 random bits, scaled: the bias is far below anything a seed could notice
  const unit = ((word[0] as number) * 2 ** 21 + ((word[1] as number) >>> 11)) / 2 ** 53;
  return min + Math.floor(unit * span);
}
