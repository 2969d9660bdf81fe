/**
 * A smoke run of the benchmark harness (bench/), so that it cannot rot
 * silently: every contestant plays the same few hundred plies and must reach
 * the plain reducer's final state, and the whole harness runs end to end on a
 * tiny configuration. No timing is asserted: `npm run bench` measures.
 *
 * boardgame.io is included: its client loads in well under a second and plays
 * 300 moves in a fraction of one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SMOKE, STREAMS, streamKit } from '../../bench/config.js';
import { CONTESTANTS, plystack, plystackPure, tableOutcome } from '../../bench/contestants.js';
import { benchGames } from '../../bench/game.js';
import { runBench } from '../../bench/harness.js';
import { formatTable } from '../../bench/report.js';
import type { Results } from '../../bench/results.js';
import { CAST_EVERY, makeStream, referenceOutcome, SEATS_2, SEATS_4 } from '../../bench/streams.js';
import {
  circularTableOutcome,
  plystackCircular,
  plystackSimultaneous,
  simultaneousTableOutcome,
} from '../../bench/turnContestants.js';
import {
  cardOfTurn,
  circularReference,
  makeCircularStream,
  makeSimultaneousStream,
  simultaneousReference,
} from '../../bench/turnStreams.js';
import { replay } from '../../src/index.js';

const PLIES = 300;

describe('the bench streams', () => {
  it('are legal for plystack and hold a cast every 7th event, the rest passes by the seat holding priority', () => {
    const stream = makeStream(SEATS_2, PLIES);
    const casts = stream.filter((e) => e.type === 'CastInstant').length;
    expect(casts).toBe(Math.floor(PLIES / CAST_EVERY));
    for (const [i, event] of stream.entries()) {
      expect(event.type).toBe((i + 1) % CAST_EVERY === 0 ? 'CastInstant' : 'engine.pass');
    }
    const run = plystack.open(SEATS_2);
    for (const event of stream) {
      expect(event.seat).toBe(run.table.state.prioritySeat);
      run.table.play(event);
    }
    run.stop();
  });

  it('move the turn on with 2 seats and with 4 seats at a cast every 11th event; with 4 seats at every 7th the phase never ends', () => {
    const outcome = (id: string) => {
      const spec = STREAMS.find((s) => s.id === id)!;
      return referenceOutcome(spec.seats, makeStream(spec.seats, PLIES, spec.castEvery));
    };
    expect(STREAMS.filter((s) => s.kind === 'priority').map((s) => s.id)).toEqual([
      'mundane-2',
      'mundane-4',
      'mundane-4-turns',
    ]);
    expect(outcome('mundane-2').turn).toBeGreaterThan(5);
    expect(outcome('mundane-4-turns').turn).toBeGreaterThan(1);
    expect(outcome('mundane-4')).toMatchObject({ turn: 1, phase: 'WAKE_UP' });
  });
});

describe('the turn streams (sandbox)', () => {
  it('circular: each turn the active seat plays one card and ends its turn; every 5th card a reverse, every 7th a skip', () => {
    const stream = makeCircularStream(SEATS_4, PLIES);
    const run = plystackCircular.open(SEATS_4);
    stream.forEach((event, i) => {
      const turn = Math.floor(i / 2) + 1;
      expect(event.type).toBe(i % 2 === 0 ? cardOfTurn(turn) : 'engine.end-turn');
      expect(event.seat).toBe(run.table.state.activeSeat);
      expect(run.table.state.turn).toBe(turn);
      run.table.play(event);
    });
    expect(cardOfTurn(35)).toBe('reverse');
    const types = stream.map((e) => e.type);
    expect(types.filter((t) => t === 'reverse')).toHaveLength(Math.floor(Math.ceil(PLIES / 2) / 5));
    expect(types.filter((t) => t === 'skip').length).toBeGreaterThan(0);
    const reference = circularReference(SEATS_4, stream);
    expect(reference).toMatchObject({ plies: PLIES, turn: PLIES / 2 + 1 });
    expect(reference.round).toBeGreaterThan(30);
    expect(circularTableOutcome(run.table)).toEqual(reference);
    // Both directions occur, and a skip moves the turn two seats on.
    const directions = new Set<number>();
    const replayed = plystackCircular.open(SEATS_4);
    for (const event of stream) {
      const before = replayed.table.state;
      replayed.table.play(event);
      directions.add(replayed.table.state.direction as number);
      if (event.type === 'engine.end-turn' && stream[stream.indexOf(event) - 1]?.type === 'skip') {
        const from = SEATS_4.indexOf(before.activeSeat as (typeof SEATS_4)[number]);
        expect(replayed.table.state.activeSeat).toBe(SEATS_4[(from + 2 * (before.direction as number) + 8) % 4]);
      }
    }
    expect([...directions].sort()).toEqual([-1, 1]);
    const again = replay(JSON.parse(JSON.stringify(run.table.log)));
    expect(circularTableOutcome(again)).toEqual(reference);
    run.stop();
    replayed.stop();
  });

  it('simultaneous: each round every seat still to act plays once, then each ends its own turn, in scripted orders', () => {
    const stream = makeSimultaneousStream(SEATS_4, PLIES);
    const run = plystackSimultaneous.open(SEATS_4);
    const orders = new Set<string>();
    for (let i = 0; i < PLIES; i += 8) {
      const round = stream.slice(i, i + 8);
      if (round.length === 8) {
        expect(round.map((e) => e.type)).toEqual([...Array(4).fill('play'), ...Array(4).fill('engine.end-turn')]);
        expect(new Set(round.slice(0, 4).map((e) => e.seat)).size).toBe(4);
        expect(new Set(round.slice(4).map((e) => e.seat)).size).toBe(4);
        orders.add(round.map((e) => e.seat).join());
      }
    }
    expect(orders.size).toBeGreaterThan(10);
    for (const event of stream) {
      expect(run.table.toAct()).toContain(event.seat);
      run.table.play(event);
    }
    const reference = simultaneousReference(SEATS_4, stream);
    expect(reference).toMatchObject({ plies: PLIES, round: Math.floor(PLIES / 8) + 1 });
    expect(simultaneousTableOutcome(run.table)).toEqual(reference);
    const again = replay(JSON.parse(JSON.stringify(run.table.log)));
    expect(simultaneousTableOutcome(again)).toEqual(reference);
    run.stop();
  });
});

describe('every contestant plays the whole stream', () => {
  for (const spec of STREAMS) {
    it(`${spec.label}: ${PLIES} plies, each contestant ends where the plain reducer does`, () => {
      const kit = streamKit(spec);
      const stream = kit.make(PLIES);
      const reference = kit.reference(stream);
      expect(reference.plies).toBe(PLIES);
      expect(kit.contestants.map((c) => c.id).sort()).toEqual(
        CONTESTANTS.map((c) => c.id)
          .filter((id) => kit.absent[id] === undefined)
          .sort(),
      );
      for (const contestant of kit.contestants) {
        const run = contestant.open(spec.seats);
        expect(run.play(stream), contestant.id).toBe(PLIES);
        expect(run.outcome(), contestant.id).toEqual(reference);
        run.stop();
      }
    });
  }

  it("plystack's table, read through its public API, is the reducer's final state, and its log replays to it", () => {
    const stream = makeStream(SEATS_2, PLIES);
    const reference = referenceOutcome(SEATS_2, stream);
    const { table } = plystack.open(SEATS_2);
    for (const event of stream) table.play(event);
    expect(table.plies).toHaveLength(PLIES);
    expect(table.log.moves).toHaveLength(PLIES);
    expect(table.state).toMatchObject({
      status: 'playing',
      turn: reference.turn,
      round: reference.round,
      phase: reference.phase,
      activeSeat: reference.activeSeat,
      prioritySeat: reference.prioritySeat,
      passes: reference.passes,
    });
    expect(table.state.stack.map(({ id, seat }) => ({ id, seat }))).toEqual(reference.stack);
    const again = replay(JSON.parse(JSON.stringify(table.log)), { games: benchGames });
    expect(tableOutcome(again)).toEqual(reference);
    expect(again.state).toEqual(table.state);
  });

  it('pure mundane plays the short stream exactly like the bench game', () => {
    const stream = makeStream(SEATS_2, PLIES);
    const pure = plystackPure.open(SEATS_2);
    expect(pure.play(stream)).toBe(PLIES);
    expect(pure.outcome()).toEqual(referenceOutcome(SEATS_2, stream));
  });
});

describe('the harness, end to end on a tiny configuration', () => {
  let results: Results;
  // The whole harness runs once here, every contestant on every stream: seconds on a quiet machine, more on a busy one.
  beforeAll(() => {
    results = runBench(SMOKE);
  }, 120_000);

  it('has a cell for every stream, size and contestant, each the whole stream and the reducer’s final state (n/a only where a stream has no such contestant)', () => {
    expect(results.throughput).toHaveLength(STREAMS.length * SMOKE.sizes.length * CONTESTANTS.length);
    const absent = (stream: string, id: string) =>
      streamKit(STREAMS.find((s) => s.id === stream)!).absent[id as keyof ReturnType<typeof streamKit>['absent']] !==
      undefined;
    for (const cell of results.throughput) {
      if (absent(cell.stream, cell.contestant))
        expect(cell, `${cell.contestant} ${cell.stream}`).toMatchObject({
          status: 'skipped',
          note: expect.stringMatching(/^n\/a/),
        });
      else
        expect(cell, `${cell.contestant} ${cell.stream} ${cell.plies}`).toMatchObject({
          status: 'ok',
          played: cell.plies,
          matchesReference: true,
        });
    }
    expect(results.throughput.filter((c) => c.status === 'skipped').map((c) => `${c.stream} ${c.contestant}`)).toEqual(
      ['circular-4', 'circular-4', 'simultaneous-4', 'simultaneous-4'].map((s) => `${s} xstate-shaped`),
    );
    const measured = results.ratios.filter((r) => !absent(r.stream, r.versus));
    expect(measured.every((r) => r.value !== null && r.value > 0)).toBe(true);
    expect(results.ratios.filter((r) => absent(r.stream, r.versus)).every((r) => r.value === null)).toBe(true);
    expect(results.scaling.filter((s) => s.value === null && !absent(s.stream, s.contestant))).toEqual([]);
  });

  it('persists, restores and replays the held table to the same state, and prints the turn streams', () => {
    const figure = (id: string) => results.figures.find((f) => f.id === id);
    expect(figure('bytes-per-ply')?.detail).toMatchObject({ matchesReference: true });
    expect(figure('restore')?.detail).toMatchObject({ sameState: true });
    expect(figure('replay')?.detail).toMatchObject({ sameState: true });
    expect(figure('simulate')?.detail).toMatchObject({ sameState: true });
    expect(figure('pure-check')?.value).not.toBeNull();
    expect(figure('model-paths')?.detail).toMatchObject({
      setups: [expect.objectContaining({ paths: expect.any(Number) }), expect.anything()],
    });
    const text = formatTable(results).join('\n');
    expect(text).toContain('circular, reversals');
    expect(text).toContain('simultaneous round');
    expect(text).not.toContain('not yet available (issue 3)');
    expect(results.targets.map((t) => t.id)).toEqual([
      'xstate-flat',
      'xstate-shaped',
      'scaling',
      'bgio',
      'idle',
      'replay',
      'simulate',
    ]);
  });
});
