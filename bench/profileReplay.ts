/**
 * `replay(log)` alone, for `node --cpu-prof`: a log of `--plies=N` plies
 * (default 100k) of the 2-seat priority stream, written to JSON and parsed
 * back, replayed after a warm-up replay of 20k plies. `--log=FILE` keeps the
 * long log in FILE and reads it from there next time, so that a profile
 * holds the replay alone.
 *
 *   npx tsc -p bench/tsconfig.json
 *   node --cpu-prof --cpu-prof-dir=bench/profiles bench/.build/bench/profileReplay.js
 *   node bench/.build/bench/topSelf.js bench/profiles/<file>.cpuprofile
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../src/index.js';
import { plystack } from './contestants.js';
import { benchGames } from './game.js';
import { makeStream, SEATS_2 } from './streams.js';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const plies = arg('plies', 100_000);
const logOf = (count: number): string => {
  const run = plystack.open(SEATS_2);
  run.play(makeStream(SEATS_2, count, 7));
  const text = JSON.stringify(run.table.log);
  run.stop();
  return text;
};
const timedReplay = (text: string) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const table = replay(JSON.parse(text), { games: benchGames });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  table.stop();
  return { ms, cpuMs: (used.user + used.system) / 1000 };
};
timedReplay(logOf(Math.min(20_000, plies)));
const file = process.argv.find((a) => a.startsWith('--log='))?.slice('--log='.length);
if (file !== undefined && !existsSync(file)) writeFileSync(file, logOf(plies));
const { ms, cpuMs } = timedReplay(file === undefined ? logOf(plies) : readFileSync(file, 'utf8'));
process.stdout.write(
  `replay: ${plies} plies in ${ms.toFixed(0)} ms (${((plies / ms) * 1000).toFixed(0)} plies/s; CPU ${cpuMs.toFixed(0)} ms)\n`,
);
