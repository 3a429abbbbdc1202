import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from './storage/db';

// What an operator graphs and alerts on, in Prometheus' text format at GET /metrics
// (http/routes/metrics.ts; docs/metrics.md says what each series means). Each server instance has a
// registry of its own, never prom-client's global one: tests start many servers in one process, and
// each must count only what it did.

/** Every series of ours starts with this, so a shared Prometheus tells them from other services'. */
export const METRICS_PREFIX = 'krym_';

/**
 * How a booking call (POST /api/tickets) ended: a ticket held, an earlier answer given again, a
 * refusal for seats or places (409), too many bookings (429), any other refusal (4xx), or a failure.
 */
export type BookingOutcome = 'booked' | 'replayed' | 'conflict' | 'rate_limited' | 'refused' | 'failed';

/** What the collect-time gauges read when Prometheus scrapes. */
export interface MetricSources {
  poolUse: () => PoolUse;
  /** Sockets open on /ws in this process. */
  openSockets: () => number;
  /**
   * Whether the registry carries Node's process metrics (CPU, memory, event loop lag, GC). They watch
   * the process from the moment they are made, so only a server that exposes /metrics asks for them.
   */
  processMetrics?: boolean;
}

export interface Metrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly bookings: Counter<'outcome'>;
  readonly payments: Counter<'outcome'>;
  readonly refunds: Counter<'outcome'>;
  readonly syncPulls: Counter<'kind'>;
  readonly outboxReplaysRefused: Counter;
  readonly holdSweeps: Counter;
  readonly holdsExpired: Counter;
}

/**
 * Request time buckets, in seconds: most calls answer within a few milliseconds, a booking under
 * load in tens to hundreds, and a provider call or a large upload in seconds.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request no route pattern names: one label, so odd paths cannot multiply series. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });
  const name = (rest: string) => `${METRICS_PREFIX}${rest}`;

  new Gauge({
    name: name('websocket_connections'),
    help: 'WebSocket connections open on /ws in this process.',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Gauge({
    name: name('db_pool_connections'),
    help: 'Database connections of this process by state: total, idle, and callers waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources.poolUse();
      this.set({ state: 'total' }, use.total);
      if (use.idle !== undefined) this.set({ state: 'idle' }, use.idle);
      if (use.waiting !== undefined) this.set({ state: 'waiting' }, use.waiting);
    },
  });

  return {
    registry,
    requestDuration: new Histogram({
      name: name('http_request_duration_seconds'),
      help: 'Time from the arrival of a request until its answer was written, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    bookings: new Counter({
      name: name('bookings_total'),
      help: 'Booking calls (POST /api/tickets) by outcome: booked, replayed, conflict, rate_limited, refused, failed.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    payments: new Counter({
      name: name('payments_total'),
      help: 'Payment notifications handled, by outcome: confirmed, duplicate, ignored, refunded, canceled, declined, unavailable.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    refunds: new Counter({
      name: name('refunds_total'),
      help: 'Refunds sent to the provider, by what was recorded: succeeded, failed, pending (tried again later).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    syncPulls: new Counter({
      name: name('sync_pulls_total'),
      help: 'Pulls of GET /api/sync by kind: first (no cursor), changes (from a cursor), reset (cursor too old).',
      labelNames: ['kind'] as const,
      registers,
    }),
    outboxReplaysRefused: new Counter({
      name: name('outbox_replays_refused_total'),
      help: 'Requests refused with 422 because their Idempotency-Key was already used for another request.',
      registers,
    }),
    holdSweeps: new Counter({
      name: name('hold_sweeps_total'),
      help: 'Hold-expiry sweeps this process ran (a round another process was running is not counted).',
      registers,
    }),
    holdsExpired: new Counter({
      name: name('holds_expired_total'),
      help: 'Unpaid holds the sweeps of this process cancelled, their seats back on sale.',
      registers,
    }),
  };
}

/** The outcome label of a booking call's answer. */
export function bookingOutcome(status: number, replayed: boolean): BookingOutcome {
  if (replayed) return 'replayed';
  if (status >= 200 && status < 300) return 'booked';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return status >= 400 && status < 500 ? 'refused' : 'failed';
}
