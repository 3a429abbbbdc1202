import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config';
import { openPostgres, PGLITE_SHARED_BUFFERS } from '../storage/db';
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
import { BACKUP_TEXTS } from './strings';

// `npm run backup`: one tar file with a manifest, the database and the media folder.
//
// PostgreSQL is saved with pg_dump while the servers run: its snapshot is consistent by itself. The
// database is saved before the media, and the app stores a file before the row that names it, so
// every file the saved rows name is in the archive.
//
// PGlite is saved with its own dump of the data folder (dumpDataDir), which only the process that
// has the database open can make: the server must be stopped meanwhile (the data folder's lock,
// pglite-lock.ts, refuses otherwise), as two processes on one PGlite folder lose writes.

type Migration = BackupManifest['migrations'][number];

const MIGRATIONS_SQL = 'SELECT id, name FROM schema_migrations ORDER BY id';

/** A file name that sorts by time and is valid everywhere: krym-backup-2026-05-01T03-00-00Z.tar. */
export function defaultBackupName(now: Date): string {
  return `krym-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Saves the PGlite database with its own dump; the server must not hold the folder. */
async function dumpPglite(places: DataPlaces, into: string): Promise<Migration[]> {
  if (!(await exists(join(places.pgdataDir, 'PG_VERSION'))))
    throw new OpsError(BACKUP_TEXTS.noDatabase(places.pgdataDir));
  const lock = await lockDataFolder(places.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(places.pgdataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    try {
      const migrations = (await db.query<Migration>(MIGRATIONS_SQL)).rows;
      const dump = await db.dumpDataDir('gzip');
      await writeFile(join(into, ARCHIVE_ENTRIES.pgliteDump), new Uint8Array(await dump.arrayBuffer()));
      return migrations;
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
}

/** Saves the PostgreSQL database with pg_dump's custom format. */
async function dumpPostgres(databaseUrl: string, into: string): Promise<Migration[]> {
  const db = await openPostgres(databaseUrl, 1);
  let migrations: Migration[];
  try {
    migrations = await db.query<Migration>(MIGRATIONS_SQL);
  } finally {
    await db.close();
  }
  const target = postgresToolTarget(databaseUrl);
  await runTool(
    'pg_dump',
    ['--format=custom', '--file', join(into, ARCHIVE_ENTRIES.postgresDump), '--dbname', target.url],
    { env: target.env },
  );
  return migrations;
}

/** Tars the media folder's files (none when it does not exist); files being written are left out. */
async function packMedia(mediaDir: string, into: string): Promise<number> {
  const source = (await exists(mediaDir)) ? mediaDir : await mkdtemp(join(into, 'no-media-'));
  const files = (await readdir(source)).filter((name) => !name.endsWith('.tmp'));
  await runTool('tar', ['-cf', join(into, ARCHIVE_ENTRIES.media), '--exclude=*.tmp', '-C', source, '.']);
  return files.length;
}

/** Copies the secrets the server generated into DATA_DIR; the environment's own are not saved. */
async function copyKeys(config: Config, dataDir: string, into: string): Promise<string[]> {
  const wanted = KEY_FILES.filter((file) =>
    file === 'jwt-secret' ? !config.JWT_SECRET : !config.VAPID_PUBLIC_KEY,
  );
  const copied: string[] = [];
  for (const file of wanted) {
    if (!(await exists(join(dataDir, file)))) continue;
    await mkdir(join(into, ARCHIVE_ENTRIES.keys), { recursive: true, mode: 0o700 });
    await copyFile(join(dataDir, file), join(into, ARCHIVE_ENTRIES.keys, file));
    copied.push(file);
  }
  return copied;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes the archive to `out` (default: DATA_DIR/backups/krym-backup-<time>.tar). The file appears
 * only once complete, readable by its owner only: it holds password hashes and the signing secret.
 */
export async function createBackup(
  config: Config,
  options: { out?: string; now?: Date } = {},
): Promise<BackupResult> {
  const places = dataPlaces(config);
  const now = options.now ?? new Date();
  const file = options.out ? resolve(options.out) : join(places.dataDir, 'backups', defaultBackupName(now));
  if (await exists(file)) throw new OpsError(BACKUP_TEXTS.outExists(file));
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // The parts are gathered beside the archive: the same file system, and space the operator chose.
  const staging = await mkdtemp(join(dirname(file), `.${basename(file)}-`));
  const partial = `${file}.partial`;
  try {
    const migrations = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, staging)
      : await dumpPglite(places, staging);
    const mediaFiles = await packMedia(places.mediaDir, staging);
    const keys = await copyKeys(config, places.dataDir, staging);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      engine: places.engine,
      createdAt: now.toISOString(),
      migrations,
      database: config.DATABASE_URL ? ARCHIVE_ENTRIES.postgresDump : ARCHIVE_ENTRIES.pgliteDump,
      media: { entry: ARCHIVE_ENTRIES.media, files: mediaFiles },
      keys,
    };
    await writeFile(join(staging, ARCHIVE_ENTRIES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [ARCHIVE_ENTRIES.manifest, manifest.database, ARCHIVE_ENTRIES.media];
    if (keys.length > 0) entries.push(ARCHIVE_ENTRIES.keys);
    await writeFile(partial, '', { mode: 0o600 });
    await runTool('tar', ['-cf', partial, '-C', staging, ...entries]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
