/**
 * A statechart an inspector can draw, read from a machine config: the one
 * `machineDefinition` gives, or the raw config any XState v5 app sends through
 * `@statelyai/inspect` (functions already turned into `{ type: name }`).
 * Relative targets are resolved the way XState resolves them.
 */
import { actionText, guardText, transitionId } from './definition.js';

/** A transition of the chart. */
export interface ChartTransition {
  /** `transitionId(source, eventType, index)`. */
  readonly id: string;
  readonly source: string;
  /** XState's event type: '' for `always`, `xstate.done.state.<id>` for `onDone`. */
  readonly eventType: string;
  /** The event as a person reads it: `always`, `onDone`, `after 500`, `engine.pass`. */
  readonly label: string;
  readonly guard: string | null;
  readonly actions: string[];
  /** Target state ids; empty for a transition that stays where it is. */
  readonly targets: string[];
  readonly reenter: boolean;
}

/** A state of the chart, with its children. */
export interface ChartState {
  readonly id: string;
  readonly key: string;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The id of the initial child. */
  readonly initial: string | null;
  readonly entry: string[];
  readonly exit: string[];
  readonly invoke: string[];
  readonly description: string | null;
  readonly children: ChartState[];
  readonly transitions: ChartTransition[];
}

type Config = Record<string, unknown>;

const isObject = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const names = (value: unknown): string[] =>
  list(value)
    .map(actionText)
    .filter((name) => name !== '');

interface Pending {
  readonly node: Config;
  readonly id: string;
  readonly path: string[];
  readonly transitions: { eventType: string; label: string; raw: unknown[] }[];
}

function eventsOf(config: Config, id: string): Pending['transitions'] {
  const events: Pending['transitions'] = [];
  if (isObject(config.on)) {
    for (const [eventType, raw] of Object.entries(config.on)) {
      const label = eventType.startsWith('xstate.done.state.') ? 'onDone' : eventType;
      events.push({ eventType, label, raw: list(raw) });
    }
  }
  if (config.onDone !== undefined)
    events.push({ eventType: `xstate.done.state.${id}`, label: 'onDone', raw: list(config.onDone) });
  if (isObject(config.after)) {
    for (const [delay, raw] of Object.entries(config.after))
      events.push({ eventType: `xstate.after.${delay}.${id}`, label: `after ${delay}`, raw: list(raw) });
  }
  for (const invoke of list(config.invoke)) {
    if (!isObject(invoke)) continue;
    const invokeId = typeof invoke.id === 'string' ? invoke.id : String(invoke.src ?? 'invoke');
    if (invoke.onDone !== undefined)
      events.push({ eventType: `xstate.done.actor.${invokeId}`, label: `${invokeId} done`, raw: list(invoke.onDone) });
    if (invoke.onError !== undefined)
      events.push({
        eventType: `xstate.error.actor.${invokeId}`,
        label: `${invokeId} error`,
        raw: list(invoke.onError),
      });
  }
  if (config.always !== undefined) events.push({ eventType: '', label: 'always', raw: list(config.always) });
  return events;
}

/**
 * The chart of a machine config. Accepts `machineDefinition`'s output and raw
 * XState configs alike; ids default to the dotted path from the machine's id.
 *
 * @example
 * const chart = chartFromDefinition(machineDefinition(createTableMachine(mundane)))
 * chart.children.map((s) => s.key) // ['opening', 'invalid', 'playing', 'over']
 */
export function chartFromDefinition(definition: unknown): ChartState {
  const root = isObject(definition) ? definition : {};
  const byId = new Map<string, Pending>();
  const byPath = new Map<string, string>();
  const rootId = typeof root.id === 'string' && root.id !== '' ? root.id : '(machine)';

  function collect(config: Config, path: string[], fallbackId: string): void {
    const id = typeof config.id === 'string' && config.id !== '' && path.length > 0 ? config.id : fallbackId;
    byId.set(id, { node: config, id, path, transitions: eventsOf(config, id) });
    byPath.set(path.join('.'), id);
    if (isObject(config.states)) {
      for (const [key, child] of Object.entries(config.states))
        collect(isObject(child) ? child : {}, [...path, key], `${fallbackId}.${key}`);
    }
  }
  collect(root, [], rootId);

  const descend = (fromPath: string[], rest: string[]): string | null =>
    byPath.get([...fromPath, ...rest].join('.')) ?? null;
  function resolve(target: string, source: Pending): string | null {
    if (target.startsWith('#')) {
      const ref = target.slice(1);
      if (byId.has(ref)) return ref;
      const [head, ...rest] = ref.split('.');
      const base = head === undefined ? undefined : byId.get(head);
      return base === undefined ? null : descend(base.path, rest);
    }
    if (target.startsWith('.')) return descend(source.path, target.slice(1).split('.'));
    return descend(source.path.slice(0, -1), target.split('.'));
  }

  function transitionsOf(pending: Pending): ChartTransition[] {
    const out: ChartTransition[] = [];
    for (const { eventType, label, raw } of pending.transitions) {
      raw.forEach((entry, index) => {
        const t: Config =
          typeof entry === 'string' || Array.isArray(entry) ? { target: entry } : isObject(entry) ? entry : {};
        const targets = list(t.target)
          .filter((x): x is string => typeof x === 'string')
          .map((x) => resolve(x, pending))
          .filter((x): x is string => x !== null);
        const guard = t.guard ?? t.cond;
        out.push({
          id: transitionId(pending.id, eventType, index),
          source: pending.id,
          eventType,
          label,
          guard: guard === undefined ? null : guardText(guard) || null,
          actions: names(t.actions),
          targets,
          reenter: t.reenter === true,
        });
      });
    }
    return out;
  }

  function build(id: string): ChartState {
    const pending = byId.get(id) as Pending;
    const config = pending.node;
    const states = isObject(config.states) ? config.states : {};
    const orderOf = (key: string) => {
      const child = states[key];
      return isObject(child) && typeof child.order === 'number' ? child.order : null;
    };
    const keys = Object.keys(states);
    if (keys.every((key) => orderOf(key) !== null))
      keys.sort((a, b) => (orderOf(a) as number) - (orderOf(b) as number));
    const children = keys.map((key) => build(byPath.get([...pending.path, key].join('.')) as string));
    const declared = config.type;
    const type =
      declared === 'parallel' || declared === 'final' || declared === 'history'
        ? declared
        : children.length > 0
          ? 'compound'
          : 'atomic';
    const initialKey = isObject(config.initial) ? (config.initial as Config).target : config.initial;
    const initial =
      type === 'compound'
        ? typeof initialKey === 'string'
          ? descend(pending.path, [initialKey])
          : (children[0]?.id ?? null)
        : null;
    return {
      id,
      key: pending.path.at(-1) ?? id,
      type,
      initial,
      entry: names(config.entry),
      exit: names(config.exit),
      invoke: list(config.invoke).map((i) =>
        typeof i === 'string' ? i : isObject(i) ? String(i.src ?? i.id ?? 'actor') : 'actor',
      ),
      description: typeof config.description === 'string' ? config.description : null,
      children,
      transitions: transitionsOf(pending),
    };
  }
  return build(rootId);
}

/**
 * Every state of the chart, parents before children.
 *
 * @example
 * allStates(chart).length // 20 for mundane's table
 */
export function allStates(chart: ChartState): ChartState[] {
  const out: ChartState[] = [];
  const visit = (node: ChartState) => {
    out.push(node);
    node.children.forEach(visit);
  };
  visit(chart);
  return out;
}

/**
 * The ids of the states a state value makes active (the whole configuration,
 * parents included).
 *
 * @example
 * activeStateIds(chart, { playing: { turn: { inTurn: 'PLAN' }, priority: 'held', stack: 'empty' } }).has('table.playing.turn.inTurn.PLAN') // true
 */
export function activeStateIds(chart: ChartState, value: unknown): Set<string> {
  const active = new Set<string>();
  const visit = (node: ChartState, v: unknown) => {
    active.add(node.id);
    if (node.children.length === 0) return;
    if (typeof v === 'string') {
      const child = node.children.find((c) => c.key === v);
      if (child !== undefined) visit(child, undefined);
      return;
    }
    if (isObject(v)) {
      for (const [key, inner] of Object.entries(v)) {
        const child = node.children.find((c) => c.key === key);
        if (child !== undefined) visit(child, inner);
      }
      return;
    }
    // A state entered without a value below it: its initial child, or every region of a parallel state.
    if (node.type === 'parallel') {
      for (const c of node.children) visit(c, undefined);
    } else {
      const initial = node.children.find((c) => c.id === node.initial);
      if (initial !== undefined) visit(initial, undefined);
    }
  };
  visit(chart, value);
  return active;
}

const eventMatches = (descriptor: string, type: string) =>
  descriptor === type || descriptor === '*' || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)));

/**
 * A guess at the transitions taken between two configurations, for apps that
 * send only snapshots: targeted transitions from a state that was active, on
 * the event (or eventless), whose targets are now all active; and the first
 * targetless transition on the event from an active state.
 *
 * @example
 * guessTakenTransitions(chart, before, after, 'engine.pass') // ['table.playing.priority.held|engine.pass|0', ...]
 */
export function guessTakenTransitions(
  chart: ChartState,
  before: Set<string>,
  after: Set<string>,
  eventType: string,
): string[] {
  const taken: string[] = [];
  const wildcards: string[] = [];
  let handled = false;
  for (const state of allStates(chart)) {
    if (!before.has(state.id)) continue;
    let stayed = false;
    for (const t of state.transitions) {
      const onEvent = t.eventType !== '' && !t.eventType.startsWith('xstate.') && eventMatches(t.eventType, eventType);
      const automatic = t.eventType === '' || t.eventType.startsWith('xstate.done.');
      if (!onEvent && !automatic) continue;
      if (t.targets.length > 0) {
        const left = !after.has(state.id) || t.reenter;
        if (left && t.targets.every((target) => after.has(target))) {
          taken.push(t.id);
          handled ||= onEvent;
        }
      } else if (onEvent && !stayed) {
        // A wildcard only catches what no named transition took.
        if (t.eventType === '*') wildcards.push(t.id);
        else {
          taken.push(t.id);
          handled = true;
        }
        stayed = true;
      }
    }
  }
  return handled ? taken : [...taken, ...wildcards];
}
