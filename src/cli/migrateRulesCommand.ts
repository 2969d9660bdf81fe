/**
 * `plystack migrate-rules [PATH] [--write]`: adds `"strategy": "PerRound"` to
 * turn rules that declare no strategy. Reports without --write.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migrateRulesDocument } from '../progression/migrate.js';
import { EXIT, type Command } from './commands.js';

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
    for (const file of files) {
      let document;
      try {
        document = JSON.parse(await io.readFile(file));
      } catch {
        io.err(`${file}: skipped, not JSON`);
        continue;
      }
      const result = migrateRulesDocument(document, file.endsWith('.rules.json'));
      if (result.changes.length === 0) continue;
      total += result.changes.length;
      touched++;
      for (const change of result.changes) io.out(`${file}: ${change.path}: ${values.write ? 'added' : 'needs'} "strategy": "PerRound"`);
      if (values.write === true) await io.writeFile(file, `${JSON.stringify(result.document, null, 2)}\n`);
    }
    if (total === 0) io.out(`nothing to migrate: every rules object in ${root} declares its strategy`);
    else if (values.write === true) io.out(`migrated ${total} rules object(s) in ${touched} file(s)`);
    else io.out(`${total} rules object(s) in ${touched} file(s) declare no strategy; run again with --write to add "strategy": "PerRound"`);
    return EXIT.ok;
  },
};
