import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDisplayDate, formatTourDate } from '../../../src/domain/dates';
import { formatRoubles } from '../../../src/domain/pricing';
import type { Excursion, Ticket, Tour } from '../../../src/domain/types';
import { syncResponseSchema, type Change, type SyncResponse } from '../../../src/protocol/sync';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, subjectOf, type CapturedMail, type TestSmtp } from '../../support/smtp';
import { openSocket } from '../../support/socket';

// A seller cancels or moves a sold departure: every buyer's ticket changes with the reason, paid
// ones are refunded once, buyers are e-mailed and told live, and a refused call changes nothing.

/** The decoded text/plain part of a captured message. */
function plainPart(mail: CapturedMail): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  const parts = boundary ? mail.raw.split(`--${boundary}`) : [mail.raw];
  const part = parts.find((chunk) => /content-type:\s*text\/plain/i.test(chunk)) ?? mail.raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Every change a pull from `cursor` (everything, without one) brings, page after page. */
async function pullAll(server: TestServer, cursor?: string, token?: string) {
  const changes: Change[] = [];
  for (;;) {
    const query = new URLSearchParams({ limit: '1000', ...(cursor ? { cursor } : {}) });
    const page = syncResponseSchema.parse(await api(server, token).json<SyncResponse>(`/api/sync?${query}`));
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.more) return { changes, cursor };
  }
}

interface Operation {
  tour_id: string;
  tour?: Tour;
  tickets: number;
  refunds: number;
}

describe.each(ONE_ENGINE)('cancelling and moving a departure on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let excursion: Excursion;
  let seller: ReturnType<typeof api>;
  let slots = 0;
  /** How far the server's clock runs ahead of the real one. */
  let ahead = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url },
      now: () => new Date(Date.now() + ahead),
    });
    const { excursions } = await catalogue(server);
    excursion = excursions.find(
      (e) => e.ownerID === DEMO.seller && e.busType !== 'none' && e.availableSeats.length >= 4,
    ) as Excursion;
    seller = api(server, await tokenFor(server, DEMO.seller));
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /** A tour of the seller's excursion on a slot no other test here uses. */
  async function newTour(days = 30): Promise<Tour> {
    slots += 1;
    const slot = {
      excursionID: excursion._id,
      date: addDays(crimeaToday(new Date()), days + slots),
      time: '06:05',
    };
    const response = await seller.send('POST', '/api/tours', { tours: [slot] });
    expect(response.status).toBe(200);
    return ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
  }

  /** A buyer's booking of one seat, paid or left held. */
  async function bookSeat(tour: Tour, seat: number, pay: boolean) {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seat] }),
    );
    expect(booked.status).toBe(200);
    if (pay) expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);
    const [{ email } = { email: '' }] = await server.db.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1',
      [buyer.id],
    );
    return { ...buyer, email: email.toLowerCase(), ticketId: booked.body.ticket_id as string, seat };
  }

  const ticketOf = (buyer: { token: string; ticketId: string }) =>
    api(server, buyer.token).json<Ticket>(`/api/tickets/${buyer.ticketId}`);
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const providerRefunds = async (ticketId: string) =>
    (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM test_provider_refunds r
         JOIN payments p ON p.provider_payment_id = r.payment_id WHERE p.ticket_id = $1`,
        [ticketId],
      )
    )[0]?.n;
  const refundRows = (ticketId: string) =>
    server.db.query<{ amount: number; reason: string }>(
      'SELECT amount, reason FROM refunds WHERE ticket_id = $1',
      [ticketId],
    );

  it('cancels a sold departure: tickets cancelled with the reason, the paid one refunded once, buyers told', async () => {
    const tour = await newTour();
    const paid = await bookSeat(tour, excursion.availableSeats[0] as number, true);
    const held = await bookSeat(tour, excursion.availableSeats[1] as number, false);
    const price = (await ticketOf(paid)).excursionPrice;

    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['TICKET_UPDATE'], userId: paid.id, token: paid.token });
    await socket.next((m) => m.type === 'subscribed');
    const sellerSocket = await openSocket(server.url);
    sellerSocket.send({
      type: 'subscribe',
      channels: ['TICKET_UPDATE'],
      userId: DEMO.seller,
      token: await tokenFor(server, DEMO.seller),
    });
    await sellerSocket.next((m) => m.type === 'subscribed');
    const { cursor } = await pullAll(server);

    const key = randomUUID();
    const reason = 'Шторм на море';
    const response = await seller.send(
      'POST',
      `/api/tours/${tour._id}/cancel`,
      { reason },
      { 'Idempotency-Key': key },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Operation;
    expect(answer).toEqual({ tour_id: tour._id, tickets: 2, refunds: 1 });

    for (const buyer of [paid, held]) {
      const ticket = await ticketOf(buyer);
      expect(ticket.status).toBe('cancelled');
      expect(ticket.cancelReason).toBe('tour_cancelled');
      expect(ticket.tourNotice).toMatchObject({ kind: 'cancelled', reason });
      expect(ticket.tour).toEqual({ date: tour.date, time: tour.time, excursionID: excursion._id });
    }
    expect(await refundRows(paid.ticketId)).toEqual([{ amount: price, reason: 'tour_cancelled' }]);
    expect(await refundRows(held.ticketId)).toEqual([]);
    await expect
      .poll(async () => (await ticketOf(paid)).refund)
      .toEqual({ amount: price, status: 'succeeded' });
    expect(await providerRefunds(paid.ticketId)).toBe(1);
    expect((await ticketOf(held)).refund).toBeUndefined();

    // The seats are free and the tour is gone from the list and from a first sync.
    const [{ live } = { live: -1 }] = await server.db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM ticket_seats WHERE tour_id = $1 AND active',
      [tour._id],
    );
    expect(live).toBe(0);
    expect((await api(server).get(`/api/tours/${tour._id}`)).status).toBe(404);
    expect((await catalogue(server)).tours.map((t) => t._id)).not.toContain(tour._id);
    const isTour = (c: Change) =>
      c.collection === 'tours' && (c.op === 'delete' ? c.id : c.row._id) === tour._id;
    expect((await pullAll(server)).changes.filter(isTour)).toEqual([]);
    expect((await pullAll(server, cursor)).changes.filter(isTour).map((c) => c.op)).toEqual(['delete']);

    // The buyer's open app hears of the cancelled ticket.
    const update = await socket.next(
      (m) =>
        m.type === 'TICKET_UPDATE' &&
        m.data.ticket?._id === paid.ticketId &&
        m.data.ticket.status === 'cancelled',
    );
    expect(update).toMatchObject({ data: { ticket: { tourNotice: { kind: 'cancelled', reason } } } });
    socket.close();
    // The seller's app is told to pull its manifest.
    await sellerSocket.next((m) => m.type === 'TICKET_UPDATE' && m.data.user_id === DEMO.seller);
    sellerSocket.close();

    // Each buyer gets one e-mail with the reason and a link to the ticket; the paid one names the refund.
    const subject = `Экскурсия отменена: ${excursion.title}`;
    await expect.poll(() => mailsTo(paid.email).some((m) => subjectOf(m.raw) === subject)).toBe(true);
    await expect.poll(() => mailsTo(held.email).some((m) => subjectOf(m.raw) === subject)).toBe(true);
    const paidText = plainPart(mailsTo(paid.email).find((m) => subjectOf(m.raw) === subject) as CapturedMail);
    expect(paidText).toContain(reason);
    expect(paidText).toContain(formatRoubles(price));
    expect(paidText).toContain(formatTourDate(tour.date, tour.time));
    expect(paidText).toContain(`/profile/tickets/ticket/${paid.ticketId}`);
    const heldText = plainPart(mailsTo(held.email).find((m) => subjectOf(m.raw) === subject) as CapturedMail);
    expect(heldText).toContain(reason);
    expect(heldText).toContain('не был оплачен');
    expect(heldText).toContain(`/profile/tickets/ticket/${held.ticketId}`);

    // The same request again answers the same and refunds nothing more.
    const replay = await seller.send(
      'POST',
      `/api/tours/${tour._id}/cancel`,
      { reason },
      { 'Idempotency-Key': key },
    );
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(answer);
    expect(await refundRows(paid.ticketId)).toHaveLength(1);
    expect(await providerRefunds(paid.ticketId)).toBe(1);
    const cancelMails = () =>
      [...mailsTo(paid.email), ...mailsTo(held.email)].filter((m) => subjectOf(m.raw) === subject);
    expect(cancelMails()).toHaveLength(2);
  });

  it('refuses another seller, a plain user, a bad body and an unknown tour, and changes nothing', async () => {
    const tour = await newTour();
    const paid = await bookSeat(tour, excursion.availableSeats[0] as number, true);

    const other = api(server, await tokenFor(server, DEMO.seller2));
    const foreign = await other.send('POST', `/api/tours/${tour._id}/cancel`, { reason: 'Не моя экскурсия' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toContain('своих экскурсий');
    const moved = await other.send('POST', `/api/tours/${tour._id}/move`, {
      date: addDays(tour.date, 1),
      time: tour.time,
      reason: 'Не моя экскурсия',
    });
    expect(moved.status).toBe(403);
    const tourist = api(server, paid.token);
    const user = await tourist.send('POST', `/api/tours/${tour._id}/cancel`, { reason: 'Передумал ехать' });
    expect(user.status).toBe(403);
    expect(await user.json()).toHaveProperty('message');

    for (const body of [{}, { reason: 'x' }, '{broken', { reason: 5 }]) {
      const response = await seller.send('POST', `/api/tours/${tour._id}/cancel`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('message');
    }
    for (const body of [{ reason: 'Дождь' }, { date: '2099-02-30', time: '10:00', reason: 'Дождь' }]) {
      const response = await seller.send('POST', `/api/tours/${tour._id}/move`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('message');
    }
    const unknown = await seller.send('POST', `/api/tours/${'a'.repeat(24)}/cancel`, { reason: 'Шторм' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Тур не найден');

    expect(await api(server).json<Tour>(`/api/tours/${tour._id}`)).toMatchObject({ date: tour.date });
    const ticket = await ticketOf(paid);
    expect(ticket.status).toBe('confirmed');
    expect(ticket.tourNotice).toBeUndefined();
    expect(await refundRows(paid.ticketId)).toEqual([]);
  });

  it('moves a departure: same tour and seats, the notice says where it was, buyers are e-mailed', async () => {
    const tour = await newTour();
    const paid = await bookSeat(tour, excursion.availableSeats[2] as number, true);
    const to = { date: addDays(tour.date, 2), time: '07:40' };
    const reason = 'Ремонт автобуса';

    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['TICKET_UPDATE'], userId: paid.id, token: paid.token });
    await socket.next((m) => m.type === 'subscribed');

    const response = await seller.send(
      'POST',
      `/api/tours/${tour._id}/move`,
      { ...to, reason },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Operation;
    expect(answer).toMatchObject({
      tour_id: tour._id,
      tickets: 1,
      refunds: 0,
      tour: { _id: tour._id, ...to },
    });

    const now = await api(server).json<Tour>(`/api/tours/${tour._id}`);
    expect(now).toMatchObject(to);
    expect(now.emptySeats).not.toContain(paid.seat);
    const ticket = await ticketOf(paid);
    expect(ticket.status).toBe('confirmed');
    expect(ticket.seats).toEqual([paid.seat]);
    expect(ticket.tour).toEqual({ ...to, excursionID: excursion._id });
    expect(ticket.tourNotice).toMatchObject({
      kind: 'moved',
      reason,
      from: { date: tour.date, time: tour.time },
    });
    expect(await refundRows(paid.ticketId)).toEqual([]);

    await socket.next(
      (m) =>
        m.type === 'TICKET_UPDATE' &&
        m.data.ticket?._id === paid.ticketId &&
        m.data.ticket.tourNotice?.kind === 'moved',
    );
    socket.close();

    const subject = `Экскурсия перенесена: ${excursion.title}`;
    await expect.poll(() => mailsTo(paid.email).some((m) => subjectOf(m.raw) === subject)).toBe(true);
    const text = plainPart(mailsTo(paid.email).find((m) => subjectOf(m.raw) === subject) as CapturedMail);
    expect(text).toContain(formatTourDate(tour.date, tour.time));
    expect(text).toContain(formatTourDate(to.date, to.time));
    expect(text).toContain(reason);
    expect(text).toContain(String(paid.seat));
    expect(text).toContain(`/profile/tickets/ticket/${paid.ticketId}`);
  });

  it('refuses a move onto a taken slot or a past date, and changes nothing', async () => {
    const tour = await newTour();
    const taken = await newTour();
    const paid = await bookSeat(tour, excursion.availableSeats[3] as number, true);

    const clash = await seller.send('POST', `/api/tours/${tour._id}/move`, {
      date: taken.date,
      time: taken.time,
      reason: 'Дождь в горах',
    });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { message: string }).message).toContain(formatDisplayDate(taken.date));

    const yesterday = addDays(crimeaToday(new Date()), -1);
    const past = await seller.send('POST', `/api/tours/${tour._id}/move`, {
      date: yesterday,
      time: '10:00',
      reason: 'Дождь в горах',
    });
    expect(past.status).toBe(422);
    expect(((await past.json()) as { message: string }).message).toBe(
      `Нельзя перенести тур на прошедшую дату: ${formatDisplayDate(yesterday)}`,
    );

    expect(await api(server).json<Tour>(`/api/tours/${tour._id}`)).toMatchObject({
      date: tour.date,
      time: tour.time,
    });
    const ticket = await ticketOf(paid);
    expect(ticket.tourNotice).toBeUndefined();
    expect(ticket.tour).toMatchObject({ date: tour.date, time: tour.time });
    const moveMails = mailsTo(paid.email).filter((m) => subjectOf(m.raw).startsWith('Экскурсия перенесена'));
    expect(moveMails).toEqual([]);
  });

  it('cancels an unsold tour by deleting it, and an admin may cancel any', async () => {
    const tour = await newTour();
    const admin = api(server, await tokenFor(server, DEMO.admin));
    const response = await admin.send('POST', `/api/tours/${tour._id}/cancel`, { reason: 'Мало туристов' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tour_id: tour._id, tickets: 0, refunds: 0 });
    expect((await api(server).get(`/api/tours/${tour._id}`)).status).toBe(404);
    const again = await admin.send('POST', `/api/tours/${tour._id}/cancel`, { reason: 'Мало туристов' });
    expect(again.status).toBe(404);
  });

  it('refuses to cancel or move a departure whose time has passed on its own day, and changes nothing', async () => {
    const tour = await newTour(0);
    const paid = await bookSeat(tour, excursion.availableSeats[0] as number, true);
    // The server's clock at an hour after the departure, on its day.
    ahead = Date.parse(`${tour.date}T07:05:00+03:00`) - Date.now();
    try {
      const departed = `Отправление ${formatDisplayDate(tour.date)} уже прошло: его нельзя отменить или перенести`;
      const cancel = await seller.send('POST', `/api/tours/${tour._id}/cancel`, { reason: 'Шторм на море' });
      expect(cancel.status).toBe(409);
      expect(((await cancel.json()) as { message: string }).message).toBe(departed);
      const move = await seller.send('POST', `/api/tours/${tour._id}/move`, {
        date: addDays(tour.date, 1),
        time: tour.time,
        reason: 'Ремонт автобуса',
      });
      expect(move.status).toBe(409);
      expect(((await move.json()) as { message: string }).message).toBe(departed);
    } finally {
      ahead = 0;
    }
    expect(await api(server).json<Tour>(`/api/tours/${tour._id}`)).toMatchObject({
      date: tour.date,
      time: tour.time,
    });
    const ticket = await ticketOf(paid);
    expect(ticket.status).toBe('confirmed');
    expect(ticket.tourNotice).toBeUndefined();
    expect(await refundRows(paid.ticketId)).toEqual([]);
  });

  it('moves the slot of the departure’s cancelled tickets in the seller’s manifest too', async () => {
    const tour = await newTour();
    const gone = await bookSeat(tour, excursion.availableSeats[1] as number, false);
    const cancelled = await api(server, gone.token).send('PATCH', `/api/tickets/${gone.ticketId}`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    const sellerToken = await tokenFor(server, DEMO.seller);
    const { cursor } = await pullAll(server, undefined, sellerToken);

    const to = { date: addDays(tour.date, 3), time: '08:15' };
    const moved = await seller.send('POST', `/api/tours/${tour._id}/move`, {
      ...to,
      reason: 'Ремонт автобуса',
    });
    expect(moved.status).toBe(200);

    const rows = (await pullAll(server, cursor, sellerToken)).changes.flatMap((c) =>
      c.collection === 'manifest' && c.op === 'put' && c.row._id === gone.ticketId ? [c.row] : [],
    );
    expect(rows.at(-1)).toMatchObject({ status: 'cancelled', tourID: tour._id, ...to });
  });
});
