import { createInspector } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { and, createActor, createMachine, type InspectionEvent, not, or } from 'xstate';
import { mundane } from '../../src/games/index.js';
import { createTable, createTableMachine } from '../../src/index.js';
import {
  activeStateIds,
  allStates,
  type ChartState,
  chartFromDefinition,
  guardText,
  guessTakenTransitions,
  machineDefinition,
  type StateJson,
  takenTransitionId,
  withMachineDefinitions,
} from '../../src/inspect/index.js';

const tableChart = () =>
  chartFromDefinition(JSON.parse(JSON.stringify(machineDefinition(createTableMachine(mundane)))));
const find = (chart: ChartState, id: string) => allStates(chart).find((s) => s.id === id);
// The engine's chart grows regions; the tests find states by their key, not by their full path.
const byKey = (chart: ChartState, key: string) => allStates(chart).find((s) => s.key === key) as ChartState;
const jsonByKey = (node: StateJson, key: string): StateJson | undefined => {
  for (const [k, child] of Object.entries(node.states ?? {})) {
    if (k === key) return child;
    const found = jsonByKey(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
};
const seats = ['seat:ann', 'seat:bob'];

describe('the statechart an inspector draws', () => {
  it('keeps the always transitions and guard names that machine.toJSON() drops', () => {
    const machine = createTableMachine(mundane);
    const fromJson = JSON.stringify(machine.toJSON());
    expect(fromJson).not.toContain('allSeatsPassed');

    const definition = machineDefinition(machine);
    const reset = jsonByKey(definition, 'RESET');
    const wakeUp = jsonByKey(definition, 'WAKE_UP');
    expect(reset?.always).toContainEqual({ target: [`#${wakeUp?.id}`], guard: 'allSeatsPassed ∧ stackIsEmpty' });
    expect(reset?.entry).toContain('enterPhase');
    const held = jsonByKey(definition, 'held');
    expect(held?.on?.['engine.pass']?.map((t) => t.guard)).toEqual(['moveIsLegal ∧ isLastToPass', 'moveIsLegal']);
  });

  it('nests the phases inside the turn region and resolves every target to a state of the chart', () => {
    const chart = tableChart();
    expect(chart.children.map((s) => s.key)).toEqual(['opening', 'invalid', 'playing', 'over']);
    const playing = find(chart, 'table.playing');
    expect(playing?.type).toBe('parallel');
    expect(playing?.children.map((s) => s.key)).toEqual(expect.arrayContaining(['turn', 'priority', 'stack']));
    const inTurn = allStates(chart).find((s) => s.children.some((c) => c.key === 'RESET')) as ChartState;
    expect(allStates(find(chart, 'table.playing.turn') as ChartState)).toContain(inTurn);
    expect(inTurn.children.map((s) => s.key).slice(0, 5)).toEqual([
      'RESET',
      'WAKE_UP',
      'PLAN',
      'DO_STUFF',
      'WIND_DOWN',
    ]);
    expect(inTurn.initial).toBe(byKey(chart, 'RESET').id);

    const ids = new Set(allStates(chart).map((s) => s.id));
    const transitions = allStates(chart).flatMap((s) => s.transitions);
    for (const t of transitions) for (const target of t.targets) expect(ids).toContain(target);
    const onDone = transitions.filter((t) => t.label === 'onDone');
    expect(onDone.length).toBeGreaterThan(0);
    expect(onDone.some((t) => t.targets.includes('table.over'))).toBe(true);
  });

  it('charts a raw config any XState app sends, resolving sibling, child and #id targets', () => {
    const light = createMachine({
      id: 'light',
      initial: 'green',
      states: {
        green: { on: { TIMER: 'yellow' } },
        yellow: { always: { guard: 'carsWaiting', target: 'red' }, after: { 500: 'red' } },
        red: {
          initial: 'walk',
          on: { RESET: '#light.green', NEXT: '.wait' },
          states: { walk: {}, wait: { type: 'final' } },
        },
      },
    });
    // What @statelyai/inspect sends: the config as JSON, functions as { type: name }.
    const sent = JSON.parse(
      JSON.stringify(light.config, (_key, value) => (typeof value === 'function' ? { type: value.name } : value)),
    );
    const chart = chartFromDefinition(sent);
    const transitions = allStates(chart).flatMap((s) => s.transitions);
    expect(transitions.find((t) => t.eventType === 'TIMER')?.targets).toEqual(['light.yellow']);
    expect(transitions.find((t) => t.label === 'always')).toMatchObject({
      guard: 'carsWaiting',
      targets: ['light.red'],
    });
    expect(transitions.find((t) => t.label === 'after 500')?.targets).toEqual(['light.red']);
    expect(transitions.find((t) => t.eventType === 'RESET')?.targets).toEqual(['light.green']);
    expect(transitions.find((t) => t.eventType === 'NEXT')?.targets).toEqual(['light.red.wait']);
    expect(find(chart, 'light.red.wait')?.type).toBe('final');
  });

  it("highlights a live table's whole active configuration, parents and every region included", () => {
    const chart = tableChart();
    const table = createTable(mundane, { table: 'table:chart', seats, seed: 1 });
    const active = activeStateIds(chart, table.actor.getSnapshot().value);
    for (const key of ['RESET', 'held', 'empty']) {
      // the state and every ancestor up to the root
      const chain = allStates(chart).filter((s) => byKey(chart, key).id.startsWith(s.id));
      for (const state of chain) expect(active).toContain(state.id);
    }
    for (const state of allStates(chart).filter((s) => active.has(s.id))) {
      const children = state.children.filter((c) => active.has(c.id)).length;
      if (state.type === 'parallel') expect(children).toBe(state.children.length);
      else if (state.type === 'compound') expect(children).toBe(1);
    }
    expect(active).not.toContain(byKey(chart, 'PLAN').id);
  });

  it('names the transitions a pass that ends RESET takes, as the chart knows them', () => {
    const chart = tableChart();
    const known = new Set(allStates(chart).flatMap((s) => s.transitions.map((t) => t.id)));
    const table = createTable(mundane, { table: 'table:taken', seats, seed: 1 });
    const taken: string[] = [];
    table.actor.system.inspect((e: InspectionEvent) => {
      if (e.type === '@xstate.microstep' && e.actorRef === table.actor)
        taken.push(...e._transitions.map(takenTransitionId));
    });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    table.play({ type: 'engine.pass', seat: 'seat:bob' });
    expect(table.state.phase).toBe('WAKE_UP');
    for (const id of taken) expect(known).toContain(id);
    const resetToWakeUp = byKey(chart, 'RESET').transitions.find((t) => t.targets.includes(byKey(chart, 'WAKE_UP').id));
    expect(taken).toContain(`${byKey(chart, 'held').id}|engine.pass|0`);
    expect(taken).toContain(resetToWakeUp?.id);
  });

  it('guesses the phase change from two snapshots when an app sends nothing else', () => {
    const chart = tableChart();
    const table = createTable(mundane, { table: 'table:guess', seats, seed: 1 });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    const before = activeStateIds(chart, table.actor.getSnapshot().value);
    table.play({ type: 'engine.pass', seat: 'seat:bob' });
    const after = activeStateIds(chart, table.actor.getSnapshot().value);
    const guessed = guessTakenTransitions(chart, before, after, 'engine.pass');
    const resetToWakeUp = byKey(chart, 'RESET').transitions.find((t) => t.targets.includes(byKey(chart, 'WAKE_UP').id));
    expect(guessed).toContain(resetToWakeUp?.id);
    expect(guessed).toContain(`${byKey(chart, 'held').id}|engine.pass|0`);
    expect(guessed.filter((id) => id.startsWith(byKey(chart, 'PLAN').id))).toEqual([]);
    expect(guessed).not.toContain('table|*|0');
  });
});

describe('guard text does not depend on function names', () => {
  /** What a minifier does: every function's name replaced by a short one. */
  const minified = <T>(guard: T): T => {
    if (typeof guard === 'function') Object.defineProperty(guard, 'name', { value: 'q' });
    const inner = (guard as { guards?: unknown[] }).guards;
    inner?.forEach(minified);
    return guard;
  };

  it('spells not, and, or as ¬, ∧, ∨ with their operands, nested in brackets', () => {
    expect(guardText(and(['activeSeatIsOut', not('gameIsOver')]))).toBe('activeSeatIsOut ∧ ¬gameIsOver');
    expect(guardText(or(['a', and(['b', 'c'])]))).toBe('a ∨ (b ∧ c)');
    expect(guardText(not(or(['a', 'b'])))).toBe('¬(a ∨ b)');
  });

  it('reads the same after a minifier renamed every function', () => {
    expect(guardText(minified(and(['activeSeatIsOut', not('gameIsOver')])))).toBe('activeSeatIsOut ∧ ¬gameIsOver');
    expect(guardText(minified(or(['a', not(and(['b', 'c']))])))).toBe('a ∨ ¬(b ∧ c)');
  });

  it("reads a plain config's combinators by type, with or without the xstate. prefix, and says when the operands are missing", () => {
    expect(guardText({ type: 'xstate.not', guards: ['gameIsOver'] })).toBe('¬gameIsOver');
    expect(guardText({ type: 'or', guards: ['a', { type: 'b' }] })).toBe('a ∨ b');
    expect(guardText({ type: 'not' })).toBe('¬(…)');
  });

  it("the table machine's definition carries ¬ and ∨ where the chart negates (every built-in game)", () => {
    const texts = JSON.stringify(machineDefinition(createTableMachine(mundane)));
    expect(texts).toContain('activeSeatIsOut ∧ ¬gameIsOver');
    expect(texts).not.toMatch(/\[?\(gameIsOver\)/);
  });
});

describe("withMachineDefinitions: a plain XState app's guards keep their operands", () => {
  const machine = createMachine(
    {
      id: 'door',
      initial: 'shut',
      states: {
        shut: {
          on: {
            OPEN: { guard: and(['hasKey', not('isJammed')]), target: 'open' },
            FORCE: { guard: or(['isStrong', 'hasCrowbar']), target: 'open' },
          },
        },
        open: {},
      },
    },
    { guards: { hasKey: () => true, isJammed: () => false, isStrong: () => false, hasCrowbar: () => false } },
  );

  /** The definitions an inspector sends for `machine`'s actor, through `wrap`. */
  async function sent(
    wrap: (inspector: ReturnType<typeof createInspector>) => ReturnType<typeof createInspector>,
  ): Promise<ChartState> {
    const events: { type: string; definition?: string }[] = [];
    const inspector = wrap(
      createInspector({
        send: (event: { type: string; definition?: string }) => void events.push(event),
        start() {},
        stop() {},
      } as never),
    );
    const actor = createActor(machine, { inspect: inspector.inspect }).start();
    await expect.poll(() => events.find((e) => e.type === '@xstate.actor')).toBeDefined();
    actor.stop();
    return chartFromDefinition(JSON.parse(events.find((e) => e.type === '@xstate.actor')!.definition!));
  }
  // The library's JSON writer sorts keys: the events' order is not kept, their guards are compared as a set.
  const guards = (chart: ChartState) =>
    byKey(chart, 'shut')
      .transitions.map((t) => t.guard)
      .sort();

  it('without it, @statelyai/inspect sends { type } only, and the chart says the operands are missing', async () => {
    expect(guards(await sent((inspector) => inspector))).toEqual(['… ∧ …', '… ∨ …'].sort());
  });

  it('with it, the chart reads ¬, ∧ and ∨ with every operand', async () => {
    expect(guards(await sent(withMachineDefinitions))).toEqual(['hasKey ∧ ¬isJammed', 'isStrong ∨ hasCrowbar'].sort());
  });
});
