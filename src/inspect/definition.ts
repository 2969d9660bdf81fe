/**
 * A machine's definition for an inspector, taken from the live state nodes
 * (`machine.root`) rather than `machine.toJSON()`, which drops `always`
 * transitions and guard names. The result is a plain XState config (explicit
 * ids, `#id` targets, names instead of functions), so it travels as the
 * `definition` of `@statelyai/inspect`'s actor event and any config reader
 * can still draw it.
 */
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  and,
  type InspectionEvent,
  not,
  or,
} from 'xstate';

/** A transition as the definition carries it. */
export interface TransitionJson {
  /** `#id` of each target; absent for a transition that stays where it is. */
  readonly target?: string[];
  /** The guard as a person reads it: `allSeatsPassed ∧ stackIsEmpty`. */
  readonly guard?: string;
  readonly actions?: string[];
  readonly reenter?: true;
  readonly description?: string;
}

/** A state node as the definition carries it: an XState config with names only. */
export interface StateJson {
  readonly id: string;
  /** Document order among all states: JSON writers that sort keys (as `@statelyai/inspect`'s does) lose the order of `states`. */
  readonly order?: number;
  readonly type?: 'parallel' | 'final' | 'history';
  readonly initial?: string;
  readonly entry?: string[];
  readonly exit?: string[];
  readonly invoke?: string[];
  readonly description?: string;
  readonly on?: Record<string, TransitionJson[]>;
  readonly always?: TransitionJson[];
  readonly states?: Record<string, StateJson>;
}

type Named = {
  name?: string;
  type?: unknown;
  guards?: unknown[];
  stateValue?: unknown;
  params?: unknown;
  check?: unknown;
};

/**
 * XState's higher-order guards are functions whose names a minifier renames;
 * what stays is the `check` each shares with every guard of its kind. Plain
 * configs (a remote app's) carry `{ type: 'not' }` or, in XState's own
 * serialised form, `xstate.not`, with their `guards`.
 */
const COMBINATORS = new Map<unknown, 'not' | 'and' | 'or'>([
  [(not('x') as Named).check, 'not'],
  [(and(['x']) as Named).check, 'and'],
  [(or(['x']) as Named).check, 'or'],
]);
const combinatorOf = (g: Named, isFunction: boolean): 'not' | 'and' | 'or' | null => {
  const byCheck = g.check === undefined ? undefined : COMBINATORS.get(g.check);
  if (byCheck !== undefined) return byCheck;
  const name = typeof g.type === 'string' ? g.type.replace(/^xstate\./, '') : isFunction ? g.name : undefined;
  return name === 'not' || name === 'and' || name === 'or' ? name : null;
};

/**
 * A guard as text: named guards by name, `and` / `or` / `not` spelled out
 * as `∧` / `∨` / `¬` (recognised by what XState gives them, never by a
 * function's name), `stateIn` with the state it asks about.
 *
 * @example
 * guardText(and(['allSeatsPassed', not('stackIsEmpty')])) // 'allSeatsPassed ∧ ¬stackIsEmpty'
 */
export function guardText(guard: unknown, nested = false): string {
  if (typeof guard === 'string') return guard;
  if (guard === null || guard === undefined) return '';
  const g = guard as Named;
  const combinator = combinatorOf(g, typeof guard === 'function');
  if (combinator !== null && Array.isArray(g.guards)) {
    const parts = g.guards.map((inner) => guardText(inner, true));
    if (combinator === 'not') return `¬${parts[0] ?? ''}`;
    const joined = parts.join(combinator === 'or' ? ' ∨ ' : ' ∧ ');
    return nested && parts.length > 1 ? `(${joined})` : joined;
  }
  // A combinator whose operands did not travel (a plain config serialised by `@statelyai/inspect` drops them).
  if (combinator !== null) return combinator === 'not' ? '¬(…)' : combinator === 'or' ? '… ∨ …' : '… ∧ …';
  if (g.stateValue !== undefined)
    return `in ${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)}`;
  if (typeof g.type === 'string' && g.type !== '') return g.type;
  if (typeof guard === 'function' && g.name) return g.name;
  return 'inline guard';
}

/**
 * An action as text: its name (its `type`), or the function's name.
 *
 * @example
 * actionText({ type: 'enterPhase', params: { phase: 'PLAN' } }) // 'enterPhase'
 */
export function actionText(action: unknown): string {
  if (typeof action === 'string') return action;
  const a = action as Named | null;
  if (a === null || a === undefined) return '';
  if (typeof a.type === 'string' && a.type !== '') return a.type.replace(/^xstate\./, '');
  if (typeof action === 'function' && a.name) return a.name;
  return 'inline action';
}

function transitionJson(t: AnyTransitionDefinition): TransitionJson {
  const actions = t.actions.map(actionText).filter((name) => name !== '');
  return {
    ...(t.target !== undefined && t.target.length > 0
      ? { target: t.target.map((node: AnyStateNode) => `#${node.id}`) }
      : {}),
    ...(t.guard !== undefined ? { guard: guardText(t.guard) } : {}),
    ...(actions.length > 0 ? { actions } : {}),
    ...(t.reenter ? { reenter: true as const } : {}),
    ...(typeof t.description === 'string' ? { description: t.description } : {}),
  };
}

function stateJson(node: AnyStateNode): StateJson {
  const on: Record<string, TransitionJson[]> = {};
  for (const [eventType, transitions] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
    on[eventType] = transitions.map(transitionJson);
  }
  const states: Record<string, StateJson> = {};
  for (const [key, child] of Object.entries(node.states as Record<string, AnyStateNode>))
    states[key] = stateJson(child);
  const entry = (node.entry as unknown[]).map(actionText);
  const exit = (node.exit as unknown[]).map(actionText);
  const invoke = (node.invoke as { src: unknown; id: string }[]).map((i) => (typeof i.src === 'string' ? i.src : i.id));
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  const type = node.type === 'parallel' || node.type === 'final' || node.type === 'history' ? node.type : undefined;
  return {
    id: node.id,
    order: node.order,
    ...(type !== undefined ? { type } : {}),
    ...(initial !== undefined ? { initial: initial.key } : {}),
    ...(entry.length > 0 ? { entry } : {}),
    ...(exit.length > 0 ? { exit } : {}),
    ...(invoke.length > 0 ? { invoke } : {}),
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
    ...(Object.keys(on).length > 0 ? { on } : {}),
    ...(node.always !== undefined && node.always.length > 0 ? { always: node.always.map(transitionJson) } : {}),
    ...(Object.keys(states).length > 0 ? { states } : {}),
  };
}

/**
 * The definition of `machine`, walked from its state nodes: every state with
 * its explicit id, every transition (`always` and done events included) with
 * its guard's name, targets as `#id`.
 *
 * @example
 * machineDefinition(createTableMachine(mundane)).states?.playing?.type // 'parallel'
 */
export function machineDefinition(machine: AnyStateMachine): StateJson {
  return stateJson(machine.root);
}

/**
 * The id an inspector gives a transition: its source state, its event (empty
 * for `always`) and its place among the source's transitions for that event.
 *
 * @example
 * transitionId('table.playing.stack.holding', '', 0) // 'table.playing.stack.holding|always|0'
 */
export function transitionId(source: string, eventType: string, index: number): string {
  return `${source}|${eventType === '' ? 'always' : eventType}|${index}`;
}

/**
 * The inspector's id of a transition XState took (from a `@xstate.microstep`
 * inspection event's `_transitions`).
 *
 * @example
 * actor.system.inspect((e) => e.type === '@xstate.microstep' && e._transitions.map(takenTransitionId))
 */
export function takenTransitionId(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const list = (t.eventType === '' ? source.always : source.transitions.get(t.eventType)) as
    | AnyTransitionDefinition[]
    | undefined;
  return transitionId(source.id, t.eventType, Math.max(0, list?.indexOf(t) ?? 0));
}

/** The part of an `@statelyai/inspect` inspector `withMachineDefinitions` uses. */
interface InspectorLike {
  actor(actorRef: never, snapshot?: never): void;
  readonly inspect: { next?: (event: InspectionEvent) => void } & object;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' &&
  logic !== null &&
  (logic as { root?: { transitions?: unknown } }).root?.transitions instanceof Map;

/**
 * An `@statelyai/inspect` inspector whose actor events carry the machine's
 * definition as `machineDefinition` reads it (guards as `¬`/`∧`/`∨` text with
 * their operands, `always` transitions kept), instead of the library's own
 * serialisation, which turns every function into `{ type: name }` and drops
 * the operands of `not`, `and` and `or`. For plain XState apps; a plystack
 * table sent with `inspectTable` has this already.
 *
 * @example
 * const inspector = withMachineDefinitions(createWebSocketInspector({ url: 'ws://127.0.0.1:4242', serializationDepthLimit: 64 }))
 * createActor(machine, { inspect: inspector.inspect }).start()
 */
export function withMachineDefinitions<I extends InspectorLike>(inspector: I): I {
  const next = inspector.inspect.next?.bind(inspector.inspect);
  const inspect = {
    ...inspector.inspect,
    next(event: InspectionEvent) {
      const ref = event.actorRef as unknown as {
        sessionId: string;
        logic: unknown;
        _parent?: unknown;
        getSnapshot(): unknown;
      };
      if (event.type !== '@xstate.actor' || !isMachine(ref.logic)) return next?.(event);
      const described = {
        sessionId: ref.sessionId,
        _parent: ref._parent,
        logic: { config: machineDefinition(ref.logic) },
      };
      // The event comes while the actor is being built, before its snapshot may be read (the library defers it too).
      queueMicrotask(() => inspector.actor(described as never, ref.getSnapshot() as never));
    },
  };
  return { ...inspector, inspect };
}
