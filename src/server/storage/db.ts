import type { PGlite } from '@electric-sql/pglite';
import { availableParallelism } from 'node:os';
import type { Pool, PoolClient } from 'pg';

// One small interface over both engines, so services never know whether they run on the embedded
// PGlite (the default) or on a real PostgreSQL server (DATABASE_URL).

export interface QueryOptions {
  /**
   * Prepare the statement under this name, once per connection, on PostgreSQL: later calls skip
   * parsing and, after a few runs, planning. For the hot statements of a booking, whose parse and
   * plan would otherwise be a quarter of PostgreSQL's time under load. One name, one fixed SQL text.
   */
  name?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>;
  /** Set inside a transaction opened with `lockTimeoutMs`: its lock waits are already bounded. */
  readonly lockTimeoutMs?: number;
}

export interface TransactionOptions {
  /** On PostgreSQL, join the commit fence (default true). */
  joinFence?: boolean;
  /**
   * Bound every lock wait of the transaction (`SET LOCAL lock_timeout`), sent with BEGIN in the same
   * round trip instead of as a statement of its own.
   */
  lockTimeoutMs?: number;
}

/** The database connections of a process; PGlite is one connection, so it reports only `total`. */
export interface PoolUse {
  total: number;
  idle?: number;
  /** Callers waiting for a connection to free up. */
  waiting?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction; rolls back when it throws. On PostgreSQL the transaction joins the
   * commit fence (see storage/changes.ts) unless `joinFence` is false.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  /** The connections in use now, for /metrics: PGlite is one connection; pg's pool counts its own. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

/** The advisory lock id of the commit fence (see migration 2 and storage/changes.ts). */
export const COMMIT_FENCE_LOCK = 727100;

/** Advisory locks of the periodic jobs that one process at a time runs (see `exclusively`). */
export const JOB_LOCKS = {
  holdSweep: 727010,
  compaction: 727011,
  housekeeping: 727012,
  unusedAvatars: 727020,
} as const;

/**
 * Runs `fn` in one transaction only if no other process (or connection) is running the job `lockId`
 * right now; otherwise does nothing and resolves to undefined. The lock ends with the transaction, so
 * a process that dies mid-job never leaves it taken. With several processes on one PostgreSQL this
 * keeps periodic jobs (the hold sweeper, compaction) from running twice at once.
 */
export async function exclusively<T>(
  db: Db,
  lockId: number,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [lockId]);
    return lock?.ok ? fn(tx) : undefined;
  });
}

/** A trivial query: whether the database answers at all (the health check). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** Socket errors of a database that cannot be reached (Node's codes, also on an AggregateError). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs that end or refuse the session: admin or crash shutdown, a server starting or stopping,
 * too many connections. Class 08 (connection exceptions) is matched by its prefix.
 */
const SESSION_LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool throw, without a code, for a connection that dropped or never came. */
const CONNECTION_MESSAGES: Record<string, string> = {
  'Connection terminated unexpectedly': 'connection terminated',
  'Connection terminated': 'connection terminated',
  'Client has encountered a connection error and is not queryable': 'connection terminated',
  'timeout exceeded when trying to connect': 'pool timeout',
  'Connection terminated due to connection timeout': 'pool timeout',
};

/**
 * The kind of a failure to reach the database (a code such as ECONNREFUSED or 57P01), or undefined
 * for any other error. These are the database's outage, not a bug of ours: they are answered 503 and
 * logged once a minute per kind instead of a stack trace per request. A FATAL error ends the session,
 * as does any error raised while the connection starts (postinit.c: a database that does not accept
 * connections, or no longer exists); the file name is checked too because the severity is localised.
 */
export function databaseFailureKind(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 3) return undefined;
  const { code, severity, file, message, cause } = error as {
    code?: unknown;
    severity?: unknown;
    file?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || SESSION_LOST_STATES.has(code) || code.startsWith('08')) return code;
    if (/^[0-9A-Z]{5}$/.test(code) && (severity === 'FATAL' || severity === 'PANIC' || file === 'postinit.c'))
      return code;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES[message]) return CONNECTION_MESSAGES[message];
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const kind = databaseFailureKind(inner, depth + 1);
      if (kind) return kind;
    }
  }
  return databaseFailureKind(cause, depth + 1);
}

// Dates stay yyyy-MM-dd strings and int8 becomes a JS number: a JS Date would shift a calendar date by
// the process time zone, and change versions stay far below 2^53.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** The options' lock timeout as a whole number of milliseconds (it is written into SQL), if any. */
function lockTimeout(options: TransactionOptions | undefined): number | undefined {
  const ms = options?.lockTimeoutMs;
  if (ms === undefined) return undefined;
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`lockTimeoutMs must be a positive integer: ${ms}`);
  return ms;
}

// Each engine's driver is loaded when that engine is opened: a process needs one of them, and loading
// both would slow `npm start`.

/**
 * The embedded engine's buffer pool. PostgreSQL's default, 128 MB, lives in PGlite's WebAssembly memory
 * and is cleared on every open: it would slow every open of the demo's data, a restart's included
 * (the bench's restart figure measures this: docs/benchmarks.md), and cost the process about 100 MB
 * more memory. The demo database is about 25 MB; a deployment that outgrows this runs on PostgreSQL
 * (DATABASE_URL).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir ?? 'memory://', {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    parsers: {
      [DATE_OID]: (value: string) => value,
      [INT8_OID]: (value: string) => Number(value),
      [NUMERIC_OID]: (value: string) => Number(value),
    },
  });
  // PGlite is one connection: a transaction holds it exclusively, which also serialises bookings.
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn, options) =>
      db.transaction(async (tx) => {
        const lockTimeoutMs = lockTimeout(options);
        if (lockTimeoutMs === undefined) return fn(wrap(tx));
        await tx.query(`SET LOCAL lock_timeout = ${lockTimeoutMs}`);
        return fn({ ...wrap(tx), lockTimeoutMs });
      }),
    exec: async (sql) => {
      await db.exec(sql);
    },
    poolUse: () => ({ total: 1 }),
    close: () => db.close(),
  };
}

/**
 * Connections a process keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: four per CPU
 * core of this machine, at least 8 and at most 20. PostgreSQL does the most work with a few busy
 * backends per core; past that they only take turns and contend for its locks, so on a small
 * machine bookings go faster through fewer connections (`npm run bench` measures this:
 * docs/benchmarks.md). A booking waiting for a popular tour's row lock holds a connection while it
 * waits, so the pool is not made smaller than 8.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(20, Math.max(8, 4 * cores));
}

export async function openPostgres(connectionString: string, poolSize = defaultPoolSize()): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A connection, once open, is kept. pg's default closes one idle for 10 s, so after any quiet
    // spell the next rush of bookings would wait for new backends and for every named statement to be
    // prepared again on each (the bench's booking p99 measures this: docs/benchmarks.md).
    idleTimeoutMillis: 0,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID) return (value: string) => value;
        if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const wrap = (q: Pool | PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      const result = options?.name
        ? await q.query({ name: options.name, text: sql, values: params as unknown[] })
        : await q.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        // Join the commit fence (migration 2) before any row lock, so a sync reader waiting for the
        // fence can never be part of a deadlock cycle with this transaction's row locks. Sent with
        // BEGIN as one simple query, with the lock timeout: one round trip instead of three.
        const lockTimeoutMs = lockTimeout(options);
        await client.query(
          [
            'BEGIN',
            ...(lockTimeoutMs === undefined ? [] : [`SET LOCAL lock_timeout = ${lockTimeoutMs}`]),
            ...(options?.joinFence === false
              ? []
              : [`SELECT pg_advisory_xact_lock_shared(${COMMIT_FENCE_LOCK})`]),
          ].join('; '),
        );
        const result = await fn(
          lockTimeoutMs === undefined ? wrap(client) : { ...wrap(client), lockTimeoutMs },
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
