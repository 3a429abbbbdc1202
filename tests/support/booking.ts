import { addDays, crimeaToday } from '../../src/domain/dates';
import { entryPrice, totalPrice } from '../../src/domain/pricing';
import type { BusType, Excursion, Service, Tour } from '../../src/domain/types';
import type { CreateTicketRequestInput } from '../../src/protocol/tickets';
import { api, catalogue, DEMO, tokenFor } from './api';
import type { TestServer } from './server';

// Booking helpers for integration tests: pick a tour with free seats, build a body priced exactly as
// the server prices it, and pay it through the built-in test provider.

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export interface Party {
  adults: number;
  kids?: number;
  seats?: number[];
  services?: Service[];
}

export function bookingBody(
  userID: number,
  excursion: Excursion,
  tour: Tour,
  party: Party,
): CreateTicketRequestInput {
  const size = { adults: party.adults, kids: party.kids ?? 0 };
  const services = party.services ?? [];
  return {
    tourID: tour._id,
    userID,
    ...size,
    seats: party.seats ?? [],
    assemblyPoint: excursion.assemblyPoints[0] ?? '',
    services: services.map((s) => ({ ...s, selected: true })),
    excursionPrice: totalPrice(excursion, size, services),
    entryPrice: entryPrice(excursion, size),
  };
}

/**
 * A future tour of a `busType` excursion with at least `free` seats (or places) left, whose excursion
 * takes children: which tour comes first depends on the day, and callers book a child on it.
 */
export async function tourWithRoom(
  server: TestServer,
  busType: BusType,
  free: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions, tours } = await catalogue(server);
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (!excursion?.childrenAllowed || excursion.busType !== busType) continue;
    if (skip.has(tour._id) || tour.date <= today) continue;
    const left =
      busType === 'none' ? excursion.maxAttendants - tour.attendantsRegistred : tour.emptySeats.length;
    if (left >= free) return { excursion, tour };
  }
  throw new Error(`no ${busType} tour with ${free} free`);
}

/**
 * A coach tour of DEMO.seller's, three or more days ahead, with at least `seats` free seats and not in
 * `used` (it is added there, so each call gives another).
 */
export async function sellersCoachTour(
  server: TestServer,
  used: Set<string>,
  seats = 1,
): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions, tours } = await catalogue(server);
  const from = addDays(crimeaToday(new Date()), 3);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.ownerID !== DEMO.seller || excursion.busType !== 'coach') continue;
    if (used.has(tour._id) || tour.date < from || tour.emptySeats.length < seats) continue;
    used.add(tour._id);
    return { excursion, tour };
  }
  throw new Error('no coach tour of the seller ahead');
}

export async function tourNow(server: TestServer, id: string): Promise<Tour> {
  return api(server).json<Tour>(`/api/tours/${id}`);
}

export interface Booking {
  status: number;
  body: {
    status_code?: number;
    ticket_id?: string;
    confirmationid?: string;
    ticket?: { status: string; seats: number[]; excursionPrice: number; checkCode?: string };
    detail?: string;
  };
}

export async function book(
  server: TestServer,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Booking> {
  const response = await api(server, token).send('POST', '/api/tickets', body, headers);
  return { status: response.status, body: (await response.json()) as Booking['body'] };
}

/** Pays through the test provider's widget call, as the card form does. */
export async function payWithCard(server: TestServer, confirmationToken: string, card = GOOD_CARD) {
  return api(server).send('POST', '/api/test-pay/pay', {
    confirmation_token: confirmationToken,
    card_number: card,
  });
}

let buyersMade = 0;

/**
 * New buyers' accounts with no tickets, straight in the database. An account may hold only a few
 * unpaid bookings at once (services/booking.ts MAX_UNPAID_HOLDS), so a test of many buyers uses
 * many accounts, as in life.
 */
export async function newBuyers(server: TestServer, count: number): Promise<{ id: number; token: string }[]> {
  const rows = await server.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, name)
     SELECT 'buyer-' || $1::text || '-' || g || '@example.ru', 'not-a-hash', 'Покупатель ' || g
     FROM generate_series(1, $2::int) g RETURNING id`,
    [`${process.pid}-${Date.now().toString(36)}-${(buyersMade += 1)}`, count],
  );
  return Promise.all(rows.map(async ({ id }) => ({ id, token: await tokenFor(server, id) })));
}
