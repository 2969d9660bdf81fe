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
import { CONTESTANTS, plystack, plystackPure, tableOutcome } from '../bench/contestants.js';
import { formatTable, runBench, SMOKE, STREAMS, type Results } from '../bench/harness.js';
import { CAST_EVERY, makeStream, referenceOutcome, SEATS_2 } from '../bench/streams.js';
import { replay } from '../src/index.js';
import { benchGames } from '../bench/game.js';

const PLIES = 300;

describe('the bench streams', () => {
  it('are legal for plystack and hold a cast every 7th event, the rest passes by the seat holding priority', () => {
    const stream = makeStream(SEATS_2, PLIES);
    const casts = stream.filter((e) => e.type === 'CastInstant').length;
    expect(casts).toBe(Math.floor(PLIES / CAST_EVERY));
    stream.forEach((event, i) => expect(event.type).toBe((i + 1) % CAST_EVERY === 0 ? 'CastInstant' : 'engine.pass'));
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
    expect(outcome('mundane-2').turn).toBeGreaterThan(5);
    expect(outcome('mundane-4-turns').turn).toBeGreaterThan(1);
    expect(outcome('mundane-4')).toMatchObject({ turn: 1, phase: 'WAKE_UP' });
  });
});

describe('every contestant plays the whole stream', () => {
  for (const spec of STREAMS) {
    it(`${spec.label}: ${PLIES} plies, each contestant ends where the plain reducer does`, () => {
      const stream = makeStream(spec.seats, PLIES, spec.castEvery);
      const reference = referenceOutcome(spec.seats, stream);
      expect(reference.plies).toBe(PLIES);
      for (const contestant of CONTESTANTS) {
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
  beforeAll(() => {
    results = runBench(SMOKE);
  });

  it('has a cell for every stream, size and contestant, each the whole stream and the reducer’s final state', () => {
    expect(results.throughput).toHaveLength(STREAMS.length * SMOKE.sizes.length * CONTESTANTS.length);
    for (const cell of results.throughput) {
      expect(cell, `${cell.contestant} ${cell.stream} ${cell.plies}`).toMatchObject({ status: 'ok', played: cell.plies, matchesReference: true });
    }
    expect(results.ratios.every((r) => r.value !== null && r.value > 0)).toBe(true);
    expect(results.scaling.filter((s) => s.value === null)).toEqual([]);
  });

  it('persists, restores and replays the held table to the same state, and prints the not-yet-available rows', () => {
    const figure = (id: string) => results.figures.find((f) => f.id === id);
    expect(figure('bytes-per-ply')?.detail).toMatchObject({ matchesReference: true });
    expect(figure('restore')?.detail).toMatchObject({ sameState: true });
    expect(figure('replay')?.detail).toMatchObject({ sameState: true });
    expect(figure('pure-check')?.value).not.toBeNull();
    expect(figure('model-paths')?.detail).toMatchObject({ setups: [expect.objectContaining({ paths: expect.any(Number) }), expect.anything()] });
    const text = formatTable(results).join('\n');
    expect(text).toContain('circular table with reversals');
    expect(text.match(/not yet available \(issue 3\)/g)).toHaveLength(2);
    expect(results.targets.map((t) => t.id)).toEqual(['xstate-flat', 'xstate-shaped', 'scaling', 'bgio', 'idle', 'replay']);
  });
});
