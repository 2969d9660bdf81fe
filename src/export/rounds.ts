/**
 * Move tables: the plies laid out in rows with one cell per seat, in table
 * order (docs/contract.md, `rounds`).
 */

import type { TurnModel } from '../definition/game.js';
import type { Ply } from '../definition/records.js';

/** A cell: the ply's notation, or with `sequence` where its play order differs from its seat's column; null for no ply. */
export type RoundCell = string | { readonly move: string; readonly sequence: number } | null;
/** A row of a move table: one cell per seat, in table order. */
export type RoundRow = RoundCell[];

/** A row with where it comes from: its round, and for a one-ply row that ply. */
export interface LaidOutRow {
  readonly round: number;
  readonly ply: Ply | null;
  readonly cells: RoundRow;
}

/** The row of one ply: its notation in the column of the seat it was made for. */
function sparseRow(ply: Ply, seats: readonly string[]): LaidOutRow {
  const cells: RoundRow = seats.map(() => null);
  const column = ply.seat === null ? -1 : seats.indexOf(ply.seat);
  if (column >= 0)
    cells[column] = ply.playOrder === column + 1 ? ply.notation : { move: ply.notation, sequence: ply.playOrder };
  return { round: ply.round, ply, cells };
}

/**
 * The move table's rows with their rounds. `sequenced`: one sparse row per
 * ply. The other models pack a round's seat plies into one row, followed by a
 * row for each ply of the table as a whole (no seat's column: the
 * application's moves, transitions, leaving). A round in which some seat
 * appears twice, which the rules of a packed model rule out, stays sparse
 * rather than lose a ply.
 *
 * @example
 * layOutRows(plies, ['seat:a', 'seat:b'], 'sequential')[0].cells // ['play', 'play']
 */
export function layOutRows(plies: readonly Ply[], seats: readonly string[], model: TurnModel): LaidOutRow[] {
  if (model === 'sequenced') return plies.map((ply) => sparseRow(ply, seats));
  const rows: LaidOutRow[] = [];
  let i = 0;
  while (i < plies.length) {
    const round = (plies[i] as Ply).round;
    let j = i;
    while (j < plies.length && (plies[j] as Ply).round === round) j++;
    const group = plies.slice(i, j);
    const bySeat = group.filter((ply) => ply.seat !== null);
    if (new Set(bySeat.map((ply) => ply.seat)).size < bySeat.length) {
      // One row a ply, pushed one by one: a round of many plies would overflow a spread's argument list.
      for (const ply of group) rows.push(sparseRow(ply, seats));
    } else {
      if (bySeat.length > 0) {
        const cells: RoundRow = seats.map(() => null);
        for (const ply of bySeat) cells[seats.indexOf(ply.seat as string)] = ply.notation;
        rows.push({ round, ply: null, cells });
      }
      for (const ply of group) if (ply.seat === null) rows.push(sparseRow(ply, seats));
    }
    i = j;
  }
  return rows;
}

/**
 * The move table's rows, as docs/contract.md's `rounds`.
 *
 * @example
 * rounds(plies, ['seat:a', 'seat:b'], 'sequenced') // [['pass', null], [null, 'pass'], ...]
 */
export function rounds(plies: readonly Ply[], seats: readonly string[], model: TurnModel): RoundRow[] {
  return layOutRows(plies, seats, model).map((row) => row.cells);
}
