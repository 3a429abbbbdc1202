import type { Db } from './db';
import { readMigrationFiles, type MigrationFile } from './migration-files';

// Migrations are append-only: an installed database has run the earlier ones, so a change to the
// schema is always a new file with the next number, never an edit of an old one.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

// A migration is one file of ./migrations/: its number is the id, and its first `-- name:` line the
// name that schema_migrations records beside the id.
const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;
const NAME_LINE = /^-- name: (.+)$/m;

/** The migrations of a folder's files, by id; a file that breaks the naming rules stops the start. */
export function migrationsOf(files: MigrationFile[]): Migration[] {
  const migrations = files.map(({ file, text }): Migration => {
    const id = FILE_NAME.exec(file)?.[1];
    if (!id) throw new Error(`migration ${file}: the file name is not NNNN-<slug>.sql`);
    const name = NAME_LINE.exec(text)?.[1]?.trim();
    if (!name) throw new Error(`migration ${file}: no "-- name: …" line`);
    return { id: Number(id), name, sql: text };
  });
  migrations.sort((a, b) => a.id - b.id);
  const twice = migrations.find((migration, i) => i > 0 && migrations[i - 1]?.id === migration.id);
  if (twice) throw new Error(`migration ${twice.id}: two files have this number`);
  return migrations;
}

export const MIGRATIONS: Migration[] = migrationsOf(readMigrationFiles());

/** The advisory lock migrations run under (transaction-scoped: a process that dies frees it). */
export const MIGRATION_LOCK = 727001;

/**
 * Applies the migrations this database has not run yet. An advisory lock keeps two processes that
 * start together on one PostgreSQL from migrating at once; it is taken before anything else, even
 * the bookkeeping table's CREATE TABLE IF NOT EXISTS, which two sessions racing on a fresh database
 * would otherwise both run (one fails on a unique violation in pg_type).
 */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/**
 * Splits a migration into statements at semicolons outside dollar-quoted bodies, because the
 * extended query protocol runs one statement at a time.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed.startsWith('--') || trimmed === '')) continue;
    current += line + '\n';
    const dollarCount = (line.match(/\$\$/g) ?? []).length;
    if (dollarCount % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
