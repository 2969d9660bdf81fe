import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processIo, run } from '../../src/cli/main.js';
import { migrateRulesDocument } from '../../src/progression/migrate.js';
import { readTurnRules } from '../../src/progression/rules.js';

describe('turn rules declare their strategy', () => {
  it('refuses rules without a strategy, saying how to fix them, instead of falling back silently', () => {
    const read = readTurnRules({ movesPerTurn: 2 });
    expect(read).toMatchObject({ ok: false, path: 'strategy' });
    expect(!read.ok && read.message).toMatch(/"strategy": "PerRound".*migrate-rules/);
  });

  it("reads each strategy, filling Circular's defaults", () => {
    for (const strategy of ['PerRound', 'Initiative', 'Simultaneous', 'Free'])
      expect(readTurnRules({ strategy })).toMatchObject({ ok: true, rules: { strategy } });
    expect(readTurnRules({ strategy: 'Circular' })).toEqual({
      ok: true,
      rules: {
        strategy: 'Circular',
        circular: {
          initialDirection: 'Forward',
          firstActor: 'FirstInOrder',
          roundPolicy: 'ActivationCount',
          allowSelfSuccessor: false,
        },
      },
    });
  });

  it('refuses an unknown strategy and unknown settings, naming the field', () => {
    expect(readTurnRules({ strategy: 'Random' })).toMatchObject({ ok: false, path: 'strategy' });
    expect(readTurnRules({ strategy: 'Circular', circular: { initialDirection: 'Sideways' } })).toMatchObject({
      ok: false,
      path: 'circular.initialDirection',
    });
    expect(readTurnRules({ strategy: 'PerRound', speed: 3 })).toMatchObject({ ok: false });
  });
});

describe('migrating rules to an explicit strategy', () => {
  it('adds PerRound where the strategy is missing, keeps every other property, and leaves declared strategies alone', () => {
    const before = {
      phases: [
        { name: 'main', turns: { movesPerTurn: 2, outOfTurn: ['react'] } },
        { name: 'combat', turns: { strategy: 'Initiative' } },
      ],
      title: 'x',
    };
    const { document, changes } = migrateRulesDocument(before, false);
    expect(changes).toEqual([{ path: 'phases.0.turns' }]);
    // Migrated rules are another revision of the rules: 2, after the unmigrated 1.
    expect(document).toEqual({
      phases: [
        { name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2, outOfTurn: ['react'], revision: 2 } },
        { name: 'combat', turns: { strategy: 'Initiative' } },
      ],
      title: 'x',
    });
    expect(before.phases[0]?.turns).toEqual({ movesPerTurn: 2, outOfTurn: ['react'] });
    expect(migrateRulesDocument(document, false).changes).toEqual([]);
  });

  it('treats a whole *.rules.json file as one rules object', () => {
    expect(migrateRulesDocument({ movesPerTurn: 1 }, true)).toEqual({
      document: { strategy: 'PerRound', movesPerTurn: 1, revision: 2 },
      changes: [{ path: '(the whole file)' }],
    });
  });

  it('plystack migrate-rules reports without --write, writes with it, and changes nothing on a second run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plystack-rules-'));
    await mkdir(join(dir, 'phases'));
    const game = join(dir, 'phases', 'game.json');
    const combat = join(dir, 'combat.rules.json');
    await writeFile(game, JSON.stringify({ turns: { movesPerTurn: 2 } }));
    await writeFile(combat, JSON.stringify({ strategy: 'Circular', circular: { allowSelfSuccessor: true } }));
    const out: string[] = [];
    const io = { ...processIo, out: (text: string) => void out.push(text), err: (text: string) => void out.push(text) };

    expect(await run(['migrate-rules', dir], io)).toBe(0);
    expect(out.join('\n')).toContain(`${game}: turns: needs "strategy": "PerRound"`);
    expect(JSON.parse(await readFile(game, 'utf8'))).toEqual({ turns: { movesPerTurn: 2 } });

    out.length = 0;
    expect(await run(['migrate-rules', dir, '--write'], io)).toBe(0);
    expect(out.join('\n')).toContain('migrated 1 rules object(s) in 1 file(s)');
    expect(JSON.parse(await readFile(game, 'utf8'))).toEqual({
      turns: { strategy: 'PerRound', movesPerTurn: 2, revision: 2 },
    });
    expect(JSON.parse(await readFile(combat, 'utf8'))).toEqual({
      strategy: 'Circular',
      circular: { allowSelfSuccessor: true },
    });

    out.length = 0;
    const written = await readFile(game, 'utf8');
    expect(await run(['migrate-rules', dir, '--write'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^nothing to migrate/);
    expect(await readFile(game, 'utf8')).toBe(written);
  });

  it('exits 2 for a path that does not exist', async () => {
    const err: string[] = [];
    expect(
      await run(['migrate-rules', '/nonexistent/rules'], { ...processIo, err: (text) => void err.push(text) }),
    ).toBe(2);
    expect(err.join('\n')).toMatch(/^PATH: cannot read/);
  });
});
