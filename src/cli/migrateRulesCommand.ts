/**
 * `plystack migrate-rules [PATH] [--write]`: adds `"strategy": "PerRound"` to
 * turn rules that declare no strategy. Reports without --write.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migrateRulesDocument } from '../progression/migrate.js';
import { EXIT, type Command } from './commands.js';
import { migrateRulesText } from './rulesText.js';
import { clip, decodeUtf8, InvalidUtf8 } from './text.js';

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git']);

async function jsonFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  const found: string[] = [];
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...(await jsonFiles(child)));
    else if (entry.name.endsWith('.json')) found.push(child);
  }
  return found;
}

export const migrateRulesCommand: Command = {
  name: 'migrate-rules',
  description: 'Adds "strategy": "PerRound" to turn rules (under "turns" keys, or whole *.rules.json files) that declare no strategy.',
  positionals: '[PATH]',
  options: {
    write: { type: 'boolean', description: 'write the changes (without it, only report them)' },
  },
  async run({ positionals, values }, io) {
    if (positionals.length > 1) return io.err('PATH: give one file or folder'), EXIT.invalid;
    const root = positionals[0] ?? '.';
    let files: string[];
    try {
      files = await jsonFiles(root);
    } catch (error) {
      return io.err(`PATH: cannot read ${root}: ${(error as Error).message}`), EXIT.invalid;
    }
    let total = 0;
    let touched = 0;
    let failed = false;
    for (const file of files) {
      let text: string;
      let document: unknown;
      try {
        text = decodeUtf8(await io.readFile(file));
        document = JSON.parse(text);
      } catch (error) {
        io.err(`${file}: skipped, ${error instanceof InvalidUtf8 ? `not UTF-8: ${error.message}` : 'not JSON'}`);
        continue;
      }
      const wholeIsRules = file.endsWith('.rules.json');
      const result = migrateRulesDocument(document, wholeIsRules);
      if (result.changes.length === 0) continue;
      if (values.write === true) {
        // The file's own text with the strategies inserted: nothing else in it changes.
        const migrated = migrateRulesText(text, wholeIsRules);
        if (migrated.changed !== result.changes.length || migrateRulesDocument(JSON.parse(migrated.text), wholeIsRules).changes.length > 0) {
          io.err(`${file}: not written: its rules objects could not be edited in place (a key given twice?); add "strategy": "PerRound" by hand`);
          continue;
        }
        try {
          await io.writeFile(file, migrated.text);
        } catch (error) {
          io.err(`${file}: cannot write: ${(error as Error).message}`);
          failed = true;
          continue;
        }
      }
      total += result.changes.length;
      touched++;
      for (const change of result.changes) io.out(clip(`${file}: ${change.path}: ${values.write ? 'added' : 'needs'} "strategy": "PerRound"`));
    }
    if (total === 0) io.out(`nothing to migrate: every rules object in ${root} declares its strategy`);
    else if (values.write === true) io.out(`migrated ${total} rules object(s) in ${touched} file(s)`);
    else io.out(`${total} rules object(s) in ${touched} file(s) declare no strategy; run again with --write to add "strategy": "PerRound"`);
    return failed ? EXIT.invalid : EXIT.ok;
  },
};
