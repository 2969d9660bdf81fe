/**
 * Bot seats at the table server, over real HTTP on loopback: on the memory store,
 * a player against a random bot to the end of the game, bots against each other,
 * bot specs the server refuses, and a bot whose move the game refuses; on PGlite
 * files, a restart and a kill -9 in the middle of a bots' game; on one
 * PostgreSQL, two processes sharing bot tables. Every bot move in a log is the move the bot chooses, from
 * the table's seed, its seat and the ply count, on a replay of the moves before
 * it: any process would have played the same; and one of the moves `botMoves`
 * gives, the rule every bot keeps to. An MCTS bot seat searches only what its
 * seat may see (guess: it folds whatever the card it cannot see).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botMoves, LAST_RESORT_MOVES, mctsBot } from '../../src/bots/index.js';
import { connect, type PlystackClient, type ServedLog, type StreamMessage } from '../../src/client/client.js';
import type { Move } from '../../src/core/move.js';
import { defineGame } from '../../src/definition/defineGame.js';
import { builtInGames } from '../../src/games/registry.js';
import { type BotSpec, botMove, DEFAULT_MCTS_ITERATIONS, MAX_MCTS_ITERATIONS } from '../../src/server/bots.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { replay } from '../../src/table/replay.js';
import { createTable } from '../../src/table/table.js';
import { CARDS, guess } from '../support/guess.js';
import { spawnServer } from './support/serve.js';
import { sharedDatabase } from './support/sharedDatabase.js';
import { sqlOf } from './support/sqlOf.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds of what it gives, for at most `ms`; returns the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await settle(50);
    value = await read();
  }
  return value;
}

/**
 * Replays the log move by move and checks each bot seat's move is what its bot
 * chooses there (seeded by the table's seed, the seat and the ply count), one of
 * the moves `botMoves` gives; returns how many bot moves it checked.
 */
async function checkBotMoves(log: ServedLog, bots: Readonly<Record<string, BotSpec>>): Promise<number> {
  const table = createTable(builtInGames[log.game]!, {
    table: log.table,
    seats: log.seats,
    seed: log.seed,
    options: log.options as never,
  });
  let checked = 0;
  try {
    for (const move of log.moves) {
      const seat = move.seat;
      if (typeof seat === 'string' && Object.hasOwn(bots, seat)) {
        expect(await botMove(bots[seat]!, log.seed, table, seat)).toEqual(move);
        // One of the moves a bot considers: never leaving, an auto-pass stop or an undo while the seat had others.
        expect(botMoves(table, seat)).toContainEqual(move);
        checked++;
      }
      expect(table.tryPlay(move).ok).toBe(true);
    }
  } finally {
    table.stop();
  }
  return checked;
}

/**
 * Waits (at most `ms`) for the table's game to be over, played on by its bots, and checks it is; returns its state and
 * its log, whose every bot move is the one its bot chooses there.
 */
async function playedOut(app: PlystackClient, table: string, bots: Readonly<Record<string, BotSpec>>, ms: number) {
  const { end, log } = await over(app, table, ms);
  expect(await checkBotMoves(log, bots)).toBe(log.moves.length);
  return { end, log };
}

/** Waits (at most `ms`) for the table's game to be over and checks it is; returns its state and its log. */
async function over(app: PlystackClient, table: string, ms: number) {
  const end = await until(
    () => app.get(table),
    (r) => r.state.status === 'over',
    ms,
  );
  expect(end.state.status).toBe('over');
  return { end, log: await app.log(table) };
}

/** The served state at the end equals a replay of the served log. */
function expectReplayed(end: { state: unknown }, log: ServedLog): void {
  const again = replay(log);
  expect(end.state).toEqual(JSON.parse(JSON.stringify(again.state)));
  again.stop();
}

/** Every message of the table's stream from ply 0 on, until `stop` is called. */
function follow(client: PlystackClient, table: string): { messages: StreamMessage[]; stop(): void } {
  const messages: StreamMessage[] = [];
  const stream = client.stream(table, { from: 0, onMessage: (message) => messages.push(message) });
  return { messages, stop: () => stream.close() };
}

async function post(server: PlystackServer, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A player's table: seat:bob is the server's random bot. */
const DUEL: Record<string, BotSpec> = { 'seat:bob': { kind: 'random' } };

describe('bot seats at the table server', () => {
  let server: PlystackServer;
  let anyone: PlystackClient;

  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'bots' });
    anyone = connect(server.url);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('plays a game to its end between a player acting through her token and a random bot the server plays', async () => {
    const created = await anyone.create({
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      seed: 3,
      options: { turns: 2 },
      bots: DUEL,
    });
    // The bot's seat has no token.
    expect(Object.keys(created.tokens)).toEqual(['seat:ann']);
    const { table } = created;
    const ann = anyone.withToken(created.tokens['seat:ann']!);
    const app = anyone.withToken(created.appToken);
    expect((await ann.get(table)).bots).toEqual(DUEL);
    const stream = follow(ann, table);

    let annMoves = 0;
    for (let i = 0; i < 300; i++) {
      // Her turn comes back once the bot has played whatever it must.
      const reading = await until(
        () => ann.get(table),
        (r) => r.state.status === 'over' || r.state.toAct.includes('seat:ann'),
      );
      if (reading.state.status === 'over') break;
      expect(reading.state.toAct).toContain('seat:ann');
      const { allowed } = await ann.legalMoves(table);
      const move = allowed.find((m) => !LAST_RESORT_MOVES.includes(m.type))!;
      await ann.play(table, move, { expect: reading.ply });
      annMoves++;
    }
    const end = await app.get(table);
    expect(end.state.status).toBe('over');
    expect(annMoves).toBeGreaterThan(3);

    const log = await ann.log(table);
    expect(log.bots).toEqual(DUEL);
    const again = replay(log);
    expect(end.state).toEqual(JSON.parse(JSON.stringify(again.state)));
    expect(again.plies).toHaveLength(end.ply);
    again.stop();
    const bobMoves = log.moves.filter((m) => m.seat === 'seat:bob').length;
    expect(bobMoves).toBeGreaterThan(3);
    expect(annMoves + bobMoves).toBe(log.moves.length);
    expect(await checkBotMoves(log, DUEL)).toBe(bobMoves);
    // The store says which moves the bot made.
    const stored = await server.store.movesFrom(table, 0);
    expect(stored.filter((m) => m.cause === 'bot').map((m) => m.index)).toEqual(
      log.moves.flatMap((m, i) => (m.seat === 'seat:bob' ? [i] : [])),
    );

    // Her stream brought every ply, the bot's among them, in order, ending with the table as it is.
    await until(
      async () => stream.messages.length,
      (n) => n >= end.ply,
      10_000,
    );
    stream.stop();
    expect(stream.messages.map((m) => m.index)).toEqual([...Array(end.ply).keys()]);
    expect(stream.messages.filter((m) => m.ply.actor === 'seat:bob').length).toBeGreaterThan(3);
    expect(stream.messages.at(-1)!.state.status).toBe('over');
  });

  // Short games, played to their end: two turns, and circular-table's hands of one card (of seven it plays ~440 moves).
  it.each([
    ['mundane', {}],
    ['circular-table', { handSize: 1 }],
    ['frogger-refills', {}],
  ] as const)(
    'plays %s to its end with bots in every seat, and the same table with the same seed the same way',
    { timeout: 120_000 },
    async (id, demo) => {
      const game = builtInGames[id]!;
      const bots: Record<string, BotSpec> = {
        'seat:ann': { kind: 'random' },
        'seat:bob': { kind: 'mcts', iterations: 5 },
      };
      const body = {
        game: id,
        seats: ['seat:ann', 'seat:bob'],
        seed: 8,
        options: { ...(game.demoOptions({ turns: 2 }) as Record<string, unknown>), ...demo },
        bots,
      };
      const [one, two] = await Promise.all([anyone.create(body), anyone.create(body)]);
      expect(one.tokens).toEqual({});
      // Every move was a bot's, each the one its bot chooses there.
      const first = await playedOut(anyone.withToken(one.appToken), one.table, bots, 90_000);
      expectReplayed(first.end, first.log);
      expect(first.log.moves.length).toBeGreaterThan(2);
      // The second table was played the same way: the same game, seats, seed, options and bots, and the same moves;
      // so each of its moves is the one its bot chooses there too (a bot's choice depends on nothing else).
      const second = await over(anyone.withToken(two.appToken), two.table, 90_000);
      expectReplayed(second.end, second.log);
      const same = ({ game, seats, seed, options, bots, moves }: ServedLog) => ({
        game,
        seats,
        seed,
        options,
        bots,
        moves,
      });
      expect(same(second.log)).toEqual(same(first.log));
    },
  );

  it('refuses a table whose bots are not right with 400 and a message naming the field, and creates nothing', async () => {
    const seats = ['seat:ann', 'seat:bob'];
    const wrong: [unknown, RegExp][] = [
      [{ 'seat:bob': { kind: 'genius' } }, /^bots\.seat:bob(\.kind)?: a bot is \{ "kind": "random" \} or/],
      [{ 'seat:bob': { kind: 'mcts', iterations: 0 } }, /^bots\.seat:bob\.iterations: a whole number of playouts/],
      [
        { 'seat:bob': { kind: 'mcts', iterations: MAX_MCTS_ITERATIONS + 1 } },
        new RegExp(`^bots\\.seat:bob\\.iterations: .*from 1 to ${MAX_MCTS_ITERATIONS}$`),
      ],
      [{ 'seat:bob': { kind: 'mcts', iterations: 2.5 } }, /^bots\.seat:bob\.iterations: a whole number/],
      [{ 'seat:bob': { kind: 'mcts', iterations: '9' } }, /^bots\.seat:bob\.iterations: a whole number/],
      [{ 'seat:bob': { kind: 'random', iterations: 5 } }, /^bots\.seat:bob/],
      [{ 'seat:bob': 'random' }, /^bots\.seat:bob: a bot is/],
      [{ 'seat:zed': { kind: 'random' } }, /^bots\.seat:zed: not a seat of the table: seat:ann, seat:bob$/],
      ['random', /^bots: /],
      [[{ kind: 'random' }], /^bots: /],
    ];
    for (const [i, [bots, message]] of wrong.entries()) {
      const answer = await post(server, { game: 'mundane', seats, bots, table: `table:wrong-bots-${i}` });
      expect([answer.status, answer.body.code], JSON.stringify(bots)).toEqual([400, 'BAD_REQUEST']);
      expect(answer.body.message, JSON.stringify(bots)).toMatch(message);
      expect(String(answer.body.path)).toMatch(/^bots/);
    }
    for (const i of wrong.keys()) expect(await server.store.table(`table:wrong-bots-${i}`)).toBeNull();
    // An MCTS bot without iterations gets the default; no bots at all is a table of players.
    const made = await anyone.create({ game: 'mundane', seats, bots: { 'seat:bob': { kind: 'mcts' } } });
    const reading = await anyone.withToken(made.appToken).get(made.table);
    expect(reading.bots).toEqual({ 'seat:bob': { kind: 'mcts', iterations: DEFAULT_MCTS_ITERATIONS } });
    const plain = await anyone.create({ game: 'mundane', seats, bots: {} });
    expect(Object.keys(plain.tokens)).toEqual(seats);
    expect((await anyone.withToken(plain.appToken).get(plain.table)).bots).toBeUndefined();
  });
});

/**
 * The length of the bots' games on PGlite files below: five turns, some eighty moves, so the restart or the kill (once
 * three moves are in) comes long before the end; every move there costs tens of milliseconds of PGlite's WebAssembly.
 */
const PGLITE_TURNS = 5;

// The PGlite data folder of the restart and the kill -9 below, one after the other (the restart's servers are closed
// before the kill's start): its database is made once, by the first server on it.
let pgliteFolder: string;
beforeAll(() => {
  pgliteFolder = mkdtempSync(join(tmpdir(), 'plystack-bots-'));
});
afterAll(() => rmSync(pgliteFolder, { recursive: true, force: true }));

describe('bot seats across a restart, on PGlite files', () => {
  let dir: string;
  let server: PlystackServer;
  let anyone: PlystackClient;
  let starts = 0;
  const start = async () => {
    server = await startServer({ port: 0, data: dir, process: `bots-${++starts}` });
    anyone = connect(server.url);
  };

  beforeAll(async () => {
    dir = pgliteFolder;
    await start();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('lets the bots of a table go on after a restart: the new process plays their next move, the one the old would have', async () => {
    const bots: Record<string, BotSpec> = { 'seat:ann': { kind: 'random' }, 'seat:bob': { kind: 'random' } };
    const created = await anyone.create({
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      seed: 21,
      options: { turns: PGLITE_TURNS },
      bots,
    });
    const { table, appToken } = created;
    const first = await until(
      () => anyone.withToken(appToken).log(table),
      (log) => log.moves.length >= 3,
    );
    expect(first.moves.length).toBeGreaterThanOrEqual(3);
    const before = `bots-${starts}`;
    await server.close();
    await start();
    const { end, log } = await playedOut(anyone.withToken(appToken), table, bots, 60_000);
    // The first process played the moves before the restart, the new one those after.
    const processes = (await server.store.movesFrom(table, 0)).map((m) => m.process);
    const stopped = processes.lastIndexOf(before);
    expect(stopped).toBeGreaterThanOrEqual(first.moves.length - 1);
    expect(stopped).toBeLessThan(processes.length - 1);
    expect(processes.slice(stopped + 1).every((p) => p === `bots-${starts}`)).toBe(true);
    expectReplayed(end, log);
  });
});

describe('bot seats at a server killed with -9', () => {
  let dir: string;
  beforeAll(() => {
    dir = pgliteFolder;
  });

  it('go on in the next process, which plays each move the killed one would have', { timeout: 180_000 }, async () => {
    // Claims lapse after a second here (--claim-lapse), not the default 10 s.
    const first = await spawnServer(['--data', dir, '--claim-lapse', '1000']);
    const bots: Record<string, BotSpec> = {
      'seat:ann': { kind: 'random' },
      'seat:bob': { kind: 'mcts', iterations: 3 },
    };
    let at: number;
    let table: string;
    let appToken: string;
    try {
      ({ table, appToken } = await connect(first.url).create({
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
        seed: 34,
        options: { turns: PGLITE_TURNS },
        bots,
      }));
      const app = connect(first.url, appToken);
      const log = await until(
        () => app.log(table),
        (l) => l.moves.length >= 3,
      );
      await first.kill9();
      at = log.moves.length;
    } finally {
      await first.kill9();
    }
    // The next server on the folder, in this process, with the same claim lapse.
    const second = await startServer({ port: 0, data: dir, process: 'bots-after-kill', claimLapseMs: 1000 });
    try {
      // A claim the killed process held lapses after a second; then the next process plays on, to the end.
      const { end, log } = await playedOut(connect(second.url, appToken), table, bots, 90_000);
      expect(log.moves.length).toBeGreaterThan(at + 1);
      expectReplayed(end, log);
    } finally {
      await second.close();
    }
  });
});

describe('bot seats on PostgreSQL, with two processes', () => {
  const database = sharedDatabase('bots');

  it('plays on in the other process once the first stops, each bot move the one the first would have played', async () => {
    const a = await startServer({ port: 0, database: database(), process: 'pg-a' });
    const b = await startServer({ port: 0, database: database(), process: 'pg-b' });
    try {
      const bots: Record<string, BotSpec> = {
        'seat:ann': { kind: 'random' },
        'seat:bob': { kind: 'mcts', iterations: 3 },
      };
      const created = await Promise.all(
        [41, 42, 43].map((seed) =>
          connect(a.url).create({
            game: 'mundane',
            seats: ['seat:ann', 'seat:bob'],
            seed,
            options: { turns: 8 },
            bots,
          }),
        ),
      );
      for (const { table, appToken } of created)
        await until(
          () => connect(b.url, appToken).log(table),
          (log) => log.moves.length >= 3,
        );
      await a.close();
      for (const { table, appToken } of created) {
        const { end, log } = await playedOut(connect(b.url, appToken), table, bots, 60_000);
        expectReplayed(end, log);
        const { rows } = await sqlOf(b).query<{ process: string }>(
          'SELECT process FROM plystack_moves WHERE table_id = $1 ORDER BY move_index',
          [table],
        );
        const processes = rows.map((r) => r.process);
        expect(processes).toHaveLength(log.moves.length);
        expect(processes).toContain('pg-a');
        expect(processes.at(-1)).toBe('pg-b');
      }
    } finally {
      await a.close().catch(() => undefined);
      await b.close();
    }
  });
});

describe('a bot whose move the game refuses', () => {
  // A two-seat game: a seat flips a coin on its turn (one move a turn, and it must flip before its turn ends), and
  // seat:bob's flip breaks the game's code.
  const coin = defineGame({
    id: 'coin',
    seats: { min: 2, max: 2 },
    structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 } }] },
    setup: ({ seats }: { seats: readonly string[] }) => ({
      heads: Object.fromEntries(seats.map((seat) => [seat, 0])) as Record<string, number>,
    }),
    moves: {
      flip: {
        play: ({ game, seat }: { game: { heads: Record<string, number> }; seat: string }) => {
          if (seat === 'seat:bob') throw new Error('a broken coin');
          return { game: { heads: { ...game.heads, [seat]: game.heads[seat]! + 1 } } };
        },
      },
    },
    mayEndTurn: ({ seat }: { seat: string | null }) =>
      seat === null ? null : { reason: 'FLIP_REQUIRED', message: `${seat} must flip before the turn ends` },
    endIf: ({ game }: { game: { heads: Record<string, number> } }) =>
      Object.values(game.heads).some((heads) => heads >= 3),
  } as never);
  let server: PlystackServer;

  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'broken', games: { coin } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('leaves the table as it is, logs why, and keeps serving', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const anyone = connect(server.url);
      const created = await anyone.create({ game: 'coin', seats: ['seat:ann', 'seat:bob'], seed: 4, bots: DUEL });
      const { table } = created;
      const ann = anyone.withToken(created.tokens['seat:ann']!);
      const app = anyone.withToken(created.appToken);
      // She flips; then the bot must flip too, and its flip breaks the game.
      await ann.play(table, { type: 'flip', seat: 'seat:ann' } as Move, { expect: 0 });
      await until(
        async () => written.join(''),
        (text) => text.includes(table),
        10_000,
      );
      const stuck = await app.get(table);
      expect(stuck.state.toAct).toEqual(['seat:bob']);
      // Two of the ticks that look for bots due (one a second) come and go, and find none here.
      const ticks = vi.spyOn(server.store, 'dueBots');
      try {
        await until(
          async () => ticks.mock.results.length,
          (n) => n >= 2,
          10_000,
        );
        expect(ticks.mock.results.length).toBeGreaterThanOrEqual(2);
        for (const due of await Promise.all(ticks.mock.results.map((result) => result.value)))
          expect(due).not.toContain(table);
      } finally {
        ticks.mockRestore();
      }
      const log = written.join('');
      expect(log).toContain(
        `table ${table}: the table refused the random bot of seat:bob's move: GAME_ERROR: moves.flip.play threw: a broken coin`,
      );
      // Once: its bots stopped, and no tick plays the move again.
      expect(log.split(table).length - 1).toBe(1);
      const after = await app.get(table);
      expect([after.ply, after.state.toAct]).toEqual([stuck.ply, ['seat:bob']]);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(await server.store.dueBots(100)).not.toContain(table);
      expect(await server.store.claimBots(table)).toBeNull();
      // The application may still end the bot's turn: the table is not wedged.
      expect((await app.play(table, { type: 'engine.end-turn' } as Move)).index).toBe(after.ply);
      expect((await ann.get(table)).state.toAct).toEqual(['seat:ann']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("a bot seat sees what its seat may see, not the table's secrets", () => {
  let server: PlystackServer;

  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, process: 'guess', games: { guess } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("plays guess for ann without seeing bob's card: it folds whatever he holds, where a bot seeing it names it", async () => {
    const anyone = connect(server.url);
    for (const hand of CARDS) {
      const created = await anyone.create({
        game: 'guess',
        seats: ['seat:ann', 'seat:bob'],
        options: { hand },
        seed: 2,
        bots: { 'seat:ann': { kind: 'mcts', iterations: MAX_MCTS_ITERATIONS } },
      });
      const app = anyone.withToken(created.appToken);
      const over = await until(
        () => app.get(created.table),
        (read) => read.state.status === 'over',
        10_000,
      );
      expect(over.plies.map((ply) => ply.move)).toEqual([{ type: 'fold', seat: 'seat:ann' }]);
      // The same search of the table itself names bob's card.
      const table = createTable(guess, {
        table: 'table:g',
        seats: ['seat:ann', 'seat:bob'],
        seed: 2,
        options: { hand },
      });
      expect(mctsBot({ seed: 1, iterations: MAX_MCTS_ITERATIONS, omniscient: true }).choose(table, 'seat:ann')).toEqual(
        {
          type: 'name',
          seat: 'seat:ann',
          payload: { card: hand },
        },
      );
    }
  });
});
