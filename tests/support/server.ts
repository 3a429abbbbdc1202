import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { crimeaToday } from '../../src/domain/dates';
import { loadConfig } from '../../src/server/config';
import type { BookingGuards } from '../../src/server/services/booking';
import type { Logger } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/main';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from './postgres';

export type Engine = 'pglite' | 'postgres';

/**
 * Both engines, PGlite always and PostgreSQL when TEST_DATABASE_URL is set: for a test whose proof is
 * the storage layer itself (migrations, named statements, the sync cursor, the booking statements,
 * backups, a kill mid-write), where the two drivers and their transactions differ.
 */
export const ENGINES: Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One engine, for a test whose proof lies above the storage layer (HTTP, sign-in, mail, moderation,
 * money, the socket) or is a race (PGlite has one connection and cannot race): PostgreSQL, as
 * deployed, when TEST_DATABASE_URL is set, else PGlite. Both engines run the same SQL, which the
 * ENGINES tests prove on each, and every e2e test runs the product on PGlite.
 */
export const ONE_ENGINE: Engine[] = TEST_DATABASE_URL ? ['postgres'] : ['pglite'];

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
  /** The booking guards the server runs with: a test's own object, whose switches its control runs turn off. */
  bookingGuards?: BookingGuards;
  /** `false` makes the server migrate and seed its own database even where a template would do. */
  template?: boolean;
}

/**
 * Data as a first start with the default settings leaves it on `day`: a PGlite data folder (pgdata
 * and media), and on PostgreSQL a database to copy with the data folder that holds its media.
 */
export interface ServerTemplates {
  day: string;
  pglite: string;
  postgres?: { dataDir: string; database: string };
}

/** Settings a first start reads while it migrates and seeds: a server given any of them does it itself. */
const FIRST_START_SETTINGS = [
  'DATABASE_URL',
  'DATA_DIR',
  'MEDIA_DIR',
  'DEMO_DATA',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
];

/**
 * The templates this server's first start would reproduce, if any: the same day's demo, the default
 * settings, and no logger of the test's own (a test may count the first start's log lines).
 */
function templatesFor(options: TestServerOptions): ServerTemplates | undefined {
  if (options.template === false || options.logger) return undefined;
  if (Object.keys(options.env ?? {}).some((name) => FIRST_START_SETTINGS.includes(name))) return undefined;
  const templates = inject('serverTemplates');
  const today = crimeaToday(options.now ? options.now() : new Date());
  return templates?.day === today ? templates : undefined;
}

/** Copies a data folder's database (PGlite only) and media; the token secret stays each server's own. */
async function copyData(from: string, to: string, folders: string[]): Promise<void> {
  for (const folder of folders) await cp(join(from, folder), join(to, folder), { recursive: true });
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-test-'));
  const templates = templatesFor(options);
  if (engine === 'postgres' && TEST_DATABASE_URL) {
    const template = templates?.postgres;
    const database = await createTempDatabase(TEST_DATABASE_URL, template?.database);
    if (template) await copyData(template.dataDir, dataDir, ['media']);
    return launch(dataDir, database, options);
  }
  if (templates) await copyData(templates.pglite, dataDir, ['pgdata', 'media']);
  return launch(dataDir, undefined, options);
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
    bookingGuards: options.bookingGuards,
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
