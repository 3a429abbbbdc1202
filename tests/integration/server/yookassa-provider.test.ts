import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type Receipt,
} from '../../../src/server/payments/provider';
import { buildReceipt } from '../../../src/server/payments/receipt';
import { createTestProvider, TEST_CARDS } from '../../../src/server/payments/test-provider';
import { createYookassaProvider, type YookassaOptions } from '../../../src/server/payments/yookassa';
import { openPglite, openPostgres, type Db } from '../../../src/server/storage/db';
import { migrate } from '../../../src/server/storage/migrations';
import { createTempDatabase, TEST_DATABASE_URL, type TempDatabase } from '../../support/postgres';
import { startYookassaStandin } from '../../support/yookassa-standin';

// The YooKassa provider on its own against a stand-in of API v3 on loopback: the 54-FZ receipt it
// sends with a payment and a refund, the Idempotence-Key it keeps over every try of one call, and
// how it tells a fault worth another try (5xx, 202, 429, no answer) from the API's final no (4xx).
// Then the built-in test provider's refunds, in its own books.

const receiptFor = (total: number): Receipt =>
  buildReceipt({
    email: 'buyer@example.ru',
    title: 'Ласточкино гнездо',
    adults: 2,
    kids: 1,
    services: [{ name: 'Трансфер', price: 200, selected: true }],
    total,
    adultPrice: 1500,
    kidPrice: 800,
  }) as Receipt;

const TOTAL = 2 * 1500 + 800 + 3 * 200;

let paymentNo = 0;
const paymentInput = (amount = TOTAL, receipt = receiptFor(amount)) => ({
  paymentId: `pay-${++paymentNo}`,
  amount,
  description: 'Экскурсия «Ласточкино гнездо», билет t1',
  returnUrl: 'http://127.0.0.1/profile/tickets/ticket/t1',
  receipt,
});

describe('the YooKassa provider against API v3', () => {
  const standin = startYookassaStandin();
  let options: YookassaOptions;
  let yookassa: PaymentProvider;
  const postsWith = (key: string) =>
    standin.requests.filter((r) => r.method === 'POST' && r.headers['idempotence-key'] === key);

  /** A payment the buyer has paid, at the stand-in. */
  const paid = async (amount = TOTAL) => {
    const payment = await yookassa.create(paymentInput(amount));
    standin.setPaymentStatus(payment.id, 'succeeded');
    return payment;
  };

  beforeAll(async () => {
    options = {
      apiUrl: await standin.listen(),
      shopId: 'shop-1',
      secretKey: 'secret-1',
      vatCode: 4,
      timeoutMs: 300,
    };
    yookassa = createYookassaProvider(options);
  });
  afterAll(() => standin.close());

  it('sends a payment with a receipt of the configured VAT code whose items add up to the amount', async () => {
    const input = paymentInput();
    const payment = await yookassa.create(input);
    expect(payment).toMatchObject({ status: 'pending', amount: TOTAL, paymentId: input.paymentId });
    expect(payment.confirmationToken).toBe(`yk-token-${payment.id}`);
    const [sent] = postsWith(input.paymentId);
    expect(sent?.url).toBe('/v3/payments');
    expect(sent?.body).toMatchObject({
      amount: { value: `${TOTAL}.00`, currency: 'RUB' },
      receipt: {
        customer: { email: 'buyer@example.ru' },
        items: [
          {
            description: 'Экскурсия «Ласточкино гнездо», взрослый',
            quantity: '2.00',
            amount: { value: '1500.00', currency: 'RUB' },
          },
          {
            description: 'Экскурсия «Ласточкино гнездо», детский',
            quantity: '1.00',
            amount: { value: '800.00', currency: 'RUB' },
          },
          { description: 'Трансфер', quantity: '3.00', amount: { value: '200.00', currency: 'RUB' } },
        ],
      },
    });
    const items = (sent?.body as { receipt: { items: Record<string, unknown>[] } }).receipt.items;
    for (const item of items)
      expect(item).toMatchObject({ vat_code: 4, payment_mode: 'full_payment', payment_subject: 'service' });
  });

  it('refunds with the refund id as Idempotence-Key and a receipt; the same id is the same refund', async () => {
    const payment = await paid();
    const input = {
      refundId: 'refund-1',
      providerPaymentId: payment.id,
      amount: TOTAL,
      description: 'Возврат за билет t1',
      receipt: receiptFor(TOTAL),
    };
    const refund = await yookassa.refund(input);
    expect(refund).toMatchObject({ status: 'succeeded', amount: TOTAL });
    expect(await yookassa.refund(input)).toEqual(refund);
    const sent = postsWith('refund-1');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.url).toBe('/v3/refunds');
    expect(sent[0]?.body).toMatchObject({
      payment_id: payment.id,
      amount: { value: `${TOTAL}.00`, currency: 'RUB' },
      description: 'Возврат за билет t1',
      receipt: {
        customer: { email: 'buyer@example.ru' },
        items: [{ vat_code: 4 }, { vat_code: 4 }, { vat_code: 4 }],
      },
    });
    expect([...standin.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    // Nothing is left of the payment to refund under another id.
    await expect(yookassa.refund({ ...input, refundId: 'refund-1b' })).rejects.toBeInstanceOf(
      ProviderRefusedError,
    );
  });

  it('answers a refund the API leaves pending, and its settled state when asked again', async () => {
    const payment = await paid();
    standin.refundStatusNext('pending');
    const refund = await yookassa.refund({
      refundId: 'refund-pending',
      providerPaymentId: payment.id,
      amount: TOTAL,
      description: 'Возврат за билет t2',
      receipt: receiptFor(TOTAL),
    });
    expect(refund.status).toBe('pending');
    standin.settleRefund(refund.id, 'succeeded');
    expect(await yookassa.fetchRefund?.(refund.id)).toEqual({ ...refund, status: 'succeeded' });
    expect(await yookassa.fetchRefund?.('no-such-refund')).toBeNull();
  });

  it.each([
    ['a 500', 500],
    ['a 202 with retry_after', 202],
    ['a 429', 429],
  ])('tries again after %s with the same key and makes one payment', async (_, status) => {
    standin.failNext(1, status);
    const before = standin.payments.size;
    const input = paymentInput();
    const payment = await yookassa.create(input);
    expect(payment.paymentId).toBe(input.paymentId);
    expect(postsWith(input.paymentId)).toHaveLength(2);
    expect(standin.payments.size).toBe(before + 1);
  });

  it('gives up after its tries when the API does not answer in time, then works again', async () => {
    standin.hangNext(3);
    const input = paymentInput();
    const started = Date.now();
    await expect(yookassa.create(input)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(postsWith(input.paymentId)).toHaveLength(3);
    expect((await yookassa.create(input)).paymentId).toBe(input.paymentId);
  });

  it('gives up after its tries on a refund while the API keeps failing, the key the same on each', async () => {
    const payment = await paid();
    standin.failNext(Number.POSITIVE_INFINITY, 503);
    const input = {
      refundId: 'refund-down',
      providerPaymentId: payment.id,
      amount: TOTAL,
      description: 'Возврат',
      receipt: receiptFor(TOTAL),
    };
    try {
      await expect(yookassa.refund(input)).rejects.toBeInstanceOf(ProviderUnavailableError);
    } finally {
      standin.failNext(0);
    }
    expect(postsWith('refund-down')).toHaveLength(3);
    expect((await yookassa.refund(input)).status).toBe('succeeded');
  });

  it('takes a 4xx as final: one try, ProviderRefusedError with the API description', async () => {
    const input = paymentInput(TOTAL, receiptFor(TOTAL - 1));
    const refused = yookassa.create(input);
    await expect(refused).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(refused).rejects.toThrow(/receipt.*does not match the amount/);
    expect(postsWith(input.paymentId)).toHaveLength(1);
    const unpaid = await yookassa.create(paymentInput());
    const refund = yookassa.refund({
      refundId: 'refund-unpaid',
      providerPaymentId: unpaid.id,
      amount: TOTAL,
      description: 'Возврат',
      receipt: receiptFor(TOTAL),
    });
    await expect(refund).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('takes wrong credentials as a refusal, not an outage', async () => {
    const wrong = createYookassaProvider({ ...options, secretKey: 'wrong' });
    await expect(wrong.create(paymentInput())).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('fails over to ProviderUnavailableError when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createYookassaProvider({ ...options, apiUrl: `http://127.0.0.1:${port}/v3` });
    await expect(nowhere.create(paymentInput())).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(nowhere.fetch('yk-1')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('fetches a payment as the API has it: null when unknown, unavailable on a 5xx', async () => {
    const payment = await paid();
    expect(await yookassa.fetch(payment.id)).toMatchObject({
      id: payment.id,
      status: 'succeeded',
      amount: TOTAL,
    });
    expect(await yookassa.fetch('yk-unknown')).toBeNull();
    expect(await yookassa.fetch('../etc')).toBeNull();
    standin.failNext(1, 500);
    await expect(yookassa.fetch(payment.id)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

for (const engine of TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']) {
  describe(`the test provider refunds in its own books on ${engine}`, () => {
    let database: TempDatabase | undefined;
    let db: Db;
    let provider: ReturnType<typeof createTestProvider>;
    beforeAll(async () => {
      if (engine === 'postgres') {
        database = await createTempDatabase(TEST_DATABASE_URL as string);
        db = await openPostgres(database.url, 4);
      } else {
        db = await openPglite(undefined);
      }
      await migrate(db);
      provider = createTestProvider(db);
    });
    afterAll(async () => {
      await db?.close();
      await database?.drop();
    });

    const paidTest = async () => {
      const created = await provider.create(paymentInput());
      expect((await provider.pay(created.confirmationToken, TEST_CARDS.success)).outcome).toBe('paid');
      return created;
    };

    it('refunds a paid payment once per refund id, keeping the receipt', async () => {
      const payment = await paidTest();
      const input = {
        refundId: 'test-refund-1',
        providerPaymentId: payment.id,
        amount: TOTAL,
        description: 'Возврат',
        receipt: receiptFor(TOTAL),
      };
      const refund = await provider.refund(input);
      expect(refund).toMatchObject({ status: 'succeeded', amount: TOTAL });
      expect(await provider.refund(input)).toEqual(refund);
      const rows = await db.query<{ id: string; receipt: unknown }>(
        'SELECT id, receipt FROM test_provider_refunds WHERE payment_id = $1',
        [payment.id],
      );
      expect(rows).toEqual([{ id: refund.id, receipt: input.receipt }]);
      await expect(provider.refund({ ...input, refundId: 'test-refund-2' })).rejects.toBeInstanceOf(
        ProviderRefusedError,
      );
    });

    it('refuses an unknown payment, an unpaid one and more than was paid', async () => {
      const base = { description: 'Возврат', receipt: receiptFor(TOTAL) };
      await expect(
        provider.refund({ ...base, refundId: 'r-unknown', providerPaymentId: 'tp_nope', amount: TOTAL }),
      ).rejects.toBeInstanceOf(ProviderRefusedError);
      const unpaid = await provider.create(paymentInput());
      await expect(
        provider.refund({ ...base, refundId: 'r-unpaid', providerPaymentId: unpaid.id, amount: TOTAL }),
      ).rejects.toBeInstanceOf(ProviderRefusedError);
      const payment = await paidTest();
      for (const amount of [TOTAL + 1, 0, 10.5])
        await expect(
          provider.refund({ ...base, refundId: `r-${amount}`, providerPaymentId: payment.id, amount }),
        ).rejects.toBeInstanceOf(ProviderRefusedError);
      expect(
        await db.query('SELECT 1 FROM test_provider_refunds WHERE payment_id = $1', [payment.id]),
      ).toEqual([]);
    });
  });
}
