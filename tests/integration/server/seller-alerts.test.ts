import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../../src/domain/dates';
import type { ServerMessage } from '../../../src/protocol/realtime';
import { api, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { bodyOf, startTestSmtp, subjectOf, type TestSmtp } from '../../support/smtp';
import { openSocket, type TestSocket } from '../../support/socket';

// The seller hears of the bookings on their departures: a paid ticket, and a paid ticket cancelled by
// its buyer or an admin, each reach them by e-mail and as a live TICKET_UPDATE that makes their app
// pull the manifest.

const manifestNudge = (sellerId: number) => (m: ServerMessage) =>
  m.type === 'TICKET_UPDATE' && m.data.user_id === sellerId && m.data.ticket === undefined;

describe.each(ONE_ENGINE)('the seller’s booking alerts on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let socket: TestSocket;
  let sellerEmail: string;
  const used = new Set<string>();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      DEMO.seller,
    ]);
    sellerEmail = (row?.email ?? '').toLowerCase();
    socket = await openSocket(server.url);
    socket.send({
      type: 'subscribe',
      channels: ['TICKET_UPDATE'],
      userId: DEMO.seller,
      token: await tokenFor(server, DEMO.seller),
    });
    await socket.next((m) => m.type === 'subscribed');
  });
  afterAll(async () => {
    socket?.close();
    await server?.destroy();
    await smtp?.close();
  });

  /** A new buyer's booking on one of the seller's tours. */
  async function booking() {
    const { excursion, tour } = await sellersCoachTour(server, used);
    const seat = tour.emptySeats[0] as number;
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    await server.db.query(`UPDATE users SET surname = 'Лисицына', phone = '89785550011' WHERE id = $1`, [
      buyer.id,
    ]);
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seat] }),
    );
    expect(booked.status).toBe(200);
    const [user] = await server.db.query<{ name: string; email: string }>(
      'SELECT name, email FROM users WHERE id = $1',
      [buyer.id],
    );
    return {
      excursion,
      tour,
      seat,
      buyer: { ...buyer, ...(user as { name: string; email: string }) },
      id: booked.body.ticket_id as string,
      payToken: booked.body.confirmationid as string,
    };
  }

  /** The seller's mails with this subject that name this ticket, waiting for the first. */
  async function sellerMails(subject: string, ticketId: string): Promise<string[]> {
    const find = () =>
      smtp.messages
        .filter((m) => m.to.includes(sellerEmail) && subjectOf(m.raw) === subject)
        .map(bodyOf)
        .filter((text) => text.includes(ticketId));
    await expect.poll(() => find().length).toBeGreaterThan(0);
    return find();
  }

  it('mails the seller a paid booking with its excursion, time, seats and buyer, and nudges their manifest', async () => {
    const { excursion, tour, seat, buyer, id, payToken } = await booking();
    const seen = socket.messages.length;
    expect((await payWithCard(server, payToken)).status).toBe(200);

    const [text] = await sellerMails(`Новая оплата: ${excursion.title}`, id);
    expect(text).toContain(excursion.title);
    expect(text).toContain(`${formatDisplayDate(tour.date)}, ${tour.time}`);
    expect(text).toContain(`Места: ${seat}`);
    expect(text).toContain(`${buyer.name} Лисицына`);
    expect(text).toContain('8(978)555-00-11');
    expect(text).toContain(buyer.email);
    expect(text).toContain(`/profile/departure/${tour._id}`);

    await expect
      .poll(() => socket.messages.slice(seen).filter(manifestNudge(DEMO.seller)).length)
      .toBeGreaterThan(0);
  });

  it('mails and nudges the seller when a paid ticket is cancelled, by its buyer or by an admin', async () => {
    const byBuyer = await booking();
    const byAdmin = await booking();
    await payWithCard(server, byBuyer.payToken);
    await payWithCard(server, byAdmin.payToken);
    await sellerMails(`Новая оплата: ${byBuyer.excursion.title}`, byBuyer.id);
    await sellerMails(`Новая оплата: ${byAdmin.excursion.title}`, byAdmin.id);

    const seen = socket.messages.length;
    const cancel = (id: string, token: string) =>
      api(server, token).send('PATCH', `/api/tickets/${id}`, { status: 'cancelled' });
    expect((await cancel(byBuyer.id, byBuyer.buyer.token)).status).toBe(200);
    const [text] = await sellerMails(`Отмена оплаченного билета: ${byBuyer.excursion.title}`, byBuyer.id);
    expect(text).toContain(`${formatDisplayDate(byBuyer.tour.date)}, ${byBuyer.tour.time}`);
    expect(text).toContain(`Места: ${byBuyer.seat}`);
    expect(text).toContain(byBuyer.buyer.email);
    await expect
      .poll(() => socket.messages.slice(seen).filter(manifestNudge(DEMO.seller)).length)
      .toBeGreaterThan(0);

    expect((await cancel(byAdmin.id, await tokenFor(server, DEMO.admin))).status).toBe(200);
    await sellerMails(`Отмена оплаченного билета: ${byAdmin.excursion.title}`, byAdmin.id);
    // A cancel asked for again changes nothing and mails nothing more.
    expect((await cancel(byBuyer.id, byBuyer.buyer.token)).status).toBe(200);
    expect((await cancel(byAdmin.id, await tokenFor(server, DEMO.admin))).status).toBe(200);
    const unpaid = await booking();
    expect((await cancel(unpaid.id, unpaid.buyer.token)).status).toBe(200);
    const later = await booking();
    await payWithCard(server, later.payToken);
    // Mails go out in order: once this one is in, any mail of the requests before it would be too.
    await sellerMails(`Новая оплата: ${later.excursion.title}`, later.id);
    const cancels = smtp.messages
      .filter((m) => m.to.includes(sellerEmail) && subjectOf(m.raw).startsWith('Отмена'))
      .map(bodyOf);
    expect(cancels.filter((text) => text.includes(byBuyer.id))).toHaveLength(1);
    expect(cancels.filter((text) => text.includes(byAdmin.id))).toHaveLength(1);
    expect(cancels.filter((text) => text.includes(unpaid.id))).toHaveLength(0);
  });

  it('nudges the seller’s manifest when a booking’s hold runs out', async () => {
    const { id } = await booking();
    const seen = socket.messages.length;
    await server.db.query(`UPDATE tickets SET hold_until = now() - interval '1 minute' WHERE id = $1`, [id]);
    await server.sweepHolds();
    await expect
      .poll(() => socket.messages.slice(seen).filter(manifestNudge(DEMO.seller)).length)
      .toBeGreaterThan(0);
  });

  it('mails no buyer’s data to an owner demoted to user', async () => {
    const admin = api(server, await tokenFor(server, DEMO.admin));
    const demoted = await booking();
    expect((await admin.send('POST', `/api/users/${DEMO.seller}/demote-to-user`)).status).toBe(200);
    try {
      expect((await payWithCard(server, demoted.payToken)).status).toBe(200);
    } finally {
      expect((await admin.send('POST', `/api/users/${DEMO.seller}/promote-to-seller`)).status).toBe(200);
    }
    const later = await booking();
    await payWithCard(server, later.payToken);
    // Mails go out in order: once the later one is in, one about the payment before it would be too.
    await sellerMails(`Новая оплата: ${later.excursion.title}`, later.id);
    const leaked = smtp.messages.filter((m) => m.to.includes(sellerEmail) && bodyOf(m).includes(demoted.id));
    expect(leaked).toEqual([]);
  });
});
