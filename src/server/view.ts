/**
 * Every read of a table for a viewer goes through `viewOf`: a seat sees its own
 * view, a spectator (null) the public one, the app token everything.
 */
import type { AnyGame } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';
import type { TableContext } from '../engine/context.js';
import { checkViewer, plyView, stateView } from '../engine/view.js';
import { at, size } from '../log/plyLog.js';
import type { Table } from '../table/table.js';

/** The app token's viewer: it sees the whole table. */
export const EVERYTHING = Symbol('everything');

/** Who reads: a seat id, null for a spectator, or `EVERYTHING` for the app token. */
export type Viewer = string | null | typeof EVERYTHING;

/** A table as a viewer may see it. */
export interface Viewed {
  readonly state: TableState;
  readonly plies: Ply[];
}

type ViewSource = { readonly state: TableState; readonly plies: Ply[]; viewFor?: (viewer: string | null) => Viewed };

/**
 * The table (or the table after its first `moves` moves) as `viewer` may see it.
 *
 * @example
 * viewOf(table, 'seat:ann').state.seats['seat:bob'] // without bob's hand, where the table hides it
 */
export function viewOf(table: Table, viewer: Viewer, moves?: number): Viewed {
  if (moves !== undefined) {
    // The table back then, seen as it was then: what it hid from this viewer at that point stays hidden.
    const { context } = table.at(moves);
    if (viewer !== EVERYTHING) checkViewer(context, viewer);
    const plies: Ply[] = [];
    for (let i = 0; i < size(context.plies); i++) plies.push(plySeen(table.game, context, viewer, i));
    return { state: stateSeen(table.game, context, viewer), plies };
  }
  const source = table as unknown as ViewSource;
  if (viewer === EVERYTHING) return { state: source.state, plies: source.plies };
  if (typeof source.viewFor === 'function') return source.viewFor(viewer);
  return { state: source.state, plies: source.plies };
}

/**
 * The table's state now as `viewer` may see it: built once, without the plies, and not copied (for a message about to
 * be serialised; `table.state` would copy the app's view for each caller to keep).
 *
 * @example
 * stateOf(table, 'seat:ann').seats['seat:bob'] // bob's hand's size, not his cards
 */
export function stateOf(table: Table, viewer: Viewer): TableState {
  return viewer === EVERYTHING ? stateView(table.game, table.context) : (table.stateFor(viewer) as TableState);
}

/**
 * Plies `from` up to `to` as `viewer` may see them: costs only the plies asked for (a stream's next few).
 *
 * @example
 * pliesOf(table, 'seat:ann', 12, 14) // plies 12 and 13
 */
export function pliesOf(table: Table, viewer: Viewer, from: number, to: number): Ply[] {
  if (viewer !== EVERYTHING) return table.pliesFor(viewer, from, to);
  const out: Ply[] = [];
  for (let i = from; i < to; i++) out.push(at(table.context.plies, i) as Ply);
  return out;
}

/**
 * The table at some point (its context then: a replay's, say) as `viewer` may see it: what the live table showed that
 * viewer at that point.
 *
 * @example
 * stateSeen(mundane, ctx, 'seat:ann').seats['seat:bob'] // bob's hand's size then
 */
export function stateSeen(game: AnyGame, ctx: TableContext, viewer: Viewer): TableState {
  return viewer === EVERYTHING ? stateView(game, ctx) : stateView(game, ctx, viewer);
}

/**
 * Ply `index` of the table at some point (its context then) as `viewer` may see it.
 *
 * @example
 * plySeen(mundane, ctx, 'seat:ann', 12) // ply 12, a secret payload of bob's left out
 */
export function plySeen(game: AnyGame, ctx: TableContext, viewer: Viewer, index: number): Ply {
  const ply = at(ctx.plies, index) as Ply;
  return viewer === EVERYTHING ? ply : plyView(game, ctx, ply, index, viewer);
}
