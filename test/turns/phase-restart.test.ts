/**
 * A declared transition from a game phase to itself is a restart: the phase is
 * left and entered again, as for a transition to any other phase. Its onLeave
 * and onEnter routines run (in that order), a new turn starts for the phase's
 * first seat with the next turn number, and the events say so in order.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTable, defineGame, replay } from '../../src/index.js';
import { expectLogIsTruth, openSandbox, recordEvents, statesAfter, takeTurn } from '../support/sandbox.js';

const A = 'seat:a';
const B = 'seat:b';
const C = 'seat:c';

/** One PerRound phase that may restart itself. */
const restartable = {
  phases: [{ name: 'main', turns: { strategy: 'PerRound' } }],
  transitions: [{ name: 'again', from: 'main', to: 'main' }],
};

describe('a game phase restarted by a transition to itself', () => {
  it('gives a new turn to the phase first seat, with the next turn number', () => {
    const table = openSandbox(restartable, [A, B, C]);
    takeTurn(table, A);
    expect(table.state).toMatchObject({ activeSeat: B, turn: 2, round: 1 });
    const ply = table.play({ type: 'engine.transition', payload: { transition: 'again' } });
    expect(ply).toMatchObject({ actor: null, seat: null, turn: 2, phase: 'main', notation: '→ again' });
    // seat:b's turn ends; the phase starts over from its first seat, in a new turn and a new round.
    expect(table.state).toMatchObject({
      gamePhase: 'main',
      activeSeat: A,
      toAct: [A],
      turn: 3,
      round: 2,
      movesThisTurn: 0,
    });
    expect(table.actor.getSnapshot().value).toEqual({ playing: { turn: { main: { inTurn: 'acting' } } } });
  });

  it('announces the turn that ended, the phase entered again and the new turn, in that order', () => {
    const table = openSandbox(restartable, [A, B, C]);
    takeTurn(table, A);
    const events = recordEvents(table, ['turn.ended', 'game-phase.changed', 'phase.changed', 'turn.started']);
    table.play({ type: 'engine.transition', payload: { transition: 'again' } });
    expect(events).toEqual([
      { type: 'turn.ended', seat: B, turn: 2 },
      { type: 'game-phase.changed', gamePhase: 'main', turn: 3 },
      { type: 'phase.changed', phase: 'main', seat: A, turn: 3 },
      { type: 'turn.started', seat: A, turn: 3 },
    ]);
  });

  it('starts a Simultaneous round again: every seat is waited for once more', () => {
    const table = openSandbox(
      {
        phases: [{ name: 'plan', turns: { strategy: 'Simultaneous' } }],
        transitions: [{ name: 'again', from: 'plan', to: 'plan' }],
      },
      [A, B, C],
    );
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
    table.play({ type: 'engine.transition', payload: { transition: 'again' } });
    expect(table.state).toMatchObject({ toAct: [A, B, C], turn: 2, round: 2, movesThisTurn: 0 });
  });

  it('replays from its log to the same table', () => {
    const table = openSandbox(restartable, [A, B, C]);
    takeTurn(table, A);
    table.play({ type: 'engine.transition', payload: { transition: 'again' } });
    takeTurn(table, A);
    expect(table.state).toMatchObject({ activeSeat: B, turn: 4 });
    expect(replay(table.log).state).toEqual(table.state);
  });

  it('restores and travels in time to the same table at every move', () => {
    const table = openSandbox(restartable, [A, B, C]);
    const again = { type: 'engine.transition', payload: { transition: 'again' } };
    const states = statesAfter(table, [
      { type: 'play', seat: A },
      { type: 'engine.end-turn', seat: A },
      again,
      { type: 'engine.end-turn', seat: A },
      again,
    ]);
    expect(table.state).toMatchObject({ activeSeat: A, turn: 5, round: 3 });
    expectLogIsTruth(table, states, { type: 'play', seat: A });
  });
});

/**
 * A round of bidding that the referee may call again (`rebid`): leaving the
 * phase clears the bids (`clear`), entering it counts the rounds (`open`).
 */
const auction = defineGame({
  id: 'auction-restart',
  seats: { min: 2, max: 4 },
  structure: {
    phases: [{ name: 'bidding', turns: { strategy: 'PerRound', movesPerTurn: 1 }, onEnter: 'open', onLeave: 'clear' }],
    transitions: [{ name: 'rebid', from: 'bidding', to: 'bidding' }],
  },
  setup: () => ({ bids: {} as Record<string, number>, opened: 0, log: [] as string[] }),
  moves: {
    bid: {
      payload: z.object({ amount: z.number().int().min(1) }).strict(),
      play: ({ game, seat, payload }) => ({ game: { ...game, bids: { ...game.bids, [seat]: payload.amount } } }),
    },
  },
  routines: {
    open: ({ game }) => ({ game: { ...game, opened: game.opened + 1, log: [...game.log, 'open'] } }),
    clear: ({ game }) => ({ game: { ...game, bids: {}, log: [...game.log, 'clear'] } }),
  },
  publicView: ({ game }) => game,
});

describe('a restart runs the phase routines', () => {
  it('onLeave then onEnter, once each, and replay runs them again the same way', () => {
    const table = createTable(auction, { table: 'table:auction', seats: [A, B], seed: 1 });
    expect(table.state.game).toEqual({ bids: {}, opened: 1, log: ['open'] });
    table.play({ type: 'bid', seat: A, payload: { amount: 3 } });
    table.play({ type: 'engine.transition', payload: { transition: 'rebid' } });
    expect(table.state.game).toEqual({ bids: {}, opened: 2, log: ['open', 'clear', 'open'] });
    expect(table.state).toMatchObject({ activeSeat: A, turn: 3 });
    expect(replay(table.log, { games: { [auction.id]: auction } }).state).toEqual(table.state);
  });
});
