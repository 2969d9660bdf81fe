/**
 * The fast path alone, for `node --cpu-prof`: plays the 2-seat stream (or
 * `--seats=4`, `--every=11`) of `--plies=N` plies (default 100k) on
 * `table.simulate()` of a fresh table, after a 20k-ply warm-up.
 *
 *   npx tsc -p bench/tsconfig.json
 *   node --cpu-prof --cpu-prof-dir=bench/profiles bench/.build/bench/profileFast.js
 *   node bench/.build/bench/topSelf.js bench/profiles/<file>.cpuprofile
 */
import { plystack } from './contestants.js';
import { makeStream, SEATS_2, SEATS_4 } from './streams.js';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seats = arg('seats', 2) === 4 ? SEATS_4 : SEATS_2;
const plies = arg('plies', 100_000);
const stream = makeStream(seats, plies, arg('every', 7));
const playOn = (count: number) => {
  const opened = plystack.open(seats);
  const copy = opened.table.simulate();
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) if (!copy.tryPlay(stream[i]).ok) throw new Error(`the fast path refused move ${i}`);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  opened.stop();
  return { ms, cpuMs: (used.user + used.system) / 1000 };
};
playOn(Math.min(20_000, plies));
const { ms, cpuMs } = playOn(plies);
process.stdout.write(
  `fast path: ${plies} plies, ${seats.length} seats in ${ms.toFixed(0)} ms (${((plies / ms) * 1000).toFixed(0)} plies/s; CPU ${cpuMs.toFixed(0)} ms)\n`,
);
