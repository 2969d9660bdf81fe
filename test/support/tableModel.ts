/**
 * The model for the model-based tests: the real table machine of mundane,
 * traversed with `xstate/graph` over a bounded, abstracted state space.
 */
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { TableContext } from '../../src/engine/context.js';
import type { TableInput } from '../../src/engine/input.js';
import { legalMovesFor } from '../../src/engine/rules.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import { createTableMachine, type MoveEvent, type TableMachine } from '../../src/machines/tableMachine.js';
import { stateView, type TableState } from '../../src/table/view.js';
import type { RuleCard, RulesSetup } from './mundaneRules.js';

export const machine = createTableMachine(mundane);
export type TableSnapshot = SnapshotFrom<TableMachine>;
export type ModelPath = ReturnType<typeof generatePaths>['kept'][number];

export const ANN = 'seat:ann';
export const BOB = 'seat:bob';
export const CAT = 'seat:cat';

/** One PERSON, one TASK and one INSTANT each, costs 0 or 1; used in order (no shuffle). */
const PAL: RuleCard = { name: 'Pal', type: 'PERSON', time: 1 };
const CHORE: RuleCard = { name: 'Chore', type: 'TASK', time: 1 };
const SIP: RuleCard = { name: 'Sip', type: 'INSTANT', time: 0 };

export interface ModelSetup {
  readonly name: string;
  readonly input: TableInput;
  readonly rules: RulesSetup;
}

/**
 * `openingHand: 2` and `startingTime: 1` make Time matter: after paying 1 for
 * Pal a seat cannot afford Chore until its next Wake Up, while the 0-cost Sip
 * still lets the stack grow to two items. `turns` ends the game, so `over` is
 * reachable within the bound.
 */
export function modelSetup(seats: readonly string[], turns: number): ModelSetup {
  const orders: RuleCard[][] = [
    [PAL, SIP, CHORE],
    [SIP, CHORE, PAL],
    [CHORE, SIP, PAL],
  ];
  const decks: Record<string, RuleCard[]> = {};
  seats.forEach((seat, i) => (decks[seat] = orders[i % orders.length] as RuleCard[]));
  const options = { decks, openingHand: 2, startingTime: 1, turns };
  return {
    name: `${seats.length} seats, ${turns} turn${turns === 1 ? '' : 's'}`,
    input: { table: 'table:model', seats: [...seats], seed: 1, options },
    rules: { seats: [...seats], decks, openingHand: 2, startingTime: 1, turns },
  };
}

/** Openings the table must refuse; each leaves the machine in `invalid`. */
export const INVALID_INPUTS: readonly { name: string; input: TableInput; code: string; path: string }[] = [
  { name: 'a duplicate seat', input: { table: 'table:model', seats: [ANN, ANN], seed: 1 }, code: 'DUPLICATE_SEAT', path: 'seats.1' },
  { name: 'one seat', input: { table: 'table:model', seats: [ANN], seed: 1 }, code: 'SEAT_COUNT', path: 'seats' },
  {
    name: 'a deck for a seat that is missing',
    input: { table: 'table:model', seats: [ANN, BOB], seed: 1, options: { decks: { [ANN]: [{ name: 'Pal', type: 'PERSON', time: 1 }] } } },
    code: 'INVALID_OPTIONS',
    path: `options.decks.${BOB}`,
  },
];

/** At most two items on the stack: enough for a response and for LIFO order. */
export const MAX_STACK = 2;

/**
 * The abstraction of a snapshot that the traversal tells states apart by.
 *
 * Kept: the statechart value (all three regions, or `invalid` / `over`), the
 * status, the turn number, the phase, the consecutive-pass count, the stack
 * depth, and where priority is (with the active seat, with another seat, or
 * with nobody). With seats in table order and the first seat opening, the turn
 * number fixes the active seat, so these fields fix everything the turn
 * structure reads: the guards on passes, seats, stack and turns (pass counts
 * against the seat count, stack empty or not, last turn, invalid opening) and
 * the engine's timing checks (priority, active seat, sorcery phase, empty
 * stack).
 *
 * Dropped: hands, decks, Time, boards, discards, the cards and ids on the
 * stack, round, play order and the ply log. They decide only *which* card
 * moves exist (the game's half of `moveIsLegal`), never what the chart does
 * with a move once it is legal; whichever concrete state the breadth-first
 * traversal meets first stands for its abstract state, and its own legal moves
 * are offered from there. Every path is still a real run (each step is a real
 * `transition` of the machine), and the independent rules reference checks the
 * dropped pieces at every step. The bound: turns end the game (`turns`), the
 * stack stays at most `MAX_STACK` deep (`filterEvents`), so the abstract space
 * is finite (a few hundred keys).
 */
export function abstractState(s: TableSnapshot): string {
  const v = view(s);
  const priority = v.prioritySeat === null ? 'nobody' : v.prioritySeat === v.activeSeat ? 'active' : 'other';
  return JSON.stringify([s.value, v.status, v.turn, v.phase, v.passes, v.stack.length, priority]);
}

/**
 * A snapshot's context as the table shows it (`stateView`, the function
 * behind `table.state`): the tests read the model through it, so they do not
 * depend on how the context is laid out inside.
 */
export function view(s: TableSnapshot): TableState {
  return stateView(mundane, s.context);
}

/** A move's kind: its type, the role of its seat before the move, and the card's type. */
export function moveKind(before: TableContext, event: MoveEvent): string {
  const v = stateView(mundane, before);
  const role = `${event.seat === v.prioritySeat ? 'priority' : 'no-priority'}${event.seat === v.activeSeat ? '/active' : ''}`;
  const card = (event.payload as { card?: string } | undefined)?.card;
  const cards = (before.game as { cards?: Record<string, RuleCard> } | null)?.cards;
  const type = card === undefined ? '' : ` ${cards?.[card]?.type ?? '?'}`;
  return `${event.type}(${role}${type})`;
}

/**
 * The traversal's key. Keying on the abstract state alone would give one
 * shortest path per abstract state, and a transition that only leads back to
 * an already-known state (a resolution that empties the stack, a refused move)
 * would never lie on any path. So the key is the abstract *edge*: the abstract
 * state, the abstract state before and the kind of move that led here (the
 * same idea as `createTestModel`'s `serializeTransition`). Shortest paths to
 * every key then take every abstract edge.
 */
export function serializeState(s: TableSnapshot, event: MoveEvent | undefined, prev: TableSnapshot | undefined): string {
  if (event === undefined || prev === undefined) return abstractState(s);
  return `${abstractState(s)} <- ${abstractState(prev)} ${moveKind(prev.context, event)}`;
}

/** A move the table must refuse: the seat without priority passes; after the game, anyone passes. */
export function refusedProbe(s: TableSnapshot): MoveEvent | null {
  if (s.value === 'invalid') return null;
  const v = view(s);
  const seats = Object.keys(v.seats);
  if (v.status === 'over') return { type: 'engine.pass', seat: seats[0] as string };
  const other = seats.find((seat) => seat !== v.prioritySeat);
  return other === undefined ? null : { type: 'engine.pass', seat: other };
}

/**
 * Only what the seat holding priority may do (a pass, PlayCard or CastInstant
 * for each card in its hand that the rules allow), plus one move the table
 * must refuse, so that refusals are walked in every abstract state too.
 */
export function modelEvents(s: TableSnapshot): MoveEvent[] {
  const v = view(s);
  const playing = s.value !== 'invalid' && v.status === 'playing' && v.prioritySeat !== null;
  const moves: MoveEvent[] = playing ? [...legalMovesFor(mundane, s.context, v.prioritySeat as string).allowed] : [];
  const probe = refusedProbe(s);
  return probe === null ? moves : [...moves, probe];
}

/** Keeps the stack at most `MAX_STACK` deep. */
export function filterEvents(s: TableSnapshot, event: MoveEvent): boolean {
  const pushes = event.type === 'PlayCard' || event.type === 'CastInstant';
  return !(pushes && view(s).stack.length >= MAX_STACK);
}

/**
 * The shortest path to every key, prefixes of longer paths dropped (a longer
 * path checks every step of its prefix).
 *
 * The paths' moves stay playable although the abstraction drops the hands:
 * `getShortestPaths` builds the adjacency map and the path tree with the same
 * breadth-first order, so a key's predecessor on its path is the very state
 * whose transition first produced the key, and replaying a path from the
 * opening reproduces the concrete states its moves were taken from. The tests
 * replay every path anyway (`getNextSnapshot`) and fail if a move is refused.
 */
export function generatePaths(input: TableInput, turns: number) {
  const paths = getShortestPaths(machine, {
    input,
    events: modelEvents,
    serializeState: serializeState as (s: TableSnapshot, e: MoveEvent | undefined, p?: TableSnapshot) => string,
    filterEvents,
    // A safety net: the game ends after `turns`, so nothing past it is explored.
    stopWhen: (s) => view(s).turn > turns,
    limit: 50_000,
  });
  const key = (p: (typeof paths)[number]) => p.steps.slice(1).map((step) => JSON.stringify(step.event));
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const prefixes = new Set<string>();
  const kept: typeof paths = [];
  for (const path of sorted) {
    const events = key(path);
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let i = 0; i <= events.length; i++) prefixes.add(events.slice(0, i).join('\n'));
  }
  return { all: paths, kept };
}
