/**
 * The pieces as they were at one moment, to tell afterwards whether game code
 * wrote into them (refusal-changes-nothing, moves-keep-the-past): the same
 * answer as comparing their JSON then and now, without writing the JSON.
 *
 * The record is the pieces read in JSON's order, each object or list by
 * reference followed by its keys and members: asked again, the pieces are read
 * in the same order and compared by identity. Nothing differs: nothing was
 * written, and the JSON is the same. Something differs (a member replaced, a
 * key added or dropped): the JSON the record stands for is written and
 * compared with the JSON of the pieces now, so a write that leaves an equal
 * value counts as nothing, as it always did. Pieces whose JSON is not the
 * sum of their members (an object with `toJSON`, a class instance) are
 * recorded as their JSON text.
 */

/** Ends an object's keys in a record (a key is a text, never this). */
const END = Symbol('end');

/** Deeper than this, the pieces are recorded as their JSON (which names a cycle). */
const MAX_DEPTH = 256;

/** The pieces as JSON, as the checks have always compared them. */
const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** Whether JSON reads `value` as the sum of its members: a list, or an object of no class and without `toJSON`. */
function plain(value: object): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The pieces at one moment. */
export class PiecesRecord {
  /** The record: its first `size` entries (the room after them is kept for the next pieces). */
  private readonly tape: unknown[] = [];
  private size = 0;
  /** The JSON text, for pieces not recorded member by member. */
  private text: string | null = null;
  private at = 0;

  /** Records `pieces` as they are now. */
  constructor(pieces: unknown) {
    this.rewrite(pieces);
  }

  /**
   * Records `pieces` as they are now, in place of what was recorded (the record's room is kept for the next pieces).
   *
   * @example
   * record.rewrite(ctx.game).unchanged(ctx.game) // true
   */
  rewrite(pieces: unknown): this {
    this.size = 0;
    this.text = null;
    if (!this.write(pieces, 0)) {
      this.size = 0;
      this.text = json(pieces);
    }
    return this;
  }

  /**
   * Whether `pieces` read as JSON the same as when recorded.
   *
   * @example
   * new PiecesRecord(game).unchanged(game) // false once a check pushed a card into one of its lists
   */
  unchanged(pieces: unknown): boolean {
    if (this.text !== null) return json(pieces) === this.text;
    this.at = 0;
    if (this.same(pieces, 0) && this.at === this.size) return true;
    this.at = 0;
    return json(pieces) === json(this.rebuild());
  }

  /** Appends `value` to the record; false when it cannot be recorded member by member. */
  private write(value: unknown, depth: number): boolean {
    this.push(value);
    if (value === null || typeof value !== 'object') return true;
    if (depth > MAX_DEPTH || !plain(value)) return false;
    if (Array.isArray(value)) {
      this.push(value.length);
      for (let i = 0; i < value.length; i++) if (!this.write(value[i], depth + 1)) return false;
      return true;
    }
    for (const key in value) {
      this.push(key);
      if (!this.write((value as Record<string, unknown>)[key], depth + 1)) return false;
    }
    this.push(END);
    return true;
  }

  private push(entry: unknown): void {
    this.tape[this.size++] = entry;
  }

  /** Whether `value` reads as the record does from where it stands, every object and member the very same. */
  private same(value: unknown, depth: number): boolean {
    const tape = this.tape;
    if (this.at >= this.size || tape[this.at++] !== value) return false;
    if (value === null || typeof value !== 'object') return true;
    if (depth > MAX_DEPTH) return false;
    if (Array.isArray(value)) {
      if (tape[this.at++] !== value.length) return false;
      for (let i = 0; i < value.length; i++) if (!this.same(value[i], depth + 1)) return false;
      return true;
    }
    for (const key in value) {
      if (tape[this.at++] !== key) return false;
      if (!this.same((value as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return tape[this.at++] === END;
  }

  /** The value the record stands for, from where it stands: lists and objects copied as they were recorded. */
  private rebuild(): unknown {
    const tape = this.tape;
    const value = tape[this.at++];
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      const length = tape[this.at++] as number;
      const list: unknown[] = [];
      for (let i = 0; i < length; i++) list.push(this.rebuild());
      return list;
    }
    // No prototype: a key __proto__ is a member like any other, as in JSON.
    const object: Record<string, unknown> = Object.create(null);
    for (let key = tape[this.at++]; key !== END; key = tape[this.at++]) object[key as string] = this.rebuild();
    return object;
  }
}
