import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket, User } from '../../../src/domain/types';
import { api, DEMO, tokenFor } from '../../support/api';
import { registerUser } from '../../support/auth-flow';
import {
  book,
  bookingBody,
  DECLINED_CARD,
  newBuyers,
  payWithCard,
  tourNow,
  tourWithRoom,
} from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';
import { openSocket } from '../../support/socket';

// Booking, the seat hold, paying through the test provider and its notifications, on both engines.

describe.each(ENGINES)('booking and payment on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  // Each test's tourist is a new account: an account holds only a few unpaid bookings at once.
  let tourist: string;
  let touristId: number;
  let offset = 0;
  const used = new Set<string>();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url, HOLD_SWEEP_SECONDS: '1' },
      now: () => new Date(Date.now() + offset),
    });
  });
  beforeEach(async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    ({ id: touristId, token: tourist } = buyer);
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /** A tour no other test here has touched. */
  async function freshTour(busType: 'coach' | 'van' | 'none', free: number) {
    const found = await tourWithRoom(server, busType, free, used);
    used.add(found.tour._id);
    return found;
  }

  const ticketCount = async () =>
    Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets'))[0]?.n);

  const ticketOnServer = (id: string, token = tourist) =>
    api(server, token).json<Ticket>(`/api/tickets/${id}`);

  it('books 2 adults and 1 child on three free seats: priced by the server, held, shown as taken', async () => {
    const { excursion, tour } = await freshTour('coach', 3);
    const seats = tour.emptySeats.slice(0, 3);
    const body = bookingBody(touristId, excursion, tour, { adults: 2, kids: 1, seats });
    const booked = await book(server, tourist, body);
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ status_code: 200, ticket: { status: 'to payment', seats } });
    expect(booked.body.confirmationid).toMatch(/^ct-/);
    expect(booked.body.ticket?.excursionPrice).toBe(2 * excursion.adultPrice + excursion.kidPrice);
    expect(booked.body.ticket?.checkCode).toMatch(/^T1\./);

    const after = await tourNow(server, tour._id);
    expect(after.takenSeats).toEqual(expect.arrayContaining(seats));
    expect(after.emptySeats).not.toEqual(expect.arrayContaining(seats));
    expect(after.attendantsRegistred).toBe(tour.attendantsRegistred + 3);

    // Readable by its owner and an admin only.
    const id = booked.body.ticket_id as string;
    expect((await ticketOnServer(id)).seats).toEqual(seats);
    const other = await tokenFor(server, DEMO.seller2);
    expect((await api(server, other).get(`/api/tickets/${id}`)).status).toBe(403);
    const admin = await tokenFor(server, DEMO.admin);
    expect((await api(server, admin).get(`/api/tickets/${id}`)).status).toBe(200);
    const list = await api(server, tourist).json<{ tickets: Ticket[] }>(`/api/users/${touristId}/tickets`);
    expect(list.tickets.map((t) => t._id)).toContain(id);
    expect((await api(server, other).get(`/api/users/${touristId}/tickets`)).status).toBe(403);
  });

  it('refuses every bad booking with a Russian detail and stores nothing', async () => {
    const { excursion, tour } = await freshTour('coach', 4);
    const [a, b] = tour.emptySeats as [number, number];
    const taken = (
      await book(server, tourist, bookingBody(touristId, excursion, tour, { adults: 1, seats: [a] }))
    ).body.ticket_id;
    expect(taken).toBeTruthy();
    const before = await ticketCount();
    const beyond = Math.max(...excursion.availableSeats, ...excursion.reservedSeats) + 1;
    const cases: [unknown, number, RegExp][] = [
      [
        { ...bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }), excursionPrice: 1 },
        409,
        /Цена изменилась/,
      ],
      [bookingBody(touristId, excursion, tour, { adults: 1, seats: [a] }), 409, /^Места уже заняты$/],
      [bookingBody(touristId, excursion, tour, { adults: 2, seats: [b] }), 400, /столько мест/],
      [
        bookingBody(touristId, excursion, tour, { adults: 1, seats: [beyond] }),
        400,
        new RegExp(`Места ${beyond} нет`),
      ],
      [bookingBody(touristId, excursion, tour, { adults: 0, seats: [] }), 400, /Некорректные данные/],
      [bookingBody(DEMO.seller, excursion, tour, { adults: 1, seats: [b] }), 403, /только для себя/],
      [
        { ...bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }), tourID: 'f'.repeat(24) },
        404,
        /Тур не найден/,
      ],
      [
        { ...bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }), assemblyPoint: 'Луна' },
        400,
        /место сбора/,
      ],
      [
        bookingBody(touristId, excursion, tour, {
          adults: 1,
          seats: [b],
          services: [{ name: 'Фейк', price: 1 }],
        }),
        409,
        /Фейк/,
      ],
      ['{"tourID": ', 400, /Некорректные данные/],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await book(server, tourist, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.detail).toMatch(detail);
    }
    expect(
      (
        await api(server).send(
          'POST',
          '/api/tickets',
          bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }),
        )
      ).status,
    ).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  it('a reserved seat and a full none-type tour are refused', async () => {
    const { excursion, tour } = await freshTour('none', 2);
    const left = excursion.maxAttendants - tour.attendantsRegistred;
    const tooMany = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: left + 1 }),
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe(`Недостаточно свободных мест: осталось ${left}`);
    const withSeat = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [1] }),
    );
    expect(withSeat.body.detail).toMatch(/не выбираются/);

    const coach = await freshTour('coach', 2);
    const reserved = coach.excursion.reservedSeats[0];
    if (reserved !== undefined) {
      const answer = await book(
        server,
        tourist,
        bookingBody(touristId, coach.excursion, coach.tour, { adults: 1, seats: [reserved] }),
      );
      expect(answer.status).toBe(409);
    }
  });

  it('the same Idempotency-Key books once and answers the same token', async () => {
    const { excursion, tour } = await freshTour('van', 1);
    const body = bookingBody(touristId, excursion, tour, {
      adults: 1,
      seats: [tour.emptySeats[0] as number],
    });
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await book(server, tourist, body, key);
    const again = await book(server, tourist, body, key);
    expect(again.status).toBe(200);
    expect(again.body.ticket_id).toBe(first.body.ticket_id);
    expect(again.body.confirmationid).toBe(first.body.confirmationid);
  });

  it('pays with the test card: confirmed once, receipt, referral bonus and socket messages; replays change nothing', async () => {
    const buyer = await registerUser(server, smtp, `buyer-${engine}@example.ru`, 'secret-123', DEMO.seller);
    const token = buyer.access_token;
    const sellerBefore = await api(server, await tokenFor(server, DEMO.seller)).json<User>('/api/users/me');
    const buyerSocket = await openSocket(server.url);
    buyerSocket.send({
      type: 'subscribe',
      channels: ['TICKET_UPDATE', 'TOUR_UPDATE'],
      userId: buyer.user_data.id,
      token,
    });
    await buyerSocket.next((m) => m.type === 'subscribed');
    const sellerSocket = await openSocket(server.url);
    sellerSocket.send({
      type: 'subscribe',
      channels: ['USER_UPDATE'],
      userId: DEMO.seller,
      token: await tokenFor(server, DEMO.seller),
    });
    await sellerSocket.next((m) => m.type === 'subscribed');

    const { excursion, tour } = await freshTour('coach', 2);
    const seats = tour.emptySeats.slice(0, 2);
    const booked = await book(
      server,
      token,
      bookingBody(buyer.user_data.id, excursion, tour, { adults: 2, seats }),
    );
    const id = booked.body.ticket_id as string;
    const confirmation = booked.body.confirmationid as string;
    const described = await api(server).json<{ amount: number }>(`/api/test-pay/payments/${confirmation}`);
    expect(described.amount).toBe(2 * excursion.adultPrice);

    const declined = await payWithCard(server, confirmation, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect((await ticketOnServer(id, token)).status).toBe('to payment');

    const mailsBefore = smtp.messages.length;
    const paid = await payWithCard(server, confirmation);
    expect(paid.status).toBe(200);
    expect((await ticketOnServer(id, token)).status).toBe('confirmed');
    const ticketMessage = await buyerSocket.next(
      (m) => m.type === 'TICKET_UPDATE' && m.data.ticket?._id === id && m.data.ticket.status === 'confirmed',
    );
    expect(ticketMessage.type).toBe('TICKET_UPDATE');
    await buyerSocket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === tour._id);
    const bonus = Math.floor((2 * excursion.adultPrice * 5) / 100);
    const balance = await sellerSocket.next(
      (m) => m.type === 'USER_UPDATE' && m.data.action === 'balance_update',
    );
    expect(
      balance.type === 'USER_UPDATE' && balance.data.action === 'balance_update' && balance.data.new_balance,
    ).toBe(sellerBefore.balance + bonus);

    // The provider notifies again and again (and the widget is submitted twice): nothing more happens.
    const [payment] = await server.db.query<{ provider_payment_id: string }>(
      'SELECT provider_payment_id FROM payments WHERE ticket_id = $1',
      [id],
    );
    for (let i = 0; i < 7; i++) {
      const replay = await api(server).send('POST', '/api/payments/webhook', {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: payment?.provider_payment_id },
      });
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as { outcome: string }).outcome).toBe('duplicate');
    }
    expect((await payWithCard(server, confirmation)).status).toBe(200);
    const sellerAfter = await api(server, await tokenFor(server, DEMO.seller)).json<User>('/api/users/me');
    expect(sellerAfter.balance).toBe(sellerBefore.balance + bonus);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const receipts = smtp.messages
      .slice(mailsBefore)
      .filter((m) => m.to.includes(`buyer-${engine}@example.ru`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.raw).toMatch(/Subject: =\?UTF-8\?|Чек/);
    buyerSocket.close();
    sellerSocket.close();
  });

  it('a forged notification (the provider says not paid), an unknown payment and PATCH to confirmed change nothing', async () => {
    const { excursion, tour } = await freshTour('coach', 1);
    const booked = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
    );
    const id = booked.body.ticket_id as string;
    const [payment] = await server.db.query<{ provider_payment_id: string }>(
      'SELECT provider_payment_id FROM payments WHERE ticket_id = $1',
      [id],
    );
    for (const object of [{ id: payment?.provider_payment_id }, { id: 'tp_unknown' }]) {
      const forged = await api(server).send('POST', '/api/payments/webhook', {
        event: 'payment.succeeded',
        object: { ...object, status: 'succeeded', paid: true },
      });
      expect(forged.status).toBe(200);
    }
    expect((await api(server).send('POST', '/api/payments/webhook', 'garbage')).status).toBe(400);
    const patched = await api(server, tourist).send('PATCH', `/api/tickets/${id}`, { status: 'confirmed' });
    expect(patched.status).toBe(409);
    expect((await ticketOnServer(id)).status).toBe('to payment');
  });

  it('the owner cancels an unpaid ticket and its seats come back; a paid one only an admin may cancel', async () => {
    const { excursion, tour } = await freshTour('coach', 2);
    // No free-cancel window, whatever the hour: a paid ticket is the admin's to cancel.
    await server.db.query('UPDATE excursions SET free_cancel_hours = 0 WHERE id = $1', [excursion._id]);
    const [a, b] = tour.emptySeats as [number, number];
    const unpaid = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [a] }),
    );
    const cancelled = await api(server, tourist).send('PATCH', `/api/tickets/${unpaid.body.ticket_id}`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Ticket).status).toBe('cancelled');
    expect((await tourNow(server, tour._id)).emptySeats).toContain(a);

    const paid = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }),
    );
    await payWithCard(server, paid.body.confirmationid as string);
    const path = `/api/tickets/${paid.body.ticket_id}`;
    expect((await api(server, tourist).send('PATCH', path, { status: 'cancelled' })).status).toBe(403);
    const other = await tokenFor(server, DEMO.seller2);
    expect((await api(server, other).send('PATCH', path, { status: 'cancelled' })).status).toBe(403);
    const admin = await tokenFor(server, DEMO.admin);
    expect((await api(server, admin).send('PATCH', path, { status: 'cancelled' })).status).toBe(200);
    expect((await tourNow(server, tour._id)).emptySeats).toContain(b);
  });

  it('a hold expires after 15 minutes and frees its seats; a late payment takes them back only if still free', async () => {
    const { excursion, tour } = await freshTour('coach', 2);
    const [a, b] = tour.emptySeats as [number, number];
    const first = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [a] }),
    );
    const second = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [b] }),
    );
    offset = 16 * 60_000;
    try {
      // The sweeper runs every second here.
      await expect
        .poll(async () => (await ticketOnServer(first.body.ticket_id as string)).status, { timeout: 10_000 })
        .toBe('cancelled');
      expect((await tourNow(server, tour._id)).emptySeats).toEqual(expect.arrayContaining([a, b]));

      // Seat a is free again: the late payment gets it back.
      expect((await payWithCard(server, first.body.confirmationid as string)).status).toBe(200);
      expect((await ticketOnServer(first.body.ticket_id as string)).status).toBe('confirmed');
      expect((await tourNow(server, tour._id)).takenSeats).toContain(a);

      // Seat b was sold to someone else meanwhile: the late payment is refunded in full.
      const other = await tokenFor(server, DEMO.seller2);
      const rebooked = await book(
        server,
        other,
        bookingBody(DEMO.seller2, excursion, tour, { adults: 1, seats: [b] }),
      );
      expect(rebooked.status).toBe(200);
      expect((await payWithCard(server, second.body.confirmationid as string)).status).toBe(200);
      expect((await ticketOnServer(second.body.ticket_id as string)).status).toBe('cancelled');
      const late = await ticketOnServer(second.body.ticket_id as string);
      expect(late.cancelReason).toBe('hold_expired');
      await expect
        .poll(async () => (await ticketOnServer(second.body.ticket_id as string)).refund)
        .toEqual({ amount: late.excursionPrice, status: 'succeeded' });
    } finally {
      offset = 0;
    }
  });

  it('the QR code verifies only when the server signed it, for the excursion’s seller or an admin', async () => {
    const { excursion, tour } = await freshTour('coach', 1);
    const booked = await book(
      server,
      tourist,
      bookingBody(touristId, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
    );
    await payWithCard(server, booked.body.confirmationid as string);
    const code = (await ticketOnServer(booked.body.ticket_id as string)).checkCode as string;
    const owner = await tokenFor(server, excursion.ownerID);
    const checked = await api(server, owner).json<{ valid: boolean; ticket: Ticket }>(
      `/api/tickets/check/${code}`,
    );
    expect(checked.valid).toBe(true);
    const forged = `${code.slice(0, -2)}${code.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await api(server, owner).get(`/api/tickets/check/${forged}`)).status).toBe(404);
    expect((await api(server, tourist).get(`/api/tickets/check/${code}`)).status).toBe(403);
  });
});
