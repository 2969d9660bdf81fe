/**
 * The shapes of a verification run: what `verify` is asked, and the report it
 * gives (docs/verifying.md).
 */

import type { Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import type { Invariant, MoveProperty, StateAt } from '../definition/checks.js';
import type { AnyGame, Game, OptionsOf, PiecesOf } from '../definition/game.js';
import type { TableLog } from '../engine/view.js';

/** The checks plystack makes of every game, needing no code from its author. */
export const BUILT_IN_CHECKS = [
  'dead-end',
  'can-end',
  'legal-moves',
  'refusal-changes-nothing',
  'moves-keep-the-past',
  'game-code-throws',
  'fast-path',
  'privacy',
] as const;

/** One of the built-in checks. */
export type BuiltInCheck = (typeof BUILT_IN_CHECKS)[number];

/** The options of game `Gm` as its callbacks read them. */
// biome-ignore lint/suspicious/noExplicitAny: any matches a game of every type in this conditional type, which infers the one it reads
export type ReadOptionsOf<Gm> = Gm extends Game<any, infer O, any, any, any> ? O : unknown;

/** How far a run may go. */
export interface VerifyBounds {
  /** Moves from the opening (default: no bound). */
  readonly depth?: number;
  /** Distinct states per opening (default 200,000). */
  readonly states?: number;
  /** Seconds for the whole run (default 60). */
  readonly seconds?: number;
}

/** What `verify` is asked. */
export interface VerifyOptions<Gm extends AnyGame = AnyGame> {
  /** How many seats (named seat:ann, seat:bob, …), or several counts to sweep (default: the game's minimum). */
  readonly seats?: number | readonly number[];
  /** The game's options, or several option sets to sweep (default: `{}`). */
  readonly options?: OptionsOf<Gm> | readonly OptionsOf<Gm>[];
  /** The seeds to open tables with (default [1]): every seat count, option set and seed is one opening. */
  readonly seeds?: readonly Seed[];
  /** Properties of every reachable state, by name (added to the game's own `checks.invariants`). */
  readonly invariants?: { readonly [name: string]: Invariant<PiecesOf<Gm>, ReadOptionsOf<Gm>> };
  /** Properties of every accepted move, by name (added to the game's own `checks.moves`). */
  readonly moveProperties?: { readonly [name: string]: MoveProperty<PiecesOf<Gm>, ReadOptionsOf<Gm>> };
  /**
   * What tells states apart, as a JSON-able value (default: the whole table but the counters of the past). States
   * with equal values are merged: keep less to explore fewer states, at the price of missing what the rest decides.
   */
  readonly abstraction?: (at: StateAt<PiecesOf<Gm>, ReadOptionsOf<Gm>>) => unknown;
  /** Merge states that differ only by a rotation of the seats (for games that treat every seat alike). */
  readonly symmetry?: boolean;
  /** Keep the turn and round numbers in the fingerprint even when the game does not read them. */
  readonly counters?: boolean;
  readonly bounds?: VerifyBounds;
  /** `exhaust` (default): breadth-first over every state; `swarm`: random walks, for games too large to exhaust. */
  readonly mode?: 'exhaust' | 'swarm';
  /** Swarm mode: how many walks per opening (default 200) and moves per walk (`bounds.depth`, default 200). */
  readonly walks?: number;
  /** Built-in checks to leave out, by name. */
  readonly skip?: readonly BuiltInCheck[];
  /** Engine moves left out of the exploration (default: `engine.auto-pass`). */
  readonly ignoreMoves?: readonly string[];
  /** Explore the application's own moves (seatless pass, end of turn, transitions, application moves; default true). */
  readonly application?: boolean;
  /** Called now and then with the run's progress (the CLI draws its progress bar from it). */
  readonly progress?: (progress: VerifyProgress) => void;
}

/** Where a run stands. */
export interface VerifyProgress {
  readonly opening: string;
  readonly distinct: number;
  readonly depth: number;
  readonly seconds: number;
  readonly violations: number;
}

/** One opening a run explored from. */
export interface OpeningOf {
  readonly seats: readonly string[];
  readonly options: unknown;
  readonly seed: Seed;
}

/** A broken property, with the shortest path to it as a replayable log. */
export interface Violation {
  /** The property's name: a built-in check (`dead-end`, …), or the name of an invariant or move property. */
  readonly check: string;
  readonly kind: 'built-in' | 'invariant' | 'move';
  /** What is wrong, in the property's words. */
  readonly message: string;
  readonly opening: OpeningOf;
  /** The moves from the opening: the last is the one that broke a move property (or set off the failure). */
  readonly moves: readonly Move[];
  /** Moves applied when the violation shows: the table after `moves[0..at-1]` (0: the opening). */
  readonly at: number;
  /** For a game that can no longer end: the first move after which no end is reachable (its index in `moves`). */
  readonly pointOfNoReturn?: number;
  /** The counterexample as a log: `plystack replay` plays it, `--check` checks it again, the inspector opens it at `at`. */
  readonly log: TableLog & {
    readonly violation: { readonly check: string; readonly message: string; readonly at: number };
  };
}

/** What one opening's run did. */
export interface RunReport {
  readonly opening: OpeningOf;
  readonly mode: 'exhaust' | 'swarm';
  /** True when every reachable state was explored (within the depth bound, if any, only when none lay beyond it). */
  readonly exhausted: boolean;
  /** The bound that stopped it, or null; with the option that raises it. */
  readonly stoppedBy: { readonly bound: 'depth' | 'states' | 'seconds'; readonly raise: string } | null;
  /** States generated: the opening and every successor of every expanded state, seen before or not. */
  readonly states: number;
  /** Distinct states (by fingerprint). */
  readonly distinct: number;
  /** The deepest state, in moves from the opening. */
  readonly depth: number;
  readonly transitions: number;
  readonly seconds: number;
  readonly statesPerSecond: number;
  /** Bytes held per distinct state by the run's record of them. */
  readonly bytesPerState: number;
  /** Whether the turn and round numbers told states apart, and why. */
  readonly counters: 'kept' | 'dropped';
  readonly countersReason: string;
}

/** What `verify` found. */
export interface VerifyReport {
  /** True when no property was broken. */
  readonly ok: boolean;
  readonly game: string;
  readonly violations: readonly Violation[];
  readonly runs: readonly RunReport[];
  /** Every check that was made, by name. */
  readonly checks: readonly string[];
}
