import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDatabase, TEST_DATABASE_URL } from '../../support/postgres';
import { ROOT, startProduct } from '../../support/process';

// `npm start` as a person runs it: a real child process, real signals, a data folder on disk.

const excursionIds = async (url: string) =>
  ((await (await fetch(`${url}/api/excursions`)).json()) as { excursions: { _id: string }[] }).excursions
    .map((e) => e._id)
    .sort();

describe('npm start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'krym-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the app, the API and the catalogue, then closes cleanly on SIGTERM', async () => {
    const product = await startProduct({ DATA_DIR: dataDir });
    expect((await fetch(`${product.url}/api/health`)).status).toBe(200);
    expect((await excursionIds(product.url)).length).toBeGreaterThanOrEqual(15);
    const page = await fetch(`${product.url}/excursions`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    // The list's first screen drawn by the server into the app's root, with the data it was drawn from.
    expect(html).toMatch(/<div id="root">.*<div class="shell">/s);
    expect(html).toContain('<script type="application/json" id="first-screen-data">');
    expect(product.output()).toContain('demo data seeded');
    expect(product.output()).toContain('seller@example.ru');
    await product.stop('SIGTERM');
    expect(product.output()).toContain('SIGTERM: closing');
    expect(product.output()).toContain('closed cleanly');
  });

  it('reuses the data on a second start and closes cleanly on SIGINT', async () => {
    const first = await startProduct({ DATA_DIR: dataDir });
    const ids = await excursionIds(first.url);
    await first.stop('SIGINT');
    expect(first.output()).toContain('closed cleanly');
    const second = await startProduct({ DATA_DIR: dataDir });
    expect(await excursionIds(second.url)).toEqual(ids);
    expect(second.output()).not.toContain('demo data seeded');
    await second.stop('SIGINT');
    expect(second.output()).toContain('closed cleanly');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the server cleanly when %s reaches the npm process alone, as a process manager sends it',
    async (signal) => {
      const product = await startProduct({ DATA_DIR: dataDir });
      const pid = product.child.pid;
      if (pid === undefined) throw new Error('npm start has no pid');
      process.kill(pid, signal);
      // Every process `npm start` made (its group) is gone, after the server said it closed.
      const groupAlive = () => {
        try {
          process.kill(-pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(groupAlive, { timeout: 30_000 }).toBe(false);
      await expect.poll(() => product.output()).toContain('closed cleanly');
      expect((await fetch(`${product.url}/api/health`).catch(() => null))?.status).toBeUndefined();
    },
  );

  it('refuses a second server on the same embedded database, and the first one goes on serving', async () => {
    const first = await startProduct({ DATA_DIR: dataDir });
    const ids = await excursionIds(first.url);
    const second = spawnSync('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('уже открыта другим сервером');
    expect(second.stderr).toContain('DATABASE_URL');
    expect(await excursionIds(first.url)).toEqual(ids);
    await first.stop('SIGTERM');
    expect(first.output()).toContain('closed cleanly');
  });

  it('stops at once with a readable message when the configuration is wrong', () => {
    const result = spawnSync('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'восемь', PAYMENT_PROVIDER: 'paypal', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Неверная конфигурация');
    expect(result.stderr).toContain('PORT="восемь"');
    expect(result.stderr).toContain('PAYMENT_PROVIDER="paypal"');
  });

  // Registered only where a PostgreSQL server is configured (.ci/run always sets TEST_DATABASE_URL).
  if (TEST_DATABASE_URL) {
    it('uses PostgreSQL when DATABASE_URL is set', async () => {
      const database = await createTempDatabase(TEST_DATABASE_URL as string);
      const product = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: database.url });
      try {
        expect(await (await fetch(`${product.url}/api/health`)).json()).toEqual({
          status: 'ok',
          database: 'postgres',
        });
        expect((await excursionIds(product.url)).length).toBeGreaterThanOrEqual(15);
      } finally {
        await product.stop('SIGTERM');
        await database.drop();
      }
      expect(product.output()).toContain('closed cleanly');
    });
  }
});
