import { describe, expect, it } from 'vitest';
import { replay } from '../../src/index.js';
import { ANN, BOB, openMundane } from '../support/mundane.js';
import { openSandbox, refusalOf as refusalOfSandbox, withRules } from '../support/sandbox.js';

const autoPass = (seat: string, payload: object) => ({ type: 'engine.auto-pass', seat, payload });
const pass = (seat: string) => ({ type: 'engine.pass', seat });
const lines = (table: ReturnType<typeof openMundane>) =>
  table.plies.map((p) => `${p.turn} ${p.phase} ${p.actor} ${p.notation}${p.automatic ? ' (auto)' : ''}`);

describe('auto-pass stops in priority windows', () => {
  it('seat:bob passes automatically until the end of the turn; the engine records those passes as his plies, marked automatic', () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'end-of-turn' }));
    for (let i = 0; i < 5; i++) table.play(pass(ANN));
    expect(lines(table)).toEqual([
      '1 RESET seat:bob auto-pass until end of turn',
      '1 RESET seat:ann pass',
      '1 RESET seat:bob pass (auto)',
      '1 WAKE_UP seat:ann pass',
      '1 WAKE_UP seat:bob pass (auto)',
      '1 PLAN seat:ann pass',
      '1 PLAN seat:bob pass (auto)',
      '1 DO_STUFF seat:ann pass',
      '1 DO_STUFF seat:bob pass (auto)',
      '1 WIND_DOWN seat:ann pass',
      '1 WIND_DOWN seat:bob pass (auto)',
    ]);
    // turn 2 is seat:bob's: the stop was reached, and he acts for himself again
    expect(table.state).toMatchObject({ turn: 2, activeSeat: BOB, prioritySeat: BOB });
    table.play(pass(BOB));
    expect(table.state.prioritySeat).toBe(ANN);
  });

  it('automatic passes are not moves of the log: replaying the stop makes them again, to the same table', () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'end-of-turn' }));
    for (let i = 0; i < 3; i++) table.play(pass(ANN));
    expect(table.log.moves).toEqual([autoPass(BOB, { until: 'end-of-turn' }), pass(ANN), pass(ANN), pass(ANN)]);
    const again = replay(table.log);
    expect(again.state).toEqual(table.state);
    expect(again.plies).toEqual(table.plies);
  });

  it('a stop at a named phase: seat:bob passes until PLAN begins, then holds priority himself', () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'phase', phase: 'PLAN' }));
    table.play(pass(ANN));
    table.play(pass(ANN));
    expect(table.state).toMatchObject({ phase: 'PLAN', prioritySeat: ANN });
    table.play(pass(ANN));
    expect(table.state).toMatchObject({ phase: 'PLAN', prioritySeat: BOB });
    expect(table.plies.filter((p) => p.automatic).map((p) => p.phase)).toEqual(['RESET', 'WAKE_UP']);
  });

  it("a stop at my turn lasts across seat:ann's whole turn", () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'my-turn' }));
    for (let i = 0; i < 5; i++) table.play(pass(ANN));
    expect(table.state).toMatchObject({ turn: 2, activeSeat: BOB, prioritySeat: BOB });
    expect(table.context.autoPass).toEqual({});
  });

  it("a stop when the stack resolves: seat:bob lets seat:ann's card resolve, then answers for himself", () => {
    const table = openMundane();
    table.play({ type: 'CastInstant', seat: ANN, payload: { card: 'Coffee' } }); // seat:ann holds a Coffee
    table.play(autoPass(BOB, { until: 'stack-resolved' }));
    table.play(pass(ANN));
    expect(table.state.stack).toEqual([]);
    table.play(pass(ANN));
    expect(table.state.prioritySeat).toBe(BOB);
    expect(table.plies.filter((p) => p.automatic)).toHaveLength(1);
  });

  it('off clears a stop; a stop needs a priority window, a seat and something on the stack to wait for', () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'end-of-turn' }));
    table.play(autoPass(BOB, { until: 'off' }));
    table.play(pass(ANN));
    expect(table.state.prioritySeat).toBe(BOB);
    expect(table.check(autoPass(BOB, { until: 'stack-resolved' }))).toMatchObject({
      code: 'REFUSED',
      reason: 'NOTHING_ON_STACK',
    });
    expect(table.check({ type: 'engine.auto-pass', payload: { until: 'end-of-turn' } })).toMatchObject({
      code: 'REFUSED',
      reason: 'SEAT_REQUIRED',
    });
    expect(table.check(autoPass(BOB, { until: 'phase', phase: 'LUNCH' }))).toMatchObject({
      code: 'REFUSED',
      reason: 'UNKNOWN_PHASE',
    });
    const sandbox = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(refusalOfSandbox(sandbox, autoPass('seat:a', { until: 'end-of-turn' }))).toEqual({
      code: 'REFUSED',
      reason: 'NO_PRIORITY_WINDOWS',
    });
  });
});

describe('time travel through automatic passes', () => {
  it("at(n) and branch(n) count the log's moves, an automatic pass belonging to the move that set it off", () => {
    const table = openMundane();
    table.play(autoPass(BOB, { until: 'my-turn' }));
    for (let i = 0; i < 5; i++) table.play(pass(ANN));
    expect(table.log.moves).toHaveLength(6);
    expect(table.plies.length).toBeGreaterThan(6);
    for (let n = 0; n <= 6; n++) {
      const again = replay(table.log, { upto: n });
      expect(table.at(n).state, `after ${n} moves`).toEqual(again.state);
      expect(table.at(n).plies, `after ${n} moves`).toEqual(again.plies);
    }
    const branch = table.branch(3);
    expect(branch.log.moves).toEqual(table.log.moves.slice(0, 3));
    branch.play(pass(ANN));
    expect(branch.state.phase).toBe(table.at(4).state.phase);
  });
});
