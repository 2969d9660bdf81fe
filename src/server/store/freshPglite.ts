/**
 * PGlite opened without running initdb each time. initdb is most of the time PGlite takes to open a new database
 * (about 10 s of a 17 s start on a loaded 2-core machine; from a tarball, 4 s), so a new database's files, as initdb
 * leaves them, are kept as a tarball (`dumpDataDir`) and every new database starts from it: one in memory, and one in
 * a data folder that holds no database yet. The tarball is made by the first new database of a process and kept for
 * the next ones, and kept on disk in the user's cache (XDG_CACHE_HOME or ~/.cache, plystack/, about 4.5 MB) under a
 * name that tells PGlite's build (its version and size), for the next processes and installs. It holds nothing but an
 * empty cluster.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE } from './folderLock.js';

/** The tarball of a new database for this process, once read or made (null when none can be had). */
let fresh: Promise<Blob | null> | null = null;

const PREFIX = 'pglite-initdb-';

/**
 * Where the tarball of a new database is kept for this build of PGlite, or null when that cannot be told. A build is
 * told by its version and the size of its WebAssembly, which every install of it shares: a new install of the same
 * PGlite (a fresh `npm ci`) finds the tarball an earlier one kept, where a name with the file's time made one a time.
 */
function freshFile(): string | null {
  try {
    const wasm = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), 'pglite.wasm');
    const { version } = JSON.parse(readFileSync(join(dirname(wasm), '..', 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version)) return null;
    const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
    return join(cache, 'plystack', `${PREFIX}${version}-${statSync(wasm).size}.tar.gz`);
  } catch {
    return null;
  }
}

/**
 * Opens PGlite: in memory when `dataDir` is null, else under `dataDir` (created when missing). A new database, in
 * memory or in a folder that holds none yet, starts from the kept tarball when there is one; a folder that already
 * holds a database is opened as it is.
 */
export async function openFresh(PGliteClass: typeof PGlite, dataDir: string | null): Promise<PGlite> {
  return open(PGliteClass, dataDir, true);
}

async function open(PGliteClass: typeof PGlite, dataDir: string | null, retry: boolean): Promise<PGlite> {
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true });
    // Only an empty folder (but for its lock) is filled from the tarball; anything else is PGlite's to open or to refuse.
    if (readdirSync(dataDir).some((name) => name !== LOCK_FILE)) return PGliteClass.create(dataDir);
  }
  const file = freshFile();
  const tarball = await freshTarball(PGliteClass, file, dataDir !== null);
  if (tarball !== null) {
    try {
      return await PGliteClass.create({ ...(dataDir === null ? {} : { dataDir }), loadDataDir: tarball });
    } catch {
      // Not a tarball this PGlite reads (a broken or foreign file): forget it, empty the folder, and start again
      // from a tarball made anew (once: if that fails too, initdb runs in the folder).
      fresh = null;
      if (file !== null) await rm(file, { force: true });
      if (dataDir !== null) await emptyFolder(dataDir);
      if (retry) return open(PGliteClass, dataDir, false);
    }
  }
  if (dataDir !== null) return PGliteClass.create(dataDir);
  const db = await PGliteClass.create();
  fresh = keep(db, file);
  await fresh;
  return db;
}

/**
 * The tarball of a new database: this process's, or the cache's; when there is none and `make` is set (a folder's new
 * database), made now from a database in memory, kept, and closed.
 */
async function freshTarball(PGliteClass: typeof PGlite, file: string | null, make: boolean): Promise<Blob | null> {
  if (fresh === null) {
    fresh = (file === null ? Promise.reject(new Error('no cache')) : readFile(file)).then(
      (bytes) => new Blob([bytes]),
      () => null,
    );
  }
  const known = await fresh;
  if (known !== null || !make) return known;
  const db = await PGliteClass.create();
  try {
    fresh = keep(db, file);
    return await fresh;
  } finally {
    await db.close();
  }
}

/** Dumps a new database as the tarball, keeps it on disk, and returns it (null when it cannot be dumped). */
async function keep(db: PGlite, file: string | null): Promise<Blob | null> {
  const blob = await db.dumpDataDir('gzip').then(
    (made) => made as Blob,
    () => null,
  );
  if (blob === null || file === null) return blob;
  // Written beside and renamed, so a process that reads it meanwhile finds it whole or not at all; the tarballs of
  // other builds not written for a week go.
  // A cache that cannot be written (a read-only home) only means the next process runs initdb.
  const part = `${file}.${process.pid}.part`;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
    .then(async () => writeFile(part, Buffer.from(await blob.arrayBuffer())))
    .then(() => rename(part, file))
    .then(() => removeOthers(file))
    .catch(() => rm(part, { force: true }).catch(() => undefined));
  return blob;
}

/** A week: a tarball of another PGlite build not written for that long belongs to an install that is gone. */
const STALE_MS = 7 * 24 * 3600 * 1000;

/** Removes the stale tarballs of other PGlite builds beside `file` (another install's, still in use, stays). */
async function removeOthers(file: string): Promise<void> {
  const folder = dirname(file);
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if (!name.startsWith(PREFIX) || !name.endsWith('.tar.gz') || path === file) continue;
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}

async function emptyFolder(folder: string): Promise<void> {
  for (const name of await readdir(folder))
    if (name !== LOCK_FILE) await rm(join(folder, name), { recursive: true, force: true });
}
