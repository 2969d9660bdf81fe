import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayJson } from './support.js';

const dir = join(import.meta.dirname, '..', '..', 'examples');
const logs = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const replayExample = (name: string) => replayJson(join(dir, name));
const actors = (doc: { plies: { actor: string | null }[] }) => doc.plies.map((p) => p.actor);
const notations = (doc: { plies: { notation: string }[] }) => doc.plies.map((p) => p.notation);

describe('every example log replays with plystack replay --json', () => {
  it("finds the example games' logs among them", () => {
    expect(logs).toEqual(
      expect.arrayContaining([
        'circular-table-duel.json',
        'circular-table-rules.json',
        'circular-table-seeded.json',
        'frogger-refills.json',
        'frogger-sequential.json',
        'skirmish.json',
      ]),
    );
  });

  it.each(logs)('%s replays every move (exit 0)', async (name) => {
    const { code, doc, err } = await replayExample(name);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(doc.ok).toBe(true);
  });
});

describe("the example games' logs", () => {
  it('circular-table-rules.json: reverse, the +2 chain, the +4, a skip, a drawn card played, a wild, a catch, recycling and a win', async () => {
    const { doc } = await replayExample('circular-table-rules.json');
    expect(doc.turnModel).toBe('sequenced');
    expect(notations(doc)).toEqual(
      expect.arrayContaining([
        'red-reverse',
        'blue-draw2',
        'wild-draw4:green',
        'green-skip',
        'wild:yellow',
        'catch seat:cat',
        'one card!',
      ]),
    );
    // the reverse sends the turn from seat:ann to seat:dan
    expect(actors(doc).slice(0, 4)).toEqual(['seat:ann', 'seat:ann', 'seat:dan', 'seat:dan']);
    expect(doc.state).toMatchObject({ status: 'over', winners: ['seat:ann'], direction: -1 });
    expect(doc.state.seats['seat:ann']).toMatchObject({ cards: 0 });
  });

  it('circular-table-duel.json: two seats under PerRound, a skip and a reverse each giving another turn', async () => {
    const { doc } = await replayExample('circular-table-duel.json');
    expect(notations(doc).slice(0, 2)).toEqual(['red-skip again', 'red-reverse again']);
    expect(doc.state).toMatchObject({ status: 'over', winners: ['seat:ann'] });
  });

  it("circular-table-seeded.json: a whole game from the seed's deal of 108 cards to the first empty hand", async () => {
    const { doc } = await replayExample('circular-table-seeded.json');
    const cards = Object.values(doc.state.seats as Record<string, { cards: number }>).map((s) => s.cards);
    expect(doc.state.status).toBe('over');
    expect(doc.state.seats[doc.state.winners[0]]).toMatchObject({ cards: 0 });
    expect(cards.filter((n) => n === 0)).toHaveLength(1);
  });

  it("frogger-refills.json: …, p3, p3, … with no passes, one round until the cycle completes, both p3 rows in p3's column", async () => {
    const { doc } = await replayExample('frogger-refills.json');
    expect(doc.turnModel).toBe('sequenced');
    expect(actors(doc).slice(0, 5)).toEqual(['seat:p1', 'seat:p2', 'seat:p3', 'seat:p3', 'seat:p4']);
    expect(notations(doc)).not.toContain('pass');
    expect(doc.plies.slice(0, 6).map((p: { round: number }) => p.round)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(doc.rounds[2]).toEqual([null, null, 'refill!', null]);
    expect(doc.rounds[3]).toEqual([null, null, { move: doc.plies[3].notation, sequence: 4 }, null]);
    expect(doc.state.status).toBe('over');
  });

  it('frogger-sequential.json: without refills, one row per round', async () => {
    const { doc } = await replayExample('frogger-sequential.json');
    expect(doc.turnModel).toBe('sequential');
    expect(doc.rounds).toHaveLength(doc.state.round);
    expect(doc.rounds[0].every((cell: unknown) => typeof cell === 'string')).toBe(true);
    expect(doc.state.status).toBe('over');
  });

  it('skirmish.json: planning, initiative, fight, a dodge, a delay, a timer, a regroup, a second fight and the last squad standing', async () => {
    const { doc } = await replayExample('skirmish.json');
    expect(notations(doc)).toEqual(
      expect.arrayContaining(['orders', '→ fight', 'dodge', 'delay after seat:red', 'rally', '→ regroup']),
    );
    expect(
      doc.plies
        .filter((p: { actor: string | null; notation: string }) => p.actor === null)
        .map((p: { notation: string }) => p.notation),
    ).toEqual([
      'initiative seat:blue=5 seat:green=3 seat:red=1',
      'end turn',
      '→ regroup',
      'end turn',
      'initiative seat:red=6',
    ]);
    expect(doc.state).toMatchObject({ status: 'over', winners: ['seat:red'], out: ['seat:blue', 'seat:green'] });
  });
});
