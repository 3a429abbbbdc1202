import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/domain/types';
import { parseAddressList } from '../../../src/server/payments/addresses';
import { YOOKASSA_NOTIFICATION_ADDRESSES } from '../../../src/server/payments/yookassa';
import { api, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, tourWithRoom } from '../../support/booking';
import { startTestServer, type TestServer } from '../../support/server';
import { startYookassaStandin } from '../../support/yookassa-standin';

// The YooKassa provider against a stand-in for its API on loopback (the real one is on the internet):
// what we send it (Basic auth, Idempotence-Key, embedded confirmation), that a notification is only
// believed after asking the API, and that notifications come only from the published addresses.

describe('the YooKassa provider', () => {
  const fake = startYookassaStandin();
  let trusting: TestServer;
  let strict: TestServer;

  beforeAll(async () => {
    const apiUrl = await fake.listen();
    const env = {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: 'shop-1',
      YOOKASSA_SECRET_KEY: 'secret-1',
      YOOKASSA_API_URL: apiUrl,
    };
    // This one trusts loopback as the notifier; `strict` keeps YooKassa's published addresses.
    trusting = await startTestServer('pglite', { env: { ...env, PAYMENT_WEBHOOK_IPS: '127.0.0.1/32' } });
    strict = await startTestServer('pglite', { env });
  });
  afterAll(async () => {
    await trusting?.destroy();
    await strict?.destroy();
    await fake.close();
  });

  it('creates an embedded payment with an Idempotence-Key and confirms only what the API says is paid', async () => {
    const token = await tokenFor(trusting, DEMO.tourist);
    const { excursion, tour } = await tourWithRoom(trusting, 'coach', 2);
    const body = bookingBody(DEMO.tourist, excursion, tour, {
      adults: 1,
      seats: [tour.emptySeats[0] as number],
    });
    const booked = await book(trusting, token, body);
    expect(booked.status).toBe(200);
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.headers['idempotence-key']).toBeTruthy();
    expect(create?.body).toMatchObject({
      amount: { value: `${body.excursionPrice}.00`, currency: 'RUB' },
      confirmation: { type: 'embedded' },
      capture: true,
      // The stand-in refuses a payment whose receipt does not add up to its amount.
      receipt: { items: [expect.objectContaining({ vat_code: 1, payment_subject: 'service' })] },
    });
    expect(booked.body.confirmationid).toBe('yk-token-yk-1');
    const config = await api(trusting).json<{ provider: string; widget_url: string }>('/api/payments/config');
    expect(config).toEqual({
      provider: 'yookassa',
      widget_url: 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js',
    });

    const notify = (server: TestServer, id: string) =>
      api(server).send('POST', '/api/payments/webhook', { event: 'payment.succeeded', object: { id } });
    const ticketStatus = async () =>
      (await api(trusting, token).json<Ticket>(`/api/tickets/${booked.body.ticket_id}`)).status;

    // Not paid at YooKassa yet: the notification claims otherwise and is not believed.
    expect((await notify(trusting, 'yk-1')).status).toBe(200);
    expect(await ticketStatus()).toBe('to payment');
    const asks = fake.requests.filter((r) => r.method === 'GET' && r.url === '/v3/payments/yk-1').length;
    expect(asks).toBe(1);

    fake.setPaymentStatus('yk-1', 'succeeded');
    expect((await notify(strict, 'yk-1')).status).toBe(403);
    expect(await ticketStatus()).toBe('to payment');
    expect((await notify(trusting, 'yk-1')).status).toBe(200);
    expect(await ticketStatus()).toBe('confirmed');
  });

  it('an unreachable provider answers 424 with a Russian detail; a retry with the same key books once', async () => {
    const token = await tokenFor(trusting, DEMO.tourist);
    const { excursion, tour } = await tourWithRoom(trusting, 'van', 2);
    const body = bookingBody(DEMO.tourist, excursion, tour, {
      adults: 1,
      seats: [tour.emptySeats[0] as number],
    });
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    fake.failNext(Number.POSITIVE_INFINITY);
    const failed = await book(trusting, token, body, key);
    expect(failed.status).toBe(424);
    expect(failed.body.detail).toMatch(/Платёжная система сейчас недоступна/);
    fake.failNext(0);
    const retried = await book(trusting, token, body, key);
    expect(retried.status).toBe(200);
    expect(retried.body.confirmationid).toMatch(/^yk-token-/);
    const [{ n } = { n: 0 }] = await trusting.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tickets WHERE tour_id = $1 AND user_id = $2',
      [tour._id, DEMO.tourist],
    );
    expect(n).toBe(1);
  });

  it('trusts exactly the published notification addresses, IPv4, mapped IPv4 and IPv6', () => {
    const list = parseAddressList(YOOKASSA_NOTIFICATION_ADDRESSES);
    expect(list.allows('185.71.76.5')).toBe(true);
    expect(list.allows('::ffff:77.75.156.11')).toBe(true);
    expect(list.allows('2a02:5180::1')).toBe(true);
    expect(list.allows('77.75.156.12')).toBe(false);
    expect(list.allows('127.0.0.1')).toBe(false);
    expect(list.allows('::1')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(() => parseAddressList(['not-an-ip'])).toThrow();
  });
});
