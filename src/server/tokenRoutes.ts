/**
 * Tokens replaced (docs/server.md, "Replacing a token"): the app token gives a
 * seat a new token, or itself a new one; the old token is refused from then on
 * (401 `UNAUTHORIZED`), on HTTP and on the stream, whose sockets opened with it
 * are closed (4401). The store holds the new token's hash in one write, so
 * every process and a restart refuse the old one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Answer, noTable, unknownSeat } from './answers.js';
import { who } from './auth.js';
import type { Entry, LiveTables } from './liveTables.js';
import { ROUTES, serve } from './routes.js';
import type { TableStore } from './store/tableStore.js';
import { tableOf } from './tableRoutes.js';
import { hashToken, newToken } from './tokens.js';

/** The table a token route names, for the app token alone (403 `FORBIDDEN` for a seat's). */
async function appsTable(tables: LiveTables, request: FastifyRequest): Promise<Entry> {
  const entry = await tableOf(tables, request);
  if (who(request, entry.record).kind !== 'app')
    throw new Answer(403, 'FORBIDDEN', "only the app token replaces a table's tokens");
  return entry;
}

/** Registers the token routes on `app`. */
export function registerTokenRoutes(app: FastifyInstance, store: TableStore, tables: LiveTables): void {
  serve(app, ROUTES.newSeatToken, async (request, reply) => {
    const entry = await appsTable(tables, request);
    const { record } = entry;
    const { seat } = request.params as { seat: string };
    if (!record.seats.includes(seat)) throw unknownSeat(record, seat);
    if (record.bots !== null && Object.hasOwn(record.bots, seat))
      throw new Answer(409, 'BOT_SEAT', `${seat} is played by the server's bot: it has no token`);
    const token = newToken();
    const replaced = await store.replaceToken(record.id, seat, hashToken(token));
    if (replaced === 'no-table') throw noTable(record.id);
    if (replaced === 'no-seat')
      throw new Answer(409, 'SEAT_FREE', `${seat} has no player in the lobby: a player takes it with its own token`);
    await tables.retoken(record.id);
    return reply.code(201).send({ table: record.id, seat, token });
  });

  serve(app, ROUTES.newAppToken, async (request, reply) => {
    const { record } = await appsTable(tables, request);
    const appToken = newToken();
    if ((await store.replaceToken(record.id, null, hashToken(appToken))) === 'no-table') throw noTable(record.id);
    await tables.retoken(record.id);
    return reply.code(201).send({ table: record.id, appToken });
  });
}
