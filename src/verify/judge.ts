/**
 * The verifier's judge: what may be played at a state, and what is wrong with
 * a state or a step. The explorer asks it at every state it meets; the
 * shrinker asks it again along a shorter path. Every answer is a `Problem`
 * naming the check, never an exception: game code that throws is itself a
 * problem the judge reports.
 */

import { GameCodeError } from '../core/errors.js';
import { type JsonObject, type JsonValue, type Move, readMove } from '../core/move.js';
import { seededRandom } from '../core/random.js';
import type { Invariant, MoveProperty, StateAt } from '../definition/checks.js';
import { type AnyGame, gameMove } from '../definition/game.js';
import type { Ply } from '../definition/records.js';
import type { TableContext } from '../engine/context.js';
import { checkMove, gate } from '../engine/gate.js';
import { legalMovesFor, seatlessMoves } from '../engine/legalMoves.js';
import type { Viewer } from '../engine/view.js';
import type { ChartRunner, ChartState } from '../fast/chartRunner.js';
import { at, size } from '../log/plyLog.js';
import { valueDigest } from './fingerprint.js';
import { PiecesRecord } from './piecesRecord.js';
import { brokenBy, stateAt } from './properties.js';
import type { BuiltInCheck } from './types.js';

/** Something wrong at a state or a step. */
export interface Problem {
  readonly check: string;
  readonly kind: 'built-in' | 'invariant' | 'move';
  readonly message: string;
}

/** Moves a bot or a dead-end check does not count as a way forward: leaving, taking back, passing by itself. */
const LAST_RESORT: ReadonlySet<string> = new Set(['engine.leave', 'engine.undo', 'engine.auto-pass']);

/** How many payloads of one move type the judge remembers to try in other states. */
const POOL = 24;

/** What the judge is told once per opening. */
export interface JudgeSettings {
  readonly game: AnyGame;
  readonly runner: ChartRunner;
  readonly invariants: ReadonlyArray<readonly [string, Invariant]>;
  readonly moveProperties: ReadonlyArray<readonly [string, MoveProperty]>;
  readonly skip: ReadonlySet<BuiltInCheck>;
  readonly ignoreMoves: ReadonlySet<string>;
  readonly application: boolean;
}

const quote = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

const thrown = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A payload a move type was offered with: for each seat of the opening, its key among the moves shown, and its move. */
interface Pooled {
  readonly payload: JsonValue | undefined;
  readonly keys: readonly string[];
  /** Read once (frozen, its payload parsed once): checking it again in another state reads nothing again. */
  readonly moves: readonly unknown[];
}

/** What tells one offered move from another. */
const offeredKey = (type: string, seat: string | undefined, payload: unknown) => JSON.stringify([type, seat, payload]);

/** A payload of `type` offered somewhere, as each of `seats` would make it. */
function pooled(type: string, payload: JsonValue | undefined, seats: readonly string[]): Pooled {
  return {
    payload,
    keys: seats.map((seat) => offeredKey(type, seat, payload)),
    moves: seats.map((seat) => {
      const move = { type, seat, payload };
      const read = readMove(move);
      return read.ok ? read.move : move;
    }),
  };
}

/** The judge of one opening's states and steps. */
export class Judge {
  readonly game: AnyGame;
  readonly runner: ChartRunner;
  private readonly seatless: readonly Move[];
  /** Payloads each move type was offered with somewhere: tried in other states, to find moves allowed but not offered. */
  private readonly pool = new Map<string, Map<string, Pooled>>();
  /** The game's application moves (the application may make them for the table). */
  private readonly applicationMoves: readonly (readonly [string, AnyGame['moves'][string]])[];
  /** The two tables last read as properties read them (a state is read for its invariants, then before each move). */
  private last: { ctx: TableContext | null; at: StateAt | null } = { ctx: null, at: null };
  private previous: { ctx: TableContext | null; at: StateAt | null } = { ctx: null, at: null };
  /** The record `pieces` writes. */
  private readonly record = new PiecesRecord(undefined);
  /** The digests of pieces whose views were found to keep what the game declares private. */
  private readonly privatePieces = new Set<number>();

  constructor(
    private readonly settings: JudgeSettings,
    options: unknown,
  ) {
    this.game = settings.game;
    this.runner = settings.runner;
    this.seatless = settings.application ? seatlessMoves(settings.game, options) : [];
    this.applicationMoves = Object.entries(settings.game.moves).filter(([, definition]) => definition.application);
  }

  /** The table at `ctx` as a property reads it, the last two read remembered. */
  private stateAt(ctx: TableContext): StateAt {
    if (this.last.ctx === ctx) return this.last.at as StateAt;
    const previous = this.previous;
    this.previous = this.last;
    if (previous.ctx === ctx) {
      this.last = previous;
      return previous.at as StateAt;
    }
    const at = stateAt(this.game, ctx);
    this.last = { ctx, at };
    return at;
  }

  /** Whether a built-in check is made. */
  checks(check: BuiltInCheck): boolean {
    return !this.settings.skip.has(check);
  }

  /**
   * The moves explored from a state, in a fixed order (each seat's allowed moves in table order, then the
   * application's), and problems met while asking for them (game code that threw while offering moves).
   */
  movesAt(state: ChartState): { moves: Move[]; problems: Problem[] } {
    const ctx = state.context;
    const moves: Move[] = [];
    const problems: Problem[] = [];
    if (ctx.status !== 'playing') return { moves, problems };
    for (const seat of ctx.opening.seats) {
      const legal = legalMovesFor(this.game, ctx, seat);
      for (const move of legal.allowed) {
        if (this.settings.ignoreMoves.has(move.type)) continue;
        moves.push(move);
        if (move.payload !== undefined && gameMove(this.game, move.type) !== undefined)
          this.remember(move, ctx.opening.seats);
      }
      for (const blocked of legal.blocked)
        if (blocked.code === 'GAME_ERROR')
          problems.push({
            check: 'game-code-throws',
            kind: 'built-in',
            message: `asking ${blocked.type}'s moves for ${seat}: ${blocked.message}`,
          });
    }
    for (const move of this.seatless) {
      const verdict = gate(this.game, ctx, move);
      if (verdict.ok) moves.push(verdict.move);
    }
    if (this.settings.application) {
      for (const [type, definition] of this.applicationMoves) {
        const payloads =
          definition.payload === null ? [undefined] : [...(this.pool.get(type)?.values() ?? [])].map((p) => p.payload);
        for (const payload of payloads) {
          const move: Move = payload === undefined ? { type } : { type, payload };
          const verdict = gate(this.game, ctx, move);
          if (verdict.ok) moves.push(verdict.move);
        }
      }
    }
    return { moves, problems };
  }

  private remember(move: Move, seats: readonly string[]): void {
    let payloads = this.pool.get(move.type);
    if (payloads === undefined) {
      payloads = new Map();
      this.pool.set(move.type, payloads);
    }
    if (payloads.size >= POOL) return;
    const key = JSON.stringify(move.payload);
    if (!payloads.has(key)) payloads.set(key, pooled(move.type, move.payload, seats));
  }

  /** Whether a state is a dead end: the game is on, and no seat has any move but leaving or taking back. */
  deadEnd(state: ChartState, moves: readonly Move[]): Problem | null {
    if (!this.checks('dead-end') || state.context.status !== 'playing') return null;
    if (moves.some((move) => move.seat !== undefined && !LAST_RESORT.has(move.type))) return null;
    const toAct = this.stateAt(state.context).toAct;
    return {
      check: 'dead-end',
      kind: 'built-in',
      message:
        toAct.length === 0
          ? 'the game is not over, and no seat may act'
          : `the game is not over, and ${toAct.join(', ')} may act but has no move besides leaving or taking one back`,
    };
  }

  /** The game's invariants that do not hold at a state (those in `broken` are not asked again). */
  invariantsAt(state: ChartState, broken: ReadonlySet<string>): Problem[] {
    const problems: Problem[] = [];
    if (this.settings.invariants.length === 0) return problems;
    const at = this.stateAt(state.context);
    for (const [name, invariant] of this.settings.invariants) {
      if (broken.has(name)) continue;
      const message = brokenBy(() => invariant(at as never));
      if (message !== null) problems.push({ check: name, kind: 'invariant', message });
    }
    return problems;
  }

  /**
   * Tries, for each seat, every move type the engine's turn rules would let it make, with every payload seen offered
   * anywhere: a move the table accepts that legal moves does not offer is a disagreement (the game's `candidates`
   * miss what its `check` allows). Then reads the pieces again: a refused move must leave them as they were.
   */
  probe(state: ChartState, offered: readonly Move[], before: PiecesRecord): Problem[] {
    const problems: Problem[] = [];
    const ctx = state.context;
    if (ctx.status !== 'playing' || !this.checks('legal-moves')) return problems;
    const shown = new Set(offered.map((move) => offeredKey(move.type, move.seat, move.payload)));
    const seats = ctx.opening.seats;
    for (const [type, payloads] of this.pool) {
      for (let s = 0; s < seats.length; s++) {
        for (const { payload, keys, moves } of payloads.values()) {
          if (shown.has(keys[s] as string)) continue;
          const refused = checkMove(this.game, ctx, moves[s]);
          if (refused === null) {
            if (this.settings.ignoreMoves.has(type)) continue;
            const seat = seats[s] as string;
            problems.push({
              check: 'legal-moves',
              kind: 'built-in',
              message: `the table accepts ${quote({ type, seat, payload })}, which legal moves does not offer ${seat} (its candidates miss what its check allows)`,
            });
            return problems;
          }
          // A refusal for the turn (not the seat's priority, not its turn) holds for every payload: no need to try more.
          if (refused.code !== 'REFUSED' && refused.code !== 'INVALID_PAYLOAD') break;
        }
      }
    }
    if (this.checks('refusal-changes-nothing') && !before.unchanged(ctx.game))
      problems.push({
        check: 'refusal-changes-nothing',
        kind: 'built-in',
        message: 'a move the table refused changed the pieces (a check or a refused play wrote into them)',
      });
    return problems;
  }

  /**
   * The pieces as they are now: what a refused move or a played one must leave as it was. The judge keeps one record,
   * written again by each call: ask it before asking for the pieces of another state.
   */
  pieces(ctx: TableContext): PiecesRecord {
    return this.record.rewrite(ctx.game);
  }

  /**
   * Plays `move` from `state`: the next state, or the problem that stopped it (game code that threw, or the engine
   * failing). Move properties are then asked of the step (those in `broken` are not asked again).
   */
  step(
    state: ChartState,
    move: Move,
    broken: ReadonlySet<string>,
  ): { next: ChartState; problems: Problem[] } | { next: null; problems: Problem[] } {
    let next: ChartState;
    try {
      next = this.settings.runner.step(state, move as never);
    } catch (error) {
      const problem: Problem =
        error instanceof GameCodeError
          ? { check: 'game-code-throws', kind: 'built-in', message: `playing ${quote(move)}: ${error.message}` }
          : {
              check: 'game-code-throws',
              kind: 'built-in',
              message: `playing ${quote(move)} failed in the engine (a plystack bug): ${thrown(error)}`,
            };
      return { next: null, problems: this.checks('game-code-throws') ? [problem] : [] };
    }
    const problems: Problem[] = [];
    if (this.settings.moveProperties.length > 0) {
      const from = size(state.context.plies);
      const plies: Ply[] = [];
      for (let i = from; i < size(next.context.plies); i++) plies.push(at(next.context.plies, i) as Ply);
      const stepAt = {
        before: this.stateAt(state.context),
        move,
        ply: plies[0] as Ply,
        plies,
        after: this.stateAt(next.context),
      };
      for (const [name, property] of this.settings.moveProperties) {
        if (broken.has(name)) continue;
        const message = brokenBy(() => property(stepAt as never));
        if (message !== null) problems.push({ check: name, kind: 'move', message });
      }
    }
    return { next, problems };
  }

  /**
   * Whether what the game declares private shows: for each seat (and for what nobody sees), the pieces are varied
   * by the game's `hidden.vary`, and no other viewer's view may change.
   */
  privacy(state: ChartState): Problem | null {
    const vary = this.game.hidden?.vary;
    if (vary === undefined || !this.checks('privacy')) return null;
    const ctx = state.context;
    // Privacy is a question of the pieces alone (the seats and options are the opening's): pieces read as equal to
    // some already found private, in another state, are not asked again.
    const [a, b] = valueDigest(ctx.game);
    // 53 of the digest's 64 bits, as one number: no text to write and hash for each state.
    const key = (a & 0x1fffff) * 0x100000000 + b;
    if (this.privatePieces.has(key)) return null;
    const leak = this.leak(ctx);
    if (leak === null) this.privatePieces.add(key);
    return leak;
  }

  /** `privacy` for pieces not yet found private. */
  private leak(ctx: TableContext): Problem | null {
    const vary = this.game.hidden?.vary;
    if (vary === undefined) return null;
    const seats = ctx.opening.seats;
    const viewers: Viewer[] = [...seats, null];
    let seen: string[];
    try {
      seen = visible(this.game, ctx.game, ctx.opening.options, seats, viewers);
    } catch (error) {
      return { check: 'game-code-throws', kind: 'built-in', message: `a view: ${thrown(error)}` };
    }
    for (const owner of viewers) {
      let varied: unknown;
      let seenVaried: string[];
      try {
        varied = vary({ game: ctx.game, seat: owner, options: ctx.opening.options, random: seededRandom(1) });
        seenVaried = visible(this.game, varied, ctx.opening.options, seats, viewers);
      } catch (error) {
        return { check: 'game-code-throws', kind: 'built-in', message: `hidden.vary or a view: ${thrown(error)}` };
      }
      for (let i = 0; i < viewers.length; i++) {
        const viewer = viewers[i] as Viewer;
        if (owner !== null && viewer === owner) continue;
        if (seen[i] !== seenVaried[i])
          return {
            check: 'privacy',
            kind: 'built-in',
            message: `${viewer ?? 'a spectator'} sees what ${owner === null ? 'nobody may see' : `${owner} keeps private`}: its view changes when only that changes (${firstDifference(seen[i] as string, seenVaried[i] as string)})`,
          };
      }
    }
    return null;
  }
}

/**
 * What each viewer sees of `pieces`, as JSON: every seat's view (its own in full, the others' as the game hides them)
 * and the table's public view, as `stateView` gives them; each seat's own view is asked once for all viewers.
 */
function visible(
  game: AnyGame,
  pieces: unknown,
  options: unknown,
  seats: readonly string[],
  viewers: readonly Viewer[],
): string[] {
  const own = seats.map((seat) => game.seatView({ game: pieces, seat, options }));
  const shown = game.publicView({ game: pieces, options });
  return viewers.map((viewer) => {
    const views: Record<string, unknown> = {};
    seats.forEach((seat, i) => {
      const view = own[i] as JsonObject;
      views[seat] = viewer === seat ? view : game.hiddenSeatView({ game: pieces, seat, viewer, options, view });
    });
    return JSON.stringify([views, shown]);
  });
}

/** Where two JSON texts first differ, with a little of each. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return `…${a.slice(from, i + 30)}… became …${b.slice(from, i + 30)}…`;
}
