import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import { cancelTicket, payTicket } from '../../../src/client/commands/booking';
import type { AccountDeps } from '../../../src/client/commands/online';
import { DEFAULT_FREE_CANCEL_HOURS } from '../../../src/domain/cancellation';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Ticket, Tour } from '../../../src/domain/types';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../../src/protocol/headers';
import { api, catalogue } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard } from '../../support/booking';
import { memoryStorage, newFactory, openReplica, until } from '../../support/client';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// Paying a held ticket later and cancelling a paid one for a refund (client/commands/booking), against
// a real server with its built-in test payment provider.

describe.each(ONE_ENGINE)('paying later and cancelling for a refund on %s', (engineName) => {
  let server: TestServer;
  let replicas = 0;

  beforeAll(async () => {
    server = await startTestServer(engineName);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const deps = (token: string): AccountDeps => {
    const storage = memoryStorage();
    storage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
    return {
      db: openReplica(newFactory(), `pay-${++replicas}`),
      http: createHttpClient(server.url),
      storage,
    };
  };

  /** A tour without seat numbers, far enough ahead that the default free-cancellation window is open. */
  async function distantTour(): Promise<{ excursion: Excursion; tour: Tour }> {
    const { excursions, tours } = await catalogue(server);
    const from = addDays(crimeaToday(new Date()), 3);
    for (const tour of tours) {
      const excursion = excursions.find((e) => e._id === tour.excursionID);
      if (!excursion || excursion.busType !== 'none' || tour.date < from) continue;
      if ((excursion.freeCancelHours ?? DEFAULT_FREE_CANCEL_HOURS) > 48) continue;
      if (excursion.maxAttendants - tour.attendantsRegistred >= 1) return { excursion, tour };
    }
    throw new Error('no distant tour with room');
  }

  async function held(): Promise<{ ticketId: string; token: string; price: number }> {
    const [buyer] = await newBuyers(server, 1);
    if (!buyer) throw new Error('no buyer');
    const { excursion, tour } = await distantTour();
    const body = bookingBody(buyer.id, excursion, tour, { adults: 1 });
    const booking = await book(server, buyer.token, body);
    expect(booking.status).toBe(200);
    return { ticketId: booking.body.ticket_id ?? '', token: buyer.token, price: body.excursionPrice };
  }

  const ticketNow = (ticketId: string, token: string) =>
    api(server, token).json<Ticket>(`/api/tickets/${ticketId}`);

  it("hands the owner the ticket's open payment, the same one on a second press", async () => {
    const { ticketId, token } = await held();
    const first = await payTicket(deps(token), ticketId);
    const second = await payTicket(deps(token), ticketId);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value).not.toBe('');
    expect(second.value).toBe(first.value);
  });

  it("refuses someone else's ticket with the server's reason", async () => {
    const { ticketId } = await held();
    const [stranger] = await newBuyers(server, 1);
    const outcome = await payTicket(deps(stranger?.token ?? ''), ticketId);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.offline).toBe(false);
    expect(outcome.error).toMatch(/[а-яё]/i);
  });

  it('pays through the handed payment, then refuses to pay again and cancels with a refund', async () => {
    const { ticketId, token, price } = await held();
    const payment = await payTicket(deps(token), ticketId);
    if (!payment.ok) throw new Error(`payment not opened: ${payment.error}`);
    expect((await payWithCard(server, payment.value)).ok).toBe(true);
    await until(async () => (await ticketNow(ticketId, token)).status === 'confirmed');

    const again = await payTicket(deps(token), ticketId);
    expect(again).toEqual({ ok: false, offline: false, error: 'Билет уже оплачен' });

    const client = deps(token);
    const cancelled = await cancelTicket(client, ticketId);
    if (!cancelled.ok) throw new Error(`not cancelled: ${cancelled.error}`);
    expect(cancelled.value.status).toBe('cancelled');
    expect(cancelled.value.refund?.amount).toBe(price);
    // The replica holds the answer at once, so the ticket page shows the refund with no sync.
    expect((await client.db.tickets.get(ticketId))?.refund?.amount).toBe(price);
  });
});
