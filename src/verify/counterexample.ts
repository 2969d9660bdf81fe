/**
 * Counterexamples: a found problem's path rebuilt into moves, shrunk (moves
 * removed while the same check still fails, every move kept legal), and
 * written as a log that `plystack replay` plays and the inspector opens at
 * the failing ply. And the check that the fast path agrees with the chart,
 * replay and restore on explored paths.
 */

import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { gate } from '../engine/gate.js';
import type { TableInput } from '../engine/input.js';
import { stateView } from '../engine/view.js';
import type { ChartState } from '../fast/chartRunner.js';
import { replay } from '../table/replay.js';
import { createTable, restoreTable } from '../table/table.js';
import { type ExploreSettings, expand, type Found, judgeState } from './explore.js';
import type { Problem } from './judge.js';

/**
 * The moves of a path of move indices (each an index among the moves the judge offers at that state).
 *
 * @example
 * movesOf(settings, [0, 2]) // [{ type: 'engine.pass', seat: 'seat:ann' }, …]
 */
export function movesOf(s: ExploreSettings, path: readonly number[]): Move[] {
  let state = s.restart();
  const moves: Move[] = [];
  for (const index of path) {
    const move = s.judge.movesAt(state).moves[index];
    // Game code that wrote into the pieces during the run can leave a path that no longer applies: it ends here.
    if (move === undefined) break;
    moves.push(move);
    state = s.judge.runner.step(state, move as never);
  }
  return moves;
}

/** Where a check fails along `prefix`: the moves up to the failing state, and the failing move if it is a step's. */
interface Reproduced {
  readonly moves: Move[];
  readonly move: Move | null;
  readonly problem: Problem;
}

/**
 * Plays `prefix` from the opening, every move required legal, judging every state on the way as the explorer does;
 * the first place where `check` fails, or null.
 */
function reproduce(s: ExploreSettings, prefix: readonly Move[], check: string): Reproduced | null {
  let state: ChartState = s.restart();
  const played: Move[] = [];
  for (let i = 0; ; i++) {
    const found: Found[] = [];
    const others = new Set<string>();
    judgeState(s, state, () => [], found, others);
    expand(
      s,
      state,
      () => [],
      found,
      others,
      () => {},
    );
    const hit = found.find((f) => f.check === check);
    if (hit !== undefined) return { moves: played, move: hit.move, problem: hit };
    if (i === prefix.length) return null;
    const move = prefix[i] as Move;
    const verdict = gate(s.judge.game, state.context, move);
    if (!verdict.ok) return null;
    try {
      state = s.judge.runner.step(state, verdict.move);
    } catch {
      return null;
    }
    played.push(move);
  }
}

/**
 * The shortest form found of a counterexample: chunks of moves removed (halves, then quarters, down to single
 * moves) while the same check still fails with every move legal. At most `tries` replays.
 *
 * @example
 * shrink(settings, moves, 'no-counter-on-empty-stack') // fewer moves, same check broken
 */
export function shrink(
  s: ExploreSettings,
  moves: readonly Move[],
  check: string,
  tries = 300,
): { moves: Move[]; move: Move | null; problem: Problem } | null {
  let best = reproduce(s, moves, check);
  if (best === null) return null;
  let left = tries;
  for (
    let chunk = Math.max(1, Math.floor(best.moves.length / 2));
    chunk >= 1 && left > 0;
    chunk = Math.floor(chunk / 2)
  ) {
    for (let i = 0; i + chunk <= best.moves.length && left > 0; ) {
      left--;
      const candidate = [...best.moves.slice(0, i), ...best.moves.slice(i + chunk)];
      const again = reproduce(s, candidate, check);
      if (again !== null && again.moves.length < best.moves.length) best = again;
      else i += chunk;
    }
    if (chunk === 1) break;
  }
  return best;
}

/**
 * Plays `moves` on a live table (the actor), and compares it after every move with the fast path's state; at the
 * end, replays its log and restores its persisted snapshot and compares those too. What differs, or null.
 *
 * @example
 * fastPathDiffers(game, input, start, runner, moves) // null: they agree
 */
export function fastPathDiffers(
  game: AnyGame,
  input: TableInput,
  s: ExploreSettings,
  moves: readonly Move[],
): { problem: Problem; at: number } | null {
  const table = createTable(game, input as never);
  try {
    let state = s.restart();
    const differs = (what: string, a: unknown, b: unknown, at: number) => {
      const left = JSON.stringify(a);
      const right = JSON.stringify(b);
      return left === right
        ? null
        : {
            at,
            problem: {
              check: 'fast-path',
              kind: 'built-in' as const,
              message: `${what} after move ${at} differs from the chart's: ${left.slice(0, 200)} against ${right.slice(0, 200)}`,
            },
          };
    };
    for (let i = 0; i < moves.length; i++) {
      const move = moves[i] as Move;
      const live = table.tryPlay(move as never);
      state = s.judge.runner.step(state, move as never);
      if (!live.ok)
        return {
          at: i,
          problem: {
            check: 'fast-path',
            kind: 'built-in',
            message: `the live table refuses move ${i} (${live.error.code}: ${live.error.message}), which the fast path plays`,
          },
        };
      const found = differs('the fast path', stateView(game, state.context), table.state, i + 1);
      if (found !== null) return found;
    }
    const again = replay(table.log, { games: { [game.id]: game } });
    const replayed = differs('replaying the log', again.state, table.state, moves.length);
    again.stop();
    if (replayed !== null) return replayed;
    const restored = restoreTable(game, JSON.parse(JSON.stringify(table.persist())));
    const back = differs('restoring the snapshot', restored.state, table.state, moves.length);
    restored.stop();
    return back;
  } catch (error) {
    return {
      at: 0,
      problem: {
        check: 'fast-path',
        kind: 'built-in',
        message: `playing the path on a live table failed: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  } finally {
    table.stop();
  }
}
