/**
 * The lobby (docs/server.md, "The lobby"): the tables opened to wait for players,
 * listed without a token; a player takes a free seat and gets its token, or
 * leaves it before the start; the table starts once every seat is taken. The
 * app token may free a seat or close a table that still waits. Every change
 * is one write to the store, so any process sees it and a restart keeps it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Answer, noTable, unknownSeat } from './answers.js';
import { who } from './auth.js';
import { botToAct } from './bots.js';
import type { Entry, LiveTables } from './liveTables.js';
import { freeSeats, playerSeats } from './playAs.js';
import { ROUTES, serve } from './routes.js';
import type { TableRecord, TableStore } from './store/tableStore.js';
import { openingWindow, tableOf } from './tableRoutes.js';
import { hashToken, newToken } from './tokens.js';

/** Tables the lobby lists at most, the newest first. */
export const LOBBY_LIMIT = 100;

/** The lobby's entry for a waiting table: what a player chooses a table by. */
function listed(record: TableRecord) {
  return {
    table: record.id,
    game: record.game,
    created: new Date(record.created).toISOString(),
    seats: record.seats,
    free: freeSeats(record),
    names: record.names,
    options: record.options,
    clock: record.clock,
    ...(record.bots !== null ? { bots: record.bots } : {}),
    spectators: record.spectators,
  };
}

const started = (entry: Entry) =>
  new Answer(
    409,
    'STARTED',
    `${entry.record.id} has started: its seats are settled (a player leaves the game with engine.leave)`,
  );

/** The table and seat a seat route names: 409 `NOT_IN_LOBBY` for a table not opened there, 404 `UNKNOWN_SEAT`. */
async function seatOf(tables: LiveTables, request: FastifyRequest): Promise<{ entry: Entry; seat: string }> {
  const entry = await tableOf(tables, request);
  const { seat } = request.params as { seat: string };
  if (!entry.record.lobby)
    throw new Answer(
      409,
      'NOT_IN_LOBBY',
      `${entry.record.id} was not opened in the lobby: its seats had their tokens at its creation`,
    );
  if (!entry.record.seats.includes(seat)) throw unknownSeat(entry.record, seat);
  return { entry, seat };
}

/** Registers the lobby's routes on `app`. */
export function registerLobbyRoutes(app: FastifyInstance, store: TableStore, tables: LiveTables): void {
  // Text the store cannot hold (U+0000, a lone surrogate) in `game` is refused as the query is read: it names no game.
  serve(app, ROUTES.lobby, async (_request, _reply, { query: { game } }) => {
    const records = await store.waitingTables(LOBBY_LIMIT, game);
    return { tables: records.map(listed) };
  });

  serve(app, ROUTES.takeSeat, async (request, reply, { body }) => {
    const { entry, seat } = await seatOf(tables, request);
    const { record } = entry;
    if (record.bots !== null && Object.hasOwn(record.bots, seat))
      throw new Answer(409, 'SEAT_TAKEN', `${seat} is played by the server's bot`);
    if (record.status !== 'waiting') throw started(entry);
    const token = newToken();
    const { table } = entry;
    const seating = await store.takeSeat(record.id, seat, hashToken(token), body.name ?? null, {
      needed: playerSeats(record),
      window: openingWindow(record.clock, table),
      botDue: botToAct(record.bots, table) !== null,
    });
    if (seating === 'no-table') throw noTable(record.id);
    if (seating === 'not-waiting') throw started(entry);
    if (seating === 'taken') throw new Answer(409, 'SEAT_TAKEN', `${seat} has a player already: take a free seat`);
    await tables.seating(entry);
    // The last seat taken: a bot that acts first plays once this has been answered.
    if (seating === 'started' && botToAct(record.bots, table) !== null) tables.wakeBots(record.id);
    return reply.code(201).send({ table: record.id, seat, token, started: seating === 'started' });
  });

  serve(app, ROUTES.leaveSeat, async (request, reply) => {
    const { entry, seat } = await seatOf(tables, request);
    const caller = who(request, entry.record);
    if (caller.kind === 'seat' && caller.seat !== seat)
      throw new Answer(403, 'FORBIDDEN', `this token is ${caller.seat}'s: it may not free ${seat}`);
    if (entry.record.status !== 'waiting') throw started(entry);
    const held = entry.record.seatTokens[seat];
    const free = new Answer(409, 'SEAT_FREE', `${seat} has no player to leave it`);
    if (held === undefined) throw free;
    // Only the token that holds the seat now is removed: a seat left and taken again meanwhile keeps its new player.
    const leaving = await store.leaveSeat(entry.record.id, seat, held);
    if (leaving === 'no-table') throw noTable(entry.record.id);
    if (leaving === 'not-waiting') throw started(entry);
    if (leaving === 'not-holder') throw free;
    await tables.seating(entry);
    return reply.code(204).send();
  });

  serve(app, ROUTES.closeTable, async (request, reply) => {
    const entry = await tableOf(tables, request);
    const caller = who(request, entry.record);
    if (caller.kind !== 'app') throw new Answer(403, 'FORBIDDEN', 'only the app token closes a table');
    if (!entry.record.lobby)
      throw new Answer(
        409,
        'NOT_IN_LOBBY',
        `${entry.record.id} was not opened in the lobby: only a table waiting there is closed`,
      );
    if (entry.record.status !== 'waiting') throw started(entry);
    const closed = await store.closeTable(entry.record.id);
    const after = await tables.seating(entry);
    // Not closed: another request started or closed it meanwhile.
    if (!closed) throw after === null ? noTable(entry.record.id) : started(entry);
    return reply.code(204).send();
  });
}
