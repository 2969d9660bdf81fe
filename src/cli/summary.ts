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
function playingSummary(table: Table): string {
  const { state } = table;
  const gamePhases = table.context.opening.structure.phases.length;
  const parts = ['playing', `turn ${state.turn}`, `round ${state.round}`, state.phase === state.gamePhase || gamePhases === 1 ? state.phase : `${state.gamePhase} ${state.phase}`];
  if (state.activeSeat !== null) parts.push(`active ${state.activeSeat}`);
  parts.push(`to act ${state.toAct.join(', ') || 'nobody'}`);
  if (table.context.opening.structure.priority) {
    parts.push(`priority ${state.prioritySeat ?? 'nobody'}`, `passes ${state.passes}`, `stack ${state.stack.map((i) => `#${i.id} ${i.card}`).join(', ') || 'empty'}`);
  }
  if (state.obligation !== null) parts.push(`${state.obligation.seat} owes ${state.obligation.remaining}`);
  if (state.out.length > 0) parts.push(`out ${state.out.join(', ')}`);
  return parts.join(' · ');
}

export function tableReport(table: Table): string {
  const { log, state } = table;
  const { turnModel } = table;
  const rows = layOutRows(table.plies, log.seats, turnModel);
  const lines = [
    `${log.game} v${log.version} · ${log.table} · seed ${JSON.stringify(log.seed)} · ${table.plies.length} plies · turn model ${turnModel}`,
    '',
    moveTableText(log.seats, rows),
    '',
    state.status === 'over'
      ? `over after turn ${state.turn} · winners: ${state.winners.join(', ') || 'none'}`
      : playingSummary(table),
  ];
  for (const [seat, view] of Object.entries(state.seats)) {
    const fields = Object.entries(view).map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(', ') || '-' : String(value)}`);
    lines.push(`  ${seat}: ${fields.join(' · ')}`);
  }
  return lines.join('\n');
}
