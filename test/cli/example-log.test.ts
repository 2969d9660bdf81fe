import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { replayJson as replayFile } from '../support/cli.js';

const logFile = join(import.meta.dirname, '..', '..', 'examples', 'mundane-rules.json');

/** `plystack replay examples/mundane-rules.json --json [--upto N]`, parsed; it must apply every move. */
async function replayJson(upto?: number) {
  const { code, doc, err } = await replayFile(logFile, ...(upto === undefined ? [] : ['--upto', String(upto)]));
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return doc;
}

describe('examples/mundane-rules.json replayed with plystack replay --json shows every rule of mundane', () => {
  it('a turn runs RESET → WAKE_UP → PLAN → DO_STUFF → WIND_DOWN, each phase ending when both seats pass with the stack empty', async () => {
    const doc = await replayJson();
    // docs/contract.md's plies carry no phase; the live table's plies do, so replay the same log through the library too
    const log = JSON.parse(await readFile(logFile, 'utf8'));
    const table = createTable(mundane, log);
    for (const move of log.moves) table.play(move);
    expect(table.plies.map((p) => p.notation)).toEqual(doc.plies.map((p: { notation: string }) => p.notation));
    const phases: string[] = [];
    for (const ply of table.plies)
      if (phases.at(-1) !== `${ply.turn}:${ply.phase}`) phases.push(`${ply.turn}:${ply.phase}`);
    expect(phases).toEqual([
      '1:RESET',
      '1:WAKE_UP',
      '1:PLAN',
      '1:DO_STUFF',
      '1:WIND_DOWN',
      '2:RESET',
      '2:WAKE_UP',
      '2:PLAN',
      '2:DO_STUFF',
      '2:WIND_DOWN',
    ]);
    // every phase change follows both seats passing in a row
    table.plies.forEach((ply, i) => {
      const next = table.plies[i + 1];
      if (next !== undefined && next.phase !== ply.phase)
        expect([table.plies[i - 1]?.notation, ply.notation]).toEqual(['pass', 'pass']);
    });
  });

  it("seat:bob, not the active seat, answers seat:ann's Coffee in WAKE_UP, and the active seat gets priority back", async () => {
    const doc = await replayJson(5);
    expect(doc.plies[4]).toMatchObject({ actor: 'seat:bob', notation: 'cast Excuse', round: 1, playOrder: 5 });
    expect(doc.state).toMatchObject({ phase: 'WAKE_UP', activeSeat: 'seat:ann', prioritySeat: 'seat:ann', passes: 0 });
    expect(doc.state.stack).toEqual([
      { id: 1, seat: 'seat:ann', card: 'Coffee', type: 'INSTANT' },
      { id: 2, seat: 'seat:bob', card: 'Excuse', type: 'INSTANT' },
    ]);
    expect(doc.state.seats['seat:bob'].time).toBe(2); // Excuse cost 1 of bob's 3
  });

  it('the response resolves first (LIFO), one item at a time, and one-shots go to the discard', async () => {
    const afterFirst = await replayJson(7);
    expect(afterFirst.state.stack.map((i: { card: string }) => i.card)).toEqual(['Coffee']);
    expect(afterFirst.state.seats['seat:bob'].discard).toEqual(['Excuse']);
    expect(afterFirst.state).toMatchObject({ phase: 'WAKE_UP', prioritySeat: 'seat:ann', passes: 0 });
    const afterSecond = await replayJson(9);
    expect(afterSecond.state.stack).toEqual([]);
    expect(afterSecond.state.seats['seat:ann'].discard).toEqual(['Coffee']);
    expect(afterSecond.state.phase).toBe('WAKE_UP'); // a resolution does not end the phase
  });

  it("a permanent goes to its controller's board, a task to the discard, and Time is paid when the card goes on the stack", async () => {
    const onStack = await replayJson(12);
    expect(onStack.state.phase).toBe('PLAN');
    expect(onStack.state.stack).toEqual([{ id: 3, seat: 'seat:ann', card: 'Toaster', type: 'APPLIANCE' }]);
    expect(onStack.state.seats['seat:ann'].time).toBe(2);
    const doc = await replayJson(17);
    expect(doc.state.seats['seat:ann']).toMatchObject({ board: ['Toaster'], discard: ['Coffee', 'Laundry'], time: 1 });
  });

  it("when WIND_DOWN ends the next seat's turn begins at RESET, and Wake Up refreshes its Time and draws it a card", async () => {
    const endOfTurn1 = await replayJson(23);
    expect(endOfTurn1.state).toMatchObject({
      turn: 2,
      phase: 'RESET',
      activeSeat: 'seat:bob',
      prioritySeat: 'seat:bob',
    });
    expect(endOfTurn1.state.seats['seat:bob']).toMatchObject({ time: 2, deck: 1, hand: ['Journaling', 'Second Wind'] });
    const wakeUp = await replayJson(25);
    expect(wakeUp.state.phase).toBe('WAKE_UP');
    expect(wakeUp.state.seats['seat:bob']).toMatchObject({
      time: 3,
      deck: 0,
      hand: ['Journaling', 'Second Wind', 'Kettle'],
    });
  });

  it('the game ends after turn 2 with nobody holding priority, and the move table has one sparse row per ply', async () => {
    const doc = await replayJson();
    expect(doc.ok).toBe(true);
    expect(doc.applied).toBe(36);
    expect(doc.turnModel).toBe('sequenced');
    expect(doc.state).toMatchObject({
      status: 'over',
      prioritySeat: null,
      toAct: [],
      winners: ['seat:ann', 'seat:bob'],
    });
    expect(doc.rounds).toHaveLength(36);
    expect(doc.rounds[0]).toEqual(['pass', null]);
    expect(doc.rounds[1]).toEqual([null, 'pass']);
    expect(doc.rounds[4]).toEqual([null, { move: 'cast Excuse', sequence: 5 }]);
  });
});

describe('turn navigation consumes no randomness', () => {
  it('two tables with the same decks and different seeds play the same moves to the same state', async () => {
    const log = JSON.parse(await readFile(logFile, 'utf8'));
    const one = createTable(mundane, { ...log, seed: 1 });
    const other = createTable(mundane, { ...log, seed: 'another seed' });
    for (const move of log.moves) {
      one.play(move);
      other.play(move);
      expect(other.state).toEqual(one.state);
    }
  });
});
