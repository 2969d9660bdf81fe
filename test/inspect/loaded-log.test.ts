/**
 * A log loaded into the inspector lists what its table emitted, as if it had
 * been played in the page: its plies are played again on the fast runner (as
 * a remote table's are), each event a line by the in-page rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLog } from '../../visualizer/src/model/localSession.js';

const example = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'examples', name), 'utf8')) as { moves: unknown[] };

describe('a log loaded into the inspector', () => {
  it('sandbox-hooks.json lists a line for each ply, the turns, seat:b going out as the draft ends, and the game over, then the note', () => {
    const session = openLog(example('sandbox-hooks.json'));
    const lines = session.events.entries;
    expect(lines.filter((line) => line.kind === 'move')).toHaveLength(session.table.plies.length);
    const out = lines.filter((line) => line.type === 'seat.out');
    expect(out.map((line) => line.text)).toEqual(['seat:b is out (turn 3)']);
    expect(lines.some((line) => line.type === 'turn.started')).toBe(true);
    // Each kind of event reads as words: the draft's round ends as the phase changes to main, whose turns go on in rounds.
    const flow = lines.filter((line) => line.type.startsWith('game-phase') || line.type.startsWith('round'));
    expect(flow.map((line) => line.text)).toEqual([
      'round 1 ends',
      'game phase main (turn 4)',
      'round 2 ends',
      'round 3 starts',
    ]);
    expect(lines.at(-2)?.type).toBe('game.over');
    expect(lines.at(-1)).toMatchObject({ kind: 'note', text: 'loaded table:hooks-lab: 9 moves replayed' });
    session.table.stop();
  });

  it('a log refused part way lists the lines of the moves it played, then the note saying where it stopped', () => {
    const log = example('sandbox-hooks.json');
    const cut = { ...log, moves: [...log.moves.slice(0, 2), { type: 'engine.pass', seat: 'seat:zed' }] };
    const session = openLog(cut);
    const lines = session.events.entries;
    expect(lines.filter((line) => line.kind === 'move')).toHaveLength(2);
    expect(lines.at(-1)?.text).toMatch(
      /^loaded table:hooks-lab: only the first 2 moves; move 2 was refused: UNKNOWN_SEAT/,
    );
    session.table.stop();
  });
});
