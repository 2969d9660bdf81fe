/**
 * The model for the model-based tests: the real table machine of mundane,
 * traversed with `xstate/graph` over a bounded, abstracted state space. The
 * traversal itself (abstraction, key, moves offered, bounds, prefix dropping)
 * is src/testing/traversal.ts, shared with `createTableTestModel`; what stays
 * here is mundane's: the decks, the seats, the card-typed move kind.
 */

import type { AnyStateMachine } from 'xstate';
import type { TableState } from '../../src/definition/records.js';
import type { TableContext } from '../../src/engine/context.js';
import type { TableInput } from '../../src/engine/input.js';
import { stateView } from '../../src/engine/view.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import { createTableMachine, type MoveEvent } from '../../src/machines/tableMachine.js';
import { inventory } from '../../src/testing/coverage.js';
import {
  defaultAbstraction,
  edgeKey,
  publicState,
  refusedProbe as sharedProbe,
  shortestTablePaths,
  stackBound,
  type TableSnapshot,
  tableEvents,
} from '../../src/testing/traversal.js';
import type { RuleCard, RulesSetup } from './mundaneRules.js';

export const machine = createTableMachine(mundane);
export type { TableSnapshot };
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
  /**
   * Whether the paths may set auto-pass stops (`engine.auto-pass`, plystack's
   * addition). mundane's turn rules have none, so the rules reference checks
   * only the setups without; a setup with checks each step against the exact
   * replay instead.
   */
  readonly autoPass: boolean;
}

/**
 * `openingHand: 2` and `startingTime: 1` make Time matter: after paying 1 for
 * Pal a seat cannot afford Chore until its next Wake Up, while the 0-cost Sip
 * still lets the stack grow to two items. `turns` ends the game, so `over` is
 * reachable within the bound.
 */
export function modelSetup(seats: readonly string[], turns: number, autoPass = false): ModelSetup {
  const orders: RuleCard[][] = [
    [PAL, SIP, CHORE],
    [SIP, CHORE, PAL],
    [CHORE, SIP, PAL],
  ];
  const decks: Record<string, RuleCard[]> = {};
  for (const [i, seat] of seats.entries()) decks[seat] = orders[i % orders.length] as RuleCard[];
  const options = { decks, openingHand: 2, startingTime: 1, turns };
  return {
    name: `${seats.length} seats, ${turns} turn${turns === 1 ? '' : 's'}${autoPass ? ', auto-pass' : ''}`,
    input: { table: 'table:model', seats: [...seats], seed: 1, options },
    rules: { seats: [...seats], decks, openingHand: 2, startingTime: 1, turns },
    autoPass,
  };
}

/** Openings the table must refuse; each leaves the machine in `invalid`. */
export const INVALID_INPUTS: readonly { name: string; input: TableInput; code: string; path: string }[] = [
  {
    name: 'a duplicate seat',
    input: { table: 'table:model', seats: [ANN, ANN], seed: 1 },
    code: 'DUPLICATE_SEAT',
    path: 'seats.1',
  },
  { name: 'one seat', input: { table: 'table:model', seats: [ANN], seed: 1 }, code: 'SEAT_COUNT', path: 'seats' },
  {
    name: 'a deck for a seat that is missing',
    input: {
      table: 'table:model',
      seats: [ANN, BOB],
      seed: 1,
      options: { decks: { [ANN]: [{ name: 'Pal', type: 'PERSON', time: 1 }] } },
    },
    code: 'INVALID_OPTIONS',
    path: `options.decks.${BOB}`,
  },
];

/**
 * States and transitions that no run of mundane through the public API can
 * take, with the reason. The chart is built for every game, and mundane uses
 * only part of it: these patterns pick the rest out of the inventory by name
 * (as `report` prints them), so every one is listed by name when the suite
 * runs. A pattern that matches nothing, or an entry that is taken after all,
 * fails the suite.
 */
export const UNREACHABLE_PATTERNS: readonly { match: RegExp; reason: string }[] = [
  {
    match: /^transition table\.playing always #\d+ \[gameIsOver\]/,
    reason: 'mundane ends only as its last turn ends: its end condition holds only with turnEnded (gameEndsWithTurn)',
  },
  {
    match: /^transition \S+ on engine\.initiative #/,
    reason: 'mundane refuses engine.initiative: no game phase of mundane is ordered by initiative',
  },
  {
    match: /^transition \S+ on engine\.leave #/,
    reason: 'mundane refuses engine.leave: mundane has no leaving: every seat plays to the end',
  },
  { match: /activeSeatIsOut/, reason: 'no seat is ever out in mundane: it refuses engine.leave and eliminates nobody' },
  {
    match: /^transition \S+ on xstate\.done\.state\.\S+ #2 /,
    reason: 'a mundane turn can always pass: PerRound always has a next seat, so the game never ends for want of one',
  },
];

/** Every state and transition of `m`, by the names coverage reports use. */
export function allNames(m: AnyStateMachine): string[] {
  const inv = inventory(m);
  return [...inv.states.map((s) => `state ${s.id}`), ...inv.transitions.map((t) => `transition ${t.name}`)];
}

/** `UNREACHABLE_PATTERNS` spelled out for `m`: each name it matches, with the reason. */
export function unreachableByDesign(m: AnyStateMachine): Record<string, string> {
  return Object.fromEntries(
    allNames(m).flatMap((name) => {
      const found = UNREACHABLE_PATTERNS.find((p) => p.match.test(name));
      return found === undefined ? [] : [[name, found.reason]];
    }),
  );
}

/** At most two items on the stack: enough for a response and for LIFO order. */
export const MAX_STACK = 2;

/**
 * The abstraction of a snapshot that the traversal tells states apart by:
 * plystack's default (`defaultAbstraction` in src/testing/traversal.ts, which
 * says what it keeps and drops), shared with `createTableTestModel`.
 *
 * Kept: the statechart value, the status, the turn number, the phase, the
 * consecutive-pass count, the stack depth, and where priority is (with the
 * active seat, with another seat, or with nobody). Dropped: hands, decks,
 * Time, boards, discards, the cards and ids on the stack, round, play order
 * and the ply log; the independent rules reference checks the dropped pieces
 * at every step. The bound: turns end the game (`turns`), the stack stays at
 * most `MAX_STACK` deep (`filterEvents`), so the abstract space is finite (a
 * few hundred keys).
 */
export const abstractState: (s: TableSnapshot) => string = defaultAbstraction(mundane);

/**
 * A snapshot's context as the table shows it (`stateView`, the function
 * behind `table.state`): the tests read the model through it, so they do not
 * depend on how the context is laid out inside.
 */
export function view(s: TableSnapshot): TableState {
  return publicState(mundane, s);
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
 * The traversal's key: the abstract edge (`edgeKey`), with mundane's move kind,
 * which tells the card types apart so that permanents and one-shots resolve on
 * paths of their own.
 */
export const serializeState = edgeKey(abstractState, (before, event) => moveKind(before.context, event));

/** A move the table must refuse: the seat without priority passes; after the game, anyone passes. */
export function refusedProbe(s: TableSnapshot): MoveEvent | null {
  return sharedProbe(mundane, s);
}

/**
 * Only what the seat holding priority may do (a pass, PlayCard or CastInstant
 * for each card in its hand that the rules allow), plus one move the table
 * must refuse, so that refusals are walked in every abstract state too.
 */
export const modelEvents: (s: TableSnapshot) => MoveEvent[] = tableEvents(mundane);

/** Keeps the stack at most `MAX_STACK` deep. */
export const filterEvents: (s: TableSnapshot, event: MoveEvent) => boolean = stackBound(machine, mundane, MAX_STACK);

/**
 * The shortest path to every key, prefixes of longer paths dropped
 * (`shortestTablePaths`), with auto-pass stops or without. The tests replay
 * every path (`getNextSnapshot`) and fail if a move is refused.
 */
export function generatePaths(input: TableInput, turns: number, autoPass = false) {
  return shortestTablePaths(machine, {
    input,
    // auto-pass stops and undo are plystack's additions, which mundane's turn rules do not have: only the setup with them explores them.
    events: autoPass
      ? modelEvents
      : (s) => modelEvents(s).filter((e) => e.type !== 'engine.auto-pass' && e.type !== 'engine.undo'),
    serializeState,
    filterEvents,
    // A safety net: the game ends after `turns`, so nothing past it is explored.
    stopWhen: (s) => view(s).turn > turns,
  });
}
