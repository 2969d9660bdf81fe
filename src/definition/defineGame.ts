/**
 * `defineGame`: a game as its author writes it (`GameSpec`), checked once and
 * normalised into the frozen `Game` the engine reads. Every default lives
 * here, so the engine never asks whether a member exists; every callback is
 * wrapped so that what it throws names the callback (the table turns that
 * into a GAME_ERROR refusal and stays as it was).
 */

import { GameCodeError, GameDefinitionError } from '../core/errors.js';
import type { JsonObject } from '../core/move.js';
import { isSchema, parseSchema, type Schema, type SchemaOutput, z } from '../core/schema.js';
import type { GameChecks, HiddenPieces } from './checks.js';
import type {
  AnyGame,
  BotHints,
  Game,
  GameMove,
  GameSpec,
  GameStructure,
  MoveSpec,
  PiecesOf,
  TurnModel,
} from './game.js';
import { BUILT_IN_CONDITIONS, structureProblem } from './structure.js';

const ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const TURN_MODELS: readonly TurnModel[] = ['sequential', 'sequenced', 'simultaneous', 'skip-turn'];
/** Names every object inherits: as a move or routine name they would read as something else. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The mark defineGame leaves on a game: a registered symbol, so a game built by another copy of plystack (a build beside the sources, a bundled copy) is one too. Not enumerable: a spread copy is not a game. */
const GAME = Symbol.for('plystack.game');

/**
 * Whether `value` is a game `defineGame` made.
 *
 * @example
 * isGame(mundane) // true
 * isGame({ id: 'mundane' }) // false
 */
export function isGame(value: unknown): value is Game {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, GAME);
}

/** Why `name` cannot name a move or routine, or null. */
export function nameProblem(name: string, what: string): string | null {
  if (!ID.test(name))
    return `${JSON.stringify(name).slice(0, 80)} is not a ${what} name: a letter, then letters, digits, "_" or "-", 64 characters at most`;
  if (INHERITED.has(name)) return `${name} is a name every JavaScript object inherits: choose another ${what} name`;
  return null;
}

function wrap<A, R>(where: string, fn: (ctx: A) => R): (ctx: A) => R {
  return (ctx) => {
    try {
      return fn(ctx);
    } catch (error) {
      throw error instanceof GameCodeError ? error : new GameCodeError(where, error);
    }
  };
}

function ownRecord(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new GameDefinitionError(path, 'must be an object');
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    throw new GameDefinitionError(
      path,
      'must be a plain object (a "__proto__:" member sets its prototype instead of naming an entry)',
    );
  return value as Record<string, unknown>;
}

function optionalFunction(spec: Record<string, unknown>, key: string, path = key): void {
  if (spec[key] !== undefined && typeof spec[key] !== 'function')
    throw new GameDefinitionError(path, 'must be a function');
}

/**
 * A move's check as the engine asks it, seat or no seat: a move the game declares for seats only answers the
 * application (seat null) with SEAT_REQUIRED; a move with `application: true` asks the game's own check.
 */
function seatCheck<G, O>(type: string, application: boolean, check: GameMove<G, O>['check']): GameMove<G, O>['check'] {
  if (application) return check;
  return (ctx) =>
    ctx.seat === null
      ? {
          reason: 'SEAT_REQUIRED',
          message: `${type} is a move for seats: the game does not let the application make it`,
        }
      : check(ctx);
}

/** What a move may declare in `outcomes`. */
const OUTCOMES: readonly unknown[] = ['endTurn', 'transition', 'next', 'window'];

function normaliseMove<G, O>(type: string, raw: unknown, spec: { sorceryPhase?: string }): GameMove<G, O> {
  const path = `moves.${type}`;
  const problem = nameProblem(type, 'move');
  if (problem !== null) throw new GameDefinitionError(path, problem);
  const move = ownRecord(raw, path) as unknown as MoveSpec<G, O, unknown> & Record<string, unknown>;
  if (typeof move.play !== 'function')
    throw new GameDefinitionError(
      `${path}.play`,
      'every move says what it does: play({ game, seat, payload, options, seating }) => ({ game })',
    );
  for (const key of ['check', 'notation', 'candidates', 'sequence']) optionalFunction(move, key, `${path}.${key}`);
  if (move.payload !== undefined && !isSchema(move.payload))
    throw new GameDefinitionError(`${path}.payload`, 'must be a zod schema');
  if (move.speed !== undefined && move.speed !== 'sorcery' && move.speed !== 'instant')
    throw new GameDefinitionError(`${path}.speed`, 'is "sorcery" or "instant"');
  if (move.speed === 'sorcery' && spec.sorceryPhase === undefined)
    throw new GameDefinitionError(`${path}.speed`, "a sorcery-speed move needs the game's sorceryPhase");
  if (move.secret !== undefined && (!Array.isArray(move.secret) || !move.secret.every((f) => typeof f === 'string'))) {
    throw new GameDefinitionError(`${path}.secret`, 'is a list of payload field names');
  }
  const outcomes = move.outcomes ?? [];
  if (!Array.isArray(outcomes) || !outcomes.every((o) => OUTCOMES.includes(o)))
    throw new GameDefinitionError(`${path}.outcomes`, 'is a list of "endTurn", "transition", "next" and "window"');
  const payload = (move.payload as Schema | undefined) ?? null;
  const m = move as unknown as {
    check?: GameMove<G, O>['check'];
    play: GameMove<G, O>['play'];
    notation?: GameMove<G, O>['notation'];
    candidates?: GameMove<G, O>['candidates'];
    sequence?: GameMove<G, O>['sequence'];
  };
  const check = m.check;
  const notation = m.notation;
  const candidates = m.candidates;
  const sequence = m.sequence;
  return Object.freeze({
    type,
    payload,
    speed: move.speed ?? 'instant',
    undoable: move.undoable === true,
    outcomes: Object.freeze([...new Set(outcomes)]),
    application: move.application === true,
    secret: Object.freeze([...(move.secret ?? [])]),
    check: seatCheck(type, move.application === true, check === undefined ? () => null : wrap(`${path}.check`, check)),
    play: wrap(`${path}.play`, m.play),
    notation: notation === undefined ? () => type : wrap(`${path}.notation`, notation),
    candidates:
      candidates === undefined ? () => (payload === null ? [undefined] : []) : wrap(`${path}.candidates`, candidates),
    sequence: sequence === undefined ? () => [] : wrap(`${path}.sequence`, sequence),
  });
}

/**
 * Checks a game's definition and returns it normalised and frozen: every
 * default filled, every callback taking one context object. Throws
 * `GameDefinitionError` naming the field that is wrong.
 *
 * @example
 * const coin = defineGame({
 *   id: 'coin',
 *   seats: { min: 2, max: 2 },
 *   setup: ({ seats }) => ({ heads: Object.fromEntries(seats.map((seat) => [seat, 0])) }),
 *   moves: {
 *     flip: {
 *       play: ({ game, seat }) => ({ game: { heads: { ...game.heads, [seat]: (game.heads[seat] ?? 0) + 1 } } }),
 *     },
 *   },
 *   seatView: ({ game, seat }) => ({ heads: game.heads[seat] ?? 0 }),
 * })
 */
export function defineGame<
  G,
  M,
  K extends string,
  S extends Schema = z.ZodMiniObject<Record<never, never>, z.core.$strict>,
  V extends JsonObject = JsonObject,
  H extends JsonObject = V,
>(
  // The second part only infers each move's payload schema (M), beside its name (K): a move without a schema has none.
  spec: GameSpec<G, S, M, V, K, H> & { readonly moves: { readonly [P in keyof M]: { readonly payload?: M[P] } } },
): Game<G, SchemaOutput<S>, { [P in K]: P extends keyof M ? M[P] : undefined }, S, V, H> {
  type O = SchemaOutput<S>;
  const raw = ownRecord(spec, 'game') as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !ID.test(raw.id))
    throw new GameDefinitionError(
      'id',
      'a game id is a letter, then letters, digits, "_" or "-", 64 characters at most',
    );
  if (
    raw.version !== undefined &&
    (typeof raw.version !== 'string' || raw.version.length === 0 || raw.version.length > 64)
  ) {
    throw new GameDefinitionError('version', 'a version is a text of 1 to 64 characters');
  }
  const seats = raw.seats as { min?: unknown; max?: unknown } | undefined;
  if (
    typeof seats !== 'object' ||
    seats === null ||
    !Number.isInteger(seats.min) ||
    !Number.isInteger(seats.max) ||
    (seats.min as number) < 1 ||
    (seats.max as number) < (seats.min as number) ||
    (seats.max as number) > 1000
  ) {
    throw new GameDefinitionError('seats', 'seats is { min, max }: whole numbers, 1 ≤ min ≤ max ≤ 1000');
  }
  if (raw.options !== undefined && !isSchema(raw.options))
    throw new GameDefinitionError('options', 'must be a zod schema');
  if (typeof raw.setup !== 'function')
    throw new GameDefinitionError(
      'setup',
      'every game sets up its pieces: setup({ seats, options, seed, random }) => pieces',
    );
  for (const key of [
    'checkOptions',
    'mayEndTurn',
    'mayTransition',
    'resolve',
    'endIf',
    'winners',
    'seatView',
    'hiddenSeatView',
    'publicView',
    'revealed',
    'demoOptions',
  ])
    optionalFunction(raw, key);
  if (raw.targetGone !== undefined && raw.targetGone !== 'fizzle' && raw.targetGone !== 'resolve')
    throw new GameDefinitionError('targetGone', "is 'fizzle' (the default) or 'resolve'");
  if (raw.sorceryPhase !== undefined && typeof raw.sorceryPhase !== 'string')
    throw new GameDefinitionError('sorceryPhase', 'is a turn phase name');
  if (
    raw.turnModel !== undefined &&
    typeof raw.turnModel !== 'function' &&
    !TURN_MODELS.includes(raw.turnModel as TurnModel)
  ) {
    throw new GameDefinitionError('turnModel', `is one of ${TURN_MODELS.join(', ')}, or a function of the options`);
  }

  const routines: Record<string, (ctx: never) => unknown> = {};
  const rawRoutines = raw.routines === undefined ? {} : ownRecord(raw.routines, 'routines');
  for (const [name, routine] of Object.entries(rawRoutines)) {
    const problem = nameProblem(name, 'routine');
    if (problem !== null) throw new GameDefinitionError(`routines.${name}`, problem);
    if (typeof routine !== 'function')
      throw new GameDefinitionError(
        `routines.${name}`,
        'must be a function ({ game, options, seating }) => ({ game })',
      );
    routines[name] = wrap(`routines.${name}`, routine as (ctx: never) => unknown);
  }

  const conditions: Record<string, (ctx: never) => boolean> = {};
  const rawConditions = raw.conditions === undefined ? {} : ownRecord(raw.conditions, 'conditions');
  for (const [name, condition] of Object.entries(rawConditions)) {
    const problem = nameProblem(name, 'condition');
    if (problem !== null) throw new GameDefinitionError(`conditions.${name}`, problem);
    if (BUILT_IN_CONDITIONS.includes(name))
      throw new GameDefinitionError(`conditions.${name}`, `${name} is a condition plystack knows: choose another name`);
    if (typeof condition !== 'function')
      throw new GameDefinitionError(`conditions.${name}`, 'must be a function ({ game, options, seating }) => boolean');
    conditions[name] = wrap(`conditions.${name}`, condition as (ctx: never) => boolean);
  }

  const orders: Record<string, { first?: (ctx: never) => unknown; next: (ctx: never) => unknown }> = {};
  const rawOrders = raw.orders === undefined ? {} : ownRecord(raw.orders, 'orders');
  for (const [name, order] of Object.entries(rawOrders)) {
    const problem = nameProblem(name, 'order');
    if (problem !== null) throw new GameDefinitionError(`orders.${name}`, problem);
    const given = order as { first?: unknown; next?: unknown } | null;
    if (
      typeof given !== 'object' ||
      given === null ||
      typeof given.next !== 'function' ||
      (given.first !== undefined && typeof given.first !== 'function')
    )
      throw new GameDefinitionError(`orders.${name}`, 'is { first?(ctx) => seat | null, next(ctx) => seat | null }');
    orders[name] = Object.freeze({
      ...(given.first === undefined
        ? {}
        : { first: wrap(`orders.${name}.first`, given.first as (ctx: never) => unknown) }),
      next: wrap(`orders.${name}.next`, given.next as (ctx: never) => unknown),
    });
  }

  const moves: Record<string, GameMove<G, O>> = {};
  const rawMoves = ownRecord(raw.moves, 'moves');
  for (const type of Object.keys(rawMoves)) moves[type] = normaliseMove<G, O>(type, rawMoves[type], spec);

  const options = (raw.options as Schema<O> | undefined) ?? (z.strictObject({}) as unknown as Schema<O>);
  const structureSpec = raw.structure as GameSpec<G, S, M, V, K>['structure'];
  const structure =
    structureSpec === undefined
      ? () => DEFAULT_STRUCTURE
      : typeof structureSpec === 'function'
        ? wrap('structure', (o: O) => structureSpec({ options: o }))
        : () => structureSpec;
  const known = {
    routines: Object.keys(routines),
    conditions: Object.keys(conditions),
    orders: Object.keys(orders),
    moves: Object.keys(moves),
    sorceryPhase: spec.sorceryPhase ?? null,
  };
  if (structureSpec !== undefined && typeof structureSpec !== 'function') {
    const problem = structureProblem(structureSpec, known);
    if (problem !== null) throw new GameDefinitionError(`structure.${problem.path}`, problem.message);
  } else if (structureSpec !== undefined) {
    // A structure read from the options is checked for the default options now, and for each table's options when it opens.
    const defaults = parseSchema(options, {});
    if (defaults.success) {
      const problem = structureProblem(structure(defaults.data), known);
      if (problem !== null)
        throw new GameDefinitionError(`structure.${problem.path}`, `${problem.message} (with the default options)`);
    }
  }

  const bots = botHints<G, O>(raw.bots);
  const checks = gameChecks<G, O>(raw.checks);
  const hidden = hiddenPieces<G, O>(raw.hidden);
  const turnModel = raw.turnModel;
  const seatView = spec.seatView;
  const hiddenSeatView = spec.hiddenSeatView;
  const hidesInformation = hiddenSeatView !== undefined || Object.values(moves).some((m) => m.secret.length > 0);
  const game: Game<G, O, { [P in K]: P extends keyof M ? M[P] : undefined }, S, V, H> = {
    id: raw.id,
    version: (raw.version as string | undefined) ?? '1',
    title: typeof raw.title === 'string' ? raw.title : raw.id,
    seats: Object.freeze({ min: seats.min as number, max: seats.max as number }),
    options,
    checkOptions: spec.checkOptions === undefined ? () => null : wrap('checkOptions', spec.checkOptions),
    structure,
    turnModel:
      typeof turnModel === 'function'
        ? wrap('turnModel', (o: O) => (turnModel as (ctx: { options: O }) => TurnModel)({ options: o }))
        : () => (turnModel as TurnModel | undefined) ?? null,
    sorceryPhase: spec.sorceryPhase ?? null,
    setup: wrap('setup', spec.setup),
    moves: Object.freeze(moves),
    undoablePasses: spec.undoablePasses === true,
    leaving: spec.leaving !== false,
    mayEndTurn: spec.mayEndTurn === undefined ? () => null : wrap('mayEndTurn', spec.mayEndTurn),
    mayTransition: spec.mayTransition === undefined ? () => null : wrap('mayTransition', spec.mayTransition),
    routines: Object.freeze(routines) as Game<G, O>['routines'],
    conditions: Object.freeze(conditions) as Game<G, O>['conditions'],
    orders: Object.freeze(orders) as unknown as Game<G, O>['orders'],
    resolve: spec.resolve === undefined ? ({ game: pieces }) => ({ game: pieces }) : wrap('resolve', spec.resolve),
    targetGone: spec.targetGone ?? 'fizzle',
    endIf: spec.endIf === undefined ? ({ remaining }) => remaining.length === 0 : wrap('endIf', spec.endIf),
    winners: spec.winners === undefined ? ({ remaining }) => [...remaining] : wrap('winners', spec.winners),
    seatView: seatView === undefined ? () => ({}) : wrap('seatView', seatView),
    // Without a hiddenSeatView of the game's, H is inferred as V: every viewer sees the whole view.
    hiddenSeatView:
      hiddenSeatView === undefined ? ({ view }) => view as unknown as H : wrap('hiddenSeatView', hiddenSeatView),
    publicView: spec.publicView === undefined ? () => ({}) : wrap('publicView', spec.publicView),
    revealed: spec.revealed === undefined ? () => false : wrap('revealed', spec.revealed),
    hidesInformation,
    demoOptions: spec.demoOptions === undefined ? () => ({}) : wrap('demoOptions', spec.demoOptions),
    bots,
    checks,
    hidden,
  };
  Object.defineProperty(game, GAME, { value: true, enumerable: false });
  return Object.freeze(game);
}

/** A game's own properties, checked: `{ invariants?, moves? }`, each a record of named functions. */
function gameChecks<G, O>(value: unknown): Game<G, O>['checks'] {
  const given = value === undefined ? {} : ownRecord(value, 'checks');
  const unknown = Object.keys(given).find((key) => key !== 'invariants' && key !== 'moves');
  if (unknown !== undefined)
    throw new GameDefinitionError(
      `checks.${unknown}`,
      'checks is { invariants?: { name: (at) => true | string }, moves?: { name: (step) => true | string } }',
    );
  const read = (key: 'invariants' | 'moves') => {
    const record = given[key] === undefined ? {} : ownRecord(given[key], `checks.${key}`);
    for (const [name, check] of Object.entries(record)) {
      // A property's name is read by people (reports, counterexample logs): any short text on one line.
      if (name.length === 0 || name.length > 120 || [...name].some((c) => c < ' ' || c === '\u007f'))
        throw new GameDefinitionError(
          `checks.${key}.${name.slice(0, 40)}`,
          'a check is named by a text of 1 to 120 characters on one line',
        );
      if (typeof check !== 'function')
        throw new GameDefinitionError(`checks.${key}.${name}`, 'must be a function returning true or what is wrong');
    }
    return Object.freeze({ ...record }) as never;
  };
  return Object.freeze({ invariants: read('invariants'), moves: read('moves') });
}

/** What of the pieces is private, checked: `{ vary(ctx) => pieces }`, or null. */
function hiddenPieces<G, O>(value: unknown): Game<G, O>['hidden'] {
  if (value === undefined) return null;
  const given = ownRecord(value, 'hidden');
  if (typeof given.vary !== 'function' || Object.keys(given).some((key) => key !== 'vary'))
    throw new GameDefinitionError('hidden', 'hidden is { vary({ game, seat, options, random }) => pieces }');
  return Object.freeze({ vary: wrap('hidden.vary', given.vary as (ctx: never) => G) });
}

/** The hints a game may give its bots. */
const BOT_HINTS = ['weight', 'evaluate', 'determinize'] as const;

/** A game's hints for bots, checked and wrapped: `{ weight?, evaluate?, determinize? }`, each a function. */
function botHints<G, O>(value: unknown): BotHints<G, O> {
  if (value === undefined) return Object.freeze({});
  const given = ownRecord(value, 'bots');
  const unknown = Object.keys(given).find((key) => !(BOT_HINTS as readonly string[]).includes(key));
  if (unknown !== undefined)
    throw new GameDefinitionError(
      `bots.${unknown}`,
      'bots is { weight?(ctx) => number, evaluate?(ctx) => number, determinize?(ctx) => pieces }',
    );
  const hints: { -readonly [K in keyof BotHints<G, O>]: BotHints<G, O>[K] } = {};
  for (const key of BOT_HINTS) {
    optionalFunction(given, key, `bots.${key}`);
    const hint = given[key] as ((ctx: never) => never) | undefined;
    if (hint !== undefined) hints[key] = wrap(`bots.${key}`, hint);
  }
  return Object.freeze(hints);
}

/** A game without a structure of its own: one phase, turns passing round the table. */
const DEFAULT_STRUCTURE: GameStructure = Object.freeze({ phases: [{ name: 'main', turns: { strategy: 'PerRound' } }] });

/** What `extendGame` may change in a game: its identity and the callbacks that do not shape the chart. */
export type GameChanges<Gm extends AnyGame> = Partial<Pick<Gm, 'id' | 'version' | 'title'>> & {
  readonly resolve?: Gm['resolve'];
  readonly endIf?: Gm['endIf'];
  readonly winners?: Gm['winners'];
  readonly seatView?: Gm['seatView'];
  readonly hiddenSeatView?: Gm['hiddenSeatView'];
  readonly publicView?: Gm['publicView'];
  readonly revealed?: Gm['revealed'];
  /** Other hints for bots (`{}`: none), checked as `defineGame` checks them. */
  readonly bots?: Gm['bots'];
  /** Other properties of the rules (they replace the base's), checked as `defineGame` checks them. */
  readonly checks?: GameChecks<PiecesOf<Gm>, Gm extends Game<unknown, infer O> ? O : unknown>;
  /** Another statement of what is private. */
  readonly hidden?: HiddenPieces<PiecesOf<Gm>, Gm extends Game<unknown, infer O> ? O : unknown>;
};

/**
 * A variant of a game: the same moves, structure and pieces, with some of its
 * callbacks replaced (a house rule, a bench's endless deck) or other hints for bots. The base is not
 * changed; the variant is checked and frozen like any game.
 *
 * @example
 * const endless = extendGame(mundane, { resolve: (ctx) => ({ game: ctx.game }) })
 */
export function extendGame<Gm extends AnyGame>(base: Gm, changes: GameChanges<Gm>): Gm {
  if (!isGame(base)) throw new GameDefinitionError('base', 'extendGame extends a game made by defineGame');
  const id = changes.id ?? base.id;
  if (typeof id !== 'string' || !ID.test(id))
    throw new GameDefinitionError(
      'id',
      'a game id is a letter, then letters, digits, "_" or "-", 64 characters at most',
    );
  const variant = {
    ...base,
    id,
    version: changes.version ?? base.version,
    title: changes.title ?? base.title,
  } as unknown as Record<string, unknown>;
  for (const key of ['resolve', 'endIf', 'winners', 'seatView', 'hiddenSeatView', 'publicView', 'revealed'] as const) {
    const replacement = changes[key];
    if (replacement === undefined) continue;
    if (typeof replacement !== 'function') throw new GameDefinitionError(key, 'must be a function');
    variant[key] = wrap(key, replacement as (ctx: never) => unknown);
  }
  // A variant that hides a seat's view hides information, as a game that gives hiddenSeatView does.
  if (changes.hiddenSeatView !== undefined) variant.hidesInformation = true;
  if (changes.bots !== undefined) variant.bots = botHints(changes.bots);
  if (changes.checks !== undefined) variant.checks = gameChecks(changes.checks);
  if (changes.hidden !== undefined) variant.hidden = hiddenPieces(changes.hidden);
  Object.defineProperty(variant, GAME, { value: true, enumerable: false });
  return Object.freeze(variant) as Gm;
}
