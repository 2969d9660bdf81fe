/**
 * The states a breadth-first run has seen, held in typed arrays: per state its
 * 64-bit fingerprint, the state it was first reached from and which of that
 * state's moves reached it, and (for "can the game still end?") the states
 * each expanded state leads to. No state itself is kept: a path is rebuilt by
 * playing its moves again from the opening, as TLC rebuilds its traces.
 * Ids are given in the order states are found, so they are breadth-first.
 */

/** A growable array of 32-bit unsigned numbers. */
class U32 {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  get bytes(): number {
    return this.data.byteLength;
  }
}

const EMPTY = 0xffffffff;

/** The seen states of one run. */
export class StateStore {
  private slots = new Uint32Array(1 << 12).fill(EMPTY);
  private readonly lo = new U32();
  private readonly hi = new U32();
  private readonly parents = new U32();
  private readonly moves = new U32();
  /** One bit per state: the game is over there. */
  private over = new Uint8Array(128);
  /** Where each expanded state's successors start in `edges` (expanded states only, in id order). */
  private readonly edgeStart = new U32();
  private readonly edges = new U32();
  /** Ids where each breadth-first level starts. */
  readonly levels: number[] = [0];

  /** How many states were seen. */
  get size(): number {
    return this.lo.length;
  }

  /** How many states were expanded (their successors recorded). */
  get expanded(): number {
    return this.edgeStart.length;
  }

  /** How many transitions were recorded. */
  get transitions(): number {
    return this.edges.length;
  }

  /** The id of the state with this fingerprint, adding it (from `parent` by its move `move`) when new; `added` tells which. */
  add(fingerprint: readonly [number, number], parent: number, move: number): { id: number; added: boolean } {
    if (this.lo.length * 2 >= this.slots.length) this.grow();
    const [a, b] = fingerprint;
    const mask = this.slots.length - 1;
    let slot = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
    for (;;) {
      const id = this.slots[slot] as number;
      if (id === EMPTY) break;
      if (this.lo.data[id] === a && this.hi.data[id] === b) return { id, added: false };
      slot = (slot + 1) & mask;
    }
    const id = this.lo.length;
    this.slots[slot] = id;
    this.lo.push(a);
    this.hi.push(b);
    this.parents.push(parent);
    this.moves.push(move);
    return { id, added: true };
  }

  private grow(): void {
    const slots = new Uint32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let id = 0; id < this.lo.length; id++) {
      let slot = ((this.lo.data[id] as number) ^ Math.imul(this.hi.data[id] as number, 0x9e3779b1)) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }

  /** Marks state `id` as one where the game is over. */
  markOver(id: number): void {
    const byte = id >>> 3;
    if (byte >= this.over.length) {
      const grown = new Uint8Array(Math.max(this.over.length * 2, byte + 1));
      grown.set(this.over);
      this.over = grown;
    }
    this.over[byte] = (this.over[byte] as number) | (1 << (id & 7));
  }

  /** Whether state `id` was marked as one where the game is over. */
  isOver(id: number): boolean {
    const byte = id >>> 3;
    return byte < this.over.length && ((this.over[byte] as number) & (1 << (id & 7))) !== 0;
  }

  /** Records the successors of the next state to be expanded (states are expanded in id order). */
  expand(successors: readonly number[]): void {
    this.edgeStart.push(this.edges.length);
    for (const id of successors) this.edges.push(id);
  }

  /** The moves (by their index among the state's moves) that reach state `id` from the opening. */
  pathTo(id: number): number[] {
    const path: number[] = [];
    for (let at = id; at !== 0; at = this.parents.data[at] as number) path.push(this.moves.data[at] as number);
    return path.reverse();
  }

  /** The breadth-first depth of state `id`: how many moves its shortest path takes. */
  depthOf(id: number): number {
    let level = 0;
    while (level + 1 < this.levels.length && (this.levels[level + 1] as number) <= id) level++;
    return level;
  }

  /**
   * The states from which an end can still be reached: those `ended` marks, those never expanded (a bound stopped
   * the run before them: their future is unknown, so they count as able to end), and those with a successor that can.
   */
  canEnd(): Uint8Array {
    const n = this.size;
    const expanded = this.expanded;
    const can = new Uint8Array(n);
    // Predecessors, as a second compressed list: counts, then offsets, then the edges reversed.
    const count = new Uint32Array(n + 1);
    for (let e = 0; e < this.edges.length; e++) (count[(this.edges.data[e] as number) + 1] as number)++;
    for (let i = 0; i < n; i++) count[i + 1] = (count[i + 1] as number) + (count[i] as number);
    const fill = count.slice(0, n);
    const from = new Uint32Array(this.edges.length);
    for (let s = 0; s < expanded; s++) {
      const start = this.edgeStart.data[s] as number;
      const end = s + 1 < expanded ? (this.edgeStart.data[s + 1] as number) : this.edges.length;
      for (let e = start; e < end; e++) {
        const t = this.edges.data[e] as number;
        from[(fill[t] as number)++] = s;
      }
    }
    const queue: number[] = [];
    for (let id = 0; id < n; id++) {
      if (id >= expanded || this.isOver(id)) {
        can[id] = 1;
        queue.push(id);
      }
    }
    for (let q = 0; q < queue.length; q++) {
      const t = queue[q] as number;
      for (let e = count[t] as number; e < (count[t + 1] as number); e++) {
        const s = from[e] as number;
        if (can[s] === 0) {
          can[s] = 1;
          queue.push(s);
        }
      }
    }
    return can;
  }

  /** The bytes held for the states seen (fingerprints, parents, moves, successors and the table that finds them). */
  get bytes(): number {
    return (
      this.slots.byteLength +
      this.over.byteLength +
      this.lo.bytes +
      this.hi.bytes +
      this.parents.bytes +
      this.moves.bytes +
      this.edgeStart.bytes +
      this.edges.bytes
    );
  }
}
