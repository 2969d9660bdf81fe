import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayJson as replayFile, runCli } from '../support/cli.js';

/** `plystack replay examples/<name> --json`, parsed; it must apply every move. */
async function replayJson(name: string) {
  const { code, doc, err } = await replayFile(join(import.meta.dirname, '..', '..', 'examples', name));
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return doc;
}

const actors = (doc: { plies: { actor: string | null }[] }) => doc.plies.map((p) => p.actor);

describe('the sandbox examples replay with plystack replay --json', () => {
  it('sandbox-circular.json: the owner opens, a reverse returns the turn, a skip passes a seat, a set-direction turns play forward', async () => {
    const doc = await replayJson('sandbox-circular.json');
    expect(actors(doc)).toEqual([
      'seat:b',
      'seat:b',
      'seat:c',
      'seat:c',
      'seat:b',
      'seat:b',
      'seat:d',
      'seat:d',
      'seat:a',
      'seat:a',
    ]);
    // four activations make a round under ActivationCount with four seats
    expect(doc.plies.map((p: { round: number }) => p.round)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(doc.state).toMatchObject({ direction: 1, activeSeat: 'seat:b', round: 2 });
    expect(doc.turnModel).toBe('sequenced');
  });

  it('sandbox-phases.json: a simultaneous planning round, initiative combat with a delay and an out-of-turn reaction, then a free market', async () => {
    const doc = await replayJson('sandbox-phases.json');
    expect(doc.plies[6]).toMatchObject({ actor: null, notation: 'end turn' });
    expect(doc.plies[8]).toMatchObject({ actor: 'seat:b', notation: 'delay after seat:c' });
    expect(doc.plies[10]).toMatchObject({ actor: 'seat:a', notation: 'react' });
    expect(doc.state).toMatchObject({ gamePhase: 'market', activeSeat: null, toAct: ['seat:a', 'seat:b', 'seat:c'] });
    expect(doc.state.seats).toEqual({ 'seat:a': { played: 4 }, 'seat:b': { played: 2 }, 'seat:c': { played: 3 } });
  });

  it('sandbox-refill.json: seat:p3 owes a supplemental ply and makes it at once; eliminated and departed seats are skipped', async () => {
    const doc = await replayJson('sandbox-refill.json');
    expect(actors(doc).slice(0, 5)).toEqual(['seat:p1', 'seat:p2', 'seat:p3', 'seat:p3', 'seat:p4']);
    expect(doc.rounds[3]).toEqual([null, null, { move: 'play', sequence: 4 }, null]);
    expect(doc.state).toMatchObject({ out: ['seat:p2', 'seat:p4'], activeSeat: 'seat:p1', obligation: null });
    expect(actors(doc).slice(5)).toEqual(['seat:p1', 'seat:p3', 'seat:p4', 'seat:p1', 'seat:p3']);
  });
});

describe('sandbox: the game ends turns and phases', () => {
  it('sandbox-flow.json: a draft that ends when its round is over, a card and a condition that end turns, a card that moves to the market', async () => {
    const doc = await replayJson('sandbox-flow.json');
    const at = (p: { round: number; actor: string | null; notation: string }) => `${p.round} ${p.actor} ${p.notation}`;
    expect(doc.plies.map(at)).toEqual([
      '1 seat:a play',
      '1 seat:a end turn',
      // finish ends seat:b's turn by its outcome
      '1 seat:b finish',
      // the round is over as seat:c ends its turn: the draft ends there, and main begins with round 2
      '1 seat:c end turn',
      // seat:a leads after one card: turnEndIf ahead ends its turn; seat:b needs two cards to lead
      '2 seat:a play',
      '2 seat:b play',
      '2 seat:b play',
      // advance takes the declared transition score
      '2 seat:c advance score',
      '3 seat:c play',
      '3 seat:a play',
    ]);
    // six turns before the market, the seventh in it: no turn was lost to ending the draft
    expect(doc.state).toMatchObject({ gamePhase: 'market', turn: 7, round: 3 });
  });
});

describe('sandbox with lifecycle hooks', () => {
  it('sandbox-hooks.json: the draft counts its start, drops the seat that played nothing as it ends; main scores a card as each turn starts and counts each turn that ends', async () => {
    const doc = await replayJson('sandbox-hooks.json');
    // The routines record no ply: the log's nine moves are the plies.
    expect(doc.plies).toHaveLength(9);
    expect(doc.plies.map((p: { actor: string | null }) => p.actor).slice(5)).toEqual([
      'seat:a',
      'seat:a',
      // seat:b was dropped as the draft ended: the order skips it
      'seat:c',
      'seat:a',
    ]);
    expect(doc.state).toMatchObject({
      status: 'over',
      out: ['seat:b'],
      // seat:a: a card in the draft, one in main, and a bonus as each of its two turns in main started
      seats: { 'seat:a': { played: 4 }, 'seat:b': { played: 0 }, 'seat:c': { played: 2 } },
      // once as the draft began, and once as each of main's three turns ended
      game: { tally: 4 },
      winners: ['seat:a'],
    });
  });
});

describe('sandbox with orders from the pieces', () => {
  it('sandbox-orders.json: a card names the next seat, the draft goes fewest cards first, play starts after the last drafter', async () => {
    const doc = await replayJson('sandbox-orders.json');
    const at = (p: { round: number; actor: string | null; notation: string }) => `${p.round} ${p.actor} ${p.notation}`;
    expect(doc.plies.map(at)).toEqual([
      '1 seat:a play',
      '1 seat:a pass to seat:c',
      '1 seat:a end turn',
      // seat:b is passed over; after seat:c the turn would come back to seat:a: the round, and main, are over
      '1 seat:c end turn',
      // the draft, fewest cards first: seat:b and seat:c have none, seat:b comes first in table order; seat:a last
      '2 seat:b play',
      '2 seat:b end turn',
      '2 seat:c end turn',
      '2 seat:a end turn',
      // play starts after seat:a, whose turn ended the draft
      '3 seat:b play',
    ]);
    expect(doc.state).toMatchObject({ gamePhase: 'play', activeSeat: 'seat:b', round: 3 });
  });
});

describe('sandbox with a response window', () => {
  it('sandbox-windows.json: a militia card makes every other seat respond, then seat:a plays on and its turn ends', async () => {
    const doc = await replayJson('sandbox-windows.json');
    const at = (p: { round: number; actor: string | null; notation: string }) => `${p.round} ${p.actor} ${p.notation}`;
    expect(doc.plies.map(at)).toEqual([
      '1 seat:a call militia',
      // the window waits for seat:b and seat:c, in any order
      '1 seat:b react',
      '1 seat:c react',
      // seat:b's second card ends its part (movesPerSeat 2); seat:c ends its own part after one
      '1 seat:b react',
      '1 seat:c end turn',
      // the window's cards count in no turn: seat:a's second card spends its movesPerTurn
      '1 seat:a play',
      '1 seat:b play',
    ]);
    expect(doc.state).toMatchObject({ activeSeat: 'seat:b', turn: 2, window: null });
  });
});

describe('sandbox with a minimum of moves', () => {
  it('sandbox-min-moves.json: seat:a may end its turn after its second card (an out-of-turn react counts for nobody), seat:b plays its three', async () => {
    const doc = await replayJson('sandbox-min-moves.json');
    const at = (p: { round: number; actor: string | null; notation: string }) => `${p.round} ${p.actor} ${p.notation}`;
    expect(doc.plies.map(at)).toEqual([
      '1 seat:a play',
      // seat:b's react is out of turn: it counts in no turn
      '1 seat:b react',
      '1 seat:a play',
      // two cards made: minMovesPerTurn lets seat:a end its turn
      '1 seat:a end turn',
      '1 seat:b play',
      '1 seat:b play',
      // the third card spends movesPerTurn: the turn ends by itself
      '1 seat:b play',
      '2 seat:a play',
    ]);
    expect(doc.state).toMatchObject({ activeSeat: 'seat:a', turn: 3, movesThisTurn: 1 });
  });

  it('a log that ends a turn short of the minimum is refused at that move, naming the rule', async () => {
    const bad = join(await mkdtemp(join(tmpdir(), 'plystack-min-moves-')), 'short.json');
    const log = JSON.parse(
      await readFile(join(import.meta.dirname, '..', '..', 'examples', 'sandbox-min-moves.json'), 'utf8'),
    );
    await writeFile(
      bad,
      JSON.stringify({ ...log, moves: [log.moves[0], { type: 'engine.end-turn', seat: 'seat:a' }] }),
    );
    const { code, err } = await runCli(['replay', bad]);
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(
      'move 1: REFUSED: seat:a makes at least 2 moves before ending its turn (minMovesPerTurn)',
    );
  });
});

describe('sandbox with priority windows', () => {
  it('sandbox-priority.json: backward play, a response on the stack resolving first, and seat:b passing automatically until its turn', async () => {
    const doc = await replayJson('sandbox-priority.json');
    expect(doc.turnModel).toBe('sequenced');
    // seat:b's passes are plies of his (made by the engine), though the log holds only his stop
    const bob = doc.plies.filter((p: { actor: string }) => p.actor === 'seat:b');
    expect(
      bob.map((p: { notation: string; automatic?: boolean }) => `${p.notation}${p.automatic ? ' (auto)' : ''}`),
    ).toEqual(['auto-pass until my turn', 'pass (auto)', 'pass (auto)', 'pass (auto)', 'pass (auto)', 'pass (auto)']);
    expect(doc.applied).toBe(14);
    expect(doc.plies).toHaveLength(19);
    // direction -1: after seat:a comes seat:c, whose turn it now is
    expect(doc.state).toMatchObject({ turn: 2, phase: 'UPKEEP', activeSeat: 'seat:c', direction: -1, stack: [] });
  });
});

describe('the record of a game', () => {
  it('plystack replay --record gives the header with the turn model and, once over, the winners, and the move table', async () => {
    const { code, out } = await runCli([
      'replay',
      join(import.meta.dirname, '..', '..', 'examples', 'mundane-rules.json'),
      '--record',
    ]);
    expect(code).toBe(0);
    const record = JSON.parse(out.join('\n'));
    expect(Object.keys(record)).toEqual(['header', 'rounds']);
    expect(record.header).toMatchObject({
      game: 'mundane',
      version: '1',
      'turn-model': 'sequenced',
      table: 'table:rules',
      seats: ['seat:ann', 'seat:bob'],
      seed: 2026,
      winners: ['seat:ann', 'seat:bob'],
    });
    expect(record.rounds).toHaveLength(36);
    expect(record.rounds[0]).toEqual(['pass', null]);
  });

  it('a game still on has no winners in its header', async () => {
    const { createTable, gameRecord } = await import('../../src/index.js');
    const { sandbox } = await import('../../src/games/index.js');
    const table = createTable(sandbox, { table: 'table:on', seats: ['seat:a', 'seat:b'], seed: 1, options: {} });
    table.play({ type: 'play', seat: 'seat:a' });
    const record = gameRecord({ log: table.log, plies: table.plies, state: table.state, turnModel: table.turnModel });
    expect(record.header).not.toHaveProperty('winners');
    // A PerRound turn without movesPerTurn: 1 lets a seat play and then end its turn, two plies in a round.
    expect(record.header['turn-model']).toBe('sequenced');
    expect(record.rounds).toEqual([['play', null]]);
  });
});

describe("a game's table-wide public state", () => {
  it("shows in state.game: the circular table's top card, colour, pile and debt; frogger's market", async () => {
    const { replay } = await import('../../src/index.js');
    const log = (name: string) =>
      readFile(join(import.meta.dirname, '..', '..', 'examples', name), 'utf8').then(JSON.parse);
    const circular = replay(await log('circular-table-rules.json'));
    expect(Object.keys(circular.state.game)).toEqual(['top', 'colour', 'pile', 'discard', 'debt']);
    expect(typeof circular.state.game.top).toBe('string');
    const frogger = replay(await log('frogger-refills.json'));
    expect(Array.isArray(frogger.state.game.market)).toBe(true);
    expect(replay(await log('mundane-rules.json')).state.game).toEqual({});
  });
});
