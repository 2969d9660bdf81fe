/**
 * One process at a time in a PGlite data folder: PGlite takes no lock of its own, and two processes writing one
 * folder corrupt it. The holder's process id is written to a file in the folder, linked into place whole and only if it is not there;
 * a file whose process is gone (killed with kill -9, crashed, the machine restarted) is stale and is taken over.
 */
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock's file in the data folder: the holder's process id. */
export const LOCK_FILE = 'plystack.pid';

/** The folders this process holds, so that its own process id in a file it did not write reads as stale. */
const held = new Set<string>();

/** The data folder is held by a live process. */
export class FolderInUse extends Error {
  readonly code = 'FOLDER_IN_USE';

  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `${folder} is in use by another plystack server (process ${pid}): stop that one, or give another folder; ` +
        `if no such server runs, remove ${join(folder, LOCK_FILE)}`,
    );
  }
}

/** Whether a process with this id runs (one of another user's answers EPERM: it runs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id in the lock file, or null when it is gone or holds none. */
function holder(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  return pid !== null && pid > 0 ? pid : null;
}

/**
 * Takes the folder (which must exist) for this process; returns what gives it back. Throws `FolderInUse` when a live
 * process holds it, this one included.
 *
 * @example
 * const release = lockFolder('./.plystack'); … release()
 */
export function lockFolder(folder: string): () => void {
  const path = resolve(folder);
  const file = join(path, LOCK_FILE);
  // Written beside and linked into place: a reader never finds the file without its process id.
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(part, file);
        held.add(path);
        return () => {
          held.delete(path);
          if (holder(file) === process.pid) rmSync(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = holder(file);
      if (pid !== null && alive(pid) && (pid !== process.pid || held.has(path))) throw new FolderInUse(path, pid);
      // Stale (its process is gone), or not a lock this server wrote: take it over.
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(part, { force: true });
  }
  throw new FolderInUse(path, holder(file) ?? 0);
}
