import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Config } from './config';
import { createApp } from './http/app';
import { createLogger, type Logger } from './log';
import { createMailer } from './mail/mailer';
import { openMediaStore } from './media/store';
import { createPayments } from './payments';
import { expireHolds } from './services/booking';
import { createEventBus, type EventBus } from './realtime/events';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';
import { createTokenService, loadTokenSecret, type TokenService } from './services/tokens';
import { openPglite, openPostgres, type Db } from './storage/db';
import { compactTombstones, pruneShortLived } from './storage/compaction';
import { migrate } from './storage/migrations';
import { ensureAdmin, seedDemoData } from './storage/seed';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  tokens: TokenService;
  events: EventBus;
  hub: RealtimeHub;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Folder of the built client to serve; omitted for an API-only server. */
  distDir?: string;
  logger?: Logger;
  now?: () => Date;
}

/** Opens the database, migrates, seeds on first start, then serves the app, the API and /ws. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? createLogger(config.LOG_LEVEL);
  const now = options.now ?? (() => new Date());
  const dataDir = resolve(config.DATA_DIR);
  const startedAt = Date.now();
  await mkdir(dataDir, { recursive: true });

  const db = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(dataDir, 'pgdata'));
  try {
    const applied = await migrate(db);
    if (applied.length > 0) log.info(`database migrated: ${applied.join(', ')}`);
    const media = await openMediaStore(join(dataDir, 'media'));
    await ensureAdmin(db, config, log);
    if (config.DEMO_DATA === 'on') await seedDemoData(db, media, now(), log);

    const tokens = createTokenService(await loadTokenSecret(config.JWT_SECRET, dataDir));
    const events = createEventBus();
    const hub = createRealtimeHub({ db, tokens, events, log });
    const mailer = createMailer(config, log);
    const payments = createPayments(config, db);
    const app = createApp(
      { config, db, media, log, now, events, tokens, mailer, payments },
      { distDir: options.distDir },
    );
    const server = await new Promise<Server>((ready) => {
      const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
        ready(s as Server),
      );
    });
    // Idle keep-alive sockets live longer than a proxy's or a phone's reuse window (Node's 5 s is
    // shorter than most), so a client rarely sends on a socket the server is closing.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname === '/ws')
        hub.handleUpgrade(request, socket, head);
      else socket.destroy();
    });
    // Old deletions are forgotten once a day; a replica offline for longer starts over.
    const compaction = setInterval(() => {
      compactTombstones(db, now()).catch((error: unknown) => log.error('tombstone compaction failed', error));
      pruneShortLived(db, now()).catch((error: unknown) => log.error('housekeeping failed', error));
    }, 86_400_000);
    compaction.unref();
    // Unpaid holds run out after 15 minutes; their seats come back for sale.
    const sweeper = setInterval(() => {
      db.transaction((tx) => expireHolds(tx, now()))
        .then((expired) => events.publish(expired))
        .catch((error: unknown) => log.error('hold expiry failed', error));
    }, config.HOLD_SWEEP_SECONDS * 1000);
    sweeper.unref();

    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    log.info(`ready on ${url} (${db.kind}) in ${Date.now() - startedAt} ms`);

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      db,
      tokens,
      events,
      hub,
      close: () =>
        (closing ??= (async () => {
          clearInterval(compaction);
          clearInterval(sweeper);
          await hub.close();
          server.closeAllConnections();
          await new Promise<void>((done) => server.close(() => done()));
          await db.close();
        })()),
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
