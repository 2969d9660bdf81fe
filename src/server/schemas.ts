/**
 * Every body the server reads and answers, as zod schemas: the routes
 * declare them (routes.ts), requests are read with them, and `/openapi.json`
 * is generated from them (openapi.ts), so the document cannot drift from what
 * is read. Each is registered under the name the document gives it.
 */
import { z } from 'zod';
import { idSchema } from '../core/move.js';
import { DEFAULT_MCTS_ITERATIONS, MAX_MCTS_ITERATIONS } from './bots.js';
import { MAX_CLOCK_MS } from './clock.js';

/** The document's components: each schema under its name, with its description. */
export const components = z.registry<{ id?: string; description?: string }>();

const named = <S extends z.ZodType>(schema: S, id: string, description?: string): S => {
  components.add(schema, description === undefined ? { id } : { id, description });
  return schema;
};

/** A field's schema with its description in the document. */
const described = <S extends z.ZodType>(schema: S, description: string): S => {
  components.add(schema, { description });
  return schema;
};

const dateTime = z.iso.datetime();

export const errorSchema = named(
  z.object({
    code: z.string(),
    message: z.string(),
    reason: z.string().optional(),
    path: z.string().optional(),
    ply: described(z.number().int().optional(), 'with STALE: the ply count now'),
  }),
  'Error',
  'an error: its code and message; a refused move adds the game’s reason, a malformed request the path of the field',
);

export const moveSchema = named(
  z.object({ type: z.string(), seat: z.string().optional(), payload: z.unknown().optional() }),
  'Move',
  'a move: its type, the seat that makes it (none: the application), its payload',
);

export const plySchema = named(
  z.object({
    actor: z.string().nullable(),
    seat: z.string().nullable(),
    move: moveSchema,
    notation: z.string(),
    round: z.number().int(),
    playOrder: z.number().int(),
    turn: z.number().int(),
    phase: z.string(),
    moveIndex: z.number().int(),
    automatic: z.boolean().optional(),
  }),
  'Ply',
  'one accepted move, as the log keeps it',
);

const PLAYOUTS = `a whole number of playouts a move, from 1 to ${MAX_MCTS_ITERATIONS}`;

export const botSchema = named(
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('random') }).strict(),
      z
        .object({
          kind: z.literal('mcts'),
          iterations: z
            .number({ error: PLAYOUTS })
            .int({ error: PLAYOUTS })
            .min(1, { error: PLAYOUTS })
            .max(MAX_MCTS_ITERATIONS, { error: PLAYOUTS })
            .default(DEFAULT_MCTS_ITERATIONS),
        })
        .strict(),
    ],
    { error: 'a bot is { "kind": "random" } or { "kind": "mcts", "iterations"?: N }' },
  ),
  'Bot',
  "a random legal move, or Monte Carlo tree search with `iterations` playouts a move; neither leaves, sets an auto-pass stop or undoes while its seat has other moves, and both follow the game's hints",
);

/** The create-table body's `bots` field: seat → bot spec. */
export const botsSchema = named(
  z.record(z.string(), botSchema),
  'Bots',
  "the seats the server's bots play, and the bot of each: a bot seat has no token, and the server plays its moves",
);

export const clockSchema = named(
  z.union([
    z.object({ per: z.enum(['turn', 'move']), ms: z.number().int().min(100).max(MAX_CLOCK_MS) }).strict(),
    z
      .object({
        per: z.literal('seat'),
        bank: z.number().int().min(100).max(MAX_CLOCK_MS),
        increment: z.number().int().min(0).max(MAX_CLOCK_MS).default(0),
      })
      .strict(),
  ]),
  'Clock',
  'a deadline per turn or per move, or a chess clock: a bank per seat and what its own move adds',
);

export const createSchema = named(
  z
    .object({
      game: z.string().min(1),
      seats: z.array(z.string()),
      options: z.record(z.string(), z.unknown()).optional(),
      seed: z.union([z.number().int(), z.string().min(1)]).optional(),
      table: z.optional(idSchema),
      clock: clockSchema.optional(),
      bots: botsSchema.optional(),
      spectators: described(
        z.boolean().optional(),
        "open to spectators: anyone may read the table's public view and stream without a token, and act in nothing",
      ),
      lobby: described(
        z.boolean().optional(),
        'open in the lobby: no seat token is handed out now; players take the free seats (POST /tables/{table}/seats/{seat}), and the table starts once every seat is taken',
      ),
    })
    .strict(),
  'CreateTable',
  'a table to open: the game, its seats, and optionally its options, seed, id, clock, bot seats, spectators and lobby',
);

export const createdSchema = named(
  z.object({ table: z.string(), tokens: z.record(z.string(), z.string()), appToken: z.string() }),
  'Created',
  'the table, a token per seat (bot seats have none) and the app token (shown once; stored only as hashes)',
);

export const clockReadingSchema = named(
  z.object({
    per: z.enum(['turn', 'move', 'seat']),
    deadline: dateTime.nullable(),
    since: dateTime.optional(),
    banks: z.record(z.string(), z.number().int()).optional(),
    remaining: z.record(z.string(), z.number().int()).optional(),
    running: z.array(z.string()).optional(),
  }),
  'ClockReading',
  "a clocked table's clock: its spec, the deadline, and a chess clock's banks, what is left of them and who runs",
);

/** A table's seating, for a table opened in the lobby: whether it still waits, its free seats, its players' names. */
export const seatingSchema = named(
  z.object({
    waiting: described(z.boolean(), 'true until every seat is taken: no move is played before'),
    free: described(z.array(z.string()), 'the seats a player may take now'),
    names: described(z.record(z.string(), z.string()), 'the name each seated player gave, by seat'),
  }),
  'Seating',
  "a lobby table's seating: whether it waits for players, its free seats, and the names of those seated",
);

export const readingSchema = named(
  z.object({
    table: z.string(),
    game: z.string(),
    ply: z.number().int(),
    turnModel: z.string(),
    state: z.record(z.string(), z.unknown()),
    plies: z.array(plySchema),
    bots: botsSchema.optional(),
    clock: clockReadingSchema.optional(),
    spectators: described(z.literal(true).optional(), 'the table is open to spectators'),
    lobby: seatingSchema.optional(),
  }),
  'Reading',
  "the table as the token's viewer may see it (a spectator: its public view)",
);

export const legalMovesSchema = named(
  z.object({ allowed: z.array(moveSchema), blocked: z.array(z.record(z.string(), z.unknown())) }),
  'LegalMoves',
  'what the seat may do now, and each blocked move with its reason',
);

export const playSchema = named(
  z
    .object({
      move: described(
        z.record(z.string(), z.unknown()),
        'a move, { type, seat?, payload? }: the table reads it, and refuses what it cannot play',
      ),
      expect: described(
        z.number().int().min(0).optional(),
        'the ply count last seen: 409 STALE when the table moved since',
      ),
      key: described(
        z.string().min(1).max(200).optional(),
        'idempotency key: sent again, the first answer comes back and nothing plays twice',
      ),
    })
    .strict(),
  'Play',
  'a move to play',
);

/** A move sent on a table's stream: the request body of `POST …/moves`, with the caller's `id` for the reply. */
export const streamMoveSchema = named(
  playSchema.extend({ id: z.union([z.string().max(200), z.number()]).optional() }).strict(),
  'StreamMove',
  'a move sent on a stream: the body of POST /tables/{table}/moves with an id for its answer',
);

export const playedSchema = named(
  z.object({ ply: plySchema, index: z.number().int() }),
  'Played',
  'the ply and its index',
);

export const logSchema = named(
  z.strictObject({
    game: z.string(),
    version: z.string(),
    table: z.string(),
    seats: z.array(z.string()),
    seed: z.union([z.number().int(), z.string()]),
    options: z.record(z.string(), z.unknown()),
    rulesRevision: described(
      z.number().int().min(1).optional(),
      'the revision of the turn rules the table was opened with; absent for a table stored before the server kept it',
    ),
    moves: z.array(moveSchema),
    times: described(z.array(dateTime), "when each move was committed, the server's time"),
    timeouts: described(z.array(z.number().int()), 'indexes of the moves the clock played'),
    started: described(
      z.iso.datetime(),
      'when the table started (its creation, or for a table opened in the lobby, when its last seat was taken): a chess clock starts then',
    ),
    clock: clockSchema.nullable(),
    bots: botsSchema.optional(),
  }),
  'Log',
  'the log of a table, with what the server adds: times, timeouts, started, clock, and bots for a table with bot seats',
);

export const healthSchema = named(
  z.object({ ok: z.literal(true), store: z.enum(['memory', 'embedded', 'postgres']), process: z.string() }),
  'Health',
  'the store answers: which store, and the name of this process',
);

/** The name a player gives when taking a seat in the lobby: what the lobby shows of them. */
const NAME = 'a name of 1 to 64 characters';

export const takeSeatSchema = named(
  z
    .object({
      name: z.string({ error: NAME }).min(1, { error: NAME }).max(64, { error: NAME }).optional(),
    })
    .strict(),
  'TakeSeat',
  'taking a seat in the lobby: optionally the name the lobby shows for it',
);

export const seatedSchema = named(
  z.object({
    table: z.string(),
    seat: z.string(),
    token: described(z.string(), "the seat's token, shown once (stored only as a hash)"),
    started: described(z.boolean(), 'whether this was the last free seat: the table has started'),
  }),
  'Seated',
  "a seat taken: the seat's token, and whether the table has started",
);

export const lobbyTableSchema = named(
  z.object({
    table: z.string(),
    game: z.string(),
    created: dateTime,
    seats: described(z.array(z.string()), 'every seat, in table order'),
    free: described(z.array(z.string()), 'the seats a player may take'),
    names: z.record(z.string(), z.string()),
    options: z.record(z.string(), z.unknown()),
    clock: clockSchema.nullable(),
    bots: botsSchema.optional(),
    spectators: z.boolean(),
  }),
  'LobbyTable',
  'a table waiting for players',
);

export const lobbySchema = named(
  z.object({ tables: z.array(lobbyTableSchema) }),
  'Lobby',
  'the tables waiting for players, the newest first (at most 100)',
);

export const seatTokenSchema = named(
  z.object({
    table: z.string(),
    seat: z.string(),
    token: described(z.string(), "the seat's new token, shown once (stored only as a hash); its old token is refused"),
  }),
  'SeatToken',
  "a seat's token replaced: the new one, shown once",
);

export const appTokenSchema = named(
  z.object({
    table: z.string(),
    appToken: described(z.string(), 'the new app token, shown once (stored only as a hash); the old one is refused'),
  }),
  'AppToken',
  'the app token replaced: the new one, shown once',
);

export const newTokenSchema = named(
  z.object({}).strict(),
  'NewToken',
  'replacing a token takes no fields: send no body, or {}',
);
