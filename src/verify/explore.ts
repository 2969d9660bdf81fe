/**
 * One opening explored on the fast path: breadth-first over every distinct
 * state (the shortest path to each violation comes first), or random walks
 * (swarm) for games too large to exhaust. Every new state is judged, every
 * step is judged, and after an exhaustive run the states from which the game
 * can no longer end are found on the graph it recorded.
 */
import type { Move } from '../core/move.js';
import { seededRandom } from '../core/random.js';
import type { ChartState } from '../fast/chartRunner.js';
import { type FingerprintSettings, fingerprint } from './fingerprint.js';
import type { Judge, Problem } from './judge.js';
import { StateStore } from './stateStore.js';
import type { VerifyBounds } from './types.js';

/** A problem found, with where: the path's moves as indices among each state's moves, and the failing move. */
export interface Found extends Problem {
  /** Move indices from the opening to the state where it shows (or from which the failing move was made). */
  readonly path: readonly number[];
  /** The move that failed or broke a move property, played after `path`; null for a problem of a state. */
  readonly move: Move | null;
  /** For `can-end`: the state where no end is reachable any more (its path is `path`). */
  readonly noReturn?: true;
}

/** What a run of one opening did. */
export interface Explored {
  readonly found: Found[];
  readonly exhausted: boolean;
  readonly stoppedBy: 'depth' | 'states' | 'seconds' | null;
  readonly states: number;
  readonly distinct: number;
  readonly depth: number;
  readonly transitions: number;
  readonly seconds: number;
  readonly bytes: number;
  /** Set when the run was abandoned because the game read a counter the fingerprint left out. */
  readonly countersRead: boolean;
  /** Paths to a few states spread over the run (the deepest last), for the fast path's check against the chart. */
  readonly samples: readonly (readonly number[])[];
}

/** What an explorer is given. */
export interface ExploreSettings {
  readonly judge: Judge;
  readonly start: ChartState;
  /**
   * A fresh opening state, as `start` was before the run: game code that writes into the pieces (the faults
   * refusal-changes-nothing and moves-keep-the-past find) may have changed `start` and the states sharing its pieces,
   * so counterexamples are rebuilt from a fresh one.
   */
  readonly restart: () => ChartState;
  readonly fingerprint: FingerprintSettings;
  readonly bounds: Required<VerifyBounds>;
  /** Seconds already spent by earlier openings of the same run. */
  readonly deadline: number;
  /** Whether the game has read a dropped counter (checked as the run goes: the run is then abandoned). */
  readonly countersRead: () => boolean;
  readonly onProgress?: (distinct: number, depth: number, violations: number) => void;
}

/** Judges a state the explorer has just met; problems are added to `found` once per check. */
export function judgeState(
  s: ExploreSettings,
  state: ChartState,
  path: () => number[],
  found: Found[],
  broken: Set<string>,
): void {
  const add = (problem: Problem) => {
    if (broken.has(problem.check)) return;
    broken.add(problem.check);
    found.push({ ...problem, path: path(), move: null });
  };
  for (const problem of s.judge.invariantsAt(state, broken)) add(problem);
  if (!broken.has('privacy')) {
    const leak = s.judge.privacy(state);
    if (leak !== null) add(leak);
  }
}

/** Expands a state: its moves, their successors (handed to `onNext`), and the problems of the state and its steps. */
export function expand(
  s: ExploreSettings,
  state: ChartState,
  path: () => number[],
  found: Found[],
  broken: Set<string>,
  onNext: (next: ChartState, index: number) => void,
): number {
  const add = (problem: Problem, move: Move | null) => {
    if (broken.has(problem.check)) return;
    broken.add(problem.check);
    found.push({ ...problem, path: path(), move });
  };
  // The pieces are read before the game is asked anything: a check that writes into them while legal moves are
  // worked out is caught as one that writes while the probe refuses a move.
  const before = s.judge.pieces(state.context);
  const { moves, problems } = s.judge.movesAt(state);
  for (const problem of problems) add(problem, null);
  const dead = s.judge.deadEnd(state, moves);
  if (dead !== null) add(dead, null);
  for (const problem of s.judge.probe(state, moves, before)) add(problem, null);
  let generated = 0;
  moves.forEach((move, index) => {
    const result = s.judge.step(state, move, broken);
    for (const problem of result.problems) add(problem, move);
    if (result.next === null) return;
    generated++;
    onNext(result.next, index);
  });
  if (s.judge.checks('moves-keep-the-past') && moves.length > 0 && !before.unchanged(state.context.game))
    add(
      {
        check: 'moves-keep-the-past',
        kind: 'built-in',
        message:
          'a move changed the pieces of the state it was played from: a move must return new pieces, never write into the old ones (undo, replay and look-ahead read them)',
      },
      null,
    );
  return generated;
}

/**
 * Explores an opening breadth-first until every state is seen or a bound stops it.
 *
 * @example
 * exhaust({ judge, start, fingerprint, bounds, deadline, countersRead }).distinct // 5478 for tic-tac-toe
 */
export function exhaust(s: ExploreSettings): Explored {
  const started = performance.now();
  const store = new StateStore();
  const seats = s.start.context.opening.seats;
  const found: Found[] = [];
  const broken = new Set<string>();
  const key = (state: ChartState) => fingerprint(state, s.fingerprint, seats);
  store.add(key(s.start), 0, 0);
  if (s.start.context.status === 'over') store.markOver(0);
  judgeState(s, s.start, () => [], found, broken);
  // The frontier: states met but not yet expanded, in id order (ids are given breadth-first).
  let frontier: ChartState[] = [s.start];
  let next: ChartState[] = [];
  let head = 0;
  let generated = 0;
  let depth = 0;
  let stoppedBy: Explored['stoppedBy'] = null;
  let countersRead = false;
  for (let id = 0; ; id++) {
    if (head === frontier.length) {
      if (next.length === 0) break;
      frontier = next;
      next = [];
      head = 0;
      store.levels.push(id);
      depth++;
    }
    if (depth >= s.bounds.depth) {
      stoppedBy = 'depth';
      break;
    }
    if (s.countersRead()) {
      countersRead = true;
      break;
    }
    // The clock is read every 32 states (a read costs far less than expanding one): a loaded machine, where a state
    // takes milliseconds, still stops close to its time bound and shows progress between two lines' interval and it.
    if ((id & 31) === 0) {
      const seconds = (performance.now() - started) / 1000;
      if (seconds + s.deadline >= s.bounds.seconds) {
        stoppedBy = 'seconds';
        break;
      }
      s.onProgress?.(store.size, depth, found.length);
    }
    const state = frontier[head] as ChartState;
    frontier[head++] = undefined as unknown as ChartState;
    const successors: number[] = [];
    const pathTo = () => store.pathTo(id);
    generated += expand(s, state, pathTo, found, broken, (after, index) => {
      const added = store.add(key(after), id, index);
      successors.push(added.id);
      if (!added.added) return;
      if (after.context.status === 'over') store.markOver(added.id);
      judgeState(s, after, () => store.pathTo(added.id), found, broken);
      next.push(after);
    });
    store.expand(successors);
    if (store.size >= s.bounds.states && (head < frontier.length || next.length > 0)) {
      stoppedBy = 'states';
      break;
    }
  }
  const exhausted = stoppedBy === null && !countersRead;
  if (!countersRead && s.judge.checks('can-end')) {
    const can = store.canEnd();
    for (let id = 0; id < store.size; id++) {
      if (can[id] === 1) continue;
      found.push({
        check: 'can-end',
        kind: 'built-in',
        message: `the game can no longer end: none of the states reachable from here is over${exhausted ? '' : ' (within the bounds: each of them was explored to its end)'}`,
        path: store.pathTo(id),
        move: null,
        noReturn: true,
      });
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const samples = [1, 2, 3, 4].map((quarter) => store.pathTo(Math.floor(((store.size - 1) * quarter) / 4)));
  return {
    found,
    samples,
    exhausted,
    stoppedBy,
    states: generated + 1,
    distinct: store.size,
    depth: store.levels.length - 1,
    transitions: store.transitions,
    seconds,
    bytes: store.bytes,
    countersRead,
  };
}

/**
 * Explores an opening by random walks from the opening, each `bounds.depth` moves at most (or to the game's end),
 * judging every state and step on the way; distinct states are counted by fingerprint.
 *
 * @example
 * swarm({ ...settings, walks: 200, seed: 1 }).distinct
 */
export function swarm(s: ExploreSettings & { readonly walks: number; readonly seed: number }): Explored {
  const started = performance.now();
  const store = new StateStore();
  const seats = s.start.context.opening.seats;
  const found: Found[] = [];
  const broken = new Set<string>();
  const random = seededRandom(s.seed);
  const key = (state: ChartState) => fingerprint(state, s.fingerprint, seats);
  store.add(key(s.start), 0, 0);
  judgeState(s, s.start, () => [], found, broken);
  let generated = 0;
  let deepest = 0;
  const samples: number[][] = [];
  let stoppedBy: Explored['stoppedBy'] = null;
  let countersRead = false;
  const maxDepth = Number.isFinite(s.bounds.depth) ? s.bounds.depth : 200;
  walks: for (let walk = 0; walk < s.walks; walk++) {
    let state = s.start;
    const path: number[] = [];
    for (let step = 0; step < maxDepth && state.context.status === 'playing'; step++) {
      if (s.countersRead()) {
        countersRead = true;
        break walks;
      }
      if ((performance.now() - started) / 1000 + s.deadline >= s.bounds.seconds) {
        stoppedBy = 'seconds';
        break walks;
      }
      if (store.size >= s.bounds.states) {
        stoppedBy = 'states';
        break walks;
      }
      const successors: { next: ChartState; index: number }[] = [];
      const here = [...path];
      generated += expand(
        s,
        state,
        () => here,
        found,
        broken,
        (next, index) => successors.push({ next, index }),
      );
      if (successors.length === 0) break;
      const chosen = successors[random.int(0, successors.length - 1)] as { next: ChartState; index: number };
      path.push(chosen.index);
      state = chosen.next;
      const added = store.add(key(state), 0, 0);
      if (added.added) judgeState(s, state, () => [...path], found, broken);
      deepest = Math.max(deepest, path.length);
    }
    if (walk < 4) samples.push(path);
    s.onProgress?.(store.size, deepest, found.length);
  }
  return {
    found,
    samples,
    exhausted: false,
    stoppedBy,
    states: generated + 1,
    distinct: store.size,
    depth: deepest,
    transitions: generated,
    seconds: (performance.now() - started) / 1000,
    bytes: store.bytes,
    countersRead,
  };
}
