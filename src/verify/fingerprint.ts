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
 * The reading is digested member by member (`fingerprint`): the digest of
 * a state's pieces and of any large object is remembered, so what a move left
 * as it was is not read again.
 * With seat symmetry, a state is read under every rotation of the seats and
 * the least reading stands for all of them; lists of seats are read as sets
 * (the table's order is the same in every state, and relabelled it would
 * tell every rotation apart). It suits games whose seats are alike and whose
 * order of play is not a rule of its own: a free or simultaneous phase.
 */
import type { TableContext } from '../engine/context.js';
import { movedThisTurn } from '../engine/turn.js';
import type { ChartState } from '../fast/chartRunner.js';
import { size } from '../log/plyLog.js';
import type { StackItem } from '../stack/stack.js';

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

const configDigests = new WeakMap<object, Digest>();

/** The digest of a state's `configKey` (cached per configuration). */
function configDigest(state: ChartState): Digest {
  const nodes = state.nodes as unknown as object;
  let known = configDigests.get(nodes);
  if (known === undefined) {
    known = digest(`s${configKey(state)}`);
    configDigests.set(nodes, known);
  }
  return known;
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
    ctx.stack.length === 0 ? ctx.stack : ctx.stack.map((item) => relativeItem(item, base)),
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

/** A 64-bit digest as its two 32-bit halves. */
type Digest = readonly [number, number];

/**
 * The digests of objects already read: a state shares most of its objects with the state it came from. Only a list
 * or an object of many members is remembered: a WeakMap entry costs more than reading a few members again, and
 * entries for every object of every state waiting in the frontier slow each garbage collection down.
 */
const digests = new WeakMap<object, Digest>();
/** A list or an object with at least this many members is remembered. */
const WORTH_REMEMBERING = 12;
const textDigests = new Map<string, Digest>();
/** Digests of strings and of keys, by the string itself: no tagged text is written to look one up. */
const stringDigests = new Map<string, Digest>();
const keyDigests = new Map<string, Digest>();

/** The digest of a text, remembered for the short ones (keys, seat ids, card names). */
function textDigest(text: string): Digest {
  if (text.length > 64) return digest(text);
  let known = textDigests.get(text);
  if (known === undefined) {
    known = digest(text);
    if (textDigests.size < 100_000) textDigests.set(text, known);
  }
  return known;
}

/** The digest of `tag` and `text` (as `digest(tag + text)`), remembered in `memo` under `text` for the short ones. */
function taggedDigest(memo: Map<string, Digest>, tag: string, text: string): Digest {
  let known = memo.get(text);
  if (known === undefined) {
    known = digest(tag + text);
    if (text.length <= 64 && memo.size < 100_000) memo.set(text, known);
  }
  return known;
}

/** Mixes one half of a member's digest into a list's or an object's running half (`a`: the first, `b`: the second). */
const mixA = (a: number, d: number): number => {
  const m = Math.imul(a ^ d, 0x01000193);
  return m ^ (m >>> 15);
};
const mixB = (b: number, d: number): number => {
  const m = Math.imul(b ^ d, 0x5bd1e995);
  return m ^ (m >>> 13);
};

/**
 * The digest `read` last worked out, as its two halves: no pair is made for each value read. Held as signed 32-bit
 * numbers (small integers to V8, where an unsigned half above 2³¹ would be a boxed number made at each write); the
 * digests given out are unsigned.
 */
let outA = 0;
let outB = 0;
/** How many members the list or object `read` last read had (0 when it read no list nor object). */
let readMembers = 0;

/** Makes `d` the digest last worked out. */
function put(d: Digest): void {
  outA = d[0] | 0;
  outB = d[1] | 0;
}

/** The digest last worked out, as the two unsigned halves given out. */
const given = (): Digest => [outA >>> 0, outB >>> 0];

/** Works out the digest of a number: an integer's from its bits (two bijections), any other's from its text. */
function readNumber(value: number): void {
  if ((value | 0) !== value) {
    put(textDigest(`n${String(value)}`));
    return;
  }
  const a = Math.imul(value ^ 0x3c6ef372, 0x85ebca6b);
  const a2 = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  const b = Math.imul(value ^ 0x1b873593, 0xcc9e2d51);
  const b2 = Math.imul(b ^ (b >>> 16), 0x27d4eb2f);
  outA = a2 ^ (a2 >>> 16);
  outB = b2 ^ (b2 >>> 15);
}

/** Works out the digest of a value (as `valueDigest` gives it). */
function read(value: unknown): void {
  if (value === null || value === undefined) {
    put(NULL_DIGEST);
    return;
  }
  switch (typeof value) {
    case 'object':
      break;
    case 'string': {
      put(taggedDigest(stringDigests, 's', value));
      return;
    }
    case 'number': {
      readNumber(value);
      return;
    }
    case 'boolean': {
      put(value ? TRUE_DIGEST : FALSE_DIGEST);
      return;
    }
    default: {
      put(textDigest(`${(typeof value)[0]}${String(value)}`));
      return;
    }
  }
  const known = digests.get(value);
  if (known !== undefined) {
    put(known);
    return;
  }
  const members = Array.isArray(value) ? readList(value) : readObject(value as Record<string, unknown>, null, 0);
  readMembers = members;
  if (members >= WORTH_REMEMBERING) digests.set(value, [outA, outB]);
}

/** Works out a list's digest, its items read by `read` (an undefined item as null); gives its length. */
function readList(list: readonly unknown[]): number {
  let a = 0x2a1;
  let b = 0x5f3;
  for (let i = 0; i < list.length; i++) {
    read(list[i]);
    a = mixA(a, outA);
    b = mixB(b, outB);
  }
  outA = a ^ (a >>> 16);
  outB = b ^ (b >>> 16);
  return list.length;
}

/**
 * Works out an object's digest, its members read by `read`; with `replaced`, that member read as the number `by`.
 * Gives how many members it read.
 */
function readObject(object: Record<string, unknown>, replaced: string | null, by: number): number {
  let a = 0x3b7;
  let b = 0x7d9;
  let members = 0;
  for (const key in object) {
    const member = key === replaced ? by : object[key];
    if (member === undefined || typeof member === 'function') continue;
    members++;
    const k = taggedDigest(keyDigests, 'k', key);
    a = mixA(a, k[0]);
    b = mixB(b, k[1]);
    read(member);
    a = mixA(a, outA);
    b = mixB(b, outB);
  }
  outA = a ^ (a >>> 16);
  outB = b ^ (b >>> 16);
  return members;
}

/**
 * A 64-bit digest of a JSON-able value, read the way `JSON.stringify` reads it (arrays in order, an object's keys in
 * their order, undefined members left out) but without writing the text: the digest of a large object is
 * remembered, so the pieces a move did not touch, shared with the state before, are not read again. Sound because a
 * table's context is immutable; a game that writes into its old pieces is caught by `moves-keep-the-past`.
 *
 * @example
 * valueDigest({ a: [1, 'x'] }) // the same two numbers for every equal value
 */
export function valueDigest(value: unknown): Digest {
  read(value);
  return given();
}

const NULL_DIGEST = digest('null');
const TRUE_DIGEST = digest('btrue');
const FALSE_DIGEST = digest('bfalse');

/**
 * The 64-bit fingerprint of a state: its reading's digest (without writing its text, when no seat symmetry asks for
 * the least of several readings), or the digest of `fingerprintText`.
 *
 * @example
 * fingerprint(state, settings, seats) // [ 2861450121, 977123506 ]
 */
export function fingerprint(state: ChartState, settings: FingerprintSettings, seats: readonly string[]): Digest {
  if (settings.symmetry && seats.length >= 2) return digest(fingerprintText(state, settings, seats));
  if (settings.abstraction !== undefined) return valueDigest(stateReading(state, settings));
  return readingDigest(state, settings.counters);
}

/**
 * `valueDigest(stateReading(state, settings))` for the default reading, worked out member by member without building
 * the reading (nor a relative copy of each stack item): a state's own list and its stack items are met once, so
 * neither is remembered.
 */
function readingDigest(state: ChartState, counters: boolean): Digest {
  const ctx = state.context;
  let a = 0x2a1;
  let b = 0x5f3;
  // Mixes in the digest just worked out: the next member of the reading.
  const next = () => {
    a = mixA(a, outA);
    b = mixB(b, outB);
  };
  put(configDigest(state));
  next();
  read(ctx.status);
  next();
  read(ctx.winners);
  next();
  read(ctx.draw ?? false);
  next();
  read(ctx.gamePhase);
  next();
  read(ctx.phase);
  next();
  read(ctx.turn.direction);
  next();
  read(ctx.turn.activeSeat);
  next();
  if (counters) readCounters(ctx.turn.number, ctx.turn.round);
  else put(NULL_DIGEST);
  next();
  read(ctx.progression);
  next();
  read(ctx.prioritySeat);
  next();
  read(ctx.passes);
  next();
  readStack(ctx.stack, ctx.nextStackId);
  next();
  read(ctx.undo);
  next();
  read(ctx.autoPass);
  next();
  read(ctx.flow ?? null);
  next();
  read(size(ctx.plies) === 0);
  next();
  read(movedThisTurn(ctx));
  next();
  readPieces(ctx.game);
  next();
  return [(a ^ (a >>> 16)) >>> 0, (b ^ (b >>> 16)) >>> 0];
}

/**
 * Works out the digest of a state's pieces, remembered whatever their size: the next states share them or read them
 * again as the pieces before their last move (`undo`), and privacy asks for them next.
 */
function readPieces(pieces: unknown): void {
  if (typeof pieces !== 'object' || pieces === null) {
    read(pieces);
    return;
  }
  const known = digests.get(pieces);
  if (known !== undefined) {
    put(known);
    return;
  }
  readMembers = 0;
  read(pieces);
  // Pieces of 12 members or more were remembered by `read` itself.
  if (readMembers < WORTH_REMEMBERING) digests.set(pieces, [outA, outB]);
}

/** Works out the digest of the list of the turn and round numbers. */
function readCounters(turn: number, round: number): void {
  readNumber(turn);
  let a = mixA(0x2a1, outA);
  let b = mixB(0x5f3, outB);
  readNumber(round);
  a = mixA(a, outA);
  b = mixB(b, outB);
  outA = a ^ (a >>> 16);
  outB = b ^ (b >>> 16);
}

/** A stack item with its id, and the id it targets, relative to the next one to be given. */
function relativeItem(item: StackItem, base: number): StackItem {
  return item.target === undefined
    ? { ...item, id: item.id - base }
    : { ...item, id: item.id - base, target: item.target - base };
}

/** Works out the digest of the stack as the reading has it: each item with its id relative to the next one to be given. */
function readStack(stack: TableContext['stack'], base: number): void {
  if (stack.length === 0) {
    read(stack);
    return;
  }
  let a = 0x2a1;
  let b = 0x5f3;
  for (const item of stack) {
    // An item that targets another is read as a relative copy; the others without a copy.
    if (item.target === undefined) readObject(item as unknown as Record<string, unknown>, 'id', item.id - base);
    else read(relativeItem(item, base));
    a = mixA(a, outA);
    b = mixB(b, outB);
  }
  outA = a ^ (a >>> 16);
  outB = b ^ (b >>> 16);
}
