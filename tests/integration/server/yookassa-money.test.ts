import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Ticket, Tour } from '../../../src/domain/types';
import { api, catalogue } from '../../support/api';
import { book, bookingBody, newBuyers } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startYookassaStandin, type StandinRequest } from '../../support/yookassa-standin';

// The money path against a stand-in of YooKassa's API v3 on loopback: every payment
// and refund carries a 54-FZ receipt that adds up, paying later reuses the open payment, a cancel
// refunds once with its key however often it is sent, a refund the provider fails is tried again
// with the same key until it settles, and a payment too late for its seats is refunded.

interface ReceiptBody {
  customer: { email: string };
  items: { quantity: string; amount: { value: string }; vat_code: number; payment_mode: string }[];
}

/** The receipt's items in kopecks: quantity × unit price, summed. */
const receiptKopecks = (receipt: ReceiptBody) =>
  receipt.items.reduce(
    (sum, item) => sum + Math.round(Number(item.quantity) * Math.round(Number(item.amount.value) * 100)),
    0,
  );

describe.each(ONE_ENGINE)('the money path through YooKassa on %s', (engine) => {
  const yookassa = startYookassaStandin();
  let server: TestServer;
  let buyer: { id: number; token: string };
  let offset = 0;
  const used = new Set<string>();

  beforeAll(async () => {
    const apiUrl = await yookassa.listen();
    server = await startTestServer(engine, {
      env: {
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: 'shop-1',
        YOOKASSA_SECRET_KEY: 'secret-1',
        YOOKASSA_API_URL: apiUrl,
        YOOKASSA_VAT_CODE: '4',
        YOOKASSA_TIMEOUT_MS: '500',
        PAYMENT_WEBHOOK_IPS: '127.0.0.1/32',
      },
      now: () => new Date(Date.now() + offset),
    });
  });
  beforeEach(async () => {
    offset = 0;
    yookassa.failNext(0);
    [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
  });
  afterAll(async () => {
    await server?.destroy();
    await yookassa.close();
  });

  async function tourAhead(days: number): Promise<{ excursion: Excursion; tour: Tour }> {
    const { excursions, tours } = await catalogue(server);
    const from = addDays(crimeaToday(new Date()), days);
    for (const tour of tours) {
      const excursion = excursions.find((e) => e._id === tour.excursionID);
      if (excursion?.busType !== 'coach' || used.has(tour._id) || tour.date < from) continue;
      if (tour.emptySeats.length < 2) continue;
      used.add(tour._id);
      return { excursion, tour };
    }
    throw new Error(`no coach tour ${days} days ahead`);
  }

  async function bookTwo() {
    const { excursion, tour } = await tourAhead(5);
    const body = bookingBody(buyer.id, excursion, tour, {
      adults: 2,
      seats: tour.emptySeats.slice(0, 2),
      services: excursion.services.slice(0, 1),
    });
    const booked = await book(server, buyer.token, body);
    expect(booked.status).toBe(200);
    return {
      id: booked.body.ticket_id as string,
      token: booked.body.confirmationid as string,
      price: body.excursionPrice,
    };
  }

  const ticket = (id: string) => api(server, buyer.token).json<Ticket>(`/api/tickets/${id}`);
  const notify = (id: string) =>
    api(server).send('POST', '/api/payments/webhook', { event: 'payment.succeeded', object: { id } });
  const posts = (path: string): StandinRequest[] =>
    yookassa.requests.filter((r) => r.method === 'POST' && r.url === path);
  const providerIdOf = (token: string) => token.replace(/^yk-token-/, '');

  async function pay(token: string) {
    const id = providerIdOf(token);
    yookassa.setPaymentStatus(id, 'succeeded');
    expect((await notify(id)).status).toBe(200);
  }

  it('sends a receipt whose items add up to the payment, with the buyer’s e-mail and the VAT code', async () => {
    const booked = await bookTwo();
    const [{ email } = { email: '' }] = await server.db.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1',
      [buyer.id],
    );
    const last = posts('/v3/payments').at(-1)?.body as { amount: { value: string }; receipt: ReceiptBody };
    expect(last.receipt.customer.email).toBe(email);
    expect(receiptKopecks(last.receipt)).toBe(booked.price * 100);
    expect(last.amount.value).toBe(`${booked.price}.00`);
    for (const item of last.receipt.items) {
      expect(item.vat_code).toBe(4);
      expect(item.payment_mode).toBe('full_payment');
    }
  });

  it('pays later with the open payment, and with a new one once YooKassa cancelled the first', async () => {
    const booked = await bookTwo();
    const payLater = async () => {
      const response = await api(server, buyer.token).send('POST', `/api/tickets/${booked.id}/payment`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { confirmationid: string }).confirmationid;
    };
    expect(await payLater()).toBe(booked.token);
    expect(await payLater()).toBe(booked.token);

    // A declined card ends a YooKassa payment: the next 'Оплатить' gets a payment of its own.
    yookassa.setPaymentStatus(providerIdOf(booked.token), 'canceled');
    const second = await payLater();
    expect(second).not.toBe(booked.token);
    expect(await payLater()).toBe(second);
    const rows = await server.db.query<{ status: string }>(
      'SELECT status FROM payments WHERE ticket_id = $1 ORDER BY created_at',
      [booked.id],
    );
    expect(rows.map((row) => row.status)).toEqual(['canceled', 'pending']);

    await pay(second);
    expect((await ticket(booked.id)).status).toBe('confirmed');
  });

  it('cancels five days ahead and refunds once, with a key and a receipt, even when the cancel is sent twice', async () => {
    const booked = await bookTwo();
    await pay(booked.token);
    const cancel = () =>
      api(server, buyer.token).send('PATCH', `/api/tickets/${booked.id}`, { status: 'cancelled' });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await expect.poll(async () => (await ticket(booked.id)).refund?.status).toBe('succeeded');

    const refunds = posts('/v3/refunds').filter(
      (r) => (r.body as { payment_id?: string }).payment_id === providerIdOf(booked.token),
    );
    expect(refunds).toHaveLength(1);
    const [refund] = refunds as [StandinRequest];
    expect(refund.headers['idempotence-key']).toBeTruthy();
    const body = refund.body as { amount: { value: string }; receipt: ReceiptBody };
    expect(body.amount.value).toBe(`${booked.price}.00`);
    expect(receiptKopecks(body.receipt)).toBe(booked.price * 100);
    expect(
      [...yookassa.refunds.values()].filter((r) => r.payment_id === providerIdOf(booked.token)),
    ).toHaveLength(1);
  });

  it('tries a refund the provider fails again with the same key until it settles', async () => {
    const booked = await bookTwo();
    await pay(booked.token);
    yookassa.failNext(Infinity, 503);
    const cancelled = await api(server, buyer.token).send('PATCH', `/api/tickets/${booked.id}`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    const forThis = () =>
      posts('/v3/refunds').filter(
        (r) => (r.body as { payment_id?: string }).payment_id === providerIdOf(booked.token),
      );
    await expect.poll(() => forThis().length).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await ticket(booked.id)).refund?.status).toBe('pending');
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ n: number }>('SELECT attempts AS n FROM refunds WHERE ticket_id = $1', [
              booked.id,
            ])
          )[0]?.n,
      )
      .toBe(1);

    yookassa.failNext(0);
    // The retry timer's next round, as if its wait had passed.
    expect(await server.sendRefunds(new Date(Date.now() + 3_600_000))).toBe(1);
    expect((await ticket(booked.id)).refund?.status).toBe('succeeded');
    const keys = new Set(forThis().map((r) => r.headers['idempotence-key']));
    expect(keys.size).toBe(1);
    expect(yookassa.refunds.size).toBeGreaterThan(0);
    expect(await server.sendRefunds(new Date(Date.now() + 7_200_000))).toBe(0);
  });

  it('refunds a payment that arrives after its hold ran out and its seats were sold again', async () => {
    const booked = await bookTwo();
    const held = await ticket(booked.id);
    offset = 16 * 60_000;
    await server.sweepHolds();
    // Someone else buys the same seats meanwhile.
    const [other] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const { excursions, tours } = await catalogue(server);
    const tour = tours.find((t) => t._id === held.tourID) as Tour;
    const excursion = excursions.find((e) => e._id === tour.excursionID) as Excursion;
    const resold = await book(
      server,
      other.token,
      bookingBody(other.id, excursion, tour, { adults: 2, seats: held.seats }),
    );
    expect(resold.status).toBe(200);

    await pay(booked.token);
    const late = await ticket(booked.id);
    expect(late.status).toBe('cancelled');
    expect(late.cancelReason).toBe('hold_expired');
    await expect
      .poll(async () => (await ticket(booked.id)).refund)
      .toEqual({ amount: booked.price, status: 'succeeded' });
  });
});
