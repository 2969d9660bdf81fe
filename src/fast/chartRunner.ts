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
import type { AnyGame } from '../definition/game.js';
import type { TableContext } from '../engine/context.js';
import type { TableEmitted } from '../engine/events.js';
import { askedOnce } from '../machines/askedOnce.js';
import { type Effect, NO_CHANGE, tableAssigns, tableEffects, tableGuards } from '../machines/tableLogic.js';
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

/** A guard compiled to a function of the context, the event and the active configuration. */
type Check = (context: TableContext, event: Event, config: Config) => boolean;

/** An action compiled: its function, its params, and whether it also announces (an effect) or only assigns. */
interface Act {
  readonly run: (context: TableContext, event: Event, params: unknown) => unknown;
  readonly params: unknown;
  readonly announces: boolean;
}

/** A transition compiled: its guard (null: always taken) and its actions. */
interface Step {
  /** Its number among the chart's compiled transitions: what names it in a plan's key. */
  readonly index: number;
  readonly transition: Transition;
  readonly guard: Check | null;
  readonly actions: readonly Act[];
}

/** The transitions an event selects from one node down, as XState's transitionNode walks the state value. */
interface Selector {
  readonly own: readonly Step[];
  readonly inner: readonly Selector[];
}

/**
 * A configuration (the active nodes, in XState's order), interned: what is
 * worked out once for it and reused every time the chart is in it again.
 */
interface Config {
  readonly nodes: readonly Node[];
  readonly has: ReadonlySet<Node>;
  /** By event type: what the event may select (null: nothing can). */
  readonly selectors: Map<string, Selector | null>;
  /** Each atomic or final node's eventless transitions, from it up to the root. */
  readonly always: readonly (readonly Step[])[];
  /** By the transitions enabled: what taking them does. */
  readonly plans: Map<unknown, Plan>;
}

/** A microstep worked out for a configuration: exits, actions and entries in order, and where it lands. */
interface Plan {
  readonly exits: readonly (readonly Act[])[];
  readonly taken: readonly Step[];
  /** Each entered node's entry (and default initial) actions and the done events its entry raises. */
  readonly enters: readonly { readonly actions: readonly Act[]; readonly done: readonly Event[] }[];
  readonly next: Config;
  readonly moved: boolean;
}

/** Microsteps one move may take before its chart is taken to cycle without resting. */
const RESTLESS = 10_000;

function restless(value: unknown, event: Event): string {
  return `the chart did not rest after ${RESTLESS} steps on ${JSON.stringify(event.type)}: its eventless transitions keep firing in ${JSON.stringify(value)}`;
}

/** Compiles `machine` (a table machine of `game`) for fast runs. */
export function chartRunner(game: AnyGame, machine: AnyStateMachine): ChartRunner {
  const guards = tableGuards(game) as Record<string, (c: TableContext, e: Event, p: unknown) => boolean>;
  const assigns = tableAssigns(game) as Record<string, Act['run']>;
  const effects = tableEffects(game) as Record<string, Act['run']>;
  const root = machine.root as unknown as Node;
  const byId = new Map<string, Node>();
  checkSupported(root, byId, new Set([...Object.keys(assigns), ...Object.keys(effects)]));

  // One memo per named guard, as the live chart has it: the same question from another transition is answered too.
  const asked = new Map<string, (c: TableContext, e: Event, p: unknown) => boolean>();
  const askedGuard = (type: string) => {
    let ask = asked.get(type);
    if (ask === undefined) {
      ask = askedOnce(guards[type]!);
      asked.set(type, ask);
    }
    return ask;
  };
  const compileGuard = (guard: unknown): Check => {
    if (typeof guard === 'function') {
      const combinator = guard as unknown as { check: unknown; guards: readonly unknown[]; stateValue: string };
      const inner = combinator.guards?.map(compileGuard) ?? [];
      if (combinator.check === AND || combinator.check === OR) {
        // and: the first false answers; or: the first true.
        const stopAt = combinator.check === OR;
        return (c, e, k) => {
          for (const g of inner) if (g(c, e, k) === stopAt) return stopAt;
          return !stopAt;
        };
      }
      if (combinator.check === NOT) return (c, e, k) => !inner[0]!(c, e, k);
      if (combinator.check === STATE_IN) {
        const node = byId.get(combinator.stateValue.slice(1))!;
        return (_c, _e, k) => k.has.has(node);
      }
    }
    const { type, params } =
      typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type: string; params?: unknown });
    const ask = askedGuard(type);
    return (c, e) => ask(c, e, params);
  };
  const compileActions = (actions: readonly unknown[]): Act[] =>
    actions.map((action) => {
      const { type, params } =
        typeof action === 'string'
          ? { type: action, params: undefined }
          : (action as { type: string; params?: unknown });
      return assigns[type] !== undefined
        ? { run: assigns[type], params, announces: false }
        : { run: effects[type]!, params, announces: true };
    });
  const steps = new Map<Transition, Step>();
  const stepOf = (t: Transition): Step => {
    let compiled = steps.get(t);
    if (compiled === undefined) {
      compiled = {
        index: steps.size,
        transition: t,
        guard: t.guard === undefined ? null : compileGuard(t.guard),
        actions: compileActions(t.actions),
      };
      steps.set(t, compiled);
    }
    return compiled;
  };
  const nodeActs = new Map<Node, { entry: Act[]; exit: Act[]; initial: Act[] }>();
  const actsOf = (node: Node) => {
    let acts = nodeActs.get(node);
    if (acts === undefined) {
      acts = {
        entry: compileActions(node.entry),
        exit: compileActions(node.exit),
        initial: compileActions(node.initial.actions),
      };
      nodeActs.set(node, acts);
    }
    return acts;
  };

  /** A node's transitions for an event type: the exact ones, then the wildcards, the longest first. */
  const candidatesOf = (node: Node, type: string): Step[] => {
    const exact = node.transitions.get(type) ?? [];
    const wild = [...node.transitions.keys()]
      .filter((d) => d !== type && matches(type, d))
      .sort((a, b) => b.length - a.length)
      .flatMap((d) => node.transitions.get(d) ?? []);
    return [...exact, ...wild].map(stepOf);
  };

  const configs = new Map<string, Config>();
  const byNodes = new WeakMap<readonly Node[], Config>();
  const configOf = (nodes: readonly Node[]): Config => {
    let config = byNodes.get(nodes);
    if (config !== undefined) return config;
    const key = nodes.map((n) => n.id).join(' ');
    config = configs.get(key);
    if (config === undefined) {
      const always = nodes
        .filter((n) => n.type === 'atomic' || n.type === 'final')
        .map((n) => {
          const chain: Step[] = [];
          for (let s: Node | undefined = n; s !== undefined; s = s.parent)
            if (s.always) chain.push(...s.always.map(stepOf));
          return chain;
        });
      config = { nodes, has: new Set(nodes), selectors: new Map(), always, plans: new Map() };
      configs.set(key, config);
    }
    byNodes.set(nodes, config);
    return config;
  };

  const selectorOf = (config: Config, type: string): Selector | null => {
    let selector = config.selectors.get(type);
    if (selector === undefined) {
      const build = (node: Node): Selector | null => {
        const inner = config.nodes.filter((n) => n.parent === node).flatMap((n) => build(n) ?? []);
        const own = candidatesOf(node, type);
        return inner.length === 0 && own.length === 0 ? null : { own, inner };
      };
      selector = build(root);
      config.selectors.set(type, selector);
    }
    return selector;
  };

  const planOf = (config: Config, enabled: readonly Step[]): Plan => {
    // Two transitions of one node and one event (a guarded list) differ: the key names each transition taken.
    const key = enabled.length === 1 ? enabled[0] : enabled.map((t) => t.index).join(' ');
    let plan = config.plans.get(key);
    if (plan !== undefined) return plan;
    const nodes = new Set(config.nodes);
    const chosen = withoutConflicts(
      nodes,
      enabled.map((t) => t.transition),
      root,
    );
    const exiting = exitSet(nodes, chosen, root).sort((a, b) => b.order - a.order);
    for (const node of exiting) nodes.delete(node);
    const { enter, byDefault } = entrySet(chosen, root);
    const enters = [...enter]
      .sort((a, b) => a.order - b.order)
      .map((node) => {
        nodes.add(node);
        const acts = actsOf(node);
        return {
          actions: byDefault.has(node) ? [...acts.entry, ...acts.initial] : acts.entry,
          done: node.type === 'final' ? doneEvents(nodes, node) : [],
        };
      });
    const after = [...nodes];
    plan = {
      exits: exiting.map((n) => actsOf(n).exit),
      taken: chosen.map(stepOf),
      enters,
      next: configOf(after),
      moved: after.length !== config.nodes.length || config.nodes.some((n) => !nodes.has(n)),
    };
    config.plans.set(key, plan);
    return plan;
  };

  /** One macrostep's run: the configuration, the context, and the queue of done events. */
  class Run {
    changed = false;
    readonly queue: Event[] = [];
    constructor(
      public config: Config,
      public context: TableContext,
      readonly emitted: TableEmitted[] | undefined,
    ) {}

    act(actions: readonly Act[], event: Event): void {
      for (const { run, params, announces } of actions) {
        let change = run(this.context, event, params) as Partial<TableContext>;
        if (announces) {
          const effect = change as unknown as Effect;
          if (effect.raise !== undefined) this.queue.push(effect.raise);
          // Events are worked out only when someone collects them.
          if (this.emitted !== undefined) for (const e of effect.events) this.emitted.push(e);
          change = effect.change;
          if (change === NO_CHANGE) continue;
        }
        // One spread of the whole context, then the change: V8 copies a second spread through its runtime.
        this.context = Object.assign({ ...this.context }, change);
        this.changed = true;
      }
    }

    select(selector: Selector | null, event: Event, out: Step[]): boolean {
      if (selector === null) return false;
      let found = false;
      for (const inner of selector.inner) if (this.select(inner, event, out)) found = true;
      if (found) return true;
      for (const t of selector.own) {
        if (t.guard === null || t.guard(this.context, event, this.config)) {
          out.push(t);
          return true;
        }
      }
      return false;
    }

    eventless(event: Event): Step[] {
      const enabled: Step[] = [];
      for (const chain of this.config.always) {
        for (const t of chain) {
          if (t.guard === null || t.guard(this.context, event, this.config)) {
            if (!enabled.includes(t)) enabled.push(t);
            break;
          }
        }
      }
      return enabled;
    }

    microstep(enabled: readonly Step[], event: Event): void {
      if (enabled.length === 0) return;
      const plan = planOf(this.config, enabled);
      for (const exit of plan.exits) this.act(exit, event);
      for (const t of plan.taken) this.act(t.actions, event);
      for (const { actions, done } of plan.enters) {
        this.act(actions, event);
        for (const e of done) this.queue.push(e);
      }
      this.config = plan.next;
      // XState's snapshot stays the same object when no node changed and nothing was assigned
      if (plan.moved) this.changed = true;
    }

    /** XState's macrostep: the event's transitions, then eventless transitions and done events until the chart rests. */
    macrostep(event: Event): void {
      const first: Step[] = [];
      this.select(selectorOf(this.config, event.type), event, first);
      this.microstep(first, event);
      let current: Event = event;
      let eventless = true;
      for (let taken = 0; ; taken++) {
        // A chart that never rests would hang its caller (an explorer's bounds included): it is stopped and named.
        if (taken === RESTLESS) throw new Error(restless(valueFrom(root, this.config.nodes), event));
        let enabled: Step[] = eventless ? this.eventless(current) : [];
        const wasEventless = enabled.length > 0;
        if (!wasEventless) {
          const next = this.queue.shift();
          if (next === undefined) break;
          current = next;
          enabled = [];
          this.select(selectorOf(this.config, current.type), current, enabled);
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
      // A move the gate checked against this context is taken as given; any other goes through the chart's door.
      const run = new Run(configOf(state.nodes), state.context, emitted);
      run.macrostep(event);
      return { nodes: run.config.nodes, context: run.context };
    },
    valueOf(state) {
      return valueFrom(root, state.nodes);
    },
  };
}

/** SCXML's conflict removal: of two transitions exiting the same node, the one from the deeper source wins. */
function withoutConflicts(nodes: ReadonlySet<Node>, transitions: readonly Transition[], root: Node): Transition[] {
  if (transitions.length < 2) return [...transitions];
  const kept = new Set<Transition>();
  for (const t1 of transitions) {
    let preempted = false;
    const removed = new Set<Transition>();
    const exit1 = new Set(exitSet(nodes, [t1], root));
    for (const t2 of kept) {
      if (exitSet(nodes, [t2], root).some((n) => exit1.has(n))) {
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

/** The active nodes the transitions exit. */
function exitSet(nodes: ReadonlySet<Node>, transitions: readonly Transition[], root: Node): Node[] {
  const out = new Set<Node>();
  for (const t of transitions) {
    if (!t.target?.length) continue;
    const domain = transitionDomain(t, root);
    if (t.reenter && t.source === domain && domain !== undefined) out.add(domain);
    for (const n of nodes) if (isDescendant(n, domain)) out.add(n);
  }
  return [...out];
}

/** The done events entering final state `node` raises: its compound parent is done (and parallel ancestors whose regions all are). */
function doneEvents(nodes: ReadonlySet<Node>, node: Node): Event[] {
  const done: Event[] = [];
  const parent = node.parent;
  let marker = parent?.type === 'parallel' ? parent : parent?.parent;
  if (parent?.type === 'compound') done.push({ type: `xstate.done.state.${parent.id}`, output: undefined });
  while (marker?.type === 'parallel' && isInFinalState(nodes, marker)) {
    done.push({ type: `xstate.done.state.${marker.id}`, output: undefined });
    marker = marker.parent;
  }
  if (marker === undefined) throw new Error('the table chart reached a final state at its root, which it never does');
  return done;
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
