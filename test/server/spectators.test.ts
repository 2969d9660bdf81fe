/**
 * Spectators over real HTTP on loopback, on the memory store: a table opened to spectators is read without a token,
 * on HTTP and on the stream, as its public view (no seat's hand, no secret payload), and a spectator acts in nothing;
 * a table not opened to them stays closed to a tokenless reader. Tokenless reads count against the address's rate
 * limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type PlystackClient, type StreamMessage } from '../../src/client/client.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { viewOf } from '../../src/server/view.js';
import { replay } from '../../src/table/replay.js';
import { refusal } from './support/refusal.js';
import { follow, until } from './support/streams.js';

let server: PlystackServer;
let anyone: PlystackClient;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'spectators' });
  anyone = connect(server.url);
});

afterAll(async () => {
  await server?.close();
});

const pass = (seat: string) => ({ type: 'engine.pass', seat });
const hand = (state: { seats: Record<string, unknown> }, seat: string) => (state.seats[seat] as { hand: unknown }).hand;

describe('spectators', () => {
  it("read a mundane table's public view over HTTP and the stream: how many cards each hand holds, never which", async () => {
    const created = await anyone.create({
      game: 'mundane',
      seats: ['seat:ann', 'seat:bob'],
      seed: 9,
      options: { turns: 2 },
      spectators: true,
    });
    const { table } = created;
    const ann = anyone.withToken(created.tokens['seat:ann']!);
    const bob = anyone.withToken(created.tokens['seat:bob']!);
    const app = anyone.withToken(created.appToken);
    // A spectator follows from the start; Ann follows her own seat.
    const watching = await follow(server.url, null, table);
    const annWatching = await follow(server.url, created.tokens['seat:ann']!, table);
    await ann.play(table, pass('seat:ann'), { expect: 0 });
    await bob.play(table, pass('seat:bob'), { expect: 1 });
    const ply = (await app.get(table)).ply;

    // Over HTTP, the spectator reads the public view: the one the replayed table gives a viewer of no seat.
    const seen = await anyone.get(table);
    expect(seen.spectators).toBe(true);
    const again = replay(await app.log(table));
    expect(seen.state).toEqual(JSON.parse(JSON.stringify(viewOf(again, null).state)));
    expect(hand(seen.state, 'seat:ann')).toBeTypeOf('number');
    expect(hand(seen.state, 'seat:bob')).toBeTypeOf('number');
    // Ann sees her own cards, and the app every hand: the spectator's counts are theirs.
    const mine = hand((await ann.get(table)).state, 'seat:ann') as string[];
    expect(Array.isArray(mine)).toBe(true);
    expect(hand(seen.state, 'seat:ann')).toBe(mine.length);
    expect(Array.isArray(hand((await app.get(table)).state, 'seat:bob'))).toBe(true);

    // On the stream, every message the spectator is sent shows counts; Ann's show her cards.
    await until(() => watching.seen.length === ply && annWatching.seen.length === ply, 'both streams to catch up');
    const counts = (messages: StreamMessage[], seat: string) => messages.map((m) => typeof hand(m.state, seat));
    expect(counts(watching.seen, 'seat:ann')).toEqual(Array(ply).fill('number'));
    expect(counts(watching.seen, 'seat:bob')).toEqual(Array(ply).fill('number'));
    expect(counts(annWatching.seen, 'seat:ann')).toEqual(Array(ply).fill('object'));
    // A stream opened later catches up the same way.
    const late = await follow(server.url, null, table, 0);
    await until(() => late.seen.length === ply, 'a late spectator to catch up');
    expect(counts(late.seen, 'seat:ann')).toEqual(Array(ply).fill('number'));

    // A spectator acts in nothing: not by HTTP, not on the stream.
    expect((await refusal(anyone.play(table, pass('seat:ann')))).code).toBe('READ_ONLY');
    expect((await refusal(anyone.legalMoves(table))).code).toBe('READ_ONLY');
    const onStream = await refusal(watching.stream.play(pass('seat:ann')));
    expect([onStream.status, onStream.code]).toEqual([403, 'READ_ONLY']);
    // The log (and its seed) stays the app's until the game is over; a made-up token is not a spectator's.
    expect((await refusal(anyone.log(table))).code).toBe('UNAUTHORIZED');
    expect((await refusal(anyone.withToken('made-up').get(table))).code).toBe('UNAUTHORIZED');
    expect((await app.get(table)).ply).toBe(ply);
    for (const stream of [watching, annWatching, late]) stream.stream.close();
  });

  it("never see a skirmish squad's secret orders, in the plies or in the state", async () => {
    const created = await anyone.create({
      game: 'skirmish',
      seats: ['seat:ann', 'seat:bob'],
      seed: 2,
      spectators: true,
    });
    const ann = anyone.withToken(created.tokens['seat:ann']!);
    const move = { type: 'commit', seat: 'seat:ann', payload: { stance: 'assault' } };
    await ann.play(created.table, move as never, { expect: 0 });
    const seen = await anyone.get(created.table);
    expect(seen.plies[0]?.move.type).toBe('commit');
    expect(JSON.stringify(seen.plies[0])).not.toContain('assault');
    expect(JSON.stringify(seen.state)).not.toContain('assault');
    // Ann's own view has her orders.
    expect(JSON.stringify((await ann.get(created.table)).plies[0])).toContain('assault');
  });

  it('find a table not opened to them closed: 401 without a token, on HTTP and the stream', async () => {
    const created = await anyone.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    expect((await refusal(anyone.get(created.table))).code).toBe('UNAUTHORIZED');
    expect((await refusal(anyone.play(created.table, pass('seat:ann')))).code).toBe('UNAUTHORIZED');
    const stream = anyone.stream(created.table, { reconnect: false, onMessage: () => undefined });
    expect(
      await stream.opened.then(
        () => 'opened',
        (error: { status: number }) => error.status,
      ),
    ).toBe(401);
  });

  it("count against their address's rate limit", async () => {
    const limited = await startServer({
      port: 0,
      memory: true,
      process: 'spectators-limit',
      rateLimit: { max: 4, windowMs: 60_000 },
    });
    try {
      const visitor = connect(limited.url);
      const { table } = await visitor.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], spectators: true });
      // The creation was the address's first request of four.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          await visitor.get(table).then(
            () => 200,
            (e: { status: number }) => e.status,
          ),
        );
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
