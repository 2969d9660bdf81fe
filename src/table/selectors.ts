/**
 * Selectors over a table actor's snapshot: what an application's component
 * reads of a table (the state as one viewer sees it, who may act, a seat's
 * legal moves, the stack), worked out from `table.actor`'s snapshot alone, so
 * the component subscribes to the actor (`useSelector` of @xstate/react, or
 * `actor.subscribe`) and needs no table beside it.
 *
 * Each selector gives back the very object it gave last time for the same
 * arguments while what it selects is unchanged (the same JSON), so a
 * subscriber comparing by identity, as `useSelector` does by default, is
 * woken only when its slice changes.
 */
import type { AnyGame, MoveOf, ViewedSeatOf } from '../definition/game.js';
import type { TableState } from '../definition/records.js';
import type { TableContext } from '../engine/context.js';
import { type LegalMoves, legalMovesFor, seatsToAct } from '../engine/legalMoves.js';
import { checkViewer, stateView, type Viewer } from '../engine/view.js';
import type { StackItem } from '../stack/stack.js';

/** What the selectors read of a snapshot: its context (a table actor's snapshot, `table.actor.getSnapshot()`). */
export interface TableSnapshotLike {
  readonly context: TableContext;
}

/** The selectors of one game's tables; `Gm` types what they give. */
export interface TableSelectors<Gm extends AnyGame = AnyGame> {
  /**
   * The state as `viewer` (a seat id, or null for a spectator) may see it, as `table.stateFor(viewer)` gives it.
   * Throws a RangeError for a viewer who is not at the table.
   */
  view(snapshot: TableSnapshotLike, viewer: Viewer): TableState<ViewedSeatOf<Gm>>;
  /** The seats that may act now, as `table.toAct()` gives them. */
  toAct(snapshot: TableSnapshotLike): readonly string[];
  /** What `seat` may do now, and why each other move type is blocked, as `table.legalMoves(seat)` gives it. */
  legalMoves(snapshot: TableSnapshotLike, seat: string): LegalMoves<MoveOf<Gm>>;
  /** The stack, bottom first (every item is public: its seat, type and payload). */
  stack(snapshot: TableSnapshotLike): readonly StackItem[];
}

/** How many keys (viewers, seats) a selector remembers its answers for. */
const REMEMBERED = 64;

/**
 * A selector that remembers what it gave for each key: asked again with the same context it answers at once; with
 * another, it works the answer out and gives back the one it gave before when the two read as the same JSON.
 */
function remembered<A extends unknown[], R>(
  key: (...args: A) => string,
  work: (ctx: TableContext, ...args: A) => R,
): (snapshot: TableSnapshotLike, ...args: A) => R {
  const last = new Map<string, { ctx: TableContext; value: R; json: string }>();
  return (snapshot, ...args) => {
    const ctx = snapshot.context;
    const name = key(...args);
    const before = last.get(name);
    // A table has a few viewers and seats; asked of many more keys (names made up), it starts again rather than grow.
    if (before === undefined && last.size >= REMEMBERED) last.clear();
    if (before?.ctx === ctx) return before.value;
    const value = work(ctx, ...args);
    const json = JSON.stringify(value);
    if (before !== undefined && before.json === json) {
      last.set(name, { ctx, value: before.value, json });
      return before.value;
    }
    last.set(name, { ctx, value, json });
    return value;
  };
}

/**
 * The selectors of `game`'s tables. Make them once (outside a component) and share them: each remembers its last
 * answers, which is what keeps an unchanged slice the same object.
 *
 * @example
 * const select = tableSelectors(mundane)
 * const hand = useSelector(table.actor, (s) => select.view(s, 'seat:ann').seats['seat:ann']?.hand)
 * select.toAct(table.actor.getSnapshot()) // ['seat:ann']
 */
export function tableSelectors<Gm extends AnyGame>(game: Gm): TableSelectors<Gm> {
  return {
    view: remembered(
      (viewer: Viewer) => JSON.stringify(viewer),
      (ctx, viewer) => {
        checkViewer(ctx, viewer);
        return stateView(game, ctx, viewer) as TableState<ViewedSeatOf<Gm>>;
      },
    ),
    toAct: remembered(
      () => '',
      (ctx) => seatsToAct(ctx),
    ),
    legalMoves: remembered(
      (seat: string) => seat,
      (ctx, seat) => legalMovesFor(game, ctx, seat) as LegalMoves<MoveOf<Gm>>,
    ),
    stack: (snapshot) => snapshot.context.stack,
  };
}
