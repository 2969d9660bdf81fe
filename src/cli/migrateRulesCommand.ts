/**
 * `plystack migrate-rules [PATH] [--write]`: adds `"strategy": "PerRound"` to
 * turn rules that declare no strategy, and gives the migrated rules the next
 * revision. Reports without --write. Saved tables (logs, persisted snapshots)
 * are left alone, and the report says so.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Json, migrateRulesDocument, savedTable } from '../progression/migrate.js';
import { addRevisionText } from '../progression/migrateText.js';
import { type Command, EXIT } from './commands.js';
import { fail } from './output.js';
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
  description:
    'Adds "strategy": "PerRound" and the next "revision" to turn rules (under "turns" keys, or whole *.rules.json files) that declare no strategy; saved logs and snapshots are left as they are.',
  positionals: '[PATH]',
  options: {
    write: { type: 'boolean', description: 'write the changes (without it, only report them)' },
  },
  async run({ positionals, values }, io) {
    if (positionals.length > 1) return fail(io, 'PATH: give one file or folder');
    const root = positionals[0] ?? '.';
    let files: string[];
    try {
      files = await jsonFiles(root);
    } catch (error) {
      return fail(io, `PATH: cannot read ${root}: ${(error as Error).message}`);
    }
    let total = 0;
    let touched = 0;
    let skipped = 0;
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
      const saved = savedTable(document);
      if (saved !== null) {
        // A saved table stays bound to the rules it was opened with: plystack replay refuses it with RULES_REVISION.
        skipped++;
        io.out(
          clip(
            `${file}: skipped: a saved ${saved === 'log' ? 'log' : 'snapshot'} keeps the rules it was opened with (${result.changes.length} rules object(s) without a strategy are left as they are)`,
          ),
        );
        continue;
      }
      if (values.write === true) {
        // The file's own text with the strategies and revisions inserted: nothing else in it changes.
        const revisions = new Map(
          result.changes.map((change) => [change.path, revisionAt(result.document, change.path)]),
        );
        const strategies = migrateRulesText(text, wholeIsRules);
        const migrated = addRevisionText(strategies.text, revisions);
        if (
          strategies.changed !== result.changes.length ||
          migrated.changed !== result.changes.length ||
          !sameJson(JSON.parse(migrated.text), result.document)
        ) {
          io.err(
            `${file}: not written: its rules objects could not be edited in place (a key given twice?); add "strategy": "PerRound" and the next "revision" by hand`,
          );
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
      for (const change of result.changes) {
        const revision = revisionAt(result.document, change.path);
        io.out(
          clip(
            `${file}: ${change.path}: ${values.write ? 'added' : 'needs'} "strategy": "PerRound" (rules revision ${revision})`,
          ),
        );
      }
    }
    if (skipped > 0)
      io.out(
        `left ${skipped} saved log(s) or snapshot(s) as they are: a saved table keeps the rules revision it was opened with`,
      );
    if (total === 0) io.out(`nothing to migrate: every rules object in ${root} declares its strategy`);
    else if (values.write === true) io.out(`migrated ${total} rules object(s) in ${touched} file(s)`);
    else
      io.out(
        `${total} rules object(s) in ${touched} file(s) declare no strategy; run again with --write to add "strategy": "PerRound"`,
      );
    return failed ? EXIT.invalid : EXIT.ok;
  },
};

/** The revision the migration gave the rules object at `path` of the migrated document. */
function revisionAt(document: Json, path: string): number {
  let node: Json | undefined = document;
  if (path !== '(the whole file)')
    for (const step of path.split('.')) node = (node as { [key: string]: Json } | Json[] | null)?.[step as never];
  return (node as { revision?: number } | undefined)?.revision ?? 2;
}

/** Whether two JSON values are the same, members in the same order. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
