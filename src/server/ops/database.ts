import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { createLogger, type Logger } from '../log';
import { openMediaStore, type MediaStore } from '../media/store';
import { createEventBus, type EventBus } from '../realtime/events';
import { startPgFanout } from '../realtime/pg-fanout';
import { ensureAdmin } from '../services/bootstrap-admin';
import { openPglite, openPostgres, type Db } from '../storage/db';
import { migrate } from '../storage/migrations';
import { OpsError } from './errors';
import { holdPgliteLock, PgliteLockHeld, type PgliteLock } from './pglite-lock';
import { OPS_TEXTS } from './strings';

// How the operator's commands reach the server's data: the same configuration, the same folders and
// the same engine as the server (main.ts), with the PGlite folder locked while they work.

export type Engine = 'pglite' | 'postgres';

/** Where the configured server keeps its data. */
export interface DataPlaces {
  engine: Engine;
  dataDir: string;
  pgdataDir: string;
  mediaDir: string;
}

export function dataPlaces(config: Config): DataPlaces {
  const dataDir = resolve(config.DATA_DIR);
  return {
    engine: config.DATABASE_URL ? 'postgres' : 'pglite',
    dataDir,
    pgdataDir: join(dataDir, 'pgdata'),
    mediaDir: config.MEDIA_DIR ? resolve(config.MEDIA_DIR) : join(dataDir, 'media'),
  };
}

/** Takes the PGlite folder's lock, telling the operator to stop the server when it holds it. */
export async function lockDataFolder(dataDir: string): Promise<PgliteLock> {
  try {
    return await holdPgliteLock(dataDir);
  } catch (error) {
    if (error instanceof PgliteLockHeld) throw new OpsError(OPS_TEXTS.serverRunning(error.dataDir));
    throw error;
  }
}

/** Logs of the work the server's own start-up steps do here: only errors, on stderr. */
export function quietLogger(): Logger {
  return createLogger('error', { format: 'text', write: (line) => void process.stderr.write(line) });
}

export interface OpsDatabase {
  db: Db;
  /**
   * Events for the running servers' clients: on PostgreSQL sent with NOTIFY to every server process
   * (realtime/pg-fanout.ts); on PGlite no server runs meanwhile, so they have no one to reach.
   */
  events: EventBus;
  close(): Promise<void>;
}

/** The demo's seeding (demo/seed.ts seedDemoData), which only start-up code wires in: the script does. */
export type SeedDemo = (db: Db, media: MediaStore, now: Date, log: Logger) => Promise<unknown>;

/**
 * Opens the configured database as a first start of the server leaves it: migrated, with the
 * ADMIN_EMAIL account, and with the demo when DEMO_DATA=on (the demo's users take fixed ids, so an
 * account made before the demo would take one of them).
 */
export async function openForAdmin(config: Config, seedDemo?: SeedDemo): Promise<OpsDatabase> {
  const places = dataPlaces(config);
  const log = quietLogger();
  const lock = config.DATABASE_URL ? undefined : await lockDataFolder(places.dataDir);
  let db: Db | undefined;
  try {
    db = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, 2)
      : await openPglite(places.pgdataDir);
    await migrate(db);
    await ensureAdmin(db, config, log);
    if (config.DEMO_DATA === 'on' && seedDemo)
      await seedDemo(db, await openMediaStore(places.mediaDir), new Date(), log);
    const fanout = config.DATABASE_URL
      ? await startPgFanout({ connectionString: config.DATABASE_URL, db, log, gatherMs: 0 })
      : undefined;
    const opened = db;
    return {
      db: opened,
      events: fanout ?? createEventBus(),
      async close() {
        // Everything published is sent before the connections close.
        await fanout?.close();
        await opened.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}
