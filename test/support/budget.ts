/**
 * How many runs a property test makes. `npm test` makes the CI budget: enough
 * to find what a change commonly breaks, in a few seconds. `npm run fuzz` sets
 * PLYSTACK_PROPERTY_RUNS=long and each property makes its long budget; a
 * number there (`PLYSTACK_PROPERTY_RUNS=500`) makes that many runs of each.
 *
 * @example
 * test.prop([arb], { numRuns: propertyRuns(30, 100) })('…', (x) => …)
 */
export function propertyRuns(ci: number, long: number): number {
  const asked = process.env.PLYSTACK_PROPERTY_RUNS;
  if (asked === undefined || asked === '') return ci;
  if (asked === 'long') return long;
  const runs = Number(asked);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`PLYSTACK_PROPERTY_RUNS: "long" or a whole number of runs, not "${asked}"`);
  return runs;
}
