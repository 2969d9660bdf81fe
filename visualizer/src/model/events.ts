/**
 * The page's event log: moves sent to a table, refusals, and what the table
 * emitted, as short lines a person scans.
 */
import type { TableEmitted } from 'plystack';

/** One line of the event log. */
export interface EventEntry {
  readonly seq: number;
  /** `move` sent and accepted, `refused`, `emitted` by the table, `note` from the page. */
  readonly kind: 'move' | 'refused' | 'emitted' | 'note';
  readonly type: string;
  readonly text: string;
  readonly detail?: unknown;
  /** The plies the table had when the line was added (a move's line: its own ply): time travel shows lines up to its ply. */
  readonly ply: number;
}

/** How many lines a log keeps: the newest. */
export const EVENT_LIMIT = 5_000;

/**
 * A move as a person reads it: `seat:ann PlayCard {"card":"Toaster"}`.
 *
 * @example
 * moveText({ type: 'engine.pass', seat: 'seat:ann' }) // 'seat:ann engine.pass'
 */
export function moveText(move: { type?: unknown; seat?: unknown; payload?: unknown }): string {
  const seat = typeof move.seat === 'string' ? `${move.seat} ` : '(table) ';
  const payload = move.payload === undefined ? '' : ` ${JSON.stringify(move.payload)}`;
  return `${seat}${String(move.type)}${payload}`;
}

/**
 * What the table emitted, as a line.
 *
 * @example
 * emittedText({ type: 'stack.pushed', item: { id: 1, seat: 'seat:ann', card: 'Toaster', type: 'APPLIANCE' } }) // '#1 Toaster (seat:ann) on the stack'
 */
export function emittedText(event: TableEmitted | { type: string; [key: string]: unknown }): string {
  const e = event as Record<string, unknown> & { type: string };
  const item = e.item as { id?: number; card?: string; seat?: string } | undefined;
  switch (e.type) {
    case 'turn.started':
      return `turn ${String(e.turn)} starts: ${String(e.seat)}`;
    case 'turn.ended':
      return `turn ${String(e.turn)} ends: ${String(e.seat)}`;
    case 'round.started':
      return `round ${String(e.round)} starts`;
    case 'round.ended':
      return `round ${String(e.round)} ends`;
    case 'game-phase.changed':
      return `game phase ${String(e.gamePhase)} (turn ${String(e.turn)})`;
    case 'phase.changed':
      return `phase ${String(e.phase)}${e.seat ? ` (${String(e.seat)})` : ''}`;
    case 'priority.changed':
      return `priority → ${e.seat === null ? 'nobody' : String(e.seat)}`;
    case 'stack.pushed':
      return `#${item?.id} ${item?.card} (${item?.seat}) on the stack`;
    case 'stack.resolved':
      return `#${item?.id} ${item?.card} (${item?.seat}) resolved`;
    case 'stack.countered': {
      const by = e.by as { id?: number; card?: string } | undefined;
      return `#${item?.id} ${item?.card} (${item?.seat}) countered by #${by?.id} ${by?.card}`;
    }
    case 'stack.fizzled':
      return `#${item?.id} ${item?.card} (${item?.seat}) fizzled: its target left the stack`;
    case 'stack.withdrawn':
      return `#${item?.id} ${item?.card} (${item?.seat}) taken back`;
    case 'ply.recorded':
      return `ply ${Number(e.index) + 1}: ${String((e.ply as { notation?: string } | undefined)?.notation)}`;
    case 'move.refused':
      return `refused: ${String((e.refusal as { code?: string } | undefined)?.code)}`;
    case 'seat.out':
      return `${String(e.seat)} is out (turn ${String(e.turn)})`;
    case 'game.over':
      return `game over: ${((e.winners as string[] | undefined) ?? []).join(', ') || 'no winner'}`;
    default: {
      const { type, ...rest } = e;
      return `${type} ${JSON.stringify(rest)}`;
    }
  }
}

/** A growing event log with the newest `EVENT_LIMIT` lines. */
export class EventLog {
  private seq = 0;
  entries: EventEntry[] = [];

  add(kind: EventEntry['kind'], type: string, text: string, detail: unknown, ply: number): void {
    this.entries.push({ seq: ++this.seq, kind, type, text, detail, ply });
    if (this.entries.length > EVENT_LIMIT * 1.2) this.entries = this.entries.slice(-EVENT_LIMIT);
  }
}

/**
 * Adds what a table emitted to `log` as a line, by the one rule every table's
 * log follows: a recorded ply is a `move` line numbered with its ply, anything
 * else an `emitted` line at `plies`, the plies the table had then. Gives the
 * plies the table has after it.
 *
 * @example
 * plies = addEmitted(log, event, plies)
 */
export function addEmitted(log: EventLog, event: TableEmitted, plies: number): number {
  if (event.type !== 'ply.recorded') {
    log.add('emitted', event.type, emittedText(event), event, plies);
    return plies;
  }
  const count = event.index + 1;
  const auto = event.ply.automatic ? ' (automatic)' : '';
  log.add('move', 'ply', `ply ${count} · ${moveText(event.ply.move)}${auto} → ${event.ply.notation}`, event.ply, count);
  return count;
}

/**
 * `lines` (in ply order) with `extra` lines each placed after the lines of its
 * ply, numbered again from 1.
 *
 * @example
 * withLines(made.entries, refusals)
 */
export function withLines(lines: readonly EventEntry[], extra: readonly EventEntry[]): readonly EventEntry[] {
  if (extra.length === 0) return lines;
  const out: EventEntry[] = [];
  let i = 0;
  for (const line of extra) {
    while (i < lines.length && (lines[i] as EventEntry).ply <= line.ply) out.push(lines[i++] as EventEntry);
    out.push(line);
  }
  while (i < lines.length) out.push(lines[i++] as EventEntry);
  return out.map((line, n) => ({ ...line, seq: n + 1 }));
}

/**
 * The lines up to ply `at` (all of them when live): the log as it stood then.
 *
 * @example
 * eventsUpTo(log.entries, 3).length
 */
export function eventsUpTo(entries: readonly EventEntry[], at: number | null): readonly EventEntry[] {
  if (at === null) return entries;
  let end = entries.length;
  while (end > 0 && (entries[end - 1] as EventEntry).ply > at) end--;
  return entries.slice(0, end);
}
