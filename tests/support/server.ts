import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import type { Logger } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/main';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from './postgres';

export type Engine = 'pglite' | 'postgres';

/** The engines integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Stops the server, keeping its data, and starts it again on the same data; `env` replaces the
   * environment variables it was started with.
   */
  restart(env?: Record<string, string>): Promise<TestServer>;
  /** Stops the server and deletes its data. */
  destroy(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /** Where the server's log lines go (a test may count them); the level-filtered stdout one by default. */
  logger?: Logger;
  /** A built client (or a stand-in folder with an index.html) to serve beside the API. */
  distDir?: string;
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-test-'));
  const database: TempDatabase | undefined =
    engine === 'postgres' && TEST_DATABASE_URL ? await createTempDatabase(TEST_DATABASE_URL) : undefined;
  return launch(dataDir, database, options);
}

async function launch(
  dataDir: string,
  database: TempDatabase | undefined,
  options: TestServerOptions,
): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const server = await startServer(config, {
    now: options.now,
    logger: options.logger,
    distDir: options.distDir,
  });
  return {
    ...server,
    dataDir,
    databaseUrl: database?.url,
    async restart(env) {
      await server.close();
      return launch(dataDir, database, env ? { ...options, env } : options);
    },
    async destroy() {
      await server.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
