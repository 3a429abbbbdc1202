import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { createLogger } from '../../../src/server/log';
import { loadTokenSecret } from '../../../src/server/services/tokens';
import { openPostgres, type Db } from '../../../src/server/storage/db';
import { MIGRATIONS, migrate } from '../../../src/server/storage/migrations';
import { ensureAdmin } from '../../../src/server/services/bootstrap-admin';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';

// Several processes starting at the same moment on one fresh PostgreSQL (a deployment's
// first start, or every process restarted at once). The start-up steps that create something (the
// schema, the admin account, the token secret in a shared DATA_DIR) each create it once, and every
// process comes up without a retry: the schema under an advisory lock taken before anything else,
// the admin under another, the secret put in place with an exclusive link.

const STARTERS = 6;

describe('the token secret, made by several processes at once', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'krym-secret-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is one secret that every process gets, readable only by the owner, with no drafts left', async () => {
    const secrets = await Promise.all(
      Array.from({ length: STARTERS }, () => loadTokenSecret(undefined, dir)),
    );
    expect(new Set(secrets).size).toBe(1);
    const secret = secrets[0] as string;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
    // A later start reads it back; a configured secret wins.
    expect(await loadTokenSecret(undefined, dir)).toBe(secret);
    expect(await loadTokenSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});

if (TEST_DATABASE_URL) {
  const baseUrl = TEST_DATABASE_URL;

  describe('a fresh PostgreSQL, migrated and seeded by several processes at once', () => {
    let database: TempDatabase;
    let dbs: Db[] = [];
    beforeAll(async () => {
      database = await createTempDatabase(baseUrl);
      dbs = await Promise.all(Array.from({ length: STARTERS }, () => openPostgres(database.url, 2)));
    });
    afterAll(async () => {
      await Promise.all(dbs.map((db) => db.close()));
      await database?.drop();
    });

    it('migrates once: one process applies every migration, the others find them applied', async () => {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      expect(applied.filter((ids) => ids.length > 0)).toEqual([MIGRATIONS.map((m) => m.id)]);
      const rows = await dbs[0]!.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((m) => m.id));
    });

    it('makes one admin account, user 1, whichever process gets there first', async () => {
      const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'error' });
      const log = createLogger('error');
      await Promise.all(dbs.map((db) => ensureAdmin(db, config, log)));
      const admins = await dbs[0]!.query<{ id: number; role: string }>(
        'SELECT id, role FROM users WHERE lower(email) = lower($1)',
        [config.ADMIN_EMAIL],
      );
      expect(admins).toEqual([{ id: 1, role: 'admin' }]);
      // The sequence moved past the admin: the next account is user 2.
      const [next] = await dbs[1]!.query<{ id: number }>(
        `INSERT INTO users (email, password_hash) VALUES ('next@example.ru', 'x') RETURNING id`,
      );
      expect(next?.id).toBe(2);
    });
  });
}
