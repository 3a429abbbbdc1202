import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Ticket, Tour } from '../../../src/domain/types';
import { IDEMPOTENCY_TEXTS } from '../../../src/server/http/idempotency';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, tourWithRoom } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// An Idempotency-Key names one request: sent again with the same method, path and body it gets the
// first answer back; sent with another body it is refused with 422 (as Stripe refuses it), and
// nothing of the second request is done. Both ways a write keeps its key: the step-by-step one
// (the tour calls) and the booking's one statement.

describe.each(ONE_ENGINE)('an Idempotency-Key reused for another request (%s)', (engine) => {
  let server: TestServer;
  let ownExcursion: Excursion;
  const slot = (days: number, time: string) => ({
    excursionID: ownExcursion._id,
    date: addDays(crimeaToday(new Date()), days),
    time,
  });

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { excursions } = await catalogue(server);
    ownExcursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses another body on a tour call with 422 {message}, adds nothing, and still replays the first', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await seller.send('POST', '/api/tours', { tours: [slot(81, '08:40')] }, key);
    expect(first.status).toBe(200);
    const created = ((await first.json()) as { tours: Tour[] }).tours[0] as Tour;

    const other = await seller.send('POST', '/api/tours', { tours: [slot(82, '08:40')] }, key);
    expect(other.status).toBe(422);
    // The tour calls' error field is `message` (SPEC §7); `detail` comes with it.
    expect(await other.json()).toMatchObject({ message: IDEMPOTENCY_TEXTS.reused });
    const { tours } = await catalogue(server);
    expect(
      tours.filter((t) => t.excursionID === ownExcursion._id && t.date === slot(82, '08:40').date),
    ).toEqual([]);

    const again = await seller.send('POST', '/api/tours', { tours: [slot(81, '08:40')] }, key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { tours: Tour[] }).tours.map((t) => t._id)).toEqual([created._id]);
  });

  it('refuses another booking under the same key with 422 {detail}, booking nothing, and replays the first', async () => {
    const tourist = await tokenFor(server, DEMO.tourist);
    const ticketsOf = async () =>
      (await api(server, tourist).json<{ tickets: Ticket[] }>(`/api/users/${DEMO.tourist}/tickets`)).tickets
        .length;
    const { excursion, tour } = await tourWithRoom(server, 'coach', 4);
    const [a, b] = tour.emptySeats;
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await book(
      server,
      tourist,
      bookingBody(DEMO.tourist, excursion, tour, { adults: 1, seats: [a as number] }),
      key,
    );
    expect(first.status).toBe(200);
    const count = await ticketsOf();

    // Another party on the same key: the booking's one statement finds the key and the request
    // differs.
    const other = await book(
      server,
      tourist,
      bookingBody(DEMO.tourist, excursion, tour, { adults: 2, seats: [a as number, b as number] }),
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ detail: IDEMPOTENCY_TEXTS.reused });
    expect(await ticketsOf()).toBe(count);

    const again = await book(
      server,
      tourist,
      bookingBody(DEMO.tourist, excursion, tour, { adults: 1, seats: [a as number] }),
      key,
    );
    expect(again.status).toBe(200);
    expect(again.body.ticket_id).toBe(first.body.ticket_id);
    expect(await ticketsOf()).toBe(count);
  });
});
