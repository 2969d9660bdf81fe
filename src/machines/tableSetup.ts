/**
 * The table chart's setup: its types, and each guard and action named after
 * the pure function of tableLogic.ts it calls, lifted into XState's forms
 * (a guard asked once per context, event and params; an assign; an action
 * that assigns, then emits its events when someone listens).
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import type { TableContext } from '../engine/context.js';
import type { TableEmitted } from '../engine/events.js';
import { askedOnce } from './askedOnce.js';
import { type Effect, NO_CHANGE, tableAssigns, tableEffects, tableGuards } from './tableLogic.js';

/** What the chart hands a guard or an action: the context and the move. */
type Args = { readonly context: TableContext; readonly event: Move };
/** The params a table function reads (its third argument). */
type ParamsOf<F> = F extends (context: TableContext, event: Move, params: infer P) => unknown ? P : never;
/** A table's functions as XState implementations of the same names and params. */
type Lifted<T, R> = { [K in keyof T]: (args: Args, params: ParamsOf<T[K]>) => R };
type TableFunction<R> = (context: TableContext, event: Move, params: never) => R;

/** Each guard as XState calls it: the pure function of the same name, asked once per context, event and params. */
function liftGuards<T extends Record<string, TableFunction<boolean>>>(table: T): Lifted<T, boolean> {
  const lifted: Record<string, unknown> = {};
  for (const [name, guard] of Object.entries(table)) {
    const ask = askedOnce(guard);
    lifted[name] = ({ context, event }: Args, params: never) => ask(context, event, params);
  }
  return lifted as Lifted<T, boolean>;
}

/** Each assign-only action as XState's `assign` of the change the pure function returns. */
function liftAssigns<T extends Record<string, TableFunction<Partial<TableContext>>>>(table: T): Lifted<T, void> {
  const lifted: Record<string, unknown> = {};
  for (const [name, change] of Object.entries(table))
    lifted[name] = assign(({ context, event }: Args, params: never) => change(context, event, params));
  return lifted as Lifted<T, void>;
}

/** Each action with events as XState's `enqueueActions`: its change assigned, then its events emitted if heard. */
function liftEffects<T extends Record<string, TableFunction<Effect>>>(table: T): Lifted<T, void> {
  const lifted: Record<string, unknown> = {};
  for (const [name, effect] of Object.entries(table))
    lifted[name] = enqueueActions(({ context, event, enqueue, self }, params: never) =>
      announce(enqueue, self, effect(context as TableContext, event as Move, params)),
    );
  return lifted as Lifted<T, void>;
}

/** The chart's setup for `game`: its types, and each guard and action named after the pure function it calls. */
export function tableSetup(game: AnyGame) {
  return setup({
    types: {
      context: {} as TableContext,
      events: {} as Move,
      input: {} as unknown,
      emitted: {} as TableEmitted,
    },
    guards: liftGuards(tableGuards(game)),
    actions: { ...liftAssigns(tableAssigns(game)), ...liftEffects(tableEffects(game)) },
  });
}

/** Actors nobody listens to: their chart works out no events and emits none (see `hearEvents`). */
const unheard = new WeakSet<object>();

/**
 * Whether the table machine's `actor` works out and emits its events. A
 * table turns them off while nothing listens (no `table.on` handler, no
 * `actor.on` subscription), so an event nobody hears costs nothing; an actor
 * made straight from the machine always emits.
 */
export function hearEvents(actor: object, heard: boolean): void {
  if (heard) unheard.delete(actor);
  else unheard.add(actor);
}

/**
 * What an action's effect asks of XState: one assign (unless it changes nothing), the move it raises, then its events
 * in order if anyone listens.
 */
function announce(
  enqueue: { assign(change: Partial<TableContext>): void; emit(event: TableEmitted): void; raise(event: Move): void },
  self: object,
  effect: Effect,
): void {
  if (effect.change !== NO_CHANGE) enqueue.assign(effect.change);
  if (effect.raise !== undefined) enqueue.raise(effect.raise);
  if (unheard.has(self)) return;
  for (const event of effect.events) enqueue.emit(event);
}

/** The config of one state of the table chart: guard and action names are the setup's, so a misspelt one does not compile. */
export type TableStateConfig = NonNullable<
  Parameters<ReturnType<typeof tableSetup>['createMachine']>[0]['states']
>[string];
