import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { defaultPoolSize, openPostgres, type Db } from '../../../src/server/storage/db';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';

// How many connections a process keeps to PostgreSQL (storage/db.ts, defaultPoolSize): a few per
// CPU core, because more backends than that only take turns on the cores; DATABASE_POOL_SIZE sets
// it. The server's own connections are the pool's; the live sockets' LISTEN and NOTIFY connections
// name themselves krym-… and are not counted.

describe('the default pool size', () => {
  it('is four connections per core, never under 8 nor over 20', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([8, 8, 12, 16, 20, 20, 20]);
  });
});

if (TEST_DATABASE_URL) {
  const baseUrl = TEST_DATABASE_URL;

  /** The connections of `database` other than `observer`'s own and the fan-out's named ones. */
  async function poolConnections(observer: pg.Client): Promise<number> {
    const { rows } = await observer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name NOT LIKE 'krym-%'`,
    );
    return rows[0]?.n ?? 0;
  }

  describe('connections to PostgreSQL', () => {
    let database: TempDatabase;
    let observer: pg.Client;
    let work: string;

    beforeAll(async () => {
      database = await createTempDatabase(baseUrl);
      observer = new pg.Client({ connectionString: database.url, application_name: 'krym-test-observer' });
      await observer.connect();
      work = await mkdtemp(join(tmpdir(), 'krym-pool-'));
    });
    afterAll(async () => {
      await observer?.end();
      await database?.drop();
      await rm(work, { recursive: true, force: true });
    });

    it('never exceed the pool size, however many queries wait at once', async () => {
      const db: Db = await openPostgres(database.url, 3);
      try {
        const pids = await Promise.all(
          Array.from({ length: 12 }, () =>
            db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'),
          ),
        );
        expect(new Set(pids.map(([row]) => row?.pid)).size).toBe(3);
        expect(await poolConnections(observer)).toBe(3);
      } finally {
        await db.close();
      }
    });

    it("stay open through a quiet spell longer than pg's default idle timeout of 10 s", async () => {
      const db: Db = await openPostgres(database.url, 3);
      const pids = () =>
        Promise.all(
          Array.from({ length: 3 }, () =>
            db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'),
          ),
        ).then((rows) => new Set(rows.map(([row]) => row?.pid)));
      try {
        const before = await pids();
        expect(before.size).toBe(3);
        await new Promise((resolve) => setTimeout(resolve, 11_000));
        expect(await poolConnections(observer)).toBe(3);
        // The same backends answer after the spell: none was closed and opened again.
        expect(await pids()).toEqual(before);
      } finally {
        await db.close();
      }
    }, 30_000);

    it('follow DATABASE_POOL_SIZE in a running server under concurrent requests', async () => {
      let server: RunningServer | undefined;
      try {
        server = await startServer(
          loadConfig({
            PORT: '0',
            HOST: '127.0.0.1',
            DATABASE_URL: database.url,
            DATABASE_POOL_SIZE: '2',
            DATA_DIR: join(work, 'data'),
            LOG_LEVEL: 'error',
          }),
        );
        const url = server.url;
        const answers = await Promise.all(
          Array.from({ length: 24 }, (_, i) => fetch(`${url}/api/${i % 2 ? 'sync' : 'tours'}`)),
        );
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
        await Promise.all(answers.map((answer) => answer.arrayBuffer()));
        expect(await poolConnections(observer)).toBeLessThanOrEqual(2);
        expect(await poolConnections(observer)).toBeGreaterThan(0);
      } finally {
        await server?.close();
      }
    });
  });
}
