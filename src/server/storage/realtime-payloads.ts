import type { Db, Queryable } from './db';

// The realtime_payloads table: event batches too big for one NOTIFY (realtime/pg-fanout.ts), stored
// for the other processes to read back by id. Made at start-up, outside the migrations, since only a
// cluster on PostgreSQL needs it.

/** Serialises the start-up `CREATE TABLE IF NOT EXISTS`, which races when two processes start at once. */
const PAYLOAD_TABLE_LOCK = 727003;
/** Stored payloads are read back within milliseconds; an hour covers a receiver that lags behind. */
const PAYLOAD_RETENTION = '1 hour';

export async function ensurePayloadTable(db: Db): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PAYLOAD_TABLE_LOCK]);
      await tx.query(`CREATE TABLE IF NOT EXISTS realtime_payloads (
        id bigserial PRIMARY KEY,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    },
    { joinFence: false },
  );
}

/** A stored batch's JSON, or null once it has been cleaned up. */
export async function readPayload(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ body: string }>('SELECT body FROM realtime_payloads WHERE id = $1', [id]);
  return row ? row.body : null;
}

/** Removes the payloads past their retention. */
export async function deleteOldPayloads(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM realtime_payloads WHERE created_at < now() - interval '${PAYLOAD_RETENTION}'`);
}
