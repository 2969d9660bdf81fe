/**
 * State and transition coverage of an XState v5 machine, measured exactly.
 *
 * Inventory: walk `machine.root` recursively. Every state node counts. Every
 * TransitionDefinition counts on its own: each entry of a node's `transitions`
 * map (event type → TransitionDefinition[], so every guarded alternative is
 * its own transition; `onDone` appears under `xstate.done.state.<id>`, the
 * wildcard under `*`) and each entry of its `always` array.
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

export interface TransitionEntry {
  readonly name: string;
  readonly source: AnyStateNode;
  readonly definition: AnyTransitionDefinition;
}

export interface Inventory {
  readonly states: readonly AnyStateNode[];
  readonly transitions: readonly TransitionEntry[];
}

function guardName(t: AnyTransitionDefinition): string {
  const guard = t.guard as unknown;
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

function targetNames(t: AnyTransitionDefinition): string {
  return t.target === undefined || t.target.length === 0 ? '(targetless)' : t.target.map((n: AnyStateNode) => n.id).join(',');
}

/** Every state node and every transition under `machine.root`, named for reports. */
export function inventory(machine: AnyStateMachine): Inventory {
  const states: AnyStateNode[] = [];
  const transitions: TransitionEntry[] = [];
  const walk = (node: AnyStateNode) => {
    states.push(node);
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition: AnyTransitionDefinition, i: number) =>
        transitions.push({ name: `${node.id} on ${eventType} #${i}${guardName(definition)} → ${targetNames(definition)}`, source: node, definition }),
      );
    }
    (node.always ?? []).forEach((definition: AnyTransitionDefinition, i: number) =>
      transitions.push({ name: `${node.id} always #${i}${guardName(definition)} → ${targetNames(definition)}`, source: node, definition }),
    );
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return { states, transitions };
}

/** The part of an inventory whose states lie in the subtree of the node with `id` (transitions by their source). */
export function region(inv: Inventory, id: string): Inventory {
  const inside = (node: AnyStateNode) => node.id === id || node.id.startsWith(`${id}.`);
  return { states: inv.states.filter(inside), transitions: inv.transitions.filter((t) => inside(t.source)) };
}

/** What one run (or many) took, fed by an inspector. */
export class CoverageRecorder {
  readonly states = new Set<AnyStateNode>();
  readonly transitions = new Set<AnyTransitionDefinition>();

  /** An inspection observer; give `actorRef` to ignore other actors of the system. */
  observer(actorRef?: unknown): (event: InspectionEvent) => void {
    return (event) => {
      if (event.type !== '@xstate.microstep') return;
      if (actorRef !== undefined && event.actorRef !== actorRef) return;
      for (const t of event._transitions) {
        this.transitions.add(t);
        this.states.add(t.source);
      }
      const nodes = (event.snapshot as { _nodes?: AnyStateNode[] })._nodes ?? [];
      for (const node of nodes) this.states.add(node);
    };
  }

  addAll(other: CoverageRecorder): void {
    for (const s of other.states) this.states.add(s);
    for (const t of other.transitions) this.transitions.add(t);
  }

  touches(inv: Inventory): boolean {
    return inv.states.some((s) => this.states.has(s));
  }
}

export interface CoverageReport {
  readonly label: string;
  readonly statesCovered: number;
  readonly statesTotal: number;
  readonly transitionsCovered: number;
  readonly transitionsTotal: number;
  readonly paths: number;
  /** Names of what was neither taken nor allow-listed. */
  readonly missing: string[];
  /** Allow-listed names that were taken after all, or that do not exist: the list is stale. */
  readonly staleAllowances: string[];
}

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((100 * covered) / total));

/**
 * Coverage of `inv` by `taken`. `allow` maps a state id or transition name to
 * the reason it is unreachable by design; such entries are not counted as
 * missing, but they are not counted as covered either.
 */
export function report(label: string, inv: Inventory, taken: CoverageRecorder, paths: number, allow: Readonly<Record<string, string>>): CoverageReport {
  const statesCovered = inv.states.filter((s) => taken.states.has(s));
  const transitionsCovered = inv.transitions.filter((t) => taken.transitions.has(t.definition));
  const missing = [
    ...inv.states.filter((s) => !taken.states.has(s)).map((s) => `state ${s.id}`),
    ...inv.transitions.filter((t) => !taken.transitions.has(t.definition)).map((t) => `transition ${t.name}`),
  ];
  const names = new Set([...inv.states.map((s) => `state ${s.id}`), ...inv.transitions.map((t) => `transition ${t.name}`)]);
  const staleAllowances = Object.keys(allow).filter((name) => names.has(name) && !missing.includes(name));
  return {
    label,
    statesCovered: statesCovered.length,
    statesTotal: inv.states.length,
    transitionsCovered: transitionsCovered.length,
    transitionsTotal: inv.transitions.length,
    paths,
    missing: missing.filter((name) => !(name in allow)),
    staleAllowances,
  };
}

/** `coverage phase: states 8/8 (100%), transitions 7/7 (100%), paths 12` */
export function formatReport(r: CoverageReport): string {
  return (
    `coverage ${r.label}: states ${r.statesCovered}/${r.statesTotal} (${percent(r.statesCovered, r.statesTotal)}%), ` +
    `transitions ${r.transitionsCovered}/${r.transitionsTotal} (${percent(r.transitionsCovered, r.transitionsTotal)}%), paths ${r.paths}`
  );
}
