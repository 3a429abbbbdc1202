import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/domain/types';
import { api, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// POST /api/tickets/{id}/checkin: the guide's boarding check, sent from the phone's outbox. Only the
// excursion's seller and admins; only the ticket's own signed code; only a paid ticket; replays
// answer the same; two guides converge on the earliest time; nothing is written on a refusal.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(ONE_ENGINE)('boarding check-in on %s', (engine) => {
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

  /** A ticket of a new buyer booked an hour ago (a boarding comes after it), paid unless asked not to be. */
  async function ticket({ paid = true } = {}) {
    const { excursion, tour } = await sellersCoachTour(server, used);
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
    );
    expect(booked.status).toBe(200);
    if (paid) expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);
    const id = booked.body.ticket_id as string;
    await server.db.query(`UPDATE tickets SET created_at = created_at - interval '1 hour' WHERE id = $1`, [
      id,
    ]);
    const read = () => api(server, buyer.token).json<Ticket>(`/api/tickets/${id}`);
    return { id, code: (await read()).checkCode as string, buyer, read };
  }

  const checkIn = (token: string | undefined, id: string, body: unknown, key?: string) =>
    api(server, token).send(
      'POST',
      `/api/tickets/${id}/checkin`,
      body,
      key ? { 'Idempotency-Key': key } : {},
    );

  async function refusal(response: Response, status: number): Promise<string> {
    expect(response.status).toBe(status);
    const { detail } = (await response.json()) as { detail: string };
    expect(detail).toMatch(/[а-я]/i);
    return detail;
  }

  it('records a paid ticket’s boarding once per key, keeping the earliest of two guides’ times', async () => {
    const { id, code, read } = await ticket();
    const at = minutesAgo(10);
    const key = randomUUID();
    const first = await checkIn(seller, id, { code, at }, key);
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({ ticket_id: id, checkedInAt: at });

    // A second guide who checked the same ticket earlier, offline: the earlier time wins.
    const earlier = minutesAgo(30);
    const second = await checkIn(admin, id, { code, at: earlier }, randomUUID());
    expect(await second.json()).toEqual({ ticket_id: id, checkedInAt: earlier });
    // The first call sent again (its answer was lost) gets its own answer back, writing nothing.
    const replay = await checkIn(seller, id, { code, at }, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(answer);
    // A later one changes nothing.
    const later = await checkIn(seller, id, { code, at: minutesAgo(5) }, randomUUID());
    expect(await later.json()).toEqual({ ticket_id: id, checkedInAt: earlier });

    expect((await read()).checkedInAt).toBe(earlier);
  });

  it('never records a boarding in the future: a phone clock ahead is taken as now', async () => {
    const { id, code, read } = await ticket();
    const before = Date.now();
    const ahead = new Date(before + 3 * 3600_000).toISOString();
    const response = await checkIn(seller, id, { code, at: ahead });
    expect(response.status).toBe(200);
    const { checkedInAt } = (await response.json()) as { checkedInAt: string };
    expect(Date.parse(checkedInAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(checkedInAt)).toBeLessThanOrEqual(Date.now());
    expect((await read()).checkedInAt).toBe(checkedInAt);
  });

  it('never records a boarding before the booking: a phone clock set back is taken as the booking time', async () => {
    const { id, code, read } = await ticket();
    const [row] = await server.db.query<{ created_at: Date }>(
      'SELECT created_at FROM tickets WHERE id = $1',
      [id],
    );
    const booked = new Date((row as { created_at: Date }).created_at).toISOString();
    const response = await checkIn(seller, id, { code, at: '2001-01-01T08:00:00.000Z' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ticket_id: id, checkedInAt: booked });
    expect((await read()).checkedInAt).toBe(booked);
  });

  it('refuses a forged code and another ticket’s code, writing nothing', async () => {
    const { id, code, read } = await ticket();
    const other = await ticket();
    const [prefix, ticketId, mac] = code.split('.') as [string, string, string];
    const forged = `${prefix}.${ticketId}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const wrong of [forged, other.code, `T1.${id}`, 'not a code']) {
      const detail = await refusal(await checkIn(seller, id, { code: wrong, at: minutesAgo(1) }), 422);
      expect(detail).toBe('Код не принадлежит этому билету: посадка не отмечена');
    }
    expect((await read()).checkedInAt).toBeUndefined();
    expect((await other.read()).checkedInAt).toBeUndefined();
  });

  it('refuses a cancelled ticket and an unpaid one with a conflict in Russian', async () => {
    const cancelled = await ticket();
    const cancel = await api(server, cancelled.buyer.token).send('PATCH', `/api/tickets/${cancelled.id}`, {
      status: 'cancelled',
    });
    expect(cancel.status).toBe(200);
    expect(
      await refusal(await checkIn(seller, cancelled.id, { code: cancelled.code, at: minutesAgo(1) }), 409),
    ).toBe('Билет отменён, посадка не отмечена');
    expect((await cancelled.read()).checkedInAt).toBeUndefined();

    const unpaid = await ticket({ paid: false });
    expect(
      await refusal(await checkIn(seller, unpaid.id, { code: unpaid.code, at: minutesAgo(1) }), 409),
    ).toBe('Билет не оплачен, посадка не отмечена');
    expect((await unpaid.read()).checkedInAt).toBeUndefined();
  });

  it('lets only the excursion’s seller and admins check in, and answers an unknown ticket 404', async () => {
    const { id, code, read } = await ticket();
    const body = { code, at: minutesAgo(1) };
    await refusal(await checkIn(seller2, id, body), 403);
    await refusal(await checkIn(tourist, id, body), 403);
    expect((await checkIn(undefined, id, body)).status).toBe(401);
    await refusal(await checkIn(seller, '0123456789abcdef01234567', body), 404);
    expect((await read()).checkedInAt).toBeUndefined();
  });

  it('answers malformed requests with a 4xx and a reason, never a 5xx', async () => {
    const { id, code, read } = await ticket();
    const bodies: unknown[] = [
      undefined,
      'not json',
      {},
      { code },
      { at: minutesAgo(1) },
      { code: '', at: minutesAgo(1) },
      { code, at: 'вчера' },
      { code, at: 12 },
      { code: 'x'.repeat(5000), at: minutesAgo(1) },
      [code, minutesAgo(1)],
    ];
    for (const body of bodies) {
      const response = await checkIn(seller, id, body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(((await response.json()) as { detail?: string }).detail).toBeTruthy();
    }
    const badKey = await checkIn(seller, id, { code, at: minutesAgo(1) }, 'no such key!');
    expect(badKey.status).toBe(400);
    const odd = await checkIn(seller, `${'z'.repeat(300)}`, { code, at: minutesAgo(1) });
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
    expect((await read()).checkedInAt).toBeUndefined();
  });
});
