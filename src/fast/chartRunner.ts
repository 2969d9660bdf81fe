/**
 * The table chart run without an actor: the same state nodes, guards and
 * actions as the live table, stepped by a small interpreter that follows
 * XState's own algorithm (SCXML's microstep: select, remove conflicts, exit,
 * act, enter; then eventless transitions and done events until the chart
 * rests) but keeps no snapshots, inspection events or action objects.
 *
 * The chart only uses what this interpreter knows: compound, parallel and
 * final states, `always` and `onDone` transitions, `reenter`, `#id` targets,
 * named guards with `and`/`not`/`stateIn`, and named actions. A chart that
 * uses anything else (history states, delays, invoked actors, inline
 * functions) is refused when it is compiled.
 *
 * A differential test (test/fast/) plays every built-in game and strategy on
 * both runners and compares state, plies and events after every ply.
 */
import { type AnyStateMachine, and, not, or, stateIn } from 'xstate';
import type { AnyGame } from '../core/game.js';
import { readMove } from '../core/move.js';
import type { TableContext } from '../engine/context.js';
import type { TableEmitted } from '../engine/events.js';
import { NO_CHANGE, tableAssigns, tableEffects, tableGuards } from '../machines/tableLogic.js';
import type { MoveEvent } from '../machines/tableMachine.js';

/** The parts of an XState state node this interpreter reads. */
interface Node {
  readonly id: string;
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  readonly order: number;
  readonly parent?: Node;
  readonly states: Record<string, Node>;
  readonly entry: readonly unknown[];
  readonly exit: readonly unknown[];
  readonly always?: readonly Transition[];
  readonly transitions: ReadonlyMap<string, readonly Transition[]>;
  readonly initial: { readonly target: readonly Node[]; readonly actions: readonly unknown[] };
  readonly invoke: readonly unknown[];
  readonly config: { readonly after?: unknown; readonly history?: unknown };
}

interface Transition {
  readonly source: Node;
  readonly target?: readonly Node[];
  readonly actions: readonly unknown[];
  readonly guard?: unknown;
  readonly reenter?: boolean;
  readonly eventType: string;
}

type Event = MoveEvent | { readonly type: string; readonly output?: unknown };

/** Where a run of the chart stands: the active nodes in XState's order, and the context. */
export interface ChartState {
  readonly nodes: readonly Node[];
  readonly context: TableContext;
}

const AND = (and([]) as unknown as { check: unknown }).check;
const OR = (or([]) as unknown as { check: unknown }).check;
const NOT = (not('x') as unknown as { check: unknown }).check;
const STATE_IN = (stateIn('#x') as unknown as { check: unknown }).check;

/** A chart compiled for fast runs: steps a state by a move, collecting what it emits. */
export interface ChartRunner {
  /** The state of a live actor's snapshot (its active nodes in their order, and its context). */
  stateOf(snapshot: unknown): ChartState;
  /** The state after `event`, and what it emitted pushed onto `emitted` (when given). The state given is not changed. */
  step(state: ChartState, event: MoveEvent, emitted?: TableEmitted[]): ChartState;
  /** The state value XState would show for `state`. */
  valueOf(state: ChartState): unknown;
}

/**
 * The chart state of a live actor's snapshot (its active nodes in their order,
 * and its context), without a compiled runner: what `ChartRunner.stateOf` gives.
 *
 * @example
 * chartStateOf(actor.getSnapshot()).context === actor.getSnapshot().context // true
 */
export function chartStateOf(snapshot: unknown): ChartState {
  const s = snapshot as { _nodes: readonly Node[]; context: TableContext };
  return { nodes: s._nodes, context: s.context };
}

/** Compiles `machine` (a table machine of `game`) for fast runs. */
export function chartRunner(game: AnyGame, machine: AnyStateMachine): ChartRunner {
  const guards = tableGuards(game) as Record<string, (c: TableContext, e: Event, p: unknown) => boolean>;
  const assigns = tableAssigns(game) as Record<
    string,
    (c: TableContext, e: Event, p: unknown) => Partial<TableContext>
  >;
  const effects = tableEffects(game) as Record<
    string,
    (c: TableContext, e: Event, p: unknown) => { change: Partial<TableContext>; events: readonly TableEmitted[] }
  >;
  const root = machine.root as unknown as Node;
  const byId = new Map<string, Node>();
  checkSupported(root, byId, new Set([...Object.keys(assigns), ...Object.keys(effects)]));
  const candidates = new Map<Node, Map<string, readonly Transition[]>>();

  function candidatesOf(node: Node, type: string): readonly Transition[] {
    let byType = candidates.get(node);
    if (byType === undefined) {
      byType = new Map();
      candidates.set(node, byType);
    }
    let found = byType.get(type);
    if (found === undefined) {
      const exact = node.transitions.get(type) ?? [];
      const wild = [...node.transitions.keys()]
        .filter((d) => d !== type && matches(type, d))
        .sort((a, b) => b.length - a.length)
        .flatMap((d) => node.transitions.get(d) ?? []);
      found = [...exact, ...wild];
      byType.set(type, found);
    }
    return found;
  }

  /** One run of a macrostep: the active nodes (in order), the context, and the queue of done events. */
  class Run {
    readonly nodes: Set<Node>;
    context: TableContext;
    changed = false;
    readonly queue: Event[] = [];
    constructor(
      state: ChartState,
      readonly emitted: TableEmitted[] | undefined,
    ) {
      this.nodes = new Set(state.nodes);
      this.context = state.context;
    }

    check(guard: unknown, event: Event): boolean {
      if (guard === undefined) return true;
      if (typeof guard === 'string') return guards[guard]!(this.context, event, undefined);
      if (typeof guard === 'function') {
        const combinator = guard as unknown as { check: unknown; guards: readonly unknown[]; stateValue: string };
        if (combinator.check === AND) return combinator.guards.every((g) => this.check(g, event));
        if (combinator.check === OR) return combinator.guards.some((g) => this.check(g, event));
        if (combinator.check === NOT) return !this.check(combinator.guards[0], event);
        if (combinator.check === STATE_IN) return this.nodes.has(byId.get(combinator.stateValue.slice(1))!);
      }
      const { type, params } = guard as { type: string; params?: unknown };
      return guards[type]!(this.context, event, params);
    }

    act(actions: readonly unknown[], event: Event): void {
      for (const action of actions) {
        const { type, params } =
          typeof action === 'string'
            ? { type: action, params: undefined }
            : (action as { type: string; params?: unknown });
        const assign = assigns[type];
        if (assign !== undefined) {
          this.context = { ...this.context, ...assign(this.context, event, params) };
          this.changed = true;
          continue;
        }
        const { change, events } = effects[type]!(this.context, event, params);
        if (change !== NO_CHANGE) {
          this.context = { ...this.context, ...change };
          this.changed = true;
        }
        if (this.emitted !== undefined) for (const e of events) this.emitted.push(e);
      }
    }

    /** The transitions `event` selects, as XState's transitionNode walks the state value. */
    select(node: Node, event: Event): Transition[] {
      if (node.type === 'compound') {
        const child = this.activeChildren(node)[0];
        const inner = child === undefined ? [] : this.select(child, event);
        return inner.length > 0 ? inner : this.next(node, event);
      }
      if (node.type === 'parallel') {
        const all: Transition[] = [];
        for (const child of this.activeChildren(node)) all.push(...this.select(child, event));
        return all.length > 0 ? all : this.next(node, event);
      }
      return this.next(node, event);
    }

    next(node: Node, event: Event): Transition[] {
      for (const t of candidatesOf(node, event.type)) if (this.check(t.guard, event)) return [t];
      return [];
    }

    /** A node's active children, in the order XState's state value lists them. */
    activeChildren(node: Node): Node[] {
      const children: Node[] = [];
      for (const n of this.nodes) if (n.parent === node) children.push(n);
      return children;
    }

    eventless(event: Event): Transition[] {
      const enabled = new Set<Transition>();
      for (const node of this.nodes) {
        if (node.type !== 'atomic' && node.type !== 'final') continue;
        loop: for (let s: Node | undefined = node; s !== undefined; s = s.parent) {
          if (s.always === undefined) continue;
          for (const t of s.always) {
            if (this.check(t.guard, event)) {
              enabled.add(t);
              break loop;
            }
          }
        }
      }
      return this.withoutConflicts([...enabled]);
    }

    withoutConflicts(transitions: readonly Transition[]): Transition[] {
      if (transitions.length < 2) return [...transitions];
      const kept = new Set<Transition>();
      for (const t1 of transitions) {
        let preempted = false;
        const removed = new Set<Transition>();
        const exit1 = new Set(this.exitSet([t1]));
        for (const t2 of kept) {
          if (this.exitSet([t2]).some((n) => exit1.has(n))) {
            if (isDescendant(t1.source, t2.source)) removed.add(t2);
            else {
              preempted = true;
              break;
            }
          }
        }
        if (!preempted) {
          for (const t of removed) kept.delete(t);
          kept.add(t1);
        }
      }
      return [...kept];
    }

    exitSet(transitions: readonly Transition[]): Node[] {
      const out = new Set<Node>();
      for (const t of transitions) {
        if (!t.target?.length) continue;
        const domain = transitionDomain(t, root);
        if (t.reenter && t.source === domain && domain !== undefined) out.add(domain);
        for (const n of this.nodes) if (isDescendant(n, domain)) out.add(n);
      }
      return [...out];
    }

    microstep(transitions: readonly Transition[], event: Event): void {
      if (transitions.length === 0) return;
      const was = [...this.nodes];
      const chosen = this.withoutConflicts(transitions);
      const exiting = this.exitSet(chosen).sort((a, b) => b.order - a.order);
      for (const node of exiting) {
        this.act(node.exit, event);
        this.nodes.delete(node);
      }
      for (const t of chosen) this.act(t.actions, event);
      const { enter, byDefault } = entrySet(chosen, root);
      for (const node of [...enter].sort((a, b) => a.order - b.order)) {
        this.nodes.add(node);
        this.act(node.entry, event);
        if (byDefault.has(node)) this.act(node.initial.actions, event);
        if (node.type === 'final') this.finished(node);
      }
      // XState's snapshot stays the same object when no node changed and nothing was assigned
      if (was.length !== this.nodes.size || was.some((n) => !this.nodes.has(n))) this.changed = true;
    }

    /** A final state entered: its compound parent is done (and parallel ancestors whose regions all are). */
    finished(node: Node): void {
      const parent = node.parent;
      let marker = parent?.type === 'parallel' ? parent : parent?.parent;
      if (parent?.type === 'compound') this.queue.push({ type: `xstate.done.state.${parent.id}`, output: undefined });
      while (marker?.type === 'parallel' && isInFinalState(this.nodes, marker)) {
        this.queue.push({ type: `xstate.done.state.${marker.id}`, output: undefined });
        marker = marker.parent;
      }
      if (marker === undefined)
        throw new Error('the table chart reached a final state at its root, which it never does');
    }

    /** XState's macrostep: the event's transitions, then eventless transitions and done events until the chart rests. */
    macrostep(event: Event): void {
      this.microstep(this.select(root, event), event);
      let current: Event = event;
      let eventless = true;
      for (;;) {
        let enabled: Transition[] = eventless ? this.eventless(current) : [];
        const wasEventless: boolean = enabled.length > 0;
        if (!wasEventless) {
          const next = this.queue.shift();
          if (next === undefined) break;
          current = next;
          enabled = this.select(root, current);
        }
        this.changed = false;
        this.microstep(enabled, current);
        eventless = wasEventless ? this.changed : true;
      }
    }
  }

  return {
    stateOf: chartStateOf,
    step(state, event, emitted) {
      const run = new Run(state, emitted);
      // Read once into a frozen move: every guard and action after this reads it for free.
      const read = readMove(event);
      run.macrostep(read.ok ? read.move : event);
      return { nodes: [...run.nodes], context: run.context };
    },
    valueOf(state) {
      return valueFrom(root, state.nodes);
    },
  };
}

function matches(type: string, descriptor: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  return type.startsWith(descriptor.slice(0, -1));
}

/** XState's isDescendant: a proper descendant of `parent`; every node descends from no node at all. */
function isDescendant(child: Node, parent: Node | undefined): boolean {
  let marker = child;
  while (marker.parent !== undefined && marker.parent !== parent) marker = marker.parent;
  return marker.parent === parent;
}

function properAncestors(node: Node, upTo: Node | undefined): Node[] {
  const out: Node[] = [];
  if (upTo === node) return out;
  for (let m = node.parent; m !== undefined && m !== upTo; m = m.parent) out.push(m);
  return out;
}

function transitionDomain(t: Transition, root: Node): Node | undefined {
  const targets = t.target ?? [];
  if (!t.reenter && targets.every((n) => n === t.source || isDescendant(n, t.source))) return t.source;
  const [head, ...tail] = [...targets, t.source];
  for (const ancestor of properAncestors(head!, undefined))
    if (tail.every((n) => isDescendant(n, ancestor))) return ancestor;
  return t.reenter ? undefined : root;
}

function isInFinalState(nodes: ReadonlySet<Node>, node: Node): boolean {
  const children = Object.values(node.states);
  if (node.type === 'compound') return children.some((s) => s.type === 'final' && nodes.has(s));
  if (node.type === 'parallel') return children.every((s) => isInFinalState(nodes, s));
  return node.type === 'final';
}

/** XState's computeEntrySet (without history states): what the transitions enter, and what they enter by default. */
function entrySet(transitions: readonly Transition[], root: Node): { enter: Set<Node>; byDefault: Set<Node> } {
  const enter = new Set<Node>();
  const byDefault = new Set<Node>();
  const descendants = (node: Node): void => {
    if (node.type === 'compound') {
      const initial = node.initial.target[0]!;
      enter.add(initial);
      byDefault.add(initial);
      descendants(initial);
      ancestors(properAncestors(initial, node), undefined);
    } else if (node.type === 'parallel') {
      for (const child of Object.values(node.states)) {
        if ([...enter].some((s) => isDescendant(s, child))) continue;
        enter.add(child);
        byDefault.add(child);
        descendants(child);
      }
    }
  };
  const ancestors = (list: readonly Node[], domain: Node | undefined): void => {
    for (const anc of list) {
      if (domain === undefined || isDescendant(anc, domain)) enter.add(anc);
      if (anc.type !== 'parallel') continue;
      for (const child of Object.values(anc.states)) {
        if ([...enter].some((s) => isDescendant(s, child))) continue;
        enter.add(child);
        descendants(child);
      }
    }
  };
  for (const t of transitions) {
    const domain = transitionDomain(t, root);
    for (const s of t.target ?? []) {
      if (t.source !== s || t.source !== domain || t.reenter) {
        enter.add(s);
        byDefault.add(s);
      }
      descendants(s);
    }
    for (const s of t.target ?? []) {
      const list = properAncestors(s, domain);
      if (domain?.type === 'parallel') list.push(domain);
      ancestors(list, t.source.parent === undefined && t.reenter ? undefined : domain);
    }
  }
  return { enter, byDefault };
}

/** The state value XState shows for these active nodes. */
function valueFrom(node: Node, nodes: readonly Node[]): unknown {
  const children = nodes.filter((n) => n.parent === node);
  if (node.type === 'compound') {
    const child = children[0];
    if (child === undefined) return {};
    if (child.type === 'atomic' || child.type === 'final') return child.key;
  }
  const value: Record<string, unknown> = {};
  for (const child of children) value[child.key] = valueFrom(child, nodes);
  return value;
}

/** Refuses a chart that uses what this interpreter does not know, and indexes its ids. */
function checkSupported(node: Node, byId: Map<string, Node>, actions: ReadonlySet<string>): void {
  byId.set(node.id, node);
  const unsupported = (what: string) => new Error(`the fast path cannot run state ${node.id}: ${what}`);
  if (node.type === 'history' || node.config.after !== undefined || node.invoke.length > 0)
    throw unsupported('history states, delays and invoked actors are not in the table chart');
  const named = (action: unknown) => {
    const type = typeof action === 'string' ? action : (action as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !actions.has(type))
      throw unsupported(`an action it does not name (${String(type)})`);
  };
  [...node.entry, ...node.exit, ...node.initial.actions].forEach(named);
  for (const list of [...node.transitions.values(), node.always ?? []]) for (const t of list) t.actions.forEach(named);
  for (const child of Object.values(node.states)) checkSupported(child, byId, actions);
}
