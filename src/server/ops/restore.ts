import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, PGLITE_SHARED_BUFFERS, type Db } from '../storage/db';
import { MIGRATIONS } from '../storage/migrations';
import {
  ARCHIVE_ENTRIES,
  KEY_FILES,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  postgresToolTarget,
  runTool,
  type BackupManifest,
} from './archive';
import { dataPlaces, lockDataFolder, type DataPlaces } from './database';
import { OpsError } from './errors';
import type { PgliteLock } from './pglite-lock';
import { RESTORE_TEXTS } from './strings';
import { startSyncOver } from './sync-restart';

// `npm run restore FILE`: puts an archive of backup.ts back into an empty target: an empty PGlite
// data folder, or an empty PostgreSQL database, and an empty media folder. Everything is checked
// before anything is written, so a refusal changes nothing; the server migrates the restored database
// at its next start like any older one.

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Whether a folder holds anything (a missing folder holds nothing). */
async function hasEntries(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/** Deletes what a folder holds, keeping the folder (it may be a mount point). */
async function emptyFolder(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => []))
    await rm(join(dir, name), { recursive: true, force: true });
}

/**
 * Where the archive is unpacked: beside it (the space the operator keeps backups in), else in the
 * PGlite data folder or the temporary folder.
 */
async function stagingFolder(archive: string, places: DataPlaces): Promise<string> {
  try {
    return await mkdtemp(join(dirname(archive), '.krym-restore-'));
  } catch {
    return mkdtemp(join(places.engine === 'pglite' ? places.dataDir : tmpdir(), '.krym-restore-'));
  }
}

/** The archive's manifest, read without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!(await exists(file))) throw new OpsError(RESTORE_TEXTS.missingFile(file));
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await runTool('tar', ['-xOf', file, ARCHIVE_ENTRIES.manifest])) as BackupManifest;
  } catch {
    throw new OpsError(RESTORE_TEXTS.notABackup(file));
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new OpsError(RESTORE_TEXTS.notABackup(file));
  if (manifest.version !== MANIFEST_VERSION) throw new OpsError(RESTORE_TEXTS.badFormat(manifest.version));
  return manifest as BackupManifest;
}

/** Relations outside PostgreSQL's own schemas: any of them means the database is in use. */
async function postgresHoldsData(databaseUrl: string): Promise<boolean> {
  const db = await openPostgres(databaseUrl, 1);
  try {
    const [row] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
    );
    return (row?.count ?? 0) > 0;
  } finally {
    await db.close();
  }
}

/** Refuses, before anything is written, a target that is not empty or an archive that does not fit. */
async function checkTarget(config: Config, places: DataPlaces, manifest: BackupManifest): Promise<void> {
  if (manifest.engine !== places.engine)
    throw new OpsError(RESTORE_TEXTS.engineMismatch(manifest.engine, places.engine));
  const known = new Set(MIGRATIONS.map((migration) => migration.id));
  const unknown = manifest.migrations.find((migration) => !known.has(migration.id));
  if (unknown) throw new OpsError(RESTORE_TEXTS.newerSchema(unknown.id));
  if (config.DATABASE_URL) {
    if (await postgresHoldsData(config.DATABASE_URL)) throw new OpsError(RESTORE_TEXTS.databaseBusy);
  } else if (await hasEntries(places.pgdataDir)) {
    throw new OpsError(RESTORE_TEXTS.dataFolderBusy(places.dataDir));
  }
  if (await hasEntries(places.mediaDir)) throw new OpsError(RESTORE_TEXTS.mediaBusy(places.mediaDir));
}

/** Opens PGlite on the empty folder with the saved dump (loadDataDir), which unpacks it there. */
async function loadPglite(pgdataDir: string, dump: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgdataDir, {
    loadDataDir: new Blob([new Uint8Array(await readFile(dump))]),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    await db.query('SELECT count(*) FROM schema_migrations');
  } finally {
    await db.close();
  }
}

/** pg_restore into the empty database, in one transaction: a failure leaves it empty. */
async function loadPostgres(databaseUrl: string, dump: string): Promise<void> {
  const target = postgresToolTarget(databaseUrl);
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      target.url,
      dump,
    ],
    { env: target.env },
  );
}

/** Puts the saved secrets back where the target has none of its own. */
async function restoreKeys(manifest: BackupManifest, staging: string, dataDir: string): Promise<void> {
  for (const file of manifest.keys) {
    if (!(KEY_FILES as readonly string[]).includes(file)) continue;
    const target = join(dataDir, file);
    if (await exists(target)) continue;
    await mkdir(dataDir, { recursive: true });
    await copyFile(join(staging, ARCHIVE_ENTRIES.keys, file), target);
  }
}

export async function restoreBackup(config: Config, archive: string): Promise<BackupManifest> {
  const file = resolve(archive);
  const places = dataPlaces(config);
  const manifest = await readManifest(file);
  await checkTarget(config, places, manifest);

  let lock: PgliteLock | undefined;
  if (!config.DATABASE_URL) {
    lock = await lockDataFolder(places.dataDir);
    // Looked at again under the lock: a server may have started since.
    await checkTarget(config, places, manifest);
  }
  const staging = await stagingFolder(file, places);
  let wroteDatabase = false;
  let wroteMedia = false;
  try {
    await runTool('tar', ['-xf', file, '-C', staging]);
    const dump = join(staging, manifest.database);
    wroteDatabase = true;
    if (config.DATABASE_URL) await loadPostgres(config.DATABASE_URL, dump);
    else await loadPglite(places.pgdataDir, dump);
    const db: Db = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, 1)
      : await openPglite(places.pgdataDir);
    try {
      await db.transaction((tx) => startSyncOver(tx));
    } finally {
      await db.close();
    }
    await mkdir(places.mediaDir, { recursive: true });
    wroteMedia = true;
    await runTool('tar', ['-xf', join(staging, manifest.media.entry), '-C', places.mediaDir]);
    await restoreKeys(manifest, staging, places.dataDir);
    return manifest;
  } catch (error) {
    // A half-restored PGlite folder would look like data to the next try: it goes (the folder was
    // empty before). pg_restore's one transaction has left PostgreSQL empty already.
    if (wroteDatabase && !config.DATABASE_URL) await rm(places.pgdataDir, { recursive: true, force: true });
    if (wroteMedia) await emptyFolder(places.mediaDir);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock?.release();
  }
}
