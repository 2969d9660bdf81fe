/**
 * The HTTP routes of tables: create one, read it as the token's viewer may see
 * it, ask its legal moves, play a move, fetch its log; and the server's own
 * `/health` and `/openapi.json`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidTable } from '../core/errors.js';
import { isValidId } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { size } from '../log/plyLog.js';
import { createTable, type Table } from '../table/table.js';
import { Answer, noTable } from './answers.js';
import { actor, checkCreateToken, reader, viewerOf, who } from './auth.js';
import { type BotSpec, botToAct } from './bots.js';
import { type ClockSpec, clockWindow } from './clock.js';
import type { Entry, LiveTables } from './liveTables.js';
import { openApiDocument } from './openapi.js';
import { freeSeats, notStarted, playAs } from './playAs.js';
import { ROUTES, serve } from './routes.js';
import type { TableRecord, TableStore } from './store/tableStore.js';
import { hashToken, newToken } from './tokens.js';
import { viewOf } from './view.js';

/** What the routes work with. */
export interface TableRoutes {
  readonly store: TableStore;
  readonly tables: LiveTables;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly processId: string;
  readonly createToken: string | undefined;
}

/**
 * The live table a request's `:table` names, brought up to date with the store (its seating too, while it waits in the
 * lobby), or a 404.
 */
export async function tableOf(tables: LiveTables, request: FastifyRequest): Promise<Entry> {
  const { table } = request.params as { table: string };
  // An id no table can have (U+0000 in it, say) is not looked for.
  const live = isValidId(table) ? await tables.get(table) : null;
  const entry = live === null ? null : await tables.seating(live);
  if (entry === null) throw noTable(table);
  return tables.current(entry);
}

/**
 * The clock window a table starts in, at its creation or, opened in the lobby, when its last seat is taken: a chess
 * clock runs out when the first bank of a seat to act does; a turn or move clock as its window says.
 */
export function openingWindow(clock: ClockSpec | null, table: Table): { key: string; ms: number } | null {
  if (clock?.per === 'seat') return table.toAct().length > 0 ? { key: 'seat', ms: clock.bank } : null;
  return clockWindow(clock, table);
}

/** What a reading says of a table's seating: for a table opened in the lobby, whether it waits, its free seats, its names. */
export function seatingOf(record: TableRecord) {
  return { waiting: record.status === 'waiting', free: freeSeats(record), names: record.names };
}

/** A clocked table's clock for a reading: its deadline, and a chess clock's banks (as of `since`) and what is left of them now. */
async function clockOf(store: TableStore, entry: Entry): Promise<Record<string, unknown>> {
  const { clock } = entry.record;
  const now = await store.clock(entry.record.id);
  if (clock === null || now === null) return {};
  const deadline = now.deadline === null ? null : new Date(now.deadline).toISOString();
  if (clock.per !== 'seat' || now.banks === null) return { ...clock, deadline };
  const running = now.deadline === null ? [] : entry.table.toAct();
  const remaining = Object.fromEntries(
    Object.entries(now.banks).map(([seat, bank]) => [
      seat,
      running.includes(seat) ? Math.max(0, bank - (now.now - now.since)) : bank,
    ]),
  );
  return { ...clock, deadline, since: new Date(now.since).toISOString(), banks: now.banks, remaining, running };
}

/** Registers the table routes on `app`. */
export function registerTableRoutes(
  app: FastifyInstance,
  { store, tables, games, processId, createToken }: TableRoutes,
) {
  serve(app, ROUTES.openapi, async () => openApiDocument);
  serve(app, ROUTES.health, async (_request, reply) => {
    await store.ping();
    return reply.send({ ok: true, store: store.kind, process: processId });
  });

  serve(
    app,
    ROUTES.createTable,
    async (_request, reply, { body }) => {
      const game = games[body.game];
      if (game === undefined || !Object.hasOwn(games, body.game)) {
        throw new Answer(
          400,
          'UNKNOWN_GAME',
          `no game ${JSON.stringify(body.game)}; known: ${Object.keys(games).join(', ')}`,
          { path: 'game' },
        );
      }
      const bots: Record<string, BotSpec> | null =
        body.bots === undefined || Object.keys(body.bots).length === 0 ? null : body.bots;
      for (const seat of Object.keys(bots ?? {}))
        if (!body.seats.includes(seat))
          throw new Answer(400, 'BAD_REQUEST', `bots.${seat}: not a seat of the table: ${body.seats.join(', ')}`, {
            path: `bots.${seat}`,
          });
      const lobby = body.lobby === true;
      if (lobby && body.seats.length > 0 && body.seats.every((seat) => bots !== null && Object.hasOwn(bots, seat)))
        throw new Answer(400, 'BAD_REQUEST', 'lobby: every seat is a bot’s, so no player could take one', {
          path: 'lobby',
        });
      const id = body.table ?? `table:${randomUUID()}`;
      let table: ReturnType<typeof createTable>;
      try {
        table = createTable(game, {
          table: id,
          seats: body.seats,
          ...(body.seed !== undefined ? { seed: body.seed } : {}),
          options: body.options ?? {},
        });
      } catch (error) {
        if (error instanceof InvalidTable)
          throw new Answer(400, error.code, error.message, error.path !== undefined ? { path: error.path } : {});
        throw error;
      }
      const log = table.log;
      const clock: ClockSpec | null = body.clock ?? null;
      // A chess clock starts with every seat's bank full, and runs out when the first bank of a seat to act does.
      const banks = clock?.per === 'seat' ? Object.fromEntries(log.seats.map((seat) => [seat, clock.bank])) : null;
      const window = openingWindow(clock, table);
      const tokens: Record<string, string> = {};
      const seatTokens: Record<string, string> = {};
      // A bot seat gets no token: the server alone plays for it (and the app token, which acts for any seat). Opened in
      // the lobby, no seat gets one now: each goes to the player who takes the seat.
      for (const seat of log.seats) {
        if (lobby || (bots !== null && Object.hasOwn(bots, seat))) continue;
        tokens[seat] = newToken();
        seatTokens[seat] = hashToken(tokens[seat]!);
      }
      const appToken = newToken();
      const record = {
        id,
        game: game.id,
        version: game.version,
        seats: log.seats,
        seed: log.seed,
        options: log.options,
        appToken: hashToken(appToken),
        seatTokens,
        clock,
        rulesRevision: log.rulesRevision,
        bots,
        spectators: body.spectators === true,
        lobby,
      };
      // A table waiting in the lobby runs no clock and no bot until it starts.
      const botDue = !lobby && botToAct(bots, table) !== null;
      let started: number | null;
      try {
        started = await store.createTable(record, window, banks, botDue);
      } catch (error) {
        table.stop();
        throw error;
      }
      if (started === null) {
        table.stop();
        throw new Answer(409, 'TABLE_EXISTS', `a table ${JSON.stringify(id)} exists already`);
      }
      tables.adopt(
        {
          ...record,
          names: {},
          moves: 0,
          status: lobby ? 'waiting' : 'playing',
          deadline: null,
          created: started,
          started,
        },
        game,
        table,
      );
      // A bot that acts first plays once the table's creation has been answered.
      if (botDue) tables.wakeBots(id);
      return reply.code(201).send({ table: id, tokens, appToken });
    },
    async (request) => checkCreateToken(request, createToken),
  );

  serve(app, ROUTES.readTable, async (request) => {
    const entry = await tableOf(tables, request);
    const viewer = viewerOf(reader(request, entry.record), entry.record);
    const { table } = entry;
    const view = viewOf(table, viewer);
    const reading = {
      table: entry.record.id,
      game: entry.game.id,
      ply: size(table.context.plies),
      turnModel: table.turnModel,
      state: view.state,
      plies: view.plies,
      ...(entry.record.bots !== null ? { bots: entry.record.bots } : {}),
      ...(entry.record.spectators ? { spectators: true } : {}),
      ...(entry.record.lobby ? { lobby: seatingOf(entry.record) } : {}),
    };
    return entry.record.clock === null ? reading : { ...reading, clock: await clockOf(store, entry) };
  });

  serve(app, ROUTES.legalMoves, async (request, _reply, { query }) => {
    const entry = await tableOf(tables, request);
    const caller = actor(reader(request, entry.record));
    // A seat's legal moves would tell what its hand holds: not before the seats are settled.
    if (entry.record.status === 'waiting') throw notStarted(entry);
    const asked = query.seat;
    let seat: string;
    if (caller.kind === 'seat') {
      if (asked !== undefined && asked !== caller.seat)
        throw new Answer(403, 'FORBIDDEN', `this token is ${caller.seat}'s: it may not read ${asked}'s moves`);
      seat = caller.seat;
    } else {
      if (asked === undefined || !entry.record.seats.includes(asked))
        throw new Answer(400, 'BAD_REQUEST', 'with the app token, name a seat of the table: ?seat=SEAT', {
          path: 'seat',
        });
      seat = asked;
    }
    return entry.table.legalMoves(seat);
  });

  serve(app, ROUTES.play, async (request, reply, { body }) => {
    const entry = await tableOf(tables, request);
    const outcome = await playAs(tables, entry, reader(request, entry.record), body);
    return reply.code(outcome.status).send(outcome.body);
  });

  serve(app, ROUTES.log, async (request) => {
    // The log is read from the store alone, without opening the table: a table this server does not serve (opened with
    // turn rules of another revision) still gives its log, to replay with the game it was opened with.
    const { table } = request.params as { table: string };
    const record = isValidId(table) ? await store.table(table) : null;
    if (record === null) throw noTable(table);
    if (record.status !== 'over') {
      const caller = who(request, record);
      if (caller.kind !== 'app')
        throw new Answer(403, 'FORBIDDEN', "the log (and its seed) is the app token's until the game is over");
    }
    const rows = await store.movesFrom(record.id, 0);
    return {
      game: record.game,
      version: record.version,
      table: record.id,
      seats: record.seats,
      seed: record.seed,
      options: record.options,
      ...(record.rulesRevision !== null ? { rulesRevision: record.rulesRevision } : {}),
      moves: rows.map((row) => row.move),
      times: rows.map((row) => new Date(row.at).toISOString()),
      timeouts: rows.flatMap((row) => (row.cause === 'clock' ? [row.index] : [])),
      started: new Date(record.started).toISOString(),
      clock: record.clock,
      ...(record.bots !== null ? { bots: record.bots } : {}),
    };
  });
}
