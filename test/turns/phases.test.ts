import { describe, expect, it } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTableMachine } from '../../src/index.js';
import { openSandbox, recordEvents, refusalOf } from '../support/sandbox.js';

const options = {
  phases: [
    { name: 'planning', turns: { strategy: 'Simultaneous' } },
    { name: 'combat', turns: { strategy: 'Initiative', movesPerTurn: 1 } },
    { name: 'market', turns: { strategy: 'Free' } },
  ],
  transitions: [
    { name: 'fight', from: 'planning', to: 'combat' },
    { name: 'shop', from: 'combat', to: 'market' },
    { name: 'plan', from: 'market', to: 'planning' },
  ],
};

describe('game phases', () => {
  it('appear as states of the turn region, each with the turn structure of its strategy', () => {
    const machine = createTableMachine(sandbox, options, ['seat:a', 'seat:b']);
    const turn = machine.root.states.playing?.states.turn;
    expect(Object.keys(turn?.states ?? {})).toEqual(['planning', 'combat', 'market']);
    expect(Object.keys(turn?.states.planning?.states ?? {})).toEqual(['round']);
    expect(Object.keys(turn?.states.combat?.states ?? {})).toEqual(['inTurn']);
    expect(Object.keys(turn?.states.combat?.states.inTurn?.states ?? {})).toEqual(['acting', 'done']);
    expect(Object.keys(turn?.states.market?.states ?? {})).toEqual(['open']);
  });

  it('engine.transition follows a declared transition, and each phase plays by its own rules', () => {
    const table = openSandbox(options);
    const events = recordEvents(table, ['game-phase.changed']);
    expect(table.state).toMatchObject({
      gamePhase: 'planning',
      phase: 'planning',
      toAct: ['seat:a', 'seat:b', 'seat:c', 'seat:d'],
    });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(table.state).toMatchObject({ gamePhase: 'combat', activeSeat: 'seat:a', toAct: ['seat:a'] });
    table.play({ type: 'play', seat: 'seat:a' }); // one move per turn in combat
    expect(table.state.activeSeat).toBe('seat:b');
    table.play({ type: 'engine.transition', seat: 'seat:c', payload: { transition: 'shop' } });
    expect(table.state).toMatchObject({ gamePhase: 'market', activeSeat: null });
    table.play({ type: 'engine.transition', payload: { transition: 'plan' } });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { planning: 'round' } } });
    expect(events.map((e) => (e as { gamePhase: string }).gamePhase)).toEqual(['combat', 'market', 'planning']);
  });

  it('refuses a transition the current phase does not declare, and leaves the table as it was', () => {
    const table = openSandbox(options);
    expect(refusalOf(table, { type: 'engine.transition', payload: { transition: 'shop' } })).toEqual({
      code: 'REFUSED',
      reason: 'UNKNOWN_TRANSITION',
    });
    expect(refusalOf(table, { type: 'engine.transition', payload: { transition: 'nowhere' } })).toEqual({
      code: 'REFUSED',
      reason: 'UNKNOWN_TRANSITION',
    });
    expect(refusalOf(table, { type: 'engine.transition', payload: { to: 'combat' } })).toEqual({
      code: 'INVALID_PAYLOAD',
    });
  });

  it('a new game phase starts a new turn and a new round', () => {
    const table = openSandbox(options);
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(table.state).toMatchObject({ turn: 2, round: 2 });
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.state).toMatchObject({ turn: 3, round: 2 });
  });
});
