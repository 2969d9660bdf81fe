/**
 * What tells two states apart during verification, and its 64-bit digest.
 *
 * By default a state is the whole table (the chart's active states and every
 * field of the context, the game's pieces included) less what only counts
 * the past: the ply log, the play order within a round, the stack's id
 * counter (stack ids are kept relative to it) and, unless the game reads
 * them, the turn and round numbers (TLC's VIEW does the same by hand). What
 * the engine itself reads from the past is kept as the facts it reads:
 * whether any ply was made yet, and whether the last ply was made in this turn.
 *
 * The reading is digested member by member (`fingerprint`): an object's
 * digest is remembered, so what a move left as it was is not read again.
 * With seat symmetry, a state is read under every rotation of the seats and
 * the least reading stands for all of them; lists of seats are read as sets
 * (the table's order is the same in every state, and relabelled it would
 * tell every rotation apart). It suits games whose seats are alike and whose
 * order of play is not a rule of its own: a free or simultaneous phase.
 */
import type { TableContext } from '../engine/context.js';
import { movedThisTurn } from '../engine/steps.js';
import type { ChartState } from '../fast/chartRunner.js';
import { size } from '../log/plyLog.js';

/** How a verification run reads a state into its fingerprint. */
export interface FingerprintSettings {
  /** Keep the turn and round numbers (the game reads them, or the user asked). */
  readonly counters: boolean;
  /** Read the state under every rotation of the seats and keep the least reading. */
  readonly symmetry: boolean;
  /** The user's abstraction: what of the state to keep, as JSON (replaces the default reading). */
  readonly abstraction?: (ctx: TableContext) => unknown;
}

const configKeys = new WeakMap<object, string>();

/** The active leaf states of a chart state, as one text (cached per configuration: a run meets few of them). */
function configKey(state: ChartState): string {
  const nodes = state.nodes as unknown as object;
  let key = configKeys.get(nodes);
  if (key === undefined) {
    key = state.nodes
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.id)
      .join('|');
    configKeys.set(nodes, key);
  }
  return key;
}

/**
 * The reading of a state that its fingerprint digests: a JSON-able value.
 *
 * @example
 * stateReading(state, { counters: false, symmetry: false }) // [ 'mundane.playing.turn.RESET|…', 'playing', … ]
 */
export function stateReading(state: ChartState, settings: FingerprintSettings): unknown {
  const ctx = state.context;
  if (settings.abstraction !== undefined) return [configKey(state), settings.abstraction(ctx)];
  const base = ctx.nextStackId;
  return [
    configKey(state),
    ctx.status,
    ctx.winners,
    ctx.draw ?? false,
    ctx.gamePhase,
    ctx.phase,
    ctx.turn.direction,
    ctx.turn.activeSeat,
    settings.counters ? [ctx.turn.number, ctx.turn.round] : null,
    ctx.progression,
    ctx.prioritySeat,
    ctx.passes,
    ctx.stack.length === 0 ? ctx.stack : ctx.stack.map((item) => ({ ...item, id: item.id - base })),
    ctx.undo,
    ctx.autoPass,
    ctx.flow ?? null,
    size(ctx.plies) === 0,
    movedThisTurn(ctx),
    ctx.game,
  ];
}

/**
 * The text a state is digested from: its reading as JSON, or with seat
 * symmetry, the least of its readings under each rotation of the seats.
 *
 * @example
 * fingerprintText(state, settings, ['seat:ann', 'seat:bob'])
 */
export function fingerprintText(state: ChartState, settings: FingerprintSettings, seats: readonly string[]): string {
  const reading = stateReading(state, settings);
  if (!settings.symmetry || seats.length < 2) return JSON.stringify(reading);
  let least: string | null = null;
  for (let r = 0; r < seats.length; r++) {
    const rename = new Map(seats.map((seat, i) => [seat, `#${(i - r + seats.length) % seats.length}`]));
    const text = canonical(reading, rename);
    if (least === null || text < least) least = text;
  }
  return least as string;
}

/** JSON with object keys sorted and every seat id renamed (keys and values alike). */
function canonical(value: unknown, rename: ReadonlyMap<string, string>): string {
  if (typeof value === 'string') return JSON.stringify(rename.get(value) ?? value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, rename));
    // A list of seats is read as a set: relabelled, the table's own order would otherwise tell rotations apart.
    if (value.length > 0 && value.every((item) => typeof item === 'string' && rename.has(item))) items.sort();
    return `[${items.join(',')}]`;
  }
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [rename.get(k) ?? k, v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, rename)}`).join(',')}}`;
}

/**
 * A 64-bit digest of a text, as two 32-bit halves: FNV-1a and a multiplicative
 * hash over the same code units. Two different states share one with odds of
 * about n² / 2⁶⁵ for n states (TLC's fingerprints take the same risk).
 *
 * @example
 * digest('abc') // [ 440920331, 3417512402 ]
 */
export function digest(text: string): readonly [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b = Math.imul(b ^ (b >>> 15), 0xc2b2ae35);
  b ^= b >>> 16;
  return [a >>> 0, b >>> 0];
}

/** The digests of objects already read: a state shares most of its objects with the state it came from. */
const digests = new WeakMap<object, readonly [number, number]>();
const textDigests = new Map<string, readonly [number, number]>();

/** The digest of a text, remembered for the short ones (keys, seat ids, card names). */
function textDigest(text: string): readonly [number, number] {
  if (text.length > 64) return digest(text);
  let known = textDigests.get(text);
  if (known === undefined) {
    known = digest(text);
    if (textDigests.size < 100_000) textDigests.set(text, known);
  }
  return known;
}

/**
 * A 64-bit digest of a JSON-able value, read the way `JSON.stringify` reads it (arrays in order, an object's keys in
 * their order, undefined members left out) but without writing the text: each object's digest is remembered, so the
 * pieces a move did not touch, shared with the state before, are not read again. Sound because a table's context is
 * immutable; a game that writes into its old pieces is caught by `moves-keep-the-past`.
 *
 * @example
 * valueDigest({ a: [1, 'x'] }) // the same two numbers for every equal value
 */
export function valueDigest(value: unknown): readonly [number, number] {
  if (value === null || value === undefined) return NULL_DIGEST;
  if (typeof value !== 'object') {
    return typeof value === 'string' ? textDigest(`s${value}`) : textDigest(`${(typeof value)[0]}${String(value)}`);
  }
  const known = digests.get(value);
  if (known !== undefined) return known;
  let a = Array.isArray(value) ? 0x2a1 : 0x3b7;
  let b = Array.isArray(value) ? 0x5f3 : 0x7d9;
  const mix = (d: readonly [number, number]) => {
    a = Math.imul(a ^ d[0], 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b ^ d[1], 0x5bd1e995);
    b ^= b >>> 13;
  };
  if (Array.isArray(value)) for (const item of value) mix(valueDigest(item === undefined ? null : item));
  else
    for (const key in value) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined || typeof member === 'function') continue;
      mix(textDigest(`k${key}`));
      mix(valueDigest(member));
    }
  const result = [(a ^ (a >>> 16)) >>> 0, (b ^ (b >>> 16)) >>> 0] as const;
  digests.set(value, result);
  return result;
}

const NULL_DIGEST = digest('null');

/**
 * The 64-bit fingerprint of a state: its reading's digest (without writing its text, when no seat symmetry asks for
 * the least of several readings), or the digest of `fingerprintText`.
 *
 * @example
 * fingerprint(state, settings, seats) // [ 2861450121, 977123506 ]
 */
export function fingerprint(
  state: ChartState,
  settings: FingerprintSettings,
  seats: readonly string[],
): readonly [number, number] {
  if (settings.symmetry && seats.length >= 2) return digest(fingerprintText(state, settings, seats));
  return valueDigest(stateReading(state, settings));
}
