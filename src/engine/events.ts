/**
 * What a table tells the application, derived in one place. The chart's
 * actions compute a change of the context with the pure steps, then ask
 * `eventsOf(before, change, moment)` what it announces; no action builds an
 * event itself. The moment is what the chart is doing (a ply recorded, a
 * phase entered, a turn ended…); the rest is read off the change:
 *
 *   ply.recorded       a ply joined the log (its index is the log's size before it)
 *   stack.withdrawn    items left the stack with a ply (an undo), newest first
 *   stack.pushed       an item joined the stack with a ply
 *   stack.resolved     the top item resolved
 *   stack.countered    an item left the stack unresolved: the resolution before it countered it
 *   stack.fizzled      the top item left unresolved: the item it targeted had left first
 *   priority.changed   the seat holding priority is not the one that held it
 *   round.ended/started  the turn passed into another round
 *   turn.ended/started the active seat changed hands (at the chart's turn boundary,
 *                      or when initiative scores reorder the turn)
 *   seat.out           seats went out of the game (left, or eliminated by a move,
 *                      a resolution or a phase's routine), one event each
 *
 * The order of a moment's events is fixed here: the ply first, then the
 * stack, then priority, then the seats that went out. Tests pin it
 * (test/table/events.test.ts).
 */

import type { Refusal } from '../core/errors.js';
import type { Ply } from '../definition/records.js';
import { size } from '../log/plyLog.js';
import type { StackItem } from '../stack/stack.js';
import type { TableContext } from './context.js';

/** What a table tells the application, through XState's `emit` (subscribe with `actor.on` or `table.on`). */
export type TableEmitted =
  | { type: 'turn.ended'; seat: string; turn: number }
  | { type: 'turn.started'; seat: string; turn: number }
  | { type: 'round.ended'; round: number }
  | { type: 'round.started'; round: number }
  | { type: 'game-phase.changed'; gamePhase: string; turn: number }
  | { type: 'phase.changed'; phase: string; seat: string | null; turn: number }
  | { type: 'priority.changed'; seat: string | null }
  | { type: 'stack.pushed'; item: StackItem }
  | { type: 'stack.resolved'; item: StackItem }
  | { type: 'stack.countered'; item: StackItem; by: StackItem }
  | { type: 'stack.fizzled'; item: StackItem }
  | { type: 'stack.withdrawn'; item: StackItem }
  | { type: 'ply.recorded'; ply: Ply; index: number }
  | { type: 'move.refused'; refusal: Refusal }
  | { type: 'seat.out'; seat: string; turn: number }
  | { type: 'game.over'; winners: readonly string[] };

/** What the chart is doing when the context changes. */
export type Moment =
  | { readonly kind: 'recorded'; readonly ply: Ply }
  | { readonly kind: 'priority-moved' }
  | {
      readonly kind: 'resolved';
      readonly item: StackItem | undefined;
      readonly fizzled: StackItem | undefined;
      readonly countered: readonly StackItem[];
    }
  | { readonly kind: 'phase-entered'; readonly phase: string }
  | { readonly kind: 'game-phase-entered'; readonly phase: string }
  | { readonly kind: 'turn-ended' }
  | { readonly kind: 'turn-passed' }
  | { readonly kind: 'turn-started' }
  | { readonly kind: 'round-ended' }
  | { readonly kind: 'round-started' }
  | { readonly kind: 'initiative-merged' }
  | { readonly kind: 'over' }
  /** Seats may have gone out: a routine ran, or a seat left. */
  | { readonly kind: 'seating-changed' }
  | { readonly kind: 'refused'; readonly refusal: Refusal };

/** The events `change` announces when the chart makes it at `moment`, in the order the application receives them. */
export function eventsOf(before: TableContext, change: Partial<TableContext>, moment: Moment): TableEmitted[] {
  const turn = change.turn ?? before.turn;
  const out: TableEmitted[] = [];
  switch (moment.kind) {
    case 'recorded':
      out.push({ type: 'ply.recorded', ply: moment.ply, index: size(before.plies) });
      stackEvents(before, change, out);
      priorityEvents(before, change, out);
      break;
    case 'priority-moved':
      priorityEvents(before, change, out);
      break;
    case 'resolved':
      if (moment.item !== undefined) out.push({ type: 'stack.resolved', item: moment.item });
      for (const item of moment.countered) out.push({ type: 'stack.countered', item, by: moment.item as StackItem });
      if (moment.fizzled !== undefined) out.push({ type: 'stack.fizzled', item: moment.fizzled });
      priorityEvents(before, change, out);
      break;
    case 'phase-entered':
      out.push({ type: 'phase.changed', phase: moment.phase, seat: turn.activeSeat, turn: turn.number });
      priorityEvents(before, change, out);
      break;
    case 'game-phase-entered':
      out.push({ type: 'game-phase.changed', gamePhase: moment.phase, turn: turn.number });
      // A phase whose turn has no phases of its own is its own turn phase: entering it enters that too.
      if ((change.phase ?? before.phase) === moment.phase)
        out.push({ type: 'phase.changed', phase: moment.phase, seat: turn.activeSeat, turn: turn.number });
      break;
    case 'turn-ended':
      if (before.turn.activeSeat !== null)
        out.push({ type: 'turn.ended', seat: before.turn.activeSeat, turn: before.turn.number });
      break;
    case 'turn-started':
      if (turn.activeSeat !== null) out.push({ type: 'turn.started', seat: turn.activeSeat, turn: turn.number });
      break;
    case 'turn-passed':
      if (turn.round !== before.turn.round)
        out.push({ type: 'round.ended', round: before.turn.round }, { type: 'round.started', round: turn.round });
      break;
    case 'round-ended':
      out.push({ type: 'round.ended', round: before.turn.round });
      break;
    case 'round-started':
      out.push({ type: 'round.started', round: before.turn.round + 1 });
      break;
    case 'initiative-merged':
      // initiative scores reordered the turn: the seat that held it ends, the new one starts the same turn
      if (turn.activeSeat === null || turn.activeSeat === before.turn.activeSeat) break;
      if (before.turn.activeSeat !== null)
        out.push({ type: 'turn.ended', seat: before.turn.activeSeat, turn: before.turn.number });
      out.push({ type: 'turn.started', seat: turn.activeSeat, turn: before.turn.number });
      break;
    case 'over':
      priorityEvents(before, change, out);
      out.push({ type: 'game.over', winners: change.winners ?? [] });
      break;
    case 'refused':
      out.push({ type: 'move.refused', refusal: moment.refusal });
      break;
  }
  seatsOutEvents(before, change, out);
  return out;
}

/** The seats `change` takes out of the game, in the order they went. */
function seatsOutEvents(before: TableContext, change: Partial<TableContext>, out: TableEmitted[]): void {
  const after = change.progression?.out;
  const was = before.progression.out;
  if (after === undefined || after === was) return;
  const turn = (change.turn ?? before.turn).number;
  for (let i = was.length; i < after.length; i++) out.push({ type: 'seat.out', seat: after[i]!, turn });
}

/** Items a ply took off the stack (an undo withdraws them, newest first) or put on it. */
function stackEvents(before: TableContext, change: Partial<TableContext>, out: TableEmitted[]): void {
  const after = change.stack;
  if (after === undefined || after === before.stack) return;
  for (let i = before.stack.length - 1; i >= after.length; i--)
    out.push({ type: 'stack.withdrawn', item: before.stack[i]! });
  for (let i = before.stack.length; i < after.length; i++) out.push({ type: 'stack.pushed', item: after[i]! });
}

function priorityEvents(before: TableContext, change: Partial<TableContext>, out: TableEmitted[]): void {
  const seat = change.prioritySeat;
  if (seat !== undefined && seat !== before.prioritySeat) out.push({ type: 'priority.changed', seat });
}
