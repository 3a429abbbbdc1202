import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Ticket, Tour } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard, tourNow } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, subjectOf, type TestSmtp } from '../../support/smtp';

// After the first payment, with the built-in test provider: paying later from the ticket, a hold
// that runs out and says why, the free-cancellation window, refunds made once however often asked,
// and the e-mails that tell the buyer.

describe.each(ONE_ENGINE)('the money path on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let buyer: { id: number; token: string };
  let offset = 0;
  const used = new Set<string>();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url },
      now: () => new Date(Date.now() + offset),
    });
  });
  beforeEach(async () => {
    offset = 0;
    [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /** A coach tour at least `days` days ahead with a free seat that no other test here took. */
  async function tourAhead(days: number) {
    const { excursions, tours } = await catalogue(server);
    const from = addDays(crimeaToday(new Date()), days);
    for (const tour of tours) {
      const excursion = excursions.find((e) => e._id === tour.excursionID);
      if (excursion?.busType !== 'coach' || used.has(tour._id) || tour.date < from) continue;
      if (tour.emptySeats.length === 0) continue;
      used.add(tour._id);
      return { excursion, tour };
    }
    throw new Error(`no coach tour ${days} days ahead`);
  }

  async function bookOne(days = 5, token = buyer.token, userId = buyer.id) {
    const { excursion, tour } = await tourAhead(days);
    const seat = tour.emptySeats[0] as number;
    const booked = await book(
      server,
      token,
      bookingBody(userId, excursion, tour, { adults: 1, seats: [seat] }),
    );
    expect(booked.status).toBe(200);
    return {
      excursion,
      tour,
      seat,
      id: booked.body.ticket_id as string,
      token: booked.body.confirmationid as string,
    };
  }

  const ticket = (id: string, token = buyer.token) => api(server, token).json<Ticket>(`/api/tickets/${id}`);
  const payLater = (id: string, token = buyer.token) =>
    api(server, token).send('POST', `/api/tickets/${id}/payment`);
  const cancel = (id: string, token = buyer.token) =>
    api(server, token).send('PATCH', `/api/tickets/${id}`, { status: 'cancelled' });
  const providerRefunds = async (id: string) =>
    (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM test_provider_refunds r
         JOIN payments p ON p.provider_payment_id = r.payment_id WHERE p.ticket_id = $1`,
        [id],
      )
    )[0]?.n;

  it('pays later from the ticket with the open payment, once, and only the owner may ask', async () => {
    const booked = await bookOne();
    const held = await ticket(booked.id);
    expect(held.status).toBe('to payment');
    expect(Date.parse(held.holdUntil as string) - Date.now()).toBeGreaterThan(14 * 60_000);

    const again = await payLater(booked.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ confirmationid: booked.token });
    const [{ n } = { n: 0 }] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE ticket_id = $1',
      [booked.id],
    );
    expect(n).toBe(1);

    const stranger = await tokenFor(server, DEMO.seller2);
    expect((await payLater(booked.id, stranger)).status).toBe(403);
    expect((await payLater('0123456789abcdef01234567')).status).toBe(404);

    expect((await payWithCard(server, booked.token)).status).toBe(200);
    expect((await ticket(booked.id)).status).toBe('confirmed');
    const paid = await payLater(booked.id);
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { detail: string }).detail).toBe('Билет уже оплачен');
  });

  it('a hold that runs out keeps its reason, and cannot be paid from the ticket any more', async () => {
    const booked = await bookOne();
    offset = 16 * 60_000;
    await server.sweepHolds();
    const lapsed = await ticket(booked.id);
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.cancelReason).toBe('hold_expired');
    expect(lapsed.holdUntil).toBeUndefined();
    const refused = await payLater(booked.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/Бронь истекла/);
    expect((await tourNow(server, booked.tour._id)).emptySeats).toContain(booked.seat);
  });

  it('cancels a paid ticket days ahead: seats back at once, refunded once, even when asked twice', async () => {
    const booked = await bookOne(5);
    await payWithCard(server, booked.token);
    const paid = await ticket(booked.id);
    expect(Date.parse(paid.freeCancelUntil as string)).toBeGreaterThan(Date.now());

    const first = await cancel(booked.id);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as Ticket;
    expect(answer.status).toBe('cancelled');
    expect(answer.cancelReason).toBe('owner');
    expect(answer.refund).toEqual({ amount: paid.excursionPrice, status: 'pending' });
    expect((await tourNow(server, booked.tour._id)).emptySeats).toContain(booked.seat);

    expect((await cancel(booked.id)).status).toBe(200);
    await expect
      .poll(async () => (await ticket(booked.id)).refund)
      .toEqual({ amount: paid.excursionPrice, status: 'succeeded' });
    expect(await server.sendRefunds(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await providerRefunds(booked.id)).toBe(1);

    // The buyer hears twice: the paid ticket's receipt and the refund. Each mail is sent after its own
    // commit without holding up the answer, so on a busy machine the two may arrive in either order.
    const email = (await buyerEmail(buyer.id)).toLowerCase();
    const subjects = () =>
      smtp.messages
        .filter((m) => m.to.includes(email))
        .map((m) => subjectOf(m.raw))
        .sort();
    await expect.poll(subjects).toEqual(['Возврат оплаты за экскурсию', 'Чек: оплата экскурсии']);
  });

  it('refuses the owner inside the window with the reason, and lets an admin cancel and refund', async () => {
    const { excursion, tour } = await tourAhead(2);
    // A window of 30 days puts every tour of the demo inside it; each ticket keeps the window it was sold with.
    await server.db.query('UPDATE excursions SET free_cancel_hours = 720 WHERE id = $1', [excursion._id]);
    const fresh = (await tourNow(server, tour._id)) as Tour;
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, fresh, { adults: 1, seats: [fresh.emptySeats[0] as number] }),
    );
    const id = booked.body.ticket_id as string;
    await payWithCard(server, booked.body.confirmationid as string);
    await server.db.query('UPDATE excursions SET free_cancel_hours = 24 WHERE id = $1', [excursion._id]);

    const refused = await cancel(id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Бесплатная отмена была возможна до \d\d\.\d\d\.\d{4} \d\d:\d\d/,
    );
    expect((await ticket(id)).status).toBe('confirmed');
    expect(await providerRefunds(id)).toBe(0);

    const admin = await tokenFor(server, DEMO.admin);
    const byAdmin = await cancel(id, admin);
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as Ticket).cancelReason).toBe('admin');
    await expect.poll(async () => (await ticket(id)).refund?.status).toBe('succeeded');
    expect(await providerRefunds(id)).toBe(1);
  });

  it('an excursion without free cancellation: the ticket promises none and its owner cannot cancel it paid', async () => {
    const { excursion, tour } = await tourAhead(5);
    await server.db.query('UPDATE excursions SET free_cancel_hours = 0 WHERE id = $1', [excursion._id]);
    try {
      const fresh = (await tourNow(server, tour._id)) as Tour;
      const booked = await book(
        server,
        buyer.token,
        bookingBody(buyer.id, excursion, fresh, { adults: 1, seats: [fresh.emptySeats[0] as number] }),
      );
      const id = booked.body.ticket_id as string;
      await payWithCard(server, booked.body.confirmationid as string);
      expect((await ticket(id)).freeCancelUntil).toBeUndefined();
      const refused = await cancel(id);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        'Для этой экскурсии нет бесплатной отмены: оплаченный билет не возвращается',
      );
      expect((await ticket(id)).status).toBe('confirmed');
    } finally {
      await server.db.query('UPDATE excursions SET free_cancel_hours = 24 WHERE id = $1', [excursion._id]);
    }
  });

  it('a payment for a ticket its owner cancelled meanwhile is refunded, never confirmed', async () => {
    const booked = await bookOne();
    expect((await cancel(booked.id)).status).toBe(200);
    expect((await payWithCard(server, booked.token)).status).toBe(200);
    const after = await ticket(booked.id);
    expect(after.status).toBe('cancelled');
    await expect.poll(async () => (await ticket(booked.id)).refund?.status).toBe('succeeded');
    expect((await tourNow(server, booked.tour._id)).emptySeats).toContain(booked.seat);
  });

  async function buyerEmail(id: number): Promise<string> {
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
    return row?.email ?? '';
  }
});
