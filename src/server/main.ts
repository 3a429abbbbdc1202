import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Config } from './config';
import { createApp } from './http/app';
import type { AppDeps } from './http/deps';
import { trustedProxyList } from './client-address';
import { createLogger, logFormatFor, throttleFailures, type Logger } from './log';
import { createMailer } from './mail/mailer';
import { createMetrics } from './metrics';
import { openMediaStore } from './media/store';
import { warmImages } from './media/images';
import { createPayments } from './payments';
import type { BookingGuards } from './services/booking';
import { createPushSender, vapidKeys, vapidSubject } from './services/push';
import type { ReminderRun } from './services/reminders';
import { createEventBus, type EventBus } from './realtime/events';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';
import { startPgFanout } from './realtime/pg-fanout';
import { createTokenService, loadTokenSecret, type TokenService } from './services/tokens';
import { databaseFailureKind, openPglite, openPostgres, type Db } from './storage/db';
import { migrate } from './storage/migrations';
import { seedDemoData } from './demo/seed';
import { startJobs } from './jobs';
import { ensureAdmin } from './services/bootstrap-admin';
import { holdPgliteLock } from './ops/pglite-lock';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  tokens: TokenService;
  events: EventBus;
  hub: RealtimeHub;
  /** Runs one hold-expiry sweep now (what the timer does); resolves to the number of events published. */
  sweepHolds(): Promise<number>;
  /** Sends the refunds due by `at` (now by default), as the retry timer does; resolves to how many. */
  sendRefunds(at?: Date): Promise<number>;
  /**
   * Sends the trip reminders due at `at` (now by default), as the reminder timer does. Calls run one
   * after another.
   */
  runReminders(at?: Date): Promise<ReminderRun>;
  close(): Promise<void>;
}

/** How long a stopping process lets requests in flight finish before it cuts the connections. */
export const DRAIN_MS = 10_000;

/** How long after start the image library is loaded (see media/images.ts). */
const IMAGE_WARM_UP_DELAY_MS = 2_000;

export interface StartOptions {
  /** Folder of the built client to serve; omitted for an API-only server. */
  distDir?: string;
  logger?: Logger;
  now?: () => Date;
  /** How long close() waits for requests in flight; DRAIN_MS by default. */
  drainMs?: number;
  /** The booking guards, for a test's control run; all on by default. */
  bookingGuards?: Readonly<BookingGuards>;
}

/** What a request Node could not parse gets: the API's error shape, not a bare status line. */
export const CLIENT_ERROR_TEXT = 'Некорректный запрос';

/**
 * A request Node's parser refused (malformed, or headers over the size limit) is answered 400, or
 * 431 for oversized headers, with the API's JSON error body; a connection already reset or no longer
 * writable is just destroyed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify({ detail: CLIENT_ERROR_TEXT });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Opens the database, migrates, seeds on first start, then serves the app, the API and /ws. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // A database outage fails every request and job the same way: one line per kind a minute.
  const log = throttleFailures(
    options.logger ??
      createLogger(config.LOG_LEVEL, { format: logFormatFor(config.LOG_FORMAT, process.env.NODE_ENV) }),
    databaseFailureKind,
  );
  const now = options.now ?? (() => new Date());
  const dataDir = resolve(config.DATA_DIR);
  const startedAt = Date.now();
  await mkdir(dataDir, { recursive: true });

  // PGlite's folder is one process's: another server, or `npm run admin`/`backup`/`restore`, must not
  // open it while this one runs (ops/pglite-lock.ts); a second start fails with PgliteLockHeld.
  const pgliteLock = config.DATABASE_URL ? undefined : await holdPgliteLock(dataDir);
  const db = await (
    config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
      : openPglite(join(dataDir, 'pgdata'))
  ).catch(async (error: unknown) => {
    await pgliteLock?.release();
    throw error;
  });
  try {
    // Migrations, the admin account and the token secret are each made once even when several
    // processes start together on a fresh database (advisory locks; an exclusive file link).
    const applied = await migrate(db);
    if (applied.length > 0) log.info(`database migrated: ${applied.join(', ')}`);
    // Several processes share one media directory (MEDIA_DIR), as they share the database.
    const media = await openMediaStore(config.MEDIA_DIR ? resolve(config.MEDIA_DIR) : join(dataDir, 'media'));
    await ensureAdmin(db, config, log);
    if (config.DEMO_DATA === 'on') await seedDemoData(db, media, now(), log);

    const tokens = createTokenService(await loadTokenSecret(config.JWT_SECRET, dataDir));
    // Read (or made) at start, so GET /api/push/key answers the same key from the first request on.
    const pushKeys = await vapidKeys(config);
    // On PostgreSQL every process may be one of several: events also travel through LISTEN/NOTIFY.
    // PGlite is one process by nature, so its events stay in it.
    const fanout =
      db.kind === 'postgres' && config.DATABASE_URL
        ? await startPgFanout({ connectionString: config.DATABASE_URL, db, log })
        : undefined;
    const events: EventBus = fanout ?? createEventBus();
    let draining = false;
    // Pages served from PUBLIC_URL may open the socket even when the Host a proxy passes differs.
    const hub = createRealtimeHub({
      db,
      tokens,
      events,
      log,
      allowedOrigins: config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [],
      trustedProxies: trustedProxyList(config.TRUSTED_PROXIES),
    });
    const mailer = createMailer(config, log);
    const payments = createPayments(config, db);
    const metrics = createMetrics({
      poolUse: () => db.poolUse(),
      openSockets: () => hub.size,
      processMetrics: config.METRICS_TOKEN !== undefined,
    });
    const appDeps: AppDeps = {
      config,
      db,
      media,
      log,
      now,
      events,
      tokens,
      mailer,
      payments,
      bookingGuards: options.bookingGuards,
      metrics,
    };
    const app = createApp(appDeps, { distDir: options.distDir, isDraining: () => draining });
    const server = await new Promise<Server>((ready) => {
      const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
        ready(s as Server),
      );
    });
    // Idle keep-alive sockets live longer than a proxy's or a phone's reuse window (Node's 5 s is
    // shorter than most), so a client rarely sends on a socket the server is closing.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('clientError', answerClientError);
    // While draining, every answer closes its connection, so a client (or nginx) that keeps sending on
    // a kept-alive connection moves to another process instead of holding this one open.
    server.prependListener('request', (_request, response) => {
      if (draining) response.setHeader('Connection', 'close');
    });
    server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname === '/ws')
        hub.handleUpgrade(request, socket, head);
      else socket.destroy();
    });
    // The background jobs: compaction, avatar clean-up, hold sweeps, refund retries, trip reminders.
    const jobs = startJobs({
      appDeps,
      media,
      push: createPushSender(pushKeys, vapidSubject(config)),
      bookingGuards: options.bookingGuards,
    });
    // The image library is loaded after start, as the first screens' renderer is, so neither the
    // start nor the first picture waits for it.
    setTimeout(() => void warmImages().catch(() => undefined), IMAGE_WARM_UP_DELAY_MS).unref();

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
      sweepHolds: jobs.sweepHolds,
      sendRefunds: jobs.sendRefunds,
      runReminders: jobs.runReminders,
      // Graceful stop (SIGTERM, a rolling restart): stop accepting, answer health with 503, let the
      // requests in flight finish (up to drainMs), close the sockets (clients reconnect to another
      // process and catch up through /api/sync), send the queued notifications, then close the pool.
      close: () =>
        (closing ??= (async () => {
          draining = true;
          jobs.stopTimers();
          const stopped = new Promise<void>((done) => server.close(() => done()));
          // A request that came before the drain keeps its connection alive; close each connection
          // as soon as its answer is out.
          server.closeIdleConnections();
          const idle = setInterval(() => server.closeIdleConnections(), 50);
          await hub.close();
          let timer: NodeJS.Timeout | undefined;
          const timedOut = new Promise<boolean>((done) => {
            timer = setTimeout(() => done(true), options.drainMs ?? DRAIN_MS);
          });
          if (await Promise.race([stopped.then(() => false), timedOut])) {
            log.info('drain timed out: closing the connections still open');
            server.closeAllConnections();
          }
          clearTimeout(timer);
          clearInterval(idle);
          await stopped;
          await jobs.settled();
          await fanout?.close();
          await db.close();
          await pgliteLock?.release();
        })()),
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    await pgliteLock?.release();
    throw error;
  }
}
