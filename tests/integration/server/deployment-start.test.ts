import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/process';

// The server process as `npm start` runs it after its build step (scripts/start.ts hands over to
// src/server/cli.ts), started as a deployment on the demo's defaults.

const RUN_SERVER = `const { runFromEnvironment } = await import('./src/server/cli.ts');
await runFromEnvironment('dist');`;

describe('a deployment started on the demo defaults', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'krym-deploy-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start, listing the admin password and the payment provider', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: 'https://excursions.example.ru' };
    for (const name of ['ADMIN_PASSWORD', 'PAYMENT_PROVIDER', 'DATABASE_URL', 'PORT']) delete env[name];
    const result = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', RUN_SERVER], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Неверная конфигурация');
    expect(result.stderr).toContain('ADMIN_PASSWORD="": ');
    expect(result.stderr).toContain('PAYMENT_PROVIDER="": ');
    // It stopped before opening anything: no server line, no database made in DATA_DIR.
    expect(result.stdout).not.toContain('ready on');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
