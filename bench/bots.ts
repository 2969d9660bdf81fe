/**
 * `npm run bench:bots [-- --iterations N] [--runs R]`: MCTS iterations per
 * second on the same small game (tic-tac-toe from the empty board), plystack's
 * `mctsBot` on `table.simulate()` beside boardgame.io 0.50.2's `MCTSBot`, the
 * same iterations and playout depth, in one run (bench/mcts.ts; `npm run
 * bench` takes the same figure). Prints a table and writes
 * bench/bots-results.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEPTH, timeMcts } from './mcts.js';

const { values } = parseArgs({
  options: { iterations: { type: 'string' }, runs: { type: 'string' }, out: { type: 'string' } },
});
const iterations = Number(values.iterations ?? 2000);
const runs = Number(values.runs ?? 3);
const results = await timeMcts(iterations, runs);
process.stdout.write(`MCTS on tic-tac-toe, ${iterations} iterations, playout depth ${DEPTH}, best of ${runs}\n`);
process.stdout.write(
  `plystack mctsBot on table.simulate()   ${results.plystack.iterationsPerSecond.toFixed(0)} iterations/s\n`,
);
process.stdout.write(
  `boardgame.io 0.50.2 MCTSBot            ${results.boardgameio.iterationsPerSecond.toFixed(0)} iterations/s\n`,
);
process.stdout.write(`plystack / boardgame.io                 ${results.ratio.toFixed(2)}×\n`);
const out = values.out ?? join(process.cwd(), 'bench', 'bots-results.json');
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`written: ${out}\n`);
