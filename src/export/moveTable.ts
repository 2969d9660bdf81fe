/**
 * The move table for people: an aligned text table, one column per seat.
 */
import type { LaidOutRow } from './rounds.js';

/**
 * Renders laid-out rows as aligned text. Each row starts with its round; a
 * one-ply row also shows the ply's play order in the round, its turn and its
 * phase.
 *
 * @example
 * moveTableText(['seat:a', 'seat:b'], layOutRows(plies, ['seat:a', 'seat:b'], 'sequenced'))
 */
export function moveTableText(seats: readonly string[], rows: readonly LaidOutRow[]): string {
  // A ply the application made for the table as a whole (no seat) gets a column of its own.
  const forTable = rows.some((row) => row.ply !== null && row.ply.seat === null);
  const header = ['round', 'ply', 'turn', 'phase', ...seats, ...(forTable ? ['table'] : [])];
  const text = rows.map((row) => [
    String(row.round),
    row.ply ? String(row.ply.playOrder) : '',
    row.ply ? String(row.ply.turn) : '',
    row.ply ? row.ply.phase : '',
    ...row.cells.map((cell) => (cell === null ? '' : `${typeof cell === 'string' ? cell : cell.move}${row.ply?.automatic ? ' (auto)' : ''}`)),
    ...(forTable ? [row.ply !== null && row.ply.seat === null ? row.ply.notation : ''] : []),
  ]);
  const widths = header.map((title, c) => Math.max(title.length, ...text.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}
