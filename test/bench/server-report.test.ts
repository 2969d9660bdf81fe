/**
 * The server bench's verdicts (bench/serverReport.ts): plystack's moves a second over boardgame.io's, like with like,
 * taken round by round and judged by the median round, so that one slow moment of the machine does not decide a
 * target. The results here are made up, as the bench would record them; no server runs.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../bench/serverLoad.js';
import { versus } from '../../bench/serverReport.js';

const run = (contestant: string, store: string, movesPerSecond: number, round: number, more: Partial<Result> = {}) =>
  ({
    contestant,
    store,
    processes: 1,
    moves: movesPerSecond * 10,
    seconds: 10,
    movesPerSecond,
    p50Ms: 1,
    p99Ms: 2,
    errors: 0,
    round,
    ...more,
  }) satisfies Result;
const MEMORY = 'memory';
const BGIO = 'in memory (its default)';
const stream = (moves: number, round: number) =>
  run('plystack, moves on the stream', MEMORY, moves, round, { channel: 'stream' });
const http = (moves: number, round: number) => run('plystack', MEMORY, moves, round, { channel: 'http' });
const bgio = (moves: number, round: number) =>
  run('boardgame.io 0.50.2 server', BGIO, moves, round, { channel: 'stream' });

describe("the server bench's like-with-like ratio", () => {
  it('is the median of its rounds, named by the runs of the median round; by HTTP from the first round', () => {
    const results = [
      http(4_000, 1),
      stream(6_000, 1),
      bgio(4_000, 1), // 1.5
      bgio(6_000, 2),
      stream(6_600, 2), // 1.1
      stream(4_800, 3),
      bgio(4_000, 3), // 1.2: a slower moment, for both sides
      stream(9_000, 4),
      bgio(3_000, 4), // 3: one lucky round does not carry the verdict
    ];
    const verdict = versus(results, MEMORY, BGIO);
    expect(verdict?.rounds).toEqual([1.5, 1.1, 1.2, 3]);
    // Of four, the lower middle one: 1.1, 1.2, 1.5, 3.
    expect(verdict?.ratio).toBe(1.2);
    expect(verdict?.byHttp).toBe(1);
    expect(verdict?.plystack).toContain('4800 moves/s');
    expect(verdict?.boardgameio).toContain('4000 moves/s');
  });

  it('counts only the rounds where both sides ran, and is null when none did', () => {
    expect(versus([stream(5_000, 1), bgio(5_000, 2)], MEMORY, BGIO)).toBeNull();
    const verdict = versus([stream(5_000, 1), bgio(4_000, 1), stream(5_000, 2)], MEMORY, BGIO);
    expect(verdict).toMatchObject({ ratio: 1.25, rounds: [1.25] });
    expect(verdict).not.toHaveProperty('byHttp');
  });
});
