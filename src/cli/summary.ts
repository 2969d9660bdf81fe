/**
 * What the CLI prints for a person: a header, the move table, and a short
 * state summary.
 */
import { layOutRows } from '../export/rounds.js';
import { moveTableText } from '../export/moveTable.js';
import type { Table } from '../table/table.js';

/**
 * The move table and a state summary of `table`, as text.
 *
 * @example
 * console.log(tableReport(table))
 */
export function tableReport(table: Table): string {
  const { log, state } = table;
  const turnModel = table.game.turnModel(table.context.opening.options);
  const rows = layOutRows(table.plies, log.seats, turnModel);
  const lines = [
    `${log.game} v${log.version} · ${log.table} · seed ${JSON.stringify(log.seed)} · ${log.moves.length} plies · turn model ${turnModel}`,
    '',
    moveTableText(log.seats, rows),
    '',
    state.status === 'over'
      ? `over after turn ${state.turn} · winners: ${state.winners.join(', ') || 'none'}`
      : `playing · turn ${state.turn} · round ${state.round} · ${state.phase} · active ${state.activeSeat} · priority ${state.prioritySeat} · passes ${state.passes} · stack ${state.stack.map((i) => `#${i.id} ${i.card}`).join(', ') || 'empty'}`,
  ];
  for (const [seat, view] of Object.entries(state.seats)) {
    const fields = Object.entries(view).map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(', ') || '-' : String(value)}`);
    lines.push(`  ${seat}: ${fields.join(' · ')}`);
  }
  return lines.join('\n');
}
