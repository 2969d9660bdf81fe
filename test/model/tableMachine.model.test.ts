/**
 * Model-based tests of the table machine, with `xstate/graph`.
 *
 * The model is the real table machine of mundane (`createTableMachine`),
 * traversed by `getShortestPaths` over the bounded abstraction of
 * test/support/tableModel.ts (one shortest path per abstract edge, prefixes
 * dropped). Every path then drives the public API: `createTable` with the same
 * input, `table.play` for each move, and after every step the table is
 * compared with
 *   - the model step: chart value, phase, turn, passes, stack depth, who holds
 *     priority (the abstraction's fields, which every concrete state behind
 *     the step shares);
 *   - an independent reference of mundane's turn rules
 *     (test/support/mundaneRules.ts): the whole public state (hands, Time,
 *     decks, boards, discards, the stack's items and ids, winners), who is to
 *     act, and which moves are allowed for every seat.
 * A move the rules refuse must throw `IllegalMove` from `table.play` without
 * touching the actor, and, sent straight to `table.actor`, must be refused by
 * the chart itself (`move.refused`, snapshot unchanged).
 *
 * Coverage is measured from what XState reports it took (see
 * test/support/coverage.ts) and printed per region; anything reachable and
 * not taken fails the suite.
 */

import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, getNextSnapshot, type InspectionEvent } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import * as z from 'zod/mini';
import { IllegalMove, InvalidTable } from '../../src/core/errors.js';
import type { MoveOf, OptionsOf } from '../../src/definition/game.js';
import type { TableState } from '../../src/definition/records.js';
import { checkMove } from '../../src/engine/gate.js';
import type { TableInput } from '../../src/engine/input.js';
import { mundane } from '../../src/games/mundane/mundane.js';
import type { MoveEvent } from '../../src/machines/tableMachine.js';
import { createTable, type Table } from '../../src/table/table.js';

/** The model's events and openings are checked by the table at run time; typed as mundane's here. */
type MundaneMove = MoveOf<typeof mundane>;
type MundaneInput = TableInput<OptionsOf<typeof mundane>>;

import {
  CoverageRecorder,
  formatReport,
  type Inventory,
  inventory,
  parallelRegions,
  region,
  report,
} from '../support/coverage.js';
import {
  applyRule,
  openRules,
  publicView,
  type RuleMove,
  type RulesState,
  ruleMoves,
  ruleRefusal,
} from '../support/mundaneRules.js';
import {
  ANN,
  abstractState,
  allNames,
  BOB,
  CAT,
  filterEvents,
  generatePaths,
  INVALID_INPUTS,
  MAX_STACK,
  type ModelPath,
  type ModelSetup,
  machine,
  modelEvents,
  modelSetup,
  serializeState,
  type TableSnapshot,
  UNREACHABLE_PATTERNS,
  unreachableByDesign,
  view,
} from '../support/tableModel.js';

/** mundane's turn structure, as its game definition declares it (the chart is built from it). */
const STRUCTURE = mundane.structure(z.parse(mundane.options, {}));
const GAME_PHASE = STRUCTURE.phases[0]!;
const TURN_PHASES = (GAME_PHASE.turnPhases ?? []).map((p) => p.name);

const ALL_NAMES = allNames(machine);
const UNREACHABLE_BY_DESIGN = unreachableByDesign(machine);

/**
 * Two seats over three turns (the turn passes on and wraps around to the first
 * seat, whose deck is empty by then, then the game ends), and three seats for
 * one turn (priority goes round more than one other seat): mundane's turn
 * rules, checked against the reference. Then two seats over two turns with
 * auto-pass stops (plystack's addition to mundane's rules), checked
 * against the exact replay.
 */
const SETUPS: readonly ModelSetup[] = [
  modelSetup([ANN, BOB], 3),
  modelSetup([ANN, BOB, CAT], 1),
  modelSetup([ANN, BOB], 2, true),
];
const GENERATED = SETUPS.map((setup) => ({ setup, ...generatePaths(setup.input, setup.rules.turns, setup.autoPass) }));

/** What every run took, one recorder per path (the coverage test adds them up). */
const runs: CoverageRecorder[] = [];

function sortMoves(moves: readonly RuleMove[]): string[] {
  return moves.map((m) => JSON.stringify([m.type, m.seat ?? null, m.payload ?? null])).sort();
}

/** Every move worth asking the table about: passes, both card moves for every card of the game, and the engine's phase-skipping moves. */
function probes(rules: RulesState, seat: string): RuleMove[] {
  const moves: RuleMove[] = [
    { type: 'engine.pass', seat },
    { type: 'engine.end-turn', seat },
    { type: 'engine.transition', seat },
  ];
  for (const card of Object.keys(rules.cards)) {
    moves.push({ type: 'PlayCard', seat, payload: { card } }, { type: 'CastInstant', seat, payload: { card } });
  }
  return moves;
}

/**
 * The table after a step, against the model and the rules reference.
 *
 * `model` is the path step's snapshot. `getShortestPaths` keeps one concrete
 * snapshot per key and may show a different one of the same key than the
 * path's own moves produce (the pieces the abstraction drops can differ), so
 * the step is compared on what the abstraction keeps: chart value, phase,
 * turn, passes, stack depth, priority, active seat, status. `replayed` is the
 * exact model: the path's own moves run through the pure machine
 * (`getNextSnapshot`); the table must equal it in every public field.
 *
 * With auto-pass stops there is no `model` and no `rules`: the abstraction
 * drops the stops (the public state does not show them), so a snapshot of the
 * same key may pass on its own where the path's does not, and mundane's rules have no
 * stops at all. The exact replay is the model then.
 */
function checkStep(
  table: Table,
  model: TableSnapshot | null,
  replayed: TableSnapshot,
  rules: RulesState | null,
  where: string,
): void {
  const snapshot = table.actor.getSnapshot();
  expect(snapshot.status, where).toBe('active');
  if (model !== null) {
    expect(snapshot.value, where).toEqual(model.value);
    const pick = ({ phase, turn, passes, stack, prioritySeat, activeSeat, status }: TableState) => ({
      phase,
      turn,
      passes,
      stack: stack.length,
      prioritySeat,
      activeSeat,
      status,
    });
    expect(pick(table.state), where).toEqual(pick(view(model)));
    expect(abstractState(snapshot), where).toBe(abstractState(model));
    expect(abstractState(replayed), `${where}: the path's moves lead where the model says`).toBe(abstractState(model));
  }
  expect(snapshot.value, where).toEqual(replayed.value);
  expect(table.state, where).toEqual(view(replayed));
  const {
    round: _round,
    direction: _direction,
    gamePhase,
    out,
    obligation,
    window,
    game,
    strategy,
    order,
    nextSeat,
    movesThisTurn,
    outcome,
    ...shown
  } = table.state;
  // plystack's additions to the state: mundane has one game phase, no seat ever leaves, nobody owes plies, no
  // response window opens, and the game shows nothing table-wide beyond the seats.
  expect({ gamePhase, out, obligation, window, game }, where).toEqual({
    gamePhase: GAME_PHASE.name,
    out: [],
    obligation: null,
    window: null,
    game: {},
  });
  // The turn as the state publishes it: PerRound in table order, the next seat after the active one while the game is
  // on, the cards the seats cast in this turn, and once it is over the winners (a tie for the most cards is a draw).
  const seats = table.log.seats;
  const over = table.state.status === 'over';
  const active = table.state.activeSeat;
  const isCard = (type: string | undefined) => type === 'PlayCard' || type === 'CastInstant';
  let castThisTurn = 0;
  table.plies.forEach((ply, i) => {
    if (ply.turn !== table.state.turn) return;
    if (isCard(ply.move.type)) castThisTurn++;
    else if (ply.move.type === 'engine.undo' && isCard(table.plies[i - 1]?.move.type)) castThisTurn--; // a card taken back
  });
  expect({ strategy, order, nextSeat, movesThisTurn, outcome }, where).toEqual({
    strategy: 'PerRound',
    order: seats,
    nextSeat: over || active === null ? null : seats[(seats.indexOf(active) + 1) % seats.length],
    movesThisTurn: castThisTurn,
    outcome: over ? { winners: table.state.winners, draw: table.state.winners.length > 1 } : null,
  });
  if (rules === null) return;

  expect(shown, `${where}: the public state against mundane's turn rules`).toEqual(publicView(rules));
  expect(table.toAct(), where).toEqual(publicView(rules).toAct);
  for (const seat of rules.setup.seats) {
    expect(
      sortMoves(
        table.legalMoves(seat).allowed.filter((m) => m.type !== 'engine.auto-pass' && m.type !== 'engine.undo'),
      ),
      `${where}: legal moves of ${seat}`,
    ).toEqual(sortMoves(ruleMoves(rules, seat)));
    for (const probe of probes(rules, seat)) {
      const expected = ruleRefusal(rules, probe);
      const actual = table.check(probe);
      expect(
        actual === null,
        `${where}: ${JSON.stringify(probe)} is ${expected === null ? 'allowed' : `refused (${expected})`} by the rules, the table says ${actual?.code ?? 'allowed'}`,
      ).toBe(expected === null);
    }
  }
  const seatless = { type: 'engine.pass' };
  expect(table.check(seatless) === null, `${where}: a pass for the table`).toBe(ruleRefusal(rules, seatless) === null);
}

/** Opens a table with the path's input and plays the path through `table.play`, checking every step. */
function runPath(setup: ModelSetup, path: ModelPath): void {
  const taken = new CoverageRecorder();
  runs.push(taken);
  // The opening runs inside createTable, before anyone can attach an inspector,
  // so an identical actor (same machine, same input, same seed) is opened
  // beside it to see the opening's microsteps; the two must agree exactly.
  const twin = createActor(machine, { input: setup.input, inspect: taken.observer() });
  twin.start();
  const table = createTable(mundane, setup.input as MundaneInput);
  expect(table.actor.getSnapshot().value).toEqual(twin.getSnapshot().value);
  expect(table.context).toEqual(twin.getSnapshot().context);
  twin.stop();
  // From here on, the real table's own microsteps are recorded.
  const inspection = table.actor.system.inspect(taken.observer(table.actor) as (event: InspectionEvent) => void);
  try {
    const [first, ...steps] = path.steps;
    expect(first?.event.type).toBe('xstate.init');
    let rules = setup.autoPass ? null : openRules(setup.rules);
    let replayed: TableSnapshot = getInitialSnapshot(machine, setup.input);
    checkStep(table, setup.autoPass ? null : first!.state, replayed, rules, 'at the opening');
    steps.forEach((step, i) => {
      const move: MoveEvent = step.event;
      const where = `step ${i + 1} of ${steps.length}, ${JSON.stringify(move)}`;
      // mundane's turn rules say whether the move is allowed; with auto-pass stops, the engine's own rules on the replay.
      const expected =
        rules !== null ? ruleRefusal(rules, move) : (checkMove(mundane, replayed.context, move)?.code ?? null);
      const over = table.state.status === 'over';
      const refused = table.check(move);
      replayed = getNextSnapshot(machine, replayed, move);
      expect(refused === null, `${where}: the rules say ${expected ?? 'allowed'}`).toBe(expected === null);
      if (expected === null) {
        const ply = table.play(move as MundaneMove);
        expect(ply.move, where).toEqual(move);
        if (rules !== null) rules = applyRule(rules, move);
      } else {
        // The model offers one kind of refused move: a pass by a seat without priority, or any move once the game is over.
        expect(refused?.code, where).toBe(over ? 'GAME_OVER' : 'NO_PRIORITY');
        const before = table.actor.getSnapshot();
        expect(() => table.play(move as MundaneMove), where).toThrow(IllegalMove);
        expect(table.actor.getSnapshot(), `${where}: a refused play must not reach the actor`).toBe(before);
        // An application sending the move straight to the table's actor: the same gate refuses it, and says so.
        const emitted: string[] = [];
        const listener = table.on('move.refused', (e) => emitted.push(e.refusal.code));
        table.actor.send(move);
        listener.unsubscribe();
        expect(emitted, where).toEqual([refused?.code]);
        expect(table.actor.getSnapshot().value, where).toEqual(before.value);
        expect(table.actor.getSnapshot().context, where).toEqual(before.context);
        // An actor made straight from the machine, at the same point: the chart's own door refuses it.
        if (!over) {
          const bare = createActor(machine, { snapshot: before, inspect: taken.observer() }).start();
          const heard: string[] = [];
          bare.on('move.refused', (e) => heard.push(e.refusal.code));
          bare.send(move);
          expect(heard, `${where}, a bare actor`).toEqual([refused?.code]);
          expect(bare.getSnapshot().context, `${where}, a bare actor`).toBe(before.context);
          bare.stop();
        }
      }
      checkStep(table, setup.autoPass ? null : step.state, replayed, rules, where);
    });
  } finally {
    inspection.unsubscribe();
    table.stop();
  }
}

function describePath(path: ModelPath): string {
  const end = view(path.state);
  const last = path.steps[path.steps.length - 1]?.event;
  const status =
    end.status === 'over' ? 'over' : `turn ${end.turn} ${end.phase}, passes ${end.passes}, stack ${end.stack.length}`;
  return `${path.steps.length - 1} moves to ${status}, last ${last?.type}${last?.seat !== undefined ? ` by ${last.seat}` : ''}`;
}

describe.each(GENERATED)('model: $setup.name', ({ setup, all, kept }) => {
  it('the bounded traversal stays in bounds and still reaches a full stack and the end of the game', () => {
    const states = all.map((p) => p.state);
    const views = states.map(view);
    expect(views.every((v) => v.stack.length <= MAX_STACK && v.turn <= setup.rules.turns)).toBe(true);
    expect(views.some((v) => v.stack.length === MAX_STACK)).toBe(true);
    expect(states.some((s) => s.value === 'over')).toBe(true);
    expect(new Set(views.map((v) => v.phase))).toEqual(new Set(TURN_PHASES));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(all.length);
  });

  it.each(kept.map((path, i) => ({ i, path, name: describePath(path) })))('path $i: $name', ({ path }) =>
    runPath(setup, path),
  );
});

describe('model: openings', () => {
  it('opening is transient: the first microstep leaves it for playing', () => {
    const microsteps: { from: string[]; to: string[] }[] = [];
    const twin = createActor(machine, {
      input: SETUPS[0]!.input,
      inspect: (e) => {
        if (e.type === '@xstate.microstep')
          for (const t of e._transitions)
            microsteps.push({ from: [t.source.id], to: (t.target ?? []).map((n) => n.id) });
      },
    });
    twin.start();
    expect(microsteps[0]).toEqual({ from: ['table.opening'], to: ['table.playing'] });
    expect(twin.getSnapshot().value).toEqual({
      playing: { turn: { [GAME_PHASE.name]: { inTurn: TURN_PHASES[0] } }, priority: 'held', stack: 'empty' },
    });
    twin.stop();
  });

  it.each(INVALID_INPUTS)(
    '$name: the chart goes from opening to invalid, and createTable throws $code at $path',
    ({ input, code, path }) => {
      const paths = getShortestPaths(machine, {
        input,
        events: modelEvents,
        serializeState: serializeState as (s: TableSnapshot, e: MoveEvent | undefined, p?: TableSnapshot) => string,
        filterEvents,
      });
      expect(paths).toHaveLength(1);
      const only = paths[0]!;
      expect(only.steps).toHaveLength(1);
      expect(only.state.value).toBe('invalid');
      expect(modelEvents(only.state)).toEqual([]);

      const taken = new CoverageRecorder();
      runs.push(taken);
      const twin = createActor(machine, { input, inspect: taken.observer() });
      twin.start();
      expect(twin.getSnapshot().value).toBe('invalid');
      expect(twin.getSnapshot().status).toBe('active');
      twin.stop();

      let thrown: unknown = null;
      try {
        createTable(mundane, input as MundaneInput);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidTable);
      expect({ code: (thrown as InvalidTable).code, path: (thrown as InvalidTable).path }).toEqual({ code, path });
    },
  );
});

describe('model: coverage', () => {
  const inv = inventory(machine);
  // The regions are found by walking the chart (the children of its parallel state); the turn region prints as `phase`.
  const regions = [
    ...parallelRegions(machine).map(({ label, id }) => ({
      label: label === 'turn' ? 'phase' : label,
      inv: region(inv, id),
    })),
    { label: 'table', inv },
  ];

  it('the inventory is the whole chart: the three regions plus the top level', () => {
    expect(regions.map((r) => r.label)).toEqual(['phase', 'priority', 'stack', 'table']);
    const parts = regions.slice(0, -1).map((r) => r.inv);
    const [phase, priority, stack] = parts as [Inventory, Inventory, Inventory];
    // The turn region holds one state per phase of mundane's turn, each moving on when every seat passed with the stack
    // empty, and the turn's three endings (the game over after the last turn, the next turn, or the game over when no
    // seat can take the next one).
    expect(phase.states.map((s) => s.key)).toEqual(expect.arrayContaining(TURN_PHASES));
    expect(
      phase.transitions.filter(
        (t) => t.name.includes(' always #') && t.name.includes('[and(allSeatsPassed, stackIsEmpty)]'),
      ),
    ).toHaveLength(TURN_PHASES.length);
    expect(phase.transitions.filter((t) => t.name.includes(' on xstate.done.state.'))).toHaveLength(3);
    expect(priority.transitions.map((t) => t.name).join('\n')).toMatch(/on engine\.pass/);
    expect(stack.states.map((s) => s.key)).toEqual(expect.arrayContaining(['empty', 'holding']));
    // The regions do not overlap, and outside them there is only the top level: the root and its children.
    const inRegions = parts.flatMap((p) => p.states);
    expect(new Set(inRegions).size).toBe(inRegions.length);
    const top = inv.states.filter((s) => !inRegions.includes(s));
    expect(top.every((s) => s === machine.root || s.parent === machine.root)).toBe(true);
    expect(top.length).toBeGreaterThanOrEqual(4); // opening, invalid, playing, over under the root
    const regionTransitions = parts.flatMap((p) => p.transitions);
    expect(new Set(regionTransitions).size).toBe(regionTransitions.length);
    expect(inv.transitions.filter((t) => !regionTransitions.includes(t)).every((t) => top.includes(t.source))).toBe(
      true,
    );
    // Every pattern of what mundane cannot reach picks out something, and only names the chart has.
    for (const { match } of UNREACHABLE_PATTERNS)
      expect(
        ALL_NAMES.some((name) => match.test(name)),
        String(match),
      ).toBe(true);
    for (const name of Object.keys(UNREACHABLE_BY_DESIGN)) expect(ALL_NAMES).toContain(name);
  });

  it('the measure can fall short: a table that only opens covers little', () => {
    const taken = new CoverageRecorder();
    createActor(machine, { input: SETUPS[0]!.input, inspect: taken.observer() }).start().stop();
    const r = report('table', inv, taken, 1, {});
    expect(r.transitionsCovered).toBe(1); // opening → playing
    expect(r.missing).toContain('state table.playing.stack.holding');
    expect(r.missing).toContain('state table.over');
  });

  it('the generated paths take every state and every transition of the table machine', () => {
    const total = new CoverageRecorder();
    for (const run of runs) total.addAll(run);
    const reports = regions.map(({ label, inv: part }) =>
      report(label, part, total, runs.filter((run) => run.touches(part)).length, UNREACHABLE_BY_DESIGN),
    );
    for (const r of reports) console.log(formatReport(r));
    for (const { name, reason } of reports[reports.length - 1]!.unreachable)
      console.log(`  unreachable by design: ${name}: ${reason}`);
    expect(runs.length).toBe(GENERATED.reduce((n, g) => n + g.kept.length, 0) + INVALID_INPUTS.length);
    for (const r of reports) {
      expect(r.missing, `${r.label}: reachable and not covered`).toEqual([]);
      expect(r.staleAllowances, `${r.label}: allow-listed but covered`).toEqual([]);
    }
  });
});
