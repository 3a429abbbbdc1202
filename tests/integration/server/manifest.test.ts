import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, ManifestEntry, Ticket, Tour } from '../../../src/domain/types';
import { syncResponseSchema, type Change, type SyncResponse } from '../../../src/protocol/sync';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { pullAll } from '../../support/seller-excursions';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// The passenger manifest as a personal collection of /api/sync: the bookings on a seller's own
// departures with the buyers' contacts, for that seller and admins only, kept current by change pulls.

function manifestOf(changes: Change[]): ManifestEntry[] {
  return changes.flatMap((c) => (c.collection === 'manifest' && c.op === 'put' ? [c.row] : []));
}

describe.each(ONE_ENGINE)('the passenger manifest on %s', (engine) => {
  let server: TestServer;
  let seller: string;
  let seller2: string;
  let admin: string;
  let tourist: string;
  const used = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer(engine);
    [seller, seller2, admin, tourist] = (await Promise.all(
      [DEMO.seller, DEMO.seller2, DEMO.admin, DEMO.tourist].map((id) => tokenFor(server, id)),
    )) as [string, string, string, string];
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** A new buyer with a full name and a phone, booked on `tour` (with a service when there is one). */
  async function booked(excursion: Excursion, tour: Tour, seat: number) {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    await server.db.query(`UPDATE users SET surname = 'Кравец', phone = '89781234567' WHERE id = $1`, [
      buyer.id,
    ]);
    const services = excursion.services.slice(0, 1);
    const answer = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seat], services }),
    );
    expect(answer.status).toBe(200);
    const ticket = await api(server, buyer.token).json<Ticket>(`/api/tickets/${answer.body.ticket_id}`);
    const [user] = await server.db.query<{ name: string; email: string }>(
      'SELECT name, email FROM users WHERE id = $1',
      [buyer.id],
    );
    return {
      buyer,
      ticket,
      payToken: answer.body.confirmationid as string,
      user: user as { name: string; email: string },
    };
  }

  it('gives the seller their bookings with the buyers’ contacts, admins every one, and nobody else any', async () => {
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const seat = tour.emptySeats[0] as number;
    const { ticket, user } = await booked(excursion, tour, seat);

    const mine = manifestOf((await pullAll(server, seller)).changes);
    expect(mine.find((row) => row._id === ticket._id)).toEqual({
      _id: ticket._id,
      tourID: tour._id,
      excursionID: excursion._id,
      date: tour.date,
      time: tour.time,
      buyer: { name: user.name, surname: 'Кравец', phone: '89781234567', email: user.email },
      adults: 1,
      kids: 0,
      seats: [seat],
      assemblyPoint: excursion.assemblyPoints[0],
      services: ticket.services,
      status: 'to payment',
      checkCode: ticket.checkCode,
    });
    expect(ticket.services).toHaveLength(excursion.services.length > 0 ? 1 : 0);
    // Only the seller's own excursions, each ticket once.
    const own = new Set(
      (await catalogue(server)).excursions.filter((e) => e.ownerID === DEMO.seller).map((e) => e._id),
    );
    expect(mine.every((row) => own.has(row.excursionID))).toBe(true);
    expect(new Set(mine.map((row) => row._id)).size).toBe(mine.length);

    const other = manifestOf((await pullAll(server, seller2)).changes);
    expect(other.find((row) => row._id === ticket._id)).toBeUndefined();
    expect(other.every((row) => !own.has(row.excursionID))).toBe(true);

    const everyone = manifestOf((await pullAll(server, admin)).changes);
    expect(everyone.find((row) => row._id === ticket._id)?.buyer.email).toBe(user.email);
    expect(everyone.length).toBeGreaterThan(mine.length);

    const touristPull = (await pullAll(server, tourist)).changes;
    expect(manifestOf(touristPull)).toEqual([]);
    const theirTickets = touristPull.filter((c) => c.collection === 'tickets');
    expect(theirTickets.every((c) => c.op === 'put' && c.row.userID === DEMO.tourist)).toBe(true);
    expect(JSON.stringify(touristPull)).not.toContain(user.email);
  });

  it('brings the changed rows to a change pull: paid, checked in, cancelled', async () => {
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const boarding = await booked(excursion, tour, tour.emptySeats[0] as number);
    const leaving = await booked(excursion, tour, tour.emptySeats[1] as number);
    const { cursor } = await pullAll(server, seller);
    const { cursor: otherCursor } = await pullAll(server, seller2);

    expect((await payWithCard(server, boarding.payToken)).status).toBe(200);
    expect((await payWithCard(server, leaving.payToken)).status).toBe(200);
    const paid = await pullAll(server, seller, cursor);
    expect(
      manifestOf(paid.changes)
        .map((row) => [row._id, row.status])
        .sort(),
    ).toEqual(
      [
        [boarding.ticket._id, 'confirmed'],
        [leaving.ticket._id, 'confirmed'],
      ].sort(),
    );

    const checkIn = await api(server, seller).send('POST', `/api/tickets/${boarding.ticket._id}/checkin`, {
      code: boarding.ticket.checkCode,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(checkIn.status).toBe(200);
    const { checkedInAt } = (await checkIn.json()) as { checkedInAt: string };
    const boarded = await pullAll(server, seller, paid.cursor);
    expect(manifestOf(boarded.changes)).toEqual([
      expect.objectContaining({ _id: boarding.ticket._id, status: 'confirmed', checkedInAt }),
    ]);

    const cancel = await api(server, leaving.buyer.token).send(
      'PATCH',
      `/api/tickets/${leaving.ticket._id}`,
      {
        status: 'cancelled',
      },
    );
    expect(cancel.status).toBe(200);
    const cancelled = await pullAll(server, seller, boarded.cursor);
    expect(manifestOf(cancelled.changes)).toEqual([
      expect.objectContaining({ _id: leaving.ticket._id, status: 'cancelled', cancelReason: 'owner' }),
    ]);

    // The other seller's change pull brings none of it.
    const ids = [boarding.ticket._id, leaving.ticket._id];
    const other = manifestOf((await pullAll(server, seller2, otherCursor)).changes);
    expect(other.filter((row) => ids.includes(row._id))).toEqual([]);
  });

  it('keeps a cancelled departure’s bookings at the slot they were sold for', async () => {
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const { ticket, buyer } = await booked(excursion, tour, tour.emptySeats[0] as number);
    // The state a cancelled departure leaves (POST /api/tours/{id}/cancel): the ticket cancelled with
    // its slot kept, the tour row gone.
    await server.db.query(
      `UPDATE tickets SET status = 'cancelled', cancel_reason = 'tour_cancelled',
         tour_slot = jsonb_build_object('date', $2::text, 'time', $3::text, 'excursionID', $4::text)
       WHERE id = $1`,
      [ticket._id, tour.date, tour.time, excursion._id],
    );
    await server.db.query('DELETE FROM tours WHERE id = $1', [tour._id]);

    const row = manifestOf((await pullAll(server, seller)).changes).find((r) => r._id === ticket._id);
    expect(row).toMatchObject({
      tourID: tour._id,
      excursionID: excursion._id,
      date: tour.date,
      time: tour.time,
      status: 'cancelled',
      cancelReason: 'tour_cancelled',
    });
    const own = await api(server, buyer.token).json<Ticket>(`/api/tickets/${ticket._id}`);
    expect(own.tour).toEqual({ date: tour.date, time: tour.time, excursionID: excursion._id });
    expect(
      manifestOf((await pullAll(server, seller2)).changes).find((r) => r._id === ticket._id),
    ).toBeUndefined();
  });

  it('leaves a seller demoted to user without the buyers’ data', async () => {
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const { ticket } = await booked(excursion, tour, tour.emptySeats[0] as number);
    await server.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [DEMO.seller]);
    try {
      expect(manifestOf((await pullAll(server, seller)).changes)).toEqual([]);
    } finally {
      await server.db.query(`UPDATE users SET role = 'seller' WHERE id = $1`, [DEMO.seller]);
    }
    expect(manifestOf((await pullAll(server, seller)).changes).map((r) => r._id)).toContain(ticket._id);
  });

  it('brings a ticket the seller bought on their own departure as both their ticket and its manifest row, one change a page', async () => {
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const { cursor: start } = await pullAll(server, seller);
    const answer = await book(
      server,
      seller,
      bookingBody(DEMO.seller, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
    );
    expect(answer.status).toBe(200);
    const id = answer.body.ticket_id as string;

    const changes: Change[] = [];
    let cursor = start;
    for (let more = true; more;) {
      const query = new URLSearchParams({ limit: '1', cursor });
      const page = syncResponseSchema.parse(
        await api(server, seller).json<SyncResponse>(`/api/sync?${query}`),
      );
      changes.push(...page.changes);
      ({ cursor, more } = page);
    }
    const tickets = changes.flatMap((c) => (c.collection === 'tickets' && c.op === 'put' ? [c.row] : []));
    expect(tickets.filter((row) => row._id === id)).toHaveLength(1);
    expect(manifestOf(changes).filter((row) => row._id === id)).toMatchObject([
      { _id: id, tourID: tour._id, status: 'to payment' },
    ]);
  });
});
