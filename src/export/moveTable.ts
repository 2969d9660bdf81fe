/**
 * The move table for people: an aligned text table, one column per seat.
 */
import type { LaidOutRow } from './rounds.js';

/**
 * The titles of the move table's columns; `forTable` adds a column for plies
 * the application made for the table as a whole (no seat).
 */
export function moveTableHeader(seats: readonly string[], forTable: boolean): string[] {
  return ['round', 'ply', 'turn', 'phase', ...seats, ...(forTable ? ['table'] : [])];
}

/** Whether a row holds a ply the application made for the table as a whole, which needs the `table` column. */
export function needsTableColumn(row: LaidOutRow): boolean {
  return row.ply !== null && row.ply.seat === null;
}

/** The cells of one row of the move table, as text. */
export function moveTableCells(row: LaidOutRow, forTable: boolean): string[] {
  return [
    String(row.round),
    row.ply ? String(row.ply.playOrder) : '',
    row.ply ? String(row.ply.turn) : '',
    row.ply ? row.ply.phase : '',
    ...row.cells.map((cell) =>
      cell === null ? '' : `${typeof cell === 'string' ? cell : cell.move}${row.ply?.automatic ? ' (auto)' : ''}`,
    ),
    ...(forTable ? [needsTableColumn(row) ? (row.ply as NonNullable<LaidOutRow['ply']>).notation : ''] : []),
  ];
}

/** One line of the table: each cell padded to its column's width, two spaces apart. */
export function alignedLine(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, c) => cell.padEnd(widths[c] ?? 0))
    .join('  ')
    .trimEnd();
}

/**
 * Renders laid-out rows as aligned text. Each row starts with its round; a
 * one-ply row also shows the ply's play order in the round, its turn and its
 * phase.
 *
 * @example
 * moveTableText(['seat:a', 'seat:b'], layOutRows(plies, ['seat:a', 'seat:b'], 'sequenced'))
 */
export function moveTableText(seats: readonly string[], rows: readonly LaidOutRow[]): string {
  const forTable = rows.some(needsTableColumn);
  const header = moveTableHeader(seats, forTable);
  const text = rows.map((row) => moveTableCells(row, forTable));
  // A loop, not Math.max(...): a game of 150,000 rows must not become one call's arguments.
  const widths = header.map((title) => title.length);
  for (const cells of text) {
    for (const [c, cell] of cells.entries()) widths[c] = Math.max(widths[c] ?? 0, cell.length);
  }
  return [
    alignedLine(header, widths),
    alignedLine(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
    ...text.map((cells) => alignedLine(cells, widths)),
  ].join('\n');
}
