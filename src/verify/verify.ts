/**
 * `verify`: a model checker of a game's rules. It opens tables of the game
 * (every seat count, option set and seed asked for), explores them on the fast
 * path, and checks at every state and step the game's own properties and
 * plystack's built-in checks; each broken property comes back with the
 * shortest path found to it, shrunk, as a log anyone can replay
 * (docs/verifying.md).
 */

import { DEMO_SEATS } from '../bots/autoplay.js';
import type { Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import type { Invariant, MoveProperty } from '../definition/checks.js';
import type { AnyGame } from '../definition/game.js';
import type { TableInput } from '../engine/input.js';
import { runnerOf } from '../fast/simulation.js';
import { createTable } from '../table/table.js';
import { fastPathDiffers, movesOf, shrink } from './counterexample.js';
import { type Explored, type ExploreSettings, exhaust, swarm } from './explore.js';
import { type CounterReads, watchCounters } from './instrument.js';
import { Judge } from './judge.js';
import { stateAt } from './properties.js';
import {
  BUILT_IN_CHECKS,
  type BuiltInCheck,
  type OpeningOf,
  type RunReport,
  type VerifyOptions,
  type VerifyReport,
  type Violation,
} from './types.js';

const DEFAULTS = { states: 200_000, seconds: 60, depth: Number.POSITIVE_INFINITY };

/** The raise for each bound, as the API and the CLI name it. */
const RAISE = {
  depth: 'bounds.depth (plystack verify --depth D)',
  states: 'bounds.states (plystack verify --states N)',
  seconds: 'bounds.seconds (plystack verify --seconds S)',
} as const;

function list<T>(value: T | readonly T[] | undefined, fallback: T): readonly T[] {
  if (value === undefined) return [fallback];
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

function seatsOf(game: AnyGame, count: number): string[] {
  if (!Number.isInteger(count) || count < game.seats.min || count > Math.min(game.seats.max, DEMO_SEATS.length))
    throw new RangeError(
      `seats: ${game.id} is played by ${game.seats.min} to ${Math.min(game.seats.max, DEMO_SEATS.length)} seats here, not ${count}`,
    );
  return DEMO_SEATS.slice(0, count);
}

/**
 * Verifies `game`: explores its tables and checks every reachable state and every accepted move against the game's
 * own properties (its `checks`, and those given here) and plystack's built-in checks (a dead end, a game that can no
 * longer end, legal moves that disagree with play, a refusal that changes the pieces, a move that writes into the
 * past, game code that throws, the fast path against the chart, replay and restore, and what the game declares
 * private showing in a view). Throws only for bad usage (a seat count the game does not take, options it refuses).
 *
 * @example
 * const report = verify(counterspell, { seats: [2, 3], invariants: { 'life never below 0': ({ game }) => Object.values(game.life).every((l) => l >= 0) } })
 * expect(report.violations).toEqual([])
 */
export function verify<Gm extends AnyGame>(game: Gm, options: VerifyOptions<Gm> = {}): VerifyReport {
  const started = performance.now();
  const bounds = { ...DEFAULTS, ...options.bounds };
  for (const [name, value] of Object.entries(bounds))
    if (typeof value !== 'number' || Number.isNaN(value) || value <= 0)
      throw new RangeError(`bounds.${name}: a number above 0, not ${String(value)}`);
  const skip = new Set<BuiltInCheck>(options.skip ?? []);
  for (const name of skip)
    if (!BUILT_IN_CHECKS.includes(name))
      throw new RangeError(`skip: no built-in check ${JSON.stringify(name)}; known: ${BUILT_IN_CHECKS.join(', ')}`);
  const invariants = [...Object.entries(game.checks.invariants), ...Object.entries(options.invariants ?? {})] as [
    string,
    Invariant,
  ][];
  const moveProperties = [...Object.entries(game.checks.moves), ...Object.entries(options.moveProperties ?? {})] as [
    string,
    MoveProperty,
  ][];
  const mode = options.mode ?? 'exhaust';
  const openings: OpeningOf[] = [];
  for (const count of list(options.seats, game.seats.min))
    for (const given of list<unknown>(options.options as unknown, {}))
      for (const seed of options.seeds ?? [1 as Seed])
        openings.push({ seats: seatsOf(game, count), options: given, seed });

  const runs: RunReport[] = [];
  const violations: Violation[] = [];
  for (const opening of openings) {
    const input: TableInput = {
      table: 'table:verify',
      seats: [...opening.seats],
      seed: opening.seed,
      options: opening.options as never,
    };
    // Opening a table checks the seats and options: InvalidTable names what is wrong.
    createTable(game, input as never).stop();
    const label = `${opening.seats.length} seats, seed ${opening.seed}${JSON.stringify(opening.options) === '{}' ? '' : `, options ${JSON.stringify(opening.options)}`}`;
    const attempt = (keepCounters: boolean) => {
      const reads: CounterReads = { read: null };
      const played = keepCounters ? game : watchCounters(game, reads);
      const table = createTable(played, input as never);
      const runner = runnerOf(played, table.actor.logic);
      const start = runner.stateOf(table.actor.getSnapshot());
      table.stop();
      const restart = () => {
        const again = createTable(played, input as never);
        const state = runner.stateOf(again.actor.getSnapshot());
        again.stop();
        return state;
      };
      const judge = new Judge(
        {
          game: played,
          runner,
          invariants,
          moveProperties,
          skip,
          ignoreMoves: new Set(options.ignoreMoves ?? ['engine.auto-pass']),
          application: options.application !== false,
        },
        start.context.opening.options,
      );
      const abstraction = options.abstraction;
      const settings: ExploreSettings = {
        judge,
        start,
        restart,
        fingerprint: {
          counters: keepCounters,
          symmetry: options.symmetry === true,
          ...(abstraction === undefined ? {} : { abstraction: (ctx) => abstraction(stateAt(game, ctx) as never) }),
        },
        bounds,
        deadline: (performance.now() - started) / 1000,
        countersRead: () => reads.read !== null,
        ...(options.progress === undefined
          ? {}
          : {
              onProgress: (distinct: number, depth: number, found: number) =>
                options.progress?.({
                  opening: label,
                  distinct,
                  depth,
                  seconds: (performance.now() - started) / 1000,
                  violations: violations.length + found,
                }),
            }),
      };
      const explored =
        mode === 'swarm'
          ? swarm({
              ...settings,
              walks: options.walks ?? 200,
              seed: typeof opening.seed === 'number' ? opening.seed : 1,
            })
          : exhaust(settings);
      return { explored, settings, reads };
    };
    const keep = options.counters === true;
    let run = attempt(keep);
    let countersReason = keep ? 'kept: asked for' : 'dropped: the game never read seating.turn or seating.round';
    if (run.explored.countersRead) {
      countersReason = `kept: ${run.reads.read}`;
      run = attempt(true);
    }
    const { explored, settings } = run;
    runs.push(report(opening, mode, explored, countersReason));
    for (const found of explored.found) violations.push(violationOf(game, input, opening, settings, found));
    if (!skip.has('fast-path')) {
      const paths = explored.samples.map((path) => movesOf(settings, path));
      for (const moves of paths) {
        const differs = fastPathDiffers(game, input, settings, moves);
        if (differs === null) continue;
        const taken = moves.slice(0, differs.at);
        violations.push(logged(game, input, opening, { ...differs.problem, moves: taken, at: differs.at }));
        break;
      }
    }
  }
  return {
    ok: violations.length === 0,
    game: game.id,
    violations,
    runs,
    checks: [
      ...BUILT_IN_CHECKS.filter((check) => !skip.has(check) && (check !== 'privacy' || game.hidden !== null)),
      ...invariants.map(([name]) => name),
      ...moveProperties.map(([name]) => name),
    ],
  };
}

function report(opening: OpeningOf, mode: 'exhaust' | 'swarm', explored: Explored, reason: string): RunReport {
  return {
    opening,
    mode,
    exhausted: explored.exhausted,
    stoppedBy: explored.stoppedBy === null ? null : { bound: explored.stoppedBy, raise: RAISE[explored.stoppedBy] },
    states: explored.states,
    distinct: explored.distinct,
    depth: explored.depth,
    transitions: explored.transitions,
    seconds: explored.seconds,
    statesPerSecond: explored.seconds > 0 ? Math.round(explored.distinct / explored.seconds) : explored.distinct,
    bytesPerState: explored.distinct > 0 ? Math.round(explored.bytes / explored.distinct) : 0,
    counters: reason.startsWith('dropped') ? 'dropped' : 'kept',
    countersReason: reason,
  };
}

/** A found problem as a violation: its moves rebuilt, shrunk where it can be, and written as a log. */
function violationOf(
  game: AnyGame,
  input: TableInput,
  opening: OpeningOf,
  settings: ExploreSettings,
  found: Explored['found'][number],
): Violation {
  const prefix = movesOf(settings, found.path);
  if (found.noReturn === true)
    return logged(game, input, opening, {
      ...found,
      moves: prefix,
      at: prefix.length,
      ...(prefix.length > 0 ? { pointOfNoReturn: prefix.length - 1 } : {}),
    });
  const shrunk = shrink(settings, prefix, found.check);
  const moves = shrunk === null ? prefix : shrunk.moves;
  const move = shrunk === null ? found.move : shrunk.move;
  const message = shrunk === null ? found.message : shrunk.problem.message;
  // A broken move property shows after its move; anything else at the state the moves reach.
  const at = moves.length + (move !== null && found.kind === 'move' ? 1 : 0);
  return logged(game, input, opening, {
    check: found.check,
    kind: found.kind,
    message,
    moves: move === null ? moves : [...moves, move],
    at,
  });
}

function logged(
  game: AnyGame,
  input: TableInput,
  opening: OpeningOf,
  v: {
    check: string;
    kind: Violation['kind'];
    message: string;
    moves: readonly Move[];
    at: number;
    pointOfNoReturn?: number;
  },
): Violation {
  const table = createTable(game, input as never);
  const base = table.log;
  table.stop();
  return {
    check: v.check,
    kind: v.kind,
    message: v.message,
    opening,
    moves: v.moves,
    at: v.at,
    ...(v.pointOfNoReturn === undefined ? {} : { pointOfNoReturn: v.pointOfNoReturn }),
    log: { ...base, moves: [...v.moves], violation: { check: v.check, message: v.message, at: v.at } },
  };
}
