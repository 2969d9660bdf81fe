import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import {
  allStates,
  chartFromDefinition,
  inspectionContext,
  inspectTable,
  type PlystackSnapshotInfo,
  windowed,
} from '../../src/inspect/index.js';
import { recentPlies } from '../../src/inspect/sanitize.js';
import { longGame } from '../browser/longGame.js';

const seats = ['seat:ann', 'seat:bob'];

/** An inspector that keeps what it would send, as JSON would carry it. */
function capture() {
  const sent: StatelyInspectionEvent[] = [];
  // A machine definition is deeper than @statelyai/inspect's default depth limit (10): inspectors of tables need more.
  const inspector = createInspector(
    { send: (event) => void sent.push(JSON.parse(JSON.stringify(event))) },
    { serializationDepthLimit: 64 },
  );
  const of = <T extends StatelyInspectionEvent['type']>(type: T) =>
    sent.filter((e): e is Extract<StatelyInspectionEvent, { type: T }> => e.type === type);
  const plystack = (e: StatelyInspectionEvent) =>
    (e as unknown as { snapshot: { plystack: PlystackSnapshotInfo } }).snapshot.plystack;
  return { inspector, sent, of, plystack };
}
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('sanitising what an inspection sends', () => {
  it('a long list keeps its newest items and says how many were left out; cycles and functions become texts', () => {
    const looped: Record<string, unknown> = { name: 'loop' };
    looped.self = looped;
    expect(windowed([1, 2, 3, 4, 5], { items: 2, depth: 8, chars: 50 })).toEqual(['… 3 earlier items', 4, 5]);
    expect(windowed({ looped, f: function resolveTop() {} })).toEqual({
      looped: { name: 'loop', self: '[cycle]' },
      f: '[function resolveTop]',
    });
    expect(windowed({ a: { b: { c: 1 } } }, { items: 10, depth: 2, chars: 50 })).toEqual({ a: { b: '[object]' } });
    expect(windowed('x'.repeat(30), { items: 10, depth: 8, chars: 10 })).toBe('xxxxxxxxxx… (30 chars)');
  });

  it("a table context travels with its ply log replaced by the log's size", () => {
    const table = createTable(mundane, { table: 'table:ctx', seats, seed: 1 });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    const sent = inspectionContext(table.context) as Record<string, unknown>;
    expect(Object.values(sent)).toContainEqual({ size: 1, sentAs: 'plystack.plies' });
    expect(JSON.stringify(sent)).not.toContain('"tail"');
  });

  it('the ring of recent plies answers a window without keeping the whole game', () => {
    const recent = recentPlies<string>(3);
    for (let i = 0; i < 10; i++) recent.add(i, `ply ${i}`);
    expect(recent.since(8)).toEqual({ total: 10, from: 8, items: ['ply 8', 'ply 9'] });
    expect(recent.since(0)).toEqual({ total: 10, from: 7, items: ['ply 7', 'ply 8', 'ply 9'] });
    recent.add(9, 'again');
    expect(recent.since(9).items).toEqual(['ply 9']);
    expect(recent.since(10)).toEqual({ total: 10, from: 10, items: [] });
  });
});

describe('inspectTable', () => {
  it('sends the chart once, every move as an event, and one snapshot for a burst of moves', async () => {
    const { inspector, of, plystack } = capture();
    const table = createTable(mundane, { table: 'table:burst', seats, seed: 1 });
    const inspection = inspectTable(table, { inspector, name: 'burst', interval: 0 });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    table.play({ type: 'engine.pass', seat: 'seat:bob' });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    await settle();

    const [actor, ...moreActors] = of('@xstate.actor');
    expect(moreActors).toEqual([]);
    expect(actor?.sessionId).toBe(inspection.sessionId);
    const chart = chartFromDefinition(JSON.parse(actor?.definition ?? 'null'));
    // The JSON writer sorts keys; the chart keeps the machine's document order all the same.
    const phases = allStates(chart).find((s) => s.children.some((c) => c.key === 'RESET'));
    expect(phases?.children.map((s) => s.key).slice(0, 5)).toEqual([
      'RESET',
      'WAKE_UP',
      'PLAN',
      'DO_STUFF',
      'WIND_DOWN',
    ]);
    expect(of('@xstate.event').map((e) => e.event)).toEqual([
      { type: 'engine.pass', seat: 'seat:ann' },
      { type: 'engine.pass', seat: 'seat:bob' },
      { type: 'engine.pass', seat: 'seat:ann' },
    ]);
    const snapshots = of('@xstate.snapshot');
    expect(snapshots).toHaveLength(2); // the opening, then one for the burst
    const last = plystack(snapshots[1] as StatelyInspectionEvent);
    expect(last.plies.from).toBe(0);
    expect(last.plies.items.map((p) => p.notation)).toEqual(['pass', 'pass', 'pass']);
    expect(last.state.phase).toBe(table.state.phase);
    expect(last.table).toMatchObject({
      name: 'burst',
      game: { id: 'mundane' },
      opening: { table: 'table:burst', seats },
    });
    expect(Object.keys(last.legal)).toEqual(seats);
    expect(last.emitted.map((e) => e.type)).toContain('phase.changed');
    await inspection.stop();
  });

  it('marks the transitions the last move took, by the ids of the chart it sent', async () => {
    const { inspector, of, plystack } = capture();
    const table = createTable(mundane, { table: 'table:marks', seats, seed: 1 });
    inspectTable(table, { inspector, interval: 0 });
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    await settle();
    table.play({ type: 'engine.pass', seat: 'seat:bob' }); // every seat passed: RESET ends
    await settle();
    const chart = chartFromDefinition(JSON.parse(of('@xstate.actor')[0]?.definition ?? 'null'));
    const reset = allStates(chart).find((s) => s.key === 'RESET');
    const wakeUp = allStates(chart).find((s) => s.key === 'WAKE_UP');
    const phaseChange = reset?.transitions.find((t) => t.targets.includes(wakeUp?.id ?? ''));
    const last = plystack(of('@xstate.snapshot').at(-1) as StatelyInspectionEvent);
    expect(last.transitions).toContain(phaseChange?.id);
    expect(last.plies).toMatchObject({ total: 2, from: 1 });
  });

  it('a 10,000-ply game sends a context no bigger than a fresh one, and only its newest plies', () => {
    const long = longGame(10_000);
    const total = long.plies.length;
    expect(total).toBeGreaterThanOrEqual(10_000);
    const fresh = createTable(mundane, { table: 'table:fresh', seats: long.log.seats, seed: 5 });
    const [sentLong, sentFresh] = [long, fresh].map((table) => {
      const { inspector, of } = capture();
      void inspectTable(table, { inspector, window: 64 }).stop();
      return of('@xstate.snapshot')[0] as unknown as { snapshot: { context: unknown; plystack: PlystackSnapshotInfo } };
    });
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(sentLong?.snapshot.context)).toBeLessThan(2 * size(sentFresh?.snapshot.context));
    expect(sentLong?.snapshot.plystack.plies).toMatchObject({ total, from: total - 64 });
    expect(sentLong?.snapshot.plystack.plies.items).toHaveLength(64);
    expect(size(sentLong)).toBeLessThan(64 * 1024);
  });

  it('a table inspected once it has moves sends what they emitted (the newest 100) with its first snapshot, as a listener from the start heard it', () => {
    const table = createTable(mundane, { table: 'table:late', seats, seed: 3 });
    const heard: unknown[] = [];
    table.actor.on('*', (event) => void heard.push(JSON.parse(JSON.stringify(event))));
    while (heard.length < 150) table.play({ type: 'engine.pass', seat: table.toAct()[0]! });
    const { inspector, of, plystack } = capture();
    void inspectTable(table, { inspector }).stop();
    const first = plystack(of('@xstate.snapshot')[0] as StatelyInspectionEvent);
    expect(first.emitted).toHaveLength(100);
    expect(first.emitted).toEqual(heard.slice(-100));
    // A table inspected from its opening has emitted nothing yet.
    const fresh = capture();
    void inspectTable(createTable(mundane, { table: 'table:new', seats, seed: 3 }), {
      inspector: fresh.inspector,
    }).stop();
    expect(fresh.plystack(fresh.of('@xstate.snapshot')[0] as StatelyInspectionEvent).emitted).toEqual([]);
  });

  it('stops sending once stopped', async () => {
    const { inspector, sent } = capture();
    const table = createTable(mundane, { table: 'table:stop', seats, seed: 1 });
    const inspection = inspectTable(table, { inspector });
    void inspection.stop(); // unsubscribes at once
    const before = sent.length;
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    await settle();
    expect(sent.length).toBe(before);
  });
});
