/**
 * The plystack contestant alone, for `node --cpu-prof`: plays the 2-seat
 * stream (or `--seats=4`, `--every=11`) of `--plies=N` plies (default 100k)
 * through `createTable` + `play`, after a 20k-ply warm-up table.
 *
 *   npx tsc -p bench/tsconfig.json
 *   node --cpu-prof --cpu-prof-dir=bench/profiles bench/.build/bench/profile.js
 *   node bench/.build/bench/topSelf.js bench/profiles/<file>.cpuprofile
 */
import { plystack } from './contestants.js';
import { makeStream, SEATS_2, SEATS_4 } from './streams.js';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seats = arg('seats', 2) === 4 ? SEATS_4 : SEATS_2;
const plies = arg('plies', 100_000);
const stream = makeStream(seats, plies, arg('every', 7));
plystack.open(seats).play(stream.slice(0, Math.min(20_000, plies)));
const run = plystack.open(seats);
const start = performance.now();
const cpu = process.cpuUsage();
run.play(stream);
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
process.stdout.write(
  `plystack: ${plies} plies, ${seats.length} seats in ${ms.toFixed(0)} ms (${((plies / ms) * 1000).toFixed(0)} events/s; CPU ${cpuMs.toFixed(0)} ms, ${((plies / cpuMs) * 1000).toFixed(0)} events/CPU-s)\n`,
);
