/**
 * The one gate a move passes. Untrusted input is read once into a frozen move,
 * held to the turn's rules (rules.ts), its payload read by its schema and the
 * game asked, all against one context. What passes is a `CheckedMove`: the
 * move as read, its definition (the game's or the engine's) and its payload as
 * the schema read it. Every later step takes it as given: the chart's guard
 * asks only whether it was checked against the very context it stands in, and
 * the steps read the definition and payload from it instead of asking again.
 *
 * A move's way in: `table.play` (table/table.ts) → `gate` (here; core/move.ts
 * reads it, rules.ts and turnFacts.ts hold it to the turn) → the actor → the
 * chart's action (machines/tableLogic.ts) → the step for that move
 * (engine/playMove.ts for a game's, engine/moves/ for an engine move's) → the
 * ply appended (engine/plies.ts, log/plyLog.ts).
 */

import { type Refusal, refusal } from '../core/errors.js';
import { type JsonValue, type Move, readMove } from '../core/move.js';
import { type AnyGame, type GameMove, gameMove } from '../definition/game.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { Checked } from './checked.js';
import type { TableContext } from './context.js';
import { type PayloadRead, parsePayload } from './moves/engineMove.js';
import { type EngineMoveModel, engineMove } from './moves/index.js';
import { endsTurn, turnRefusal } from './rules.js';
import { seatingView } from './seatingView.js';
import { askGame, gameRefusal, turnCannotPass } from './turnFacts.js';

/** The gate's key: a checked move is made here alone. */
const GATE = Symbol('gate');

/**
 * A move the gate let through against one context. As an event it shows the move's own fields (`type`, `seat`,
 * `payload`: what JSON, a clone or an inspector see); what the gate worked out is held in private fields, so a copy
 * is a plain move again and is checked afresh.
 */
export class CheckedMove implements Move, Checked {
  readonly type: string;
  declare readonly seat?: string;
  declare readonly payload?: JsonValue;
  readonly #move: Move;
  readonly #definition: GameMove | undefined;
  readonly #engine: EngineMoveModel | undefined;
  readonly #parsed: unknown;
  readonly #against: TableContext;

  /** Made by the gate alone: any other caller lacks its key. */
  constructor(key: typeof GATE, checked: Checked, against: TableContext) {
    if (key !== GATE) throw new TypeError('a checked move is made by the gate alone');
    const { move } = checked;
    this.type = move.type;
    // Only the fields the move has: a checked move is the same JSON as the move it was read from.
    if (move.seat !== undefined) (this as { seat?: string }).seat = move.seat;
    if (move.payload !== undefined) (this as { payload?: JsonValue }).payload = move.payload;
    this.#move = move;
    this.#definition = checked.definition;
    this.#engine = checked.engine;
    this.#parsed = checked.parsed;
    this.#against = against;
    Object.freeze(this);
  }

  get move(): Move {
    return this.#move;
  }
  get definition(): GameMove | undefined {
    return this.#definition;
  }
  get engine(): EngineMoveModel | undefined {
    return this.#engine;
  }
  get parsed(): unknown {
    return this.#parsed;
  }

  /** Whether it was checked against `ctx` itself: a table that has moved on since checks it again. */
  isFor(ctx: TableContext): boolean {
    return this.#against === ctx;
  }
}

/** The gate's answer: the checked move, or why it may not be played. */
export type Verdict =
  | { readonly ok: true; readonly move: CheckedMove }
  | { readonly ok: false; readonly refusal: Refusal };

const refused = (why: Refusal): Verdict => ({ ok: false, refusal: why });

/**
 * Reads `raw` (untrusted) and checks it against `ctx`: the checked move, or the refusal that says why not. Never
 * throws; game code that throws is a GAME_ERROR refusal. A move already checked against `ctx` passes as it is.
 *
 * @example
 * gate(mundane, ctx, { type: 'engine.pass', seat: 'seat:ann' }) // { ok: true, move } while seat:ann holds priority
 * gate(mundane, ctx, { type: 'engine.pass', seat: 'seat:bob' }) // { ok: false, refusal: { code: 'NO_PRIORITY', … } }
 */
export function gate(game: AnyGame, ctx: TableContext, raw: unknown): Verdict {
  if (raw instanceof CheckedMove) {
    if (raw.isFor(ctx)) return { ok: true, move: raw };
    raw = raw.move;
  }
  const read = readMove(raw);
  if (!read.ok)
    return refused(
      ctx.status === 'over' ? refusal('GAME_OVER', `the game at ${ctx.opening.table} is over`) : read.refusal,
    );
  const { move } = read;
  const definition = gameMove(game, move.type);
  const engine = engineMove(move.type);
  const turn = turnRefusal(game, ctx, move.type, move.seat, definition, engine);
  return turn !== null ? refused(turn) : payloadGate(game, ctx, move, definition, engine);
}

/**
 * Why `raw` may not be played now, or null when it may: the gate's refusal. Reads untrusted input and never throws.
 *
 * @example
 * checkMove(mundane, ctx, { type: 'engine.pass', seat: 'seat:ann' }) // null while seat:ann holds priority
 */
export function checkMove(game: AnyGame, ctx: TableContext, raw: unknown): Refusal | null {
  const verdict = gate(game, ctx, raw);
  return verdict.ok ? null : verdict.refusal;
}

/**
 * The gate for a move offered to its seat (read, and its type and seat already let through by the turn's rules in
 * `ctx`): the checks that remain, a turn that cannot pass, the payload and the game's check.
 */
export function offer(game: AnyGame, ctx: TableContext, move: Move): Verdict {
  const definition = gameMove(game, move.type);
  return payloadGate(game, ctx, move, definition, engineMove(move.type));
}

/**
 * The move's payload as its schema reads it, or why it does not fit; a schema that throws is the game's error.
 *
 * @example
 * readPayload(mundane.moves.PlayCard, { type: 'PlayCard', seat: 'seat:ann', payload: { card: 'Toaster' } }) // { ok: true, payload: { card: 'Toaster' } }
 */
export function readPayload(definition: GameMove, move: Move): PayloadRead {
  try {
    return parsePayload(definition.payload, move);
  } catch (error) {
    return {
      ok: false,
      refusal: refusal(
        'GAME_ERROR',
        `moves.${move.type}.payload threw: ${error instanceof Error ? error.message : String(error)}`,
      ),
    };
  }
}

/** The checks after the turn's: a turn that cannot pass, the payload as its schema reads it, and the game's check. */
function payloadGate(
  game: AnyGame,
  ctx: TableContext,
  move: Move,
  definition: GameMove | undefined,
  engine: EngineMoveModel | undefined,
): Verdict {
  // A move that would end the turn when no seat can take the next one is refused, not played into a dead end.
  if (
    ctx.turn.activeSeat !== null &&
    strategyOf(ctx.progression.rules).shape === 'turns' &&
    endsTurn(ctx, move, game)
  ) {
    const stuck = turnCannotPass(ctx);
    if (stuck !== null) return refused(stuck);
  }
  if (definition === undefined) {
    const model = engine as EngineMoveModel;
    const why = model.payloadRefusal(game, ctx, move);
    return why !== null ? refused(why) : passed({ move, definition, engine: model, parsed: move.payload }, ctx);
  }
  const parsed = readPayload(definition, move);
  if (!parsed.ok) return refused(parsed.refusal);
  const why = askGame(() => {
    if (
      definition.sequence({ payload: parsed.payload, options: ctx.opening.options }).length > 0 &&
      ctx.progression.rules.strategy !== 'Circular'
    ) {
      return refusal(
        'REFUSED',
        `${move.type} changes the circular sequence, and ${ctx.gamePhase} is ${ctx.progression.rules.strategy}`,
        'NOT_CIRCULAR',
      );
    }
    return gameRefusal(
      definition.check({
        game: ctx.game,
        seat: move.seat ?? null,
        payload: parsed.payload,
        options: ctx.opening.options,
        seating: seatingView(ctx),
        stack: ctx.stack,
      }),
    );
  });
  return why !== null ? refused(why) : passed({ move, definition, engine: undefined, parsed: parsed.payload }, ctx);
}

const passed = (checked: Checked, ctx: TableContext): Verdict => ({
  ok: true,
  move: new CheckedMove(GATE, checked, ctx),
});
