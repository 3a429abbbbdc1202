import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { Logger } from '../log';
import type { Db } from '../storage/db';
import { deleteOldPayloads, ensurePayloadTable, readPayload } from '../storage/realtime-payloads';
import { createEventBus, type EventBus, type LocalEventBus, type ServerEvent } from './events';
import { planNotifications } from './notify-plan';

// Several server processes on one PostgreSQL (ARCHITECTURE.md "Scale path"): every event a process
// publishes after a commit is delivered locally at once and also sent with NOTIFY on one channel.
// Each process LISTENs on a dedicated connection (not the pool), skips its own notifications (it has
// delivered them already) and republishes the others' events into its local bus, so the socket hub
// sends them to its sockets and the generation moves, which drops the catalogue list cache.
// Batches too big for one notification are stored in realtime_payloads (notify-plan.ts says which)
// and only their id is sent; the receivers read them back. LISTEN and NOTIFY stay here, on this
// module's own connections: they are the transport itself, not the data of a table.

export const EVENTS_CHANNEL = 'krym_events';
const CLEANUP_EVERY_MS = 10 * 60_000;
/**
 * How long the first event of a batch waits for others before its NOTIFY goes. Every notification
 * wakes each listening backend and each other process, and is a transaction of its own: without the
 * wait a steady stream of bookings sends about one per booking, and gathering them halves what the
 * other process spends on them and lowers the bookings' p99 (docs/benchmarks.md). Under heavier load
 * batches form anyway while a NOTIFY is in flight. The wait adds at most this much to an event's way
 * to another process's sockets.
 */
export const NOTIFY_GATHER_MS = 10;

export interface ClusterEventBus extends EventBus {
  readonly processId: string;
  /** True while the LISTEN connection is up. */
  readonly listening: boolean;
  readonly stats: { notified: number; notifiedById: number; received: number; reconnects: number };
  /** Resolves once everything published so far has been sent with NOTIFY. */
  flush(): Promise<void>;
  /** Sends what is still queued, then stops listening. */
  close(): Promise<void>;
}

export interface PgFanoutOptions {
  connectionString: string;
  /** The pool: NOTIFY and reading stored payloads go through it. */
  db: Db;
  log: Logger;
  local?: LocalEventBus;
  /** First delay before reconnecting a dropped LISTEN connection; doubles up to 5 s. */
  reconnectDelayMs?: number;
  /** How long a batch gathers events before its NOTIFY (NOTIFY_GATHER_MS). */
  gatherMs?: number;
}

interface Envelope {
  /** Sender process. */
  p: string;
  /** The sender's count of its notifications (keeps two equal ones in one transaction apart). */
  n?: number;
  /** The events, or the id of the stored batch. */
  e?: ServerEvent[];
  id?: number;
}

export async function startPgFanout(options: PgFanoutOptions): Promise<ClusterEventBus> {
  const { connectionString, db, log } = options;
  const { default: pg } = await import('pg');
  const local = options.local ?? createEventBus();
  const processId = randomUUID();
  const firstDelay = options.reconnectDelayMs ?? 250;
  const gatherMs = options.gatherMs ?? NOTIFY_GATHER_MS;
  const stats = { notified: 0, notifiedById: 0, received: 0, reconnects: 0 };
  let closed = false;
  await ensurePayloadTable(db);

  // Outgoing: events published within gatherMs of the first (or while the previous NOTIFY was in
  // flight) go as one batch, and batches leave one after another on one connection of their own, so
  // this process's events keep their order. A NOTIFY is a transaction of its own; it carries no data
  // worth an fsync (a crash loses the in-memory events anyway), so that connection commits without
  // waiting for the disk and never holds a booking's pool connection.
  let queue: ServerEvent[][] = [];
  let queued = false;
  let outbound: Promise<void> = Promise.resolve();
  let sender: Client | undefined;
  const senderClient = async (): Promise<Client> => {
    if (sender) return sender;
    const c = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: `krym-notify-${processId.slice(0, 8)}`,
    });
    c.on('error', () => {
      if (sender === c) sender = undefined;
    });
    await c.connect();
    await c.query('SET synchronous_commit = off');
    sender = c;
    return c;
  };
  // Named: prepared once on the connection, so a notification is not parsed and planned anew.
  const send = async (name: string, sql: string, params: unknown[]) => {
    const statement = { name, text: sql, values: params };
    try {
      await (await senderClient()).query(statement);
    } catch (error) {
      // A dropped connection: one retry on a new one.
      const broken = sender;
      sender = undefined;
      await broken?.end().catch(() => undefined);
      if (closed) throw error;
      await (await senderClient()).query(statement);
    }
  };
  // One publish that does not fit in a notification is stored and sent by id.
  const notifyById = async (events: ServerEvent[]) => {
    // One statement, so the row is committed before the notification is delivered.
    await send(
      'notify_by_id',
      `WITH stored AS (INSERT INTO realtime_payloads (body) VALUES ($1) RETURNING id)
       SELECT pg_notify($2, json_build_object('p', $3::text, 'id', id)::text) FROM stored`,
      [JSON.stringify(events), EVENTS_CHANNEL, processId],
    );
    stats.notifiedById += 1;
  };
  // Several notifications in one statement, delivered in this order. Each carries its own number:
  // PostgreSQL drops a notification identical to one sent earlier in the same transaction.
  let sequence = 0;
  const notifyInline = async (parts: string[]) => {
    if (parts.length === 0) return;
    const payloads = parts.map(
      (events) => `{"p":${JSON.stringify(processId)},"n":${sequence++},"e":[${events}]}`,
    );
    await send('notify_inline', 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
      EVENTS_CHANNEL,
      payloads,
    ]);
    stats.notified += payloads.length;
  };
  const notify = async (publishes: ServerEvent[][]) => {
    for (const step of planNotifications(publishes)) {
      if ('stored' in step) await notifyById(step.stored);
      else await notifyInline(step.inline);
    }
  };
  const gather = () =>
    gatherMs > 0 && !closed ? new Promise<void>((resolve) => setTimeout(resolve, gatherMs)) : undefined;
  const sendQueued = async () => {
    queued = false;
    const batch = queue;
    queue = [];
    try {
      await notify(batch);
    } catch (error) {
      const count = batch.reduce((sum, events) => sum + events.length, 0);
      log.error(`event fan-out failed (${count} events not sent to other processes)`, error);
    }
  };

  // Incoming: handled one at a time, so a batch read back by id cannot overtake a later one.
  let inbound: Promise<void> = Promise.resolve();
  // This process's own notifications come back to it too; they are known by their first bytes
  // (notifyInline writes the sender first) and skipped unread, instead of parsing up to 8 KB each.
  const ownPrefix = `{"p":${JSON.stringify(processId)},`;
  const receive = async (payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.p === processId) return;
    let events = envelope.e;
    if (events === undefined && typeof envelope.id === 'number') {
      const body = await readPayload(db, envelope.id);
      if (body === null) {
        // Cleaned up already: whatever it said, cached lists must not outlive it.
        log.error(`stored event batch ${envelope.id} is gone`);
        local.invalidate();
        return;
      }
      events = JSON.parse(body) as ServerEvent[];
    }
    if (!Array.isArray(events)) return;
    stats.received += 1;
    local.publish(events);
  };

  let client: Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let delay = firstDelay;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: `krym-listen-${processId.slice(0, 8)}`,
    });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      if (closed) return;
      log.error('event LISTEN connection lost; reconnecting', error);
      scheduleReconnect();
    };
    c.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      const payload = message.payload;
      inbound = inbound
        .then(() => receive(payload))
        .catch((error: unknown) => log.error('cross-process event dropped', error));
    });
    c.on('error', drop);
    c.on('end', () => drop());
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      dropped = true;
      await c.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      dropped = true;
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = firstDelay;
  };
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().then(
        () => {
          if (closed) return;
          stats.reconnects += 1;
          // Events sent while we were not listening are lost: no cached list may outlive them, and
          // the sockets of this process are told to pull (the hub closes them; see events.ts).
          local.invalidate();
          log.info('event LISTEN connection restored');
        },
        (error: unknown) => {
          delay = Math.min(delay * 2, 5000);
          log.debug('event LISTEN reconnect failed', error);
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  };

  await listen();

  const cleanup = setInterval(() => {
    deleteOldPayloads(db).catch((error: unknown) => log.error('realtime payload cleanup failed', error));
  }, CLEANUP_EVERY_MS);
  cleanup.unref();

  return {
    processId,
    stats,
    get listening() {
      return client !== undefined;
    },
    get generation() {
      return local.generation;
    },
    subscribe: (listener) => local.subscribe(listener),
    onGap: (listener) => local.onGap(listener),
    publish(events) {
      if (events.length === 0) return;
      local.publish(events);
      if (closed) return;
      queue.push(events);
      if (!queued) {
        queued = true;
        outbound = outbound.then(gather).then(sendQueued);
      }
    },
    flush: () => outbound,
    async close() {
      closed = true;
      clearInterval(cleanup);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await outbound;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
      await sender?.end().catch(() => undefined);
      sender = undefined;
    },
  };
}
