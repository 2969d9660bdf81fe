/**
 * The inspector lays each region of a parallel state out on its own and then
 * arranges the regions' boxes inside it (visualizer/src/chart/arrange.ts):
 * in the machine's order, in rows or in columns, whichever a frame of the
 * given shape shows largest.
 */
import { describe, expect, it } from 'vitest';
import { arrangeBoxes } from '../../visualizer/src/chart/arrange.js';

// A mundane table's regions laid out on their own: the turn (its phases top down), priority and the stack.
const turn = { width: 1195, height: 1054 };
const priority = { width: 395, height: 277 };
const stack = { width: 510, height: 168 };

describe('arranging the regions of a parallel state for the frame', () => {
  it("sets a wide frame's regions side by side, in the machine's order, never as one tall stack", () => {
    const wide = arrangeBoxes([turn, priority, stack], 2.4, 14);
    expect(wide).toMatchObject({ by: 'rows', lines: [3] });
    expect(wide.at).toEqual([
      { x: 0, y: 0 },
      { x: 1195 + 14, y: 0 },
      { x: 1195 + 14 + 395 + 14, y: 0 },
    ]);
    expect(wide.width).toBe(1195 + 395 + 510 + 28);
    expect(wide.height).toBe(1054);
    // a laptop's frame: the turn, and the other two in a column beside it
    const laptop = arrangeBoxes([turn, priority, stack], 2, 14);
    expect(laptop).toMatchObject({ by: 'columns', lines: [1, 2] });
    expect(laptop.at).toEqual([
      { x: 0, y: 0 },
      { x: 1195 + 14, y: 0 },
      { x: 1195 + 14, y: 277 + 14 },
    ]);
    expect(laptop.width).toBe(1195 + 14 + 510);
    expect(laptop.height).toBe(1054);
  });

  it('stacks long flat regions in a tall frame, and a tall region beside the others in a wide one', () => {
    const row = { width: 2400, height: 500 };
    // one column (which ties with one box a row: the fewer lines are named)
    expect(arrangeBoxes([row, priority, stack], 0.8, 14)).toMatchObject({ by: 'columns', lines: [3] });
    expect(arrangeBoxes([row, row], 1, 10)).toMatchObject({ lines: [2], width: 2400, height: 1010 });
    const column = { width: 300, height: 1200 };
    expect(arrangeBoxes([column, column, column], 2, 10)).toMatchObject({ by: 'rows', lines: [3], width: 920 });
  });

  it('gives the arrangement a frame of its shape shows largest: no other cut does better', () => {
    const sizes = [turn, priority, stack, { width: 640, height: 90 }];
    for (const aspect of [0.6, 1, 1.6, 2, 2.4, 3.5]) {
      const best = arrangeBoxes(sizes, aspect, 14);
      const scale = (w: number, h: number) => Math.min(aspect / w, 1 / h);
      // every way to cut four boxes into rows or columns, laid out by hand
      for (const by of ['rows', 'columns'] as const) {
        for (let mask = 0; mask < 8; mask++) {
          const lines: number[][] = [[0]];
          for (let i = 1; i < 4; i++) mask & (1 << (i - 1)) ? lines.push([i]) : lines.at(-1)?.push(i);
          const along = (i: number) => (by === 'rows' ? sizes[i]!.width : sizes[i]!.height);
          const across = (i: number) => (by === 'rows' ? sizes[i]!.height : sizes[i]!.width);
          const length = Math.max(...lines.map((l) => l.reduce((s, i) => s + along(i), 0) + 14 * (l.length - 1)));
          const depth = lines.reduce((s, l) => s + Math.max(...l.map(across)), 0) + 14 * (lines.length - 1);
          const [w, h] = by === 'rows' ? [length, depth] : [depth, length];
          expect(scale(best.width, best.height), `${by} ${JSON.stringify(lines)} at ${aspect}`).toBeGreaterThanOrEqual(
            scale(w, h) - 1e-12,
          );
        }
      }
      // and the boxes it places do not overlap, each in the order given
      for (const [i, a] of best.at.entries())
        for (const [j, b] of best.at.entries()) {
          if (j <= i) continue;
          const apart = b.x >= a.x + sizes[i]!.width || a.x >= b.x + sizes[j]!.width || b.y >= a.y + sizes[i]!.height;
          expect(apart, `boxes ${i} and ${j} at ${aspect}`).toBe(true);
        }
    }
  });

  it('arranges one region, or none', () => {
    expect(arrangeBoxes([priority], 2, 14)).toMatchObject({ at: [{ x: 0, y: 0 }], width: 395, height: 277 });
    expect(arrangeBoxes([], 2, 14)).toMatchObject({ at: [], width: 0, height: 0 });
  });
});
