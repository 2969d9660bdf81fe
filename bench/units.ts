/** How the benchmark writes its figures: rates, durations, sizes, ratios and ply counts, short and readable. */

export function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}
export function duration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}
export function bytes(n: number): string {
  if (Math.abs(n) >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (Math.abs(n) >= 1e3) return `${(n / 1e3).toFixed(1)} KB`;
  return `${n.toFixed(0)} B`;
}
export function times(ratio: number): string {
  return ratio >= 10 ? `${ratio.toFixed(0)}×` : ratio >= 1 ? `${ratio.toFixed(1)}×` : `${ratio.toFixed(3)}×`;
}
export function plies(n: number): string {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n);
}
