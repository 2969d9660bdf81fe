/**
 * State and transition coverage of an XState v5 machine, measured exactly.
 *
 * Inventory: walk `machine.root` recursively. Every state node counts. Every
 * TransitionDefinition counts on its own: each entry of a node's `transitions`
 * map (event type → TransitionDefinition[], so every guarded alternative is
 * its own transition; `onDone` appears under `xstate.done.state.<id>`, the
 * wildcard under `*`) and each entry of its `always` array. Nothing is looked
 * up by name, so a region, a state or a guarded alternative added to the chart
 * is counted the moment it exists.
 *
 * Taken: XState reports every microstep to an inspector as
 * `@xstate.microstep` with `_transitions`, the very TransitionDefinition
 * objects it just took (the same objects the inventory holds, compared by
 * identity), and `snapshot`, the configuration after the microstep. A state
 * node counts as visited when it is in some microstep's configuration
 * (`snapshot._nodes`, which also catches transient nodes like `done` that no
 * stable snapshot ever shows) or is the source of a taken transition (it was
 * active to take it: that is how `opening` is seen, which the initial
 * microstep enters and the first eventless microstep leaves). Nothing is
 * inferred from state values, so a transition counts only if XState took it.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** One transition of a machine, named for reports. */
export interface TransitionEntry {
  readonly name: string;
  readonly source: AnyStateNode;
  readonly definition: AnyTransitionDefinition;
}

/** Every state node and every transition of a machine (or of part of one). */
export interface Inventory {
  readonly states: readonly AnyStateNode[];
  readonly transitions: readonly TransitionEntry[];
}

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // XState's higher-order guards are functions carrying their parts: and / or / not carry `guards`, stateIn its `stateValue`.
    const parts = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(parts.guards)) return `${parts.name}(${parts.guards.map(describeGuard).join(', ')})`;
    if (parts.stateValue !== undefined)
      return `${parts.name}(${typeof parts.stateValue === 'string' ? parts.stateValue : JSON.stringify(parts.stateValue)})`;
    return parts.name || 'guard';
  }
  return 'guard';
}

function guardName(t: AnyTransitionDefinition): string {
  return t.guard === undefined ? '' : ` [${describeGuard(t.guard)}]`;
}

function targetNames(t: AnyTransitionDefinition): string {
  return t.target === undefined || t.target.length === 0
    ? '(targetless)'
    : t.target.map((n: AnyStateNode) => n.id).join(',');
}

/**
 * Every state node and every transition under `machine.root`, named for
 * reports: `state table.playing.stack.holding`,
 * `transition table.playing.stack.holding always #0 [allSeatsPassed] → (targetless)`.
 *
 * @example
 * inventory(createTableMachine(mundane)).states.length // 18
 */
export function inventory(machine: AnyStateMachine): Inventory {
  const states: AnyStateNode[] = [];
  const transitions: TransitionEntry[] = [];
  const walk = (node: AnyStateNode) => {
    states.push(node);
    for (const [eventType, definitions] of node.transitions) {
      for (const [i, definition] of definitions.entries()) {
        transitions.push({
          name: `${node.id} on ${eventType} #${i}${guardName(definition)} → ${targetNames(definition)}`,
          source: node,
          definition,
        });
      }
    }
    for (const [i, definition] of (node.always ?? []).entries()) {
      transitions.push({
        name: `${node.id} always #${i}${guardName(definition)} → ${targetNames(definition)}`,
        source: node,
        definition,
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return { states, transitions };
}

/**
 * The part of an inventory whose states lie in the subtree of the node with
 * `id` (transitions by their source). The subtree follows the chart's parent
 * links, so a state with an id of its own (`{ id: 'turnDone' }`) still counts
 * where it sits.
 *
 * @example
 * region(inventory(machine), 'table.playing.stack').states.map((s) => s.id) // ['table.playing.stack', '….empty', '….holding']
 */
export function region(inv: Inventory, id: string): Inventory {
  const inside = (node: AnyStateNode) => {
    for (let n: AnyStateNode | undefined = node; n !== undefined; n = n.parent) if (n.id === id) return true;
    return false;
  };
  return { states: inv.states.filter(inside), transitions: inv.transitions.filter((t) => inside(t.source)) };
}

/**
 * The regions of a machine: every child of every parallel state node, by its
 * key (a table machine: `turn`, `priority`, `stack`). Found by walking the
 * chart, so a region added to it is reported without naming it anywhere.
 *
 * @example
 * parallelRegions(createTableMachine(mundane)).map((r) => r.label) // ['turn', 'priority', 'stack']
 */
export function parallelRegions(machine: AnyStateMachine): { label: string; id: string }[] {
  const found: { label: string; id: string }[] = [];
  const walk = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') for (const child of children) found.push({ label: child.key, id: child.id });
    for (const child of children) walk(child);
  };
  walk(machine.root);
  return found;
}

/** What one run (or many) took, fed by an inspector. */
export class CoverageRecorder {
  readonly states = new Set<AnyStateNode>();
  readonly transitions = new Set<AnyTransitionDefinition>();

  /**
   * An inspection observer; give `actorRef` to ignore other actors of the system.
   *
   * @example
   * const taken = new CoverageRecorder()
   * createActor(machine, { input, inspect: taken.observer() }).start()
   */
  observer(actorRef?: unknown): (event: InspectionEvent) => void {
    return (event) => {
      if (actorRef === undefined || event.actorRef === actorRef) this.record(event);
    };
  }

  /** Adds the transitions a microstep took and the states it left active; other inspection events add nothing. */
  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) {
      this.transitions.add(t);
      this.states.add(t.source);
    }
    const nodes = (event.snapshot as { _nodes?: AnyStateNode[] })._nodes ?? [];
    for (const node of nodes) this.states.add(node);
  }

  /** Adds what `other` took. */
  addAll(other: CoverageRecorder): void {
    for (const s of other.states) this.states.add(s);
    for (const t of other.transitions) this.transitions.add(t);
  }

  /** Whether this run visited any state of `inv`. */
  touches(inv: Inventory): boolean {
    return inv.states.some((s) => this.states.has(s));
  }
}

/** Coverage of a machine or a region, as numbers and names. */
export interface CoverageReport {
  readonly label: string;
  /** Reachable states taken, of the reachable ones (every state but those unreachable by design). */
  readonly statesCovered: number;
  readonly statesTotal: number;
  readonly transitionsCovered: number;
  readonly transitionsTotal: number;
  readonly paths: number;
  /** Names of what was neither taken nor allow-listed. */
  readonly missing: string[];
  /** What the allow list declares unreachable by design (and is not taken), with the reason. */
  readonly unreachable: { readonly name: string; readonly reason: string }[];
  /** Allow-listed names of this inventory that were taken after all: the list is stale. */
  readonly staleAllowances: string[];
  /** How long generating the paths took, when it is known. */
  readonly milliseconds?: number;
}

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((100 * covered) / total));

/**
 * Coverage of `inv` by `taken`. `allow` maps a state id or transition name to
 * the reason it is unreachable by design; such entries are left out of the
 * totals (the percentages are of what can be reached) and listed in
 * `unreachable` with their reason. An allowed entry that is taken after all
 * counts as covered, and is reported stale. Entries for states and
 * transitions outside `inv` are ignored, so one allow list serves every region.
 *
 * @example
 * report('table', inventory(machine), taken, 12, {}).missing // ['state table.over', …]
 */
export function report(
  label: string,
  inv: Inventory,
  taken: CoverageRecorder,
  paths: number,
  allow: Readonly<Record<string, string>>,
): CoverageReport {
  const stateName = (s: AnyStateNode) => `state ${s.id}`;
  const transitionName = (t: TransitionEntry) => `transition ${t.name}`;
  const excused = (name: string, isTaken: boolean) => !isTaken && Object.hasOwn(allow, name);
  const states = inv.states.filter((s) => !excused(stateName(s), taken.states.has(s)));
  const transitions = inv.transitions.filter((t) => !excused(transitionName(t), taken.transitions.has(t.definition)));
  const missing = [
    ...states.filter((s) => !taken.states.has(s)).map(stateName),
    ...transitions.filter((t) => !taken.transitions.has(t.definition)).map(transitionName),
  ];
  const names = [...inv.states.map(stateName), ...inv.transitions.map(transitionName)];
  const kept = new Set([...states.map(stateName), ...transitions.map(transitionName)]);
  const unreachable = names.filter((name) => !kept.has(name)).map((name) => ({ name, reason: allow[name] as string }));
  const known = new Set(names);
  return {
    label,
    statesCovered: states.filter((s) => taken.states.has(s)).length,
    statesTotal: states.length,
    transitionsCovered: transitions.filter((t) => taken.transitions.has(t.definition)).length,
    transitionsTotal: transitions.length,
    paths,
    missing,
    unreachable,
    staleAllowances: Object.keys(allow).filter((name) => known.has(name) && kept.has(name)),
  };
}

/**
 * One line per report: `coverage phase: states 8/8 (100%), transitions 7/7 (100%), paths 12`,
 * followed by `, unreachable by design 5` when the allow list excused some, and
 * by `, generated in 85 ms` when the report carries a time.
 *
 * @example
 * formatReport(report('table', inv, taken, 12, {}))
 */
export function formatReport(r: CoverageReport): string {
  return (
    `coverage ${r.label}: states ${r.statesCovered}/${r.statesTotal} (${percent(r.statesCovered, r.statesTotal)}%), ` +
    `transitions ${r.transitionsCovered}/${r.transitionsTotal} (${percent(r.transitionsCovered, r.transitionsTotal)}%), paths ${r.paths}` +
    (r.unreachable.length === 0 ? '' : `, unreachable by design ${r.unreachable.length}`) +
    (r.milliseconds === undefined ? '' : `, generated in ${Math.round(r.milliseconds)} ms`)
  );
}
