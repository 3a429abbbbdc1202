import { spawn } from 'node:child_process';
import { BACKUP_TEXTS } from './strings';
import { OpsError } from './errors';

// What backup.ts and restore.ts share: the archive's layout, its manifest, and running the system's
// tools (tar, pg_dump, pg_restore) without a shell.

/** The archive is a plain tar of these entries (docs/operations.md shows it). */
export const ARCHIVE_ENTRIES = {
  manifest: 'manifest.json',
  /** PGlite: its own dump of the data folder (dumpDataDir), a gzipped tar. */
  pgliteDump: 'pgdata.tar.gz',
  /** PostgreSQL: pg_dump's custom format. */
  postgresDump: 'database.pgdump',
  /** The media folder's files, a tar of their own. */
  media: 'media.tar',
  /** The generated secrets kept in DATA_DIR, when the environment does not set them. */
  keys: 'keys',
} as const;

/** Files of DATA_DIR that the server generates once and must keep (tokens.ts, push.ts). */
export const KEY_FILES = ['jwt-secret', 'vapid-keys.json'] as const;

export const MANIFEST_FORMAT = 'krym-excursions-backup';
export const MANIFEST_VERSION = 1;

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: number;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** schema_migrations of the saved database. */
  migrations: { id: number; name: string }[];
  database: string;
  media: { entry: string; files: number };
  keys: string[];
}

/** Runs a program to its end; rejects with OpsError and its last stderr line when it fails. */
export function runTool(
  tool: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: Error & { code?: string }) =>
      fail(error.code === 'ENOENT' ? new OpsError(BACKUP_TEXTS.toolMissing(tool)) : error),
    );
    child.once('close', (code) => {
      if (code === 0) return done(Buffer.concat(out).toString());
      const lines = err.trim().split('\n');
      fail(new OpsError(BACKUP_TEXTS.toolFailed(tool, lines[lines.length - 1] || `код ${code}`)));
    });
  });
}

/**
 * The environment and connection string for pg_dump/pg_restore: the password travels in PGPASSWORD,
 * not on the command line, where every local user could read it in the process list.
 */
export function postgresToolTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}
