/**
 * A move played for a caller, by HTTP or on a stream alike: a seat's token acts
 * only for its own seat (a move without a seat is the application's), and an
 * idempotency key is the caller's own.
 */
import type { z } from 'zod';
import { Answer } from './answers.js';
import type { Who } from './auth.js';
import type { Entry, LiveTables } from './liveTables.js';
import type { playSchema } from './schemas.js';

/** Plays `body.move` on `entry` for `caller`: the status and body `POST …/moves` answers. */
export function playAs(tables: LiveTables, entry: Entry, caller: Who, body: z.infer<typeof playSchema>) {
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
