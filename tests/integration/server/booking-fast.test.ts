import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/domain/types';
import { replicaTour } from '../../../src/protocol/sync';
import type { ServerEvent } from '../../../src/server/realtime/events';
import { bookTicketFast, readBookingTour, readBookingTours } from '../../../src/server/services/booking';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, newBuyers, bookingBody, tourNow, tourWithRoom } from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';

// A booking's database work is one statement (book_ticket, migration 5) after one
// unlocked read. Its answer and its events are built without reading the ticket back, so they must
// be exactly what the step-by-step booking reads: the ticket as GET /api/tickets/{id} shows it, the
// tour as GET /api/tours/{id} shows it, with the versions the rows carry.

describe.each(ENGINES)('the one-statement booking on %s', (engine) => {
  let server: TestServer;
  let tourist: string;
  const used = new Set<string>();
  const events: ServerEvent[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { HOLD_SWEEP_SECONDS: '3600' } });
    tourist = await tokenFor(server, DEMO.tourist);
    server.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function versionOf(table: 'tickets' | 'tours', id: string): Promise<number> {
    const [row] = await server.db.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [
      id,
    ]);
    return row?.version ?? -1;
  }

  it.each([
    ['coach', 3],
    ['none', 2],
  ] as const)('on a %s tour answers and announces what the rows say', async (busType, people) => {
    const { excursion, tour } = await tourWithRoom(server, busType, people, used);
    used.add(tour._id);
    const seats = busType === 'none' ? [] : [...tour.emptySeats.slice(0, people)].reverse();
    events.length = 0;
    const booked = await book(
      server,
      tourist,
      bookingBody(DEMO.tourist, excursion, tour, { adults: people - 1, kids: 1, seats }),
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(booked.status).toBe(200);
    const id = booked.body.ticket_id as string;
    const stored = await api(server, tourist).json<Ticket>(`/api/tickets/${id}`);
    expect(booked.body.ticket).toEqual(stored);

    const ticketEvent = events.find((e) => e.channel === 'TICKET_UPDATE');
    expect(ticketEvent?.data).toEqual({
      user_id: DEMO.tourist,
      ticket: stored,
      version: await versionOf('tickets', id),
    });
    expect(events.find((e) => e.channel === 'USER_UPDATE')?.data).toEqual({
      user_id: DEMO.tourist,
      action: 'ticket_added',
      ticket_id: id,
    });
    const tourEvent = events.find((e) => e.channel === 'TOUR_UPDATE');
    expect(tourEvent?.data).toEqual({
      action: 'update',
      tour_id: tour._id,
      tour: replicaTour(await tourNow(server, tour._id)),
      version: await versionOf('tours', tour._id),
    });
  });

  it("books a tour moved after it was read with another of its excursion's tours, at its new time", async () => {
    // A buyer of its own: the tourist already holds the unpaid bookings of the tests above.
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const first = await tourWithRoom(server, 'none', 1, used);
    used.add(first.tour._id);
    // The first booking reads its tour with the excursion's other tours (readBookingTours).
    expect(
      (await book(server, buyer.token, bookingBody(buyer.id, first.excursion, first.tour, { adults: 1 })))
        .status,
    ).toBe(200);
    const { tours } = await catalogue(server);
    const other = tours.find(
      (tour) =>
        tour.excursionID === first.excursion._id && !used.has(tour._id) && tour.date > first.tour.date,
    );
    if (!other) throw new Error('the excursion has no later tour');
    used.add(other._id);
    // Moved behind the server's back: its kept row still says the old time.
    await server.db.query(`UPDATE tours SET time = '23:59' WHERE id = $1`, [other._id]);
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, first.excursion, other, { adults: 1 }),
    );
    expect(booked.status).toBe(200);
    const stored = await api(server, buyer.token).json<Ticket>(
      `/api/tickets/${booked.body.ticket_id as string}`,
    );
    expect(stored.tour).toEqual({ date: other.date, time: '23:59', excursionID: first.excursion._id });
    expect(booked.body.ticket).toEqual(stored);
  });

  it("reads a tour with its excursion's tours from its own day on, not from today", async () => {
    const { tours } = await catalogue(server);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const byExcursion = new Map<string, typeof tours>();
    for (const tour of tours.filter((t) => t.date > today))
      byExcursion.set(tour.excursionID, [...(byExcursion.get(tour.excursionID) ?? []), tour]);
    const ahead = [...byExcursion.values()].find((list) => new Set(list.map((t) => t.date)).size >= 3);
    if (!ahead) throw new Error('no excursion with tours on three days ahead');
    const dates = [...new Set(ahead.map((t) => t.date))].sort();
    const middle = ahead.find((t) => t.date === dates[1]) as (typeof ahead)[number];
    const read = await readBookingTours(server.db, middle._id, today);
    expect(read[0]?.id).toBe(middle._id);
    const expected = ahead.filter((t) => t._id !== middle._id && t.date >= middle.date).map((t) => t._id);
    expect(
      read
        .slice(1)
        .map((row) => row.id)
        .sort(),
    ).toEqual(expected.sort());
    // The tours of the days before it are not read with it.
    expect(read.some((row) => row.date < middle.date)).toBe(false);
  });

  it('leaves a tour whose excursion changed after the read to the booking in a transaction, writing nothing', async () => {
    const { excursion, tour } = await tourWithRoom(server, 'none', 1, used);
    used.add(tour._id);
    const request = {
      ...bookingBody(DEMO.tourist, excursion, tour, { adults: 1 }),
      seats: [],
      kids: 0,
      services: [],
    };
    const read = await readBookingTour(server.db, tour._id);
    expect(read?.id).toBe(tour._id);
    await server.db.query('UPDATE excursions SET popularity = popularity WHERE id = $1', [excursion._id]);
    const answer = await bookTicketFast(server.db, { userId: DEMO.tourist, tokenVersion: 0 }, request, read, {
      now: new Date(),
      ticketCode: (ticketId) => `T1.${ticketId}.x`,
      paymentProvider: 'test',
    });
    expect(answer).toEqual({ longWay: 'changed' });
    expect((await tourNow(server, tour._id)).tickets).toEqual(tour.tickets);
  });
});
