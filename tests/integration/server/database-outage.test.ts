import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/server/log';
import type { ClusterEventBus } from '../../../src/server/realtime/pg-fanout';
import { api, DEMO, tokenFor } from '../../support/api';
import { TEST_DATABASE_URL } from '../../support/postgres';
import { startTestServer, type TestServer } from '../../support/server';

// Health tells the truth about the database, and an outage of PostgreSQL is the database's outage:
// every call answers 503 with a Russian text, the log gets one line per kind of failure a minute
// (not a stack trace per request), the LISTEN/NOTIFY fan-out survives, and all recovers by itself.

const UNAVAILABLE = 'Сервис временно недоступен, попробуйте позже';

interface Line {
  message: string;
  extra: unknown;
}

function recordingLogger(lines: Line[]): Logger {
  return {
    error: (message, extra) => lines.push({ message, extra }),
    info: () => undefined,
    debug: () => undefined,
  };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('health on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { DEMO_DATA: 'off' }, logger: recordingLogger([]) });
  });
  afterAll(async () => {
    // The test closed the database itself; a second close is not the point here.
    await server?.destroy().catch(() => undefined);
  });

  it('answers ok while the database answers, 503 once it cannot', async () => {
    const ok = await fetch(`${server.url}/api/health`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', database: 'pglite' });
    await server.db.close();
    const down = await fetch(`${server.url}/api/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'error', database: 'unavailable' });
  });
});

// Registered only where a PostgreSQL server is configured (.ci/run always sets TEST_DATABASE_URL).
if (TEST_DATABASE_URL) {
  describe('a PostgreSQL outage', () => {
    let server: TestServer;
    let superuser: pg.Client;
    let name: string;
    const lines: Line[] = [];

    const allowConnections = (allow: boolean) =>
      superuser.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);

    beforeAll(async () => {
      server = await startTestServer('postgres', {
        env: { DEMO_DATA: 'off' },
        logger: recordingLogger(lines),
      });
      name = new URL(server.databaseUrl as string).pathname.slice(1);
      superuser = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await superuser.connect();
    });
    afterAll(async () => {
      await allowConnections(true).catch(() => undefined);
      await superuser?.end();
      await server?.destroy();
    });

    it('answers 503 without a stack trace per request, then recovers by itself', async () => {
      // The admin account exists without the demo data.
      const admin = api(server, await tokenFor(server, DEMO.admin));
      expect((await admin.get(`/api/users/${DEMO.admin}/tickets`)).status).toBe(200);
      const fanout = server.events as ClusterEventBus;
      expect(fanout.listening).toBe(true);

      // The database goes away: no new connections, and every open one (the pool's, LISTEN's) is cut.
      await allowConnections(false);
      await superuser.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        name,
      ]);
      await waitFor(() => !fanout.listening, 5_000, 'the LISTEN connection is seen lost');

      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'error', database: 'unavailable' });
      for (let i = 0; i < 10; i++) {
        const tickets = await admin.get(`/api/users/${DEMO.admin}/tickets`);
        expect(tickets.status).toBe(503);
        expect(tickets.headers.get('retry-after')).toBe('5');
        expect(await tickets.json()).toEqual({ detail: UNAVAILABLE });
        const catalogue = await fetch(`${server.url}/api/excursions/${'0'.repeat(24)}`);
        expect(catalogue.status).toBe(503);
        // The tour calls name their error field `message`, and carry `detail` too.
        const tours = await admin.send('POST', '/api/tours', { tours: [] });
        expect(tours.status).toBe(503);
        expect(await tours.json()).toEqual({ message: UNAVAILABLE, detail: UNAVAILABLE });
      }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

      // One line per kind of failure (the refused connections, the cut LISTEN connection), each
      // without a stack trace, for more than thirty failed requests.
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.extra).toBeUndefined();
      const kinds = lines.map((line) => /\(([^)]+)\)/.exec(line.message)?.[1]);
      expect(new Set(kinds).size).toBe(lines.length);
      expect(kinds).toContain('55000');

      // Back: health, the calls and the fan-out's LISTEN recover without a restart.
      await allowConnections(true);
      await waitFor(
        async () => (await fetch(`${server.url}/api/health`)).status === 200,
        10_000,
        'health answers 200',
      );
      expect((await admin.get(`/api/users/${DEMO.admin}/tickets`)).status).toBe(200);
      await waitFor(() => fanout.listening, 10_000, 'the fan-out listens again');
    });
  });
}
