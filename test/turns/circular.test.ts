import { describe, expect, it } from 'vitest';
import { nextActors, openSandbox, recordEvents, refusalOf, takeTurn, withRules } from '../support/sandbox.js';

const circular = (settings: object = {}, more: object = {}) =>
  withRules({ strategy: 'Circular', circular: settings }, more);

describe('a Circular table', () => {
  it('a reverse card turns play back: the seat that just acted acts again, and play goes on backward', () => {
    const table = openSandbox(circular());
    takeTurn(table, 'seat:a');
    table.play({ type: 'reverse', seat: 'seat:b' });
    table.play({ type: 'engine.end-turn', seat: 'seat:b' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:a', direction: -1 });
    expect(nextActors(table, 3)).toEqual(['seat:a', 'seat:d', 'seat:c']);
  });

  it('a skip card passes over the next seat once', () => {
    const table = openSandbox(circular());
    table.play({ type: 'skip', seat: 'seat:a' });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(table.state.activeSeat).toBe('seat:c');
    expect(nextActors(table, 2)).toEqual(['seat:c', 'seat:d']);
  });

  it('set-direction sets the direction whatever it was', () => {
    const table = openSandbox(circular({ initialDirection: 'Reverse' }));
    expect(table.state.direction).toBe(-1);
    table.play({ type: 'set-direction', seat: 'seat:a', payload: { direction: 1 } });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:b', direction: 1 });
  });

  it('starts with the owner under RunOwner', () => {
    const table = openSandbox(circular({ firstActor: 'RunOwner' }, { owner: 'seat:c' }));
    expect(nextActors(table, 3)).toEqual(['seat:c', 'seat:d', 'seat:a']);
  });

  it('refuses the sequence cards outside a Circular phase (NOT_CIRCULAR)', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(refusalOf(table, { type: 'reverse', seat: 'seat:a' })).toEqual({ code: 'REFUSED', reason: 'NOT_CIRCULAR' });
    expect(refusalOf(table, { type: 'skip', seat: 'seat:a' })).toEqual({ code: 'REFUSED', reason: 'NOT_CIRCULAR' });
  });

  it('passes over a seat that is out without giving it a turn', () => {
    const table = openSandbox(circular({}, { eliminations: true }));
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:b' } });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(nextActors(table, 3)).toEqual(['seat:c', 'seat:d', 'seat:a']);
  });

  it('with two seats, a skip gives the same seat another turn only with allowSelfSuccessor', () => {
    const allowed = openSandbox(circular({ allowSelfSuccessor: true }), ['seat:a', 'seat:b']);
    allowed.play({ type: 'skip', seat: 'seat:a' });
    allowed.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(allowed.state.activeSeat).toBe('seat:a');
    const refused = openSandbox(circular({ allowSelfSuccessor: false }), ['seat:a', 'seat:b']);
    refused.play({ type: 'skip', seat: 'seat:a' });
    refused.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(refused.state.activeSeat).toBe('seat:b');
  });

  it('the only seat left may not end its turn without allowSelfSuccessor: NO_ELIGIBLE_SEAT, and nothing changes', () => {
    const table = openSandbox(circular({ allowSelfSuccessor: false }), ['seat:a', 'seat:b']);
    table.play({ type: 'engine.leave', seat: 'seat:b' });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: 'seat:a' })).toEqual({ code: 'NO_ELIGIBLE_SEAT' });
    const alone = openSandbox(circular({ allowSelfSuccessor: true }), ['seat:a', 'seat:b']);
    alone.play({ type: 'engine.leave', seat: 'seat:b' });
    alone.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(alone.state).toMatchObject({ activeSeat: 'seat:a', turn: 2 });
  });

  it('ends a round every N finished activations under ActivationCount, and never under Disabled', () => {
    const counted = openSandbox(circular({ roundPolicy: 'ActivationCount', activationsPerRound: 2 }));
    const countedEvents = recordEvents(counted, ['round.ended', 'round.started']);
    nextActors(counted, 4);
    expect(countedEvents.map((e) => e.type)).toEqual(['round.ended', 'round.started', 'round.ended', 'round.started']);
    expect(counted.state.round).toBe(3);

    const disabled = openSandbox(circular({ roundPolicy: 'Disabled' }));
    const disabledEvents = recordEvents(disabled, ['round.ended', 'round.started']);
    nextActors(disabled, 9);
    expect(disabledEvents).toEqual([]);
    expect(disabled.state.round).toBe(1);
  });

  it('keeps direction, pending advance and counters in the snapshot: a restored table goes on the same way', async () => {
    const { restoreTable } = await import('../../src/index.js');
    const { sandbox } = await import('../../src/games/index.js');
    const table = openSandbox(circular());
    table.play({ type: 'reverse', seat: 'seat:a' });
    table.play({ type: 'skip', seat: 'seat:a' });
    const restored = restoreTable(sandbox, JSON.parse(JSON.stringify(table.persist())));
    expect(restored.context.progression.circular).toMatchObject({ direction: -1, pendingAdvance: 1, activations: 0 });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    restored.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(restored.state).toEqual(table.state);
    expect(table.state.activeSeat).toBe('seat:c');
  });
});
