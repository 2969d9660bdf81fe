/**
 * Checking a log again: its moves played from its opening on the fast path,
 * with the game's properties and the built-in checks judged at every state
 * and step on the way, as `verify` judges them. A counterexample written by
 * `verify` fails here until the rule is mended; a regression test asks this.
 */

import type { Move } from '../core/move.js';
import type { Invariant, MoveProperty } from '../definition/checks.js';
import type { AnyGame } from '../definition/game.js';
import { gate } from '../engine/gate.js';
import { runnerOf } from '../fast/simulation.js';
import { openFromLog } from '../table/replay.js';
import { type ExploreSettings, expand, type Found, judgeState } from './explore.js';
import { fingerprint } from './fingerprint.js';
import { Judge } from './judge.js';
import type { BuiltInCheck } from './types.js';

/** What `recheck` found: each broken check once, where it first shows. */
export interface Recheck {
  readonly problems: readonly {
    readonly check: string;
    readonly kind: 'built-in' | 'invariant' | 'move';
    readonly message: string;
    /** Moves applied when it shows (a broken move property: after its move). */
    readonly at: number;
  }[];
  /** Moves of the log that were played (a refused move stops the replay; its refusal is then a problem). */
  readonly applied: number;
}

/**
 * Plays `log` again, judging every state and step along it. The game's own checks are asked, and those given.
 * Throws `InvalidTable` when the log itself is wrong.
 *
 * @example
 * recheck(counterspell, violation.log).problems[0]?.check // 'counter-needs-a-target' until the rule is mended
 */
export function recheck(
  game: AnyGame,
  log: unknown,
  extra: {
    readonly invariants?: { readonly [name: string]: Invariant };
    readonly moveProperties?: { readonly [name: string]: MoveProperty };
    readonly skip?: readonly BuiltInCheck[];
    /** Judge every state on the way as `verify` does (dead ends, legal moves against play, …), not only the last. */
    readonly everyState?: boolean;
    /**
     * States already judged (by fingerprint), shared by the rechecks of many logs of one table (the paths of a test
     * model share their first moves): a state met again is not judged again. Filled as states are judged.
     */
    readonly judged?: Set<string>;
  } = {},
): Recheck {
  const table = openFromLog(log, { [game.id]: game });
  const runner = runnerOf(game, table.actor.logic);
  const start = runner.stateOf(table.actor.getSnapshot());
  table.stop();
  const judge = new Judge(
    {
      game,
      runner,
      invariants: [...Object.entries(game.checks.invariants), ...Object.entries(extra.invariants ?? {})],
      moveProperties: [...Object.entries(game.checks.moves), ...Object.entries(extra.moveProperties ?? {})],
      // Along one path there is no graph to ask whether the end is reachable, nor other paths to compare.
      skip: new Set<BuiltInCheck>([...(extra.skip ?? []), 'can-end', 'fast-path']),
      ignoreMoves: new Set(['engine.auto-pass']),
      application: true,
    },
    start.context.opening.options,
  );
  const settings: ExploreSettings = {
    judge,
    start,
    restart: () => {
      const again = openFromLog(log, { [game.id]: game });
      const state = runner.stateOf(again.actor.getSnapshot());
      again.stop();
      return state;
    },
    fingerprint: { counters: true, symmetry: false },
    bounds: { depth: Number.POSITIVE_INFINITY, states: Number.POSITIVE_INFINITY, seconds: Number.POSITIVE_INFINITY },
    deadline: 0,
    countersRead: () => false,
  };
  const moves = (log as { moves: readonly Move[] }).moves;
  const problems: Recheck['problems'][number][] = [];
  const broken = new Set<string>();
  let state = start;
  let applied = 0;
  const note = (found: Found[], at: number) => {
    for (const f of found)
      problems.push({ check: f.check, kind: f.kind, message: f.message, at: f.kind === 'move' ? at + 1 : at });
  };
  const seats = start.context.opening.seats;
  const once = (i: number) => {
    if (extra.judged === undefined || i === moves.length) return true;
    const [a, b] = fingerprint(state, settings.fingerprint, seats);
    const key = `${a}:${b}`;
    if (extra.judged.has(key)) return false;
    extra.judged.add(key);
    return true;
  };
  for (let i = 0; ; i++) {
    const found: Found[] = [];
    const judging = once(i);
    if (judging) judgeState(settings, state, () => [], found, broken);
    note(found, i);
    // The last state is judged as verify judges a state (dead ends, legal moves, …); every state with everyState.
    if (i === moves.length || (extra.everyState === true && judging)) {
      const here: Found[] = [];
      expand(
        settings,
        state,
        () => [],
        here,
        broken,
        () => {},
      );
      note(here, i);
    }
    if (i === moves.length) break;
    const move = moves[i] as Move;
    const verdict = gate(game, state.context, move);
    if (!verdict.ok) {
      const refused = verdict.refusal;
      problems.push({
        check: 'replay',
        kind: 'built-in',
        message: `move ${i} is refused: ${refused.code}: ${refused.message}`,
        at: i,
      });
      break;
    }
    const stepped = judge.step(state, verdict.move, broken);
    for (const problem of stepped.problems) {
      if (broken.has(problem.check)) continue;
      broken.add(problem.check);
      problems.push({ ...problem, at: problem.kind === 'move' ? i + 1 : i });
    }
    if (stepped.next === null) break;
    state = stepped.next;
    applied++;
  }
  return { problems, applied };
}
