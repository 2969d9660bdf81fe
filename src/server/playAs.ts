/**
 * A move played for a caller, by HTTP or on a stream alike: a seat's token acts
 * only for its own seat (a move without a seat is the application's), and an
 * idempotency key is the caller's own.
 */
import type { z } from 'zod';
import { Answer } from './answers.js';
import { actor, type Reader } from './auth.js';
import type { Entry, LiveTables } from './liveTables.js';
import type { playSchema } from './schemas.js';
import type { TableRecord } from './store/tableStore.js';

/**
 * Plays `body.move` on `entry` for `reader`: the status and body `POST …/moves` answers. A spectator may not act (403
 * `READ_ONLY`), and no move is played at a table waiting in the lobby (409 `NOT_STARTED`), the app's neither: `entry`'s
 * record must be as fresh as `LiveTables.seating` makes it.
 */
export function playAs(tables: LiveTables, entry: Entry, reader: Reader, body: z.infer<typeof playSchema>) {
  const caller = actor(reader);
  if (entry.record.status === 'waiting') throw notStarted(entry);
  const { seat } = body.move as { seat?: unknown };
  if (caller.kind === 'seat' && seat !== caller.seat) {
    throw new Answer(
      403,
      'FORBIDDEN',
      seat === undefined
        ? `this token is ${caller.seat}'s: a move without a seat is the application's`
        : `this token is ${caller.seat}'s: it may not act for ${String(seat)}`,
    );
  }
  const key = body.key === undefined ? undefined : `${caller.kind === 'app' ? '@app' : caller.seat} ${body.key}`;
  return tables.play(entry, body.move, {
    ...(body.expect !== undefined ? { expect: body.expect } : {}),
    ...(key !== undefined ? { key } : {}),
  });
}

/** The refusal of what waits for a table's start (moves, legal moves, a seat's stream): 409 `NOT_STARTED`. */
export function notStarted(entry: Entry): Answer {
  const free = freeSeats(entry.record);
  return new Answer(
    409,
    'NOT_STARTED',
    `${entry.record.id} waits in the lobby for players: it starts once every seat is taken (free: ${free.join(', ')})`,
  );
}

/** The seats of a table a player may still take: those without a token that no bot plays. */
export function freeSeats(record: TableRecord): string[] {
  return playerSeats(record).filter((seat) => !Object.hasOwn(record.seatTokens, seat));
}

/** The seats of a table that players take (those no bot plays): the table starts once each has a token. */
export function playerSeats(record: TableRecord): string[] {
  return record.seats.filter((seat) => record.bots === null || !Object.hasOwn(record.bots, seat));
}
