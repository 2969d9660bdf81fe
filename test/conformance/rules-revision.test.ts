/**
 * Migration touches rules, never saved tables. The rules: no "rewriting of
 * saves, bundles and historical revisions" ("reescrita de saves, bundles e
 * revisões históricas"); "migrated content gets another revision; a run stays
 * bound to the version and revision it captured" ("O conteúdo migrado ganha
 * outra revisão; a execução de uma run continua vinculada à versão e revisão
 * capturadas").
 */

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processIo, run } from '../../src/cli/main.js';
import { sandbox } from '../../src/games/index.js';
import { createTable, InvalidTable, openFromLog, replay } from '../../src/index.js';
import { savedTable } from '../../src/progression/migrate.js';
import { addRevisionText } from '../../src/progression/migrateText.js';
import { runCli } from '../support/cli.js';

const SEATS = ['seat:a', 'seat:b'];
/** A log saved before rules declared their strategy: its rules object has none. */
const OLD_LOG = {
  game: 'sandbox',
  version: '1',
  table: 'table:old',
  seats: SEATS,
  seed: 1,
  options: { phases: [{ name: 'main', turns: { movesPerTurn: 1 } }] },
  moves: [{ type: 'play', seat: 'seat:a' }],
};

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { ...processIo, out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) },
  };
}

describe('migrate-rules leaves saved tables alone and gives migrated rules a new revision', () => {
  it('a folder with rules, a saved log and a persisted snapshot: only the rules are written; the log and the snapshot are reported as skipped and stay byte for byte', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plystack-revision-'));
    const rules = join(dir, 'game.json');
    const log = join(dir, 'saved-log.json');
    const snapshot = join(dir, 'saved-snapshot.json');
    const logText = `${JSON.stringify(OLD_LOG, null, 2)}\n`;
    const snapshotText = JSON.stringify({
      status: 'active',
      value: {},
      context: { opening: { givenOptions: { phases: [{ name: 'main', turns: {} }] } } },
    });
    await writeFile(rules, '{\n  "phases": [{ "name": "main", "turns": { "movesPerTurn": 1 } }]\n}\n');
    await writeFile(log, logText);
    await writeFile(snapshot, snapshotText);
    const { out, err, io } = capture();

    expect(await run(['migrate-rules', dir, '--write'], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toContain(
      `${log}: skipped: a saved log keeps the rules it was opened with (1 rules object(s) without a strategy are left as they are)`,
    );
    expect(out).toContain(
      `${snapshot}: skipped: a saved snapshot keeps the rules it was opened with (1 rules object(s) without a strategy are left as they are)`,
    );
    expect(out).toContain(`${rules}: phases.0.turns: added "strategy": "PerRound" (rules revision 2)`);
    expect(await readFile(log, 'utf8')).toBe(logText);
    expect(await readFile(snapshot, 'utf8')).toBe(snapshotText);
    expect(await readFile(rules, 'utf8')).toBe(
      '{\n  "phases": [{ "name": "main", "turns": { "strategy": "PerRound", "movesPerTurn": 1, "revision": 2 } }]\n}\n',
    );
  });

  it('tells a saved table from rules: a log has a game and moves, a snapshot a context with its opening', () => {
    expect(savedTable(OLD_LOG)).toBe('log');
    expect(savedTable({ status: 'active', value: {}, context: { opening: {} } })).toBe('snapshot');
    expect(savedTable({ phases: [], moves: ['not', 'a', 'log'] })).toBeNull();
  });

  it("writes the revision in the object's own formatting, last, compact or indented", () => {
    expect(addRevisionText('{"turns":{"strategy":"PerRound"}}', new Map([['turns', 2]]))).toEqual({
      text: '{"turns":{"strategy":"PerRound","revision":2}}',
      changed: 1,
    });
    expect(
      addRevisionText('{\n  "strategy": "PerRound",\n  "movesPerTurn": 2\n}', new Map([['(the whole file)', 3]])).text,
    ).toBe('{\n  "strategy": "PerRound",\n  "movesPerTurn": 2,\n  "revision": 3\n}');
    expect(addRevisionText('[{"turns":{"a":1}},{"turns":{"b":2}}]', new Map([['1.turns', 2]])).text).toBe(
      '[{"turns":{"a":1}},{"turns":{"b":2,"revision":2}}]',
    );
  });
});

describe("a table's log records the rules revision it was opened with", () => {
  const options = (revision?: number) => ({
    phases: [
      {
        name: 'main',
        turns: { strategy: 'PerRound', movesPerTurn: 1, ...(revision === undefined ? {} : { revision }) },
      },
    ],
  });

  it('rulesRevision is 1 for rules that declare none, and the revision the rules declare otherwise; the log replays', () => {
    expect(
      createTable(sandbox, { table: 'table:r', seats: SEATS, seed: 1, options: options() }).log.rulesRevision,
    ).toBe(1);
    const table = createTable(sandbox, { table: 'table:r', seats: SEATS, seed: 1, options: options(2) });
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.log.rulesRevision).toBe(2);
    expect(replay(table.log).state).toEqual(table.state);
  });

  it('a log whose recorded revision is not the revision of the rules it would replay against is refused with RULES_REVISION', () => {
    const table = createTable(sandbox, { table: 'table:r', seats: SEATS, seed: 1, options: options(2) });
    const refused = (() => {
      try {
        openFromLog({ ...table.log, rulesRevision: 1 });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(InvalidTable);
    expect(refused).toMatchObject({ code: 'RULES_REVISION', path: 'rulesRevision' });
  });

  it('a log without rulesRevision (written before it was recorded) replays against the rules in its options', () => {
    const { rulesRevision: _absent, ...older } = createTable(sandbox, {
      table: 'table:r',
      seats: SEATS,
      seed: 1,
      options: options(),
    }).log;
    expect(replay(older).log.rulesRevision).toBe(1);
  });

  it('an old log whose rules predate strategies is refused with RULES_REVISION, naming the rules object; plystack replay exits 2', async () => {
    expect(() => openFromLog(OLD_LOG)).toThrow(
      expect.objectContaining({ code: 'RULES_REVISION', path: 'options.phases.0.turns' }),
    );
    const dir = await mkdtemp(join(tmpdir(), 'plystack-old-log-'));
    const file = join(dir, 'old.json');
    await writeFile(file, JSON.stringify(OLD_LOG));
    const { code, err } = await runCli(['replay', file]);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/RULES_REVISION/);
  });
});
