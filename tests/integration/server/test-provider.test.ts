import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProvider } from '../../../src/server/payments/test-provider';
import { migrate } from '../../../src/server/storage/migrations';
import { openPglite, openPostgres, type Db } from '../../../src/server/storage/db';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';

// The built-in test payment provider makes a payment per key in one statement. Two requests with
// the same key (a booking and the replay of its Idempotency-Key through another process) must both
// get the one payment, even when the second statement starts before the first has committed.

/** The provider's payment for `paymentId`, made as a booking makes it: its confirmation token. */
function record(db: Db, paymentId: string): Promise<string> {
  const provider = createTestProvider(db);
  if (!provider.createRecorded) throw new Error('the test provider records its payments itself');
  return provider.createRecorded({
    paymentId,
    amount: 1500,
    description: 'Экскурсия «Проверка», билет t1',
    returnUrl: 'http://127.0.0.1/profile/tickets/ticket/t1',
    receipt: {
      email: 'buyer@example.ru',
      items: [{ description: 'Экскурсия «Проверка»', quantity: 1, unitPrice: 1500 }],
    },
  });
}

describe('the test provider on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers a repeated key with the payment made the first time', async () => {
    const first = await record(db, 'pay-repeat');
    expect(await record(db, 'pay-repeat')).toBe(first);
    expect(
      await db.query('SELECT id FROM test_provider_payments WHERE idempotence_key = $1', ['pay-repeat']),
    ).toHaveLength(1);
  });
});

if (TEST_DATABASE_URL) {
  const baseUrl = TEST_DATABASE_URL;
  describe('the test provider on PostgreSQL', () => {
    let database: TempDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await createTempDatabase(baseUrl);
      db = await openPostgres(database.url, 4);
      await migrate(db);
    });
    afterAll(async () => {
      await db?.close();
      await database?.drop();
    });

    it('answers a key whose payment another statement is still committing with that payment', async () => {
      // Another connection has made the payment for this key and not committed yet.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO test_provider_payments (id, idempotence_key, amount, confirmation_token)
           VALUES ('tp_other', 'pay-race', 1500, 'ct-other')`,
        );
        // This request's statement starts now: its insert waits for the other one to commit.
        const answer = record(db, 'pay-race');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query('COMMIT');
        expect(await answer).toBe('ct-other');
      } finally {
        await other.end();
      }
    });
  });
}
