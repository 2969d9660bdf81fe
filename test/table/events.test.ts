import { describe, expect, it } from 'vitest';
import type { Table, TableEmitted } from '../../src/index.js';
import {
  ANN,
  BOB,
  castInstant,
  openMundane,
  pass,
  passAll,
  passUntilPhase,
  passUntilTurn,
  playCard,
} from '../support/mundane.js';
import { openSandbox, takeTurn, withRules } from '../support/sandbox.js';

const TYPES = [
  'turn.ended',
  'turn.started',
  'phase.changed',
  'priority.changed',
  'stack.pushed',
  'stack.resolved',
  'stack.withdrawn',
  'ply.recorded',
  'move.refused',
  'seat.out',
  'game.over',
] as const;

/** Every event the table emits from now on, in order. */
function record(table: Table): TableEmitted[] {
  const events: TableEmitted[] = [];
  for (const type of TYPES) table.on(type, (event) => events.push(event));
  return events;
}

const types = (events: TableEmitted[]) => events.map((e) => e.type);

describe('turn events', () => {
  it("when seat:ann's WIND_DOWN ends, turn.ended for seat:ann turn 1 comes before turn.started for seat:bob turn 2", () => {
    const table = openMundane();
    passUntilPhase(table, 'WIND_DOWN');
    const events = record(table);
    pass(table, ANN);
    pass(table, BOB);
    const turns = events.filter((e) => e.type === 'turn.ended' || e.type === 'turn.started');
    expect(turns).toEqual([
      { type: 'turn.ended', seat: ANN, turn: 1 },
      { type: 'turn.started', seat: BOB, turn: 2 },
    ]);
  });

  it("the pass that ends a turn emits its ply, then turn.ended, turn.started, and the new turn's RESET", () => {
    const table = openMundane();
    passUntilPhase(table, 'WIND_DOWN');
    pass(table, ANN);
    const events = record(table);
    pass(table, BOB);
    const order = types(events).filter((t) => t !== 'priority.changed');
    expect(order).toEqual(['ply.recorded', 'turn.ended', 'turn.started', 'phase.changed']);
    expect(events.find((e) => e.type === 'phase.changed')).toEqual({
      type: 'phase.changed',
      phase: 'RESET',
      seat: BOB,
      turn: 2,
    });
  });

  it('the last turn of a game with turns: 1 ends with turn.ended and game.over, and no turn.started', () => {
    const table = openMundane({ turns: 1 });
    passUntilPhase(table, 'WIND_DOWN');
    const events = record(table);
    passAll(table);
    expect(types(events)).toContain('turn.ended');
    expect(types(events)).not.toContain('turn.started');
    expect(events.filter((e) => e.type === 'game.over')).toEqual([{ type: 'game.over', winners: [ANN, BOB] }]);
  });
});

describe('phase and priority events', () => {
  it("each phase of seat:ann's turn announces itself with phase.changed, naming seat:ann and turn 1", () => {
    const table = openMundane();
    const events = record(table);
    passUntilPhase(table, 'WIND_DOWN');
    expect(events.filter((e) => e.type === 'phase.changed')).toEqual(
      ['WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN'].map((phase) => ({
        type: 'phase.changed',
        phase,
        seat: ANN,
        turn: 1,
      })),
    );
  });

  it('a pass emits priority.changed naming seat:bob; the phase ending hands it back to seat:ann', () => {
    const table = openMundane();
    const events = record(table);
    pass(table, ANN);
    expect(events.filter((e) => e.type === 'priority.changed')).toEqual([{ type: 'priority.changed', seat: BOB }]);
    pass(table, BOB);
    expect(events.filter((e) => e.type === 'priority.changed')).toEqual([
      { type: 'priority.changed', seat: BOB },
      { type: 'priority.changed', seat: ANN },
    ]);
  });

  it("seat:bob's Coffee emits priority.changed naming seat:ann, the active seat", () => {
    const table = openMundane();
    pass(table, ANN);
    const events = record(table);
    castInstant(table, BOB, 'Coffee');
    expect(events.filter((e) => e.type === 'priority.changed')).toEqual([{ type: 'priority.changed', seat: ANN }]);
  });
});

describe('stack events', () => {
  it("seat:ann's Toaster emits stack.pushed with its item, and stack.resolved with the same item once both pass", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const events = record(table);
    playCard(table, ANN, 'Toaster');
    const item = { id: 1, seat: ANN, card: 'Toaster', type: 'APPLIANCE' };
    expect(events.filter((e) => e.type === 'stack.pushed')).toEqual([{ type: 'stack.pushed', item }]);
    passAll(table);
    expect(events.filter((e) => e.type === 'stack.resolved')).toEqual([{ type: 'stack.resolved', item }]);
    expect(events.some((e) => e.type === 'phase.changed')).toBe(false);
  });

  it("a response resolves first: stack.resolved comes for seat:bob's Excuse before seat:ann's Toaster", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const events = record(table);
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    passAll(table);
    passAll(table);
    const stack = events
      .filter((e) => e.type === 'stack.pushed' || e.type === 'stack.resolved')
      .map((e) => `${e.type} ${'item' in e ? e.item.card : ''}`);
    expect(stack).toEqual([
      'stack.pushed Toaster',
      'stack.pushed Excuse',
      'stack.resolved Excuse',
      'stack.resolved Toaster',
    ]);
  });
});

describe('ply events', () => {
  it('every accepted move emits ply.recorded with its index, counted from 0', () => {
    const table = openMundane();
    const events = record(table);
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    pass(table, ANN);
    const plies = events.filter((e): e is Extract<TableEmitted, { type: 'ply.recorded' }> => e.type === 'ply.recorded');
    expect(plies.map((e) => [e.index, e.ply.actor, e.ply.notation])).toEqual([
      [0, ANN, 'pass'],
      [1, BOB, 'cast Coffee'],
      [2, ANN, 'pass'],
    ]);
    expect(plies.map((e) => e.ply)).toEqual(table.plies);
  });

  it("the indices go on across turns: the first ply of seat:bob's turn 2 is index 10", () => {
    const table = openMundane();
    passUntilTurn(table, 2);
    const events = record(table);
    pass(table, BOB);
    expect(events.find((e) => e.type === 'ply.recorded')).toMatchObject({ index: 10, ply: { actor: BOB } });
  });

  it('a move refused by table.play emits nothing at all', () => {
    const table = openMundane();
    const events = record(table);
    expect(table.tryPlay({ type: 'engine.pass', seat: BOB }).ok).toBe(false);
    expect(table.tryPlay({ type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } }).ok).toBe(false);
    expect(events).toEqual([]);
  });

  it('after unsubscribing, a handler hears nothing more', () => {
    const table = openMundane();
    const heard: number[] = [];
    const subscription = table.on('ply.recorded', ({ index }) => heard.push(index));
    pass(table, ANN);
    subscription.unsubscribe();
    pass(table, BOB);
    expect(heard).toEqual([0]);
  });
});

describe('events follow what changed', () => {
  it('seat:ann takes back her Toaster: its ply, then stack.withdrawn with the Toaster; nothing resolves and priority stays with her', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    const events = record(table);
    table.play({ type: 'engine.undo', seat: ANN });
    expect(types(events)).toEqual(['ply.recorded', 'stack.withdrawn']);
    expect(events[1]).toEqual({
      type: 'stack.withdrawn',
      item: { id: 1, seat: ANN, card: 'Toaster', type: 'APPLIANCE' },
    });
  });

  it('a game with priority ends by handing priority to nobody, then game.over', () => {
    const table = openMundane({ turns: 1 });
    passUntilPhase(table, 'WIND_DOWN');
    const events = record(table);
    passAll(table);
    expect(types(events).slice(-2)).toEqual(['priority.changed', 'game.over']);
    expect(events.at(-2)).toEqual({ type: 'priority.changed', seat: null });
  });

  it('a game without priority never says priority.changed, not even when it ends', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { lastTurn: 2 }), [ANN, BOB]);
    const events = record(table);
    takeTurn(table, ANN);
    takeTurn(table, BOB);
    expect(table.state.status).toBe('over');
    expect(types(events)).not.toContain('priority.changed');
    expect(types(events).at(-1)).toBe('game.over');
  });
});

describe('seats going out', () => {
  const PER_ROUND = { strategy: 'PerRound' };

  it("seat:a's eliminate card takes seat:c out: its ply, then seat.out for seat:c in turn 1", () => {
    const table = openSandbox(withRules(PER_ROUND, { eliminations: true }));
    const events = record(table);
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:c' } });
    expect(types(events)).toEqual(['ply.recorded', 'seat.out']);
    expect(events[1]).toEqual({ type: 'seat.out', seat: 'seat:c', turn: 1 });
  });

  it('seat:a leaves during its turn: its ply, seat.out for seat:a, then its turn ends and seat:b starts turn 2', () => {
    const table = openSandbox(withRules(PER_ROUND));
    const events = record(table);
    table.play({ type: 'engine.leave', seat: 'seat:a' });
    expect(types(events)).toEqual(['ply.recorded', 'seat.out', 'turn.ended', 'turn.started']);
    expect(events[1]).toEqual({ type: 'seat.out', seat: 'seat:a', turn: 1 });
  });

  it("a routine run as seat:a's turn ends takes out the seats that played nothing, one seat.out each, in turn 1", () => {
    const options = { phases: [{ name: 'main', turns: PER_ROUND, onTurnEnd: 'drop-idle' }] };
    const table = openSandbox(options, ['seat:a', 'seat:b', 'seat:c']);
    table.play({ type: 'play', seat: 'seat:a' });
    const events = record(table);
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(events.filter((e) => e.type === 'seat.out')).toEqual([
      { type: 'seat.out', seat: 'seat:b', turn: 1 },
      { type: 'seat.out', seat: 'seat:c', turn: 1 },
    ]);
    expect(types(events)).toEqual(['ply.recorded', 'turn.ended', 'seat.out', 'seat.out', 'turn.started']);
  });

  it('a routine that eliminates nobody announces nothing of its own', () => {
    const table = openSandbox({ phases: [{ name: 'main', turns: PER_ROUND, onTurnEnd: 'tally' }] }, [
      'seat:a',
      'seat:b',
    ]);
    table.play({ type: 'play', seat: 'seat:a' });
    const events = record(table);
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(types(events)).toEqual(['ply.recorded', 'turn.ended', 'turn.started']);
  });
});
