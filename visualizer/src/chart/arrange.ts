/**
 * Where the regions of a parallel state go inside it: each region is laid out
 * on its own (layout.ts), and their boxes are arranged here, in the machine's
 * order, in rows or in columns, whichever shape suits the chart's frame best.
 * Pure arithmetic, no layout library.
 */

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Arrangement {
  /** Each box's top left corner, in the order given, from the arrangement's top left corner. */
  readonly at: readonly { readonly x: number; readonly y: number }[];
  readonly width: number;
  readonly height: number;
  /** Rows (each read left to right, the rows top down) or columns (each read top down, the columns left to right). */
  readonly by: 'rows' | 'columns';
  /** How many boxes each row or column holds, in order. */
  readonly lines: readonly number[];
}

/** Every way to cut `n` boxes, in order, into consecutive groups: the groups' lengths. */
function cuts(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (let mask = 0; mask < 2 ** (n - 1); mask++) {
    const lines: number[] = [];
    let length = 1;
    for (let i = 0; i < n - 1; i++) {
      if (mask & (2 ** i)) {
        lines.push(length);
        length = 1;
      } else length++;
    }
    lines.push(length);
    out.push(lines);
  }
  return out;
}

/** The boxes set in `lines` rows (or columns), `gap` apart. */
function place(sizes: readonly Size[], lines: readonly number[], by: 'rows' | 'columns', gap: number): Arrangement {
  // along: the direction a line runs (x for rows); across: the one the lines stack in.
  const along = (s: Size) => (by === 'rows' ? s.width : s.height);
  const across = (s: Size) => (by === 'rows' ? s.height : s.width);
  const at: { x: number; y: number }[] = [];
  let offset = 0;
  let length = 0;
  let start = 0;
  for (const count of lines) {
    const line = sizes.slice(start, start + count);
    const thickness = Math.max(...line.map(across));
    let position = 0;
    for (const size of line) {
      at.push(by === 'rows' ? { x: position, y: offset } : { x: offset, y: position });
      position += along(size) + gap;
    }
    length = Math.max(length, position - gap);
    offset += thickness + gap;
    start += count;
  }
  const depth = Math.max(0, offset - gap);
  return {
    at,
    width: by === 'rows' ? length : depth,
    height: by === 'rows' ? depth : length,
    by,
    lines,
  };
}

/**
 * The arrangement of `sizes` (in order) that a frame of `aspect` (width over height) shows largest when it fits the
 * whole arrangement in: rows or columns, cut where it suits. Ties go to fewer lines, then to rows.
 *
 * @example
 * arrangeBoxes([{ width: 700, height: 300 }, { width: 300, height: 200 }, { width: 300, height: 100 }], 2, 10)
 * // the first box, then a column of the other two beside it: { by: 'columns', lines: [1, 2], width: 1010, … }
 */
export function arrangeBoxes(sizes: readonly Size[], aspect: number, gap: number): Arrangement {
  // Beyond a dozen regions, every cut is too many to try: one row, or one line per box, whichever fits better.
  const all = sizes.length <= 12 ? cuts(sizes.length) : [[sizes.length], sizes.map(() => 1)];
  let best: Arrangement | null = null;
  let bestScale = -1;
  for (const by of ['rows', 'columns'] as const) {
    for (const lines of all) {
      const arrangement = place(sizes, lines, by, gap);
      // The scale at which a frame `aspect` wide and 1 high holds it: the larger, the better it suits the frame.
      const scale = Math.min(aspect / Math.max(arrangement.width, 1), 1 / Math.max(arrangement.height, 1));
      const better =
        best === null ||
        scale > bestScale * (1 + 1e-9) ||
        (Math.abs(scale - bestScale) <= bestScale * 1e-9 && lines.length < best.lines.length);
      if (better) {
        best = arrangement;
        bestScale = scale;
      }
    }
  }
  return best ?? place(sizes, [], 'rows', gap);
}
