/**
 * How late the table server's clocks fire under many tables: `npm run bench:clocks [-- [--postgres] 100 300]`. For
 * each count, a server on the memory store (or with `--postgres`, on a PostgreSQL of its own) opens that many tables with a 1 s move clock that nobody plays at, lets the clocks run
 * out for a few seconds, then reads each table's log: each timeout move's lateness is its commit time less its deadline
 * (the previous move's commit time, or the table's start, plus 1 s). Prints mean, p50, p99 and max lateness.
 */
import { connect } from '../src/client/index.js';
import { startServer } from '../src/server/index.js';
import { type PgCluster, startPostgres } from '../test/server/support/postgres.js';

const CLOCK_MS = 1000;
const RUN_MS = 6000;

async function lateness(count: number, pg: PgCluster | null): Promise<number[]> {
  const server = await startServer({
    port: 0,
    ...(pg === null ? { memory: true } : { database: await pg.database(`clocks${count}`) }),
    process: `clocks-${count}`,
    rateLimit: { max: 1_000_000, windowMs: 10_000 },
  });
  try {
    const anyone = connect(server.url);
    const created = await Promise.all(
      Array.from({ length: count }, () =>
        anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], clock: { per: 'move', ms: CLOCK_MS } }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    const late: number[] = [];
    for (const { table, appToken } of created) {
      const log = await connect(server.url, appToken).log(table);
      let previous = Date.parse(log.started);
      for (const [index, time] of log.times.entries()) {
        const at = Date.parse(time);
        if (log.timeouts.includes(index)) late.push(at - (previous + CLOCK_MS));
        previous = at;
      }
    }
    return late;
  } finally {
    await server.close();
  }
}

const args = process.argv.slice(2);
const pg = args.includes('--postgres') ? await startPostgres() : null;
const counts = args.filter((arg) => arg !== '--postgres').map(Number);
for (const count of counts.length > 0 ? counts : [100, 300]) {
  const late = (await lateness(count, pg)).sort((a, b) => a - b);
  const at = (q: number) => late[Math.min(late.length - 1, Math.floor(q * late.length))] ?? Number.NaN;
  const mean = late.reduce((sum, ms) => sum + ms, 0) / Math.max(1, late.length);
  console.log(
    `${pg === null ? 'memory' : 'PostgreSQL'}, ${count} tables, ${CLOCK_MS} ms clocks: ${late.length} timeouts fired in ${RUN_MS} ms; late by mean ${mean.toFixed(0)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
}
pg?.destroy();
