import { crimeaNowKey, tourDateTimeKey } from '../../domain/dates';
import { entryPrice, totalPrice } from '../../domain/pricing';
import type { BusType, Service, TicketService } from '../../domain/types';
import type { CreateTicketRequest } from '../../protocol/tickets';
import { HttpError } from '../http/errors';
import type { MutationResult } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import { findTour } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import { findTicket } from '../storage/tickets';
import type { Principal } from '../storage/users';
import { newEntityId } from './ids';

// Booking (SPEC §7 POST /api/tickets) in one transaction: the tour row is locked first, so two
// bookings of one tour run one after the other and each sees the seats the other took. The partial
// unique index on live (tour, seat) rows is the second guard. Prices come from the excursion, never
// from the body; a body that disagrees was built from stale data and is refused.

export const HOLD_MINUTES = 15;

export const BOOKING_TEXTS = {
  tourNotFound: 'Тур не найден',
  tourPast: 'Этот тур уже прошёл, выберите другую дату',
  excursionClosed: 'Экскурсия сейчас недоступна для бронирования',
  noAdults: 'Нужен хотя бы один взрослый',
  notEnoughPlaces: (left: number) => `Недостаточно свободных мест: осталось ${left}`,
  seatCount: 'Выберите столько мест, сколько человек едет',
  noSeatsExpected: 'Для этой экскурсии места не выбираются',
  seatMissing: (seat: number) => `Места ${seat} нет в этом автобусе`,
  seatReserved: (seat: number) => `Место ${seat} недоступно для бронирования`,
  seatsTaken: 'Места уже заняты',
  assemblyPoint: 'Выберите место сбора из списка',
  service: (name: string) => `Услуга «${name}» недоступна или изменилась цена`,
  priceChanged: 'Цена изменилась: обновите страницу и проверьте сумму',
  forOther: 'Можно бронировать только для себя',
  ticketNotFound: 'Билет не найден',
  notYourTicket: 'Это не ваш билет',
  confirmOnlyByPayment: 'Билет подтверждается только после оплаты',
  cannotCancelPaid: 'Оплаченный билет может отменить только администратор',
  transition: (from: string, to: string) => `Нельзя сменить статус «${from}» на «${to}»`,
} as const;

interface LockedTour {
  id: string;
  excursion_id: string;
  date: string;
  time: string;
  excursion_status: string;
  bus_type: BusType;
  available_seats: number[];
  reserved_seats: number[];
  max_attendants: number;
  adult_price: number;
  kid_price: number;
  adult_entry_price: number;
  kid_entry_price: number;
  services: Service[];
  assembly_points: string[];
}

/** Test-only switch: with it off the tour row is not locked, so a concurrency test can prove it matters. */
export const bookingLock = { enabled: true };

export interface BookingDeps {
  now: Date;
  ticketCode: (ticketId: string) => string;
}

export async function createTicket(
  tx: Queryable,
  principal: Principal,
  request: CreateTicketRequest,
  deps: BookingDeps,
): Promise<MutationResult & { ticketId: string }> {
  if (request.userID !== principal.id && principal.role !== 'admin')
    throw new HttpError(403, BOOKING_TEXTS.forOther);
  const userId = principal.role === 'admin' ? request.userID : principal.id;
  if (request.adults < 1) throw new HttpError(400, BOOKING_TEXTS.noAdults);

  const [tour] = await tx.query<LockedTour>(
    `SELECT t.id, t.excursion_id, t.date, t.time, e.status AS excursion_status, e.bus_type, e.available_seats,
            e.reserved_seats, e.max_attendants, e.adult_price, e.kid_price, e.adult_entry_price,
            e.kid_entry_price, e.services, e.assembly_points
     FROM tours t JOIN excursions e ON e.id = t.excursion_id
     WHERE t.id = $1 ${bookingLock.enabled ? 'FOR UPDATE OF t' : ''}`,
    [request.tourID],
  );
  if (!tour) throw new HttpError(404, BOOKING_TEXTS.tourNotFound);
  if (tour.excursion_status !== 'published') throw new HttpError(409, BOOKING_TEXTS.excursionClosed);
  if (tourDateTimeKey(tour.date, tour.time) <= crimeaNowKey(deps.now))
    throw new HttpError(409, BOOKING_TEXTS.tourPast);
  if (!tour.assembly_points.includes(request.assemblyPoint))
    throw new HttpError(400, BOOKING_TEXTS.assemblyPoint);

  // Holds that ran out free their seats before this booking counts what is left.
  const expired = await expireHolds(tx, deps.now, tour.id);

  const people = request.adults + request.kids;
  const [{ taken }] = (await tx.query<{ taken: number }>(
    `SELECT coalesce(sum(adults + kids), 0)::int AS taken FROM tickets WHERE tour_id = $1 AND status <> 'cancelled'`,
    [tour.id],
  )) as [{ taken: number }];
  const capacity = tour.bus_type === 'none' ? tour.max_attendants : tour.available_seats.length;
  const left = Math.max(0, capacity - taken);
  if (people > left) throw new HttpError(409, BOOKING_TEXTS.notEnoughPlaces(left));

  const seats = [...request.seats].sort((a, b) => a - b);
  if (tour.bus_type === 'none') {
    if (seats.length > 0) throw new HttpError(400, BOOKING_TEXTS.noSeatsExpected);
  } else {
    if (seats.length !== people || new Set(seats).size !== seats.length)
      throw new HttpError(400, BOOKING_TEXTS.seatCount);
    for (const seat of seats) {
      if (tour.reserved_seats.includes(seat)) throw new HttpError(409, BOOKING_TEXTS.seatReserved(seat));
      if (!tour.available_seats.includes(seat)) throw new HttpError(400, BOOKING_TEXTS.seatMissing(seat));
    }
    const busy = await tx.query<{ seat: number }>(
      'SELECT seat FROM ticket_seats WHERE tour_id = $1 AND active AND seat = ANY($2::int[])',
      [tour.id, seats],
    );
    if (busy.length > 0) throw new HttpError(409, BOOKING_TEXTS.seatsTaken);
  }

  const services: TicketService[] = [];
  for (const wanted of request.services) {
    const offered = tour.services.find((s) => s.name === wanted.name);
    if (!offered || offered.price !== wanted.price)
      throw new HttpError(409, BOOKING_TEXTS.service(wanted.name));
    if (!services.some((s) => s.name === offered.name)) services.push({ ...offered, selected: true });
  }
  const party = { adults: request.adults, kids: request.kids };
  const price = totalPrice({ adultPrice: tour.adult_price, kidPrice: tour.kid_price }, party, services);
  const entry = entryPrice(
    { adultEntryPrice: tour.adult_entry_price, kidEntryPrice: tour.kid_entry_price },
    party,
  );
  if (price !== request.excursionPrice || entry !== request.entryPrice)
    throw new HttpError(409, BOOKING_TEXTS.priceChanged);

  const ticketId = newEntityId(deps.now);
  const holdUntil = new Date(deps.now.getTime() + HOLD_MINUTES * 60_000);
  await tx.query(
    `INSERT INTO tickets (id, user_id, tour_id, adults, kids, assembly_point, services, excursion_price,
       entry_price, status, hold_until, check_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'to payment', $10, $11, $12, $12)`,
    [
      ticketId,
      userId,
      tour.id,
      request.adults,
      request.kids,
      request.assemblyPoint,
      JSON.stringify(services),
      price,
      entry,
      holdUntil,
      deps.ticketCode(ticketId),
      deps.now,
    ],
  );
  if (seats.length > 0) {
    try {
      await tx.query('INSERT INTO ticket_seats (ticket_id, tour_id, seat) SELECT $1, $2, unnest($3::int[])', [
        ticketId,
        tour.id,
        seats,
      ]);
    } catch (error) {
      // The unique index on live seats: only reachable without the tour lock.
      if ((error as { code?: string }).code === '23505') throw new HttpError(409, BOOKING_TEXTS.seatsTaken);
      throw error;
    }
  }
  const events = [...expired, ...(await ticketEvents(tx, ticketId, userId, 'ticket_added'))];
  const ticket = await findTicket(tx, ticketId);
  return {
    status: 200,
    body: { status_code: 200, ticket_id: ticketId, ticket: ticket?.row },
    events,
    ticketId,
  };
}

/**
 * Bumps the tour (its seats changed) and reports the ticket to its owner, the tour to everyone.
 */
export async function ticketEvents(
  tx: Queryable,
  ticketId: string,
  userId: number,
  action: 'ticket_added' | 'ticket_removed' | null,
): Promise<ServerEvent[]> {
  const ticket = await findTicket(tx, ticketId);
  if (!ticket) return [];
  await tx.query('UPDATE tours SET version = 0 WHERE id = $1', [ticket.row.tourID]);
  const tour = await findTour(tx, ticket.row.tourID);
  const events: ServerEvent[] = [
    {
      channel: 'TICKET_UPDATE',
      userId,
      data: { user_id: userId, ticket: ticket.row, version: ticket.version },
    },
  ];
  if (action)
    events.push({ channel: 'USER_UPDATE', userId, data: { user_id: userId, action, ticket_id: ticketId } });
  if (tour)
    events.push({
      channel: 'TOUR_UPDATE',
      data: { action: 'update', tour_id: tour.row._id, tour: tour.row, version: tour.version },
    });
  return events;
}

/**
 * Cancels tickets whose 15-minute hold ran out (of one tour, or all), freeing their seats. Rows
 * another transaction holds are skipped: that one is booking or confirming them right now.
 */
export async function expireHolds(tx: Queryable, now: Date, tourId?: string): Promise<ServerEvent[]> {
  const rows = await tx.query<{ id: string; user_id: number }>(
    `UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = $1
     WHERE id IN (
       SELECT id FROM tickets WHERE status = 'to payment' AND hold_until < $1 ${tourId ? 'AND tour_id = $2' : ''}
       ORDER BY hold_until LIMIT 500 FOR UPDATE SKIP LOCKED
     ) RETURNING id, user_id`,
    tourId ? [now, tourId] : [now],
  );
  if (rows.length === 0) return [];
  await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = ANY($1::text[])', [
    rows.map((row) => row.id),
  ]);
  const events: ServerEvent[] = [];
  for (const row of rows) events.push(...(await ticketEvents(tx, row.id, row.user_id, null)));
  return events;
}

/** PATCH /api/tickets/{id}: the owner cancels an unpaid ticket; an admin may cancel any. */
export async function changeTicketStatus(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  status: string,
): Promise<MutationResult> {
  const [row] = await tx.query<{ user_id: number; status: string }>(
    'SELECT user_id, status FROM tickets WHERE id = $1 FOR UPDATE',
    [ticketId],
  );
  if (!row) throw new HttpError(404, BOOKING_TEXTS.ticketNotFound);
  const admin = principal.role === 'admin';
  if (row.user_id !== principal.id && !admin) throw new HttpError(403, BOOKING_TEXTS.notYourTicket);
  if (status === row.status) {
    const same = await findTicket(tx, ticketId);
    return { status: 200, body: same?.row, events: [] };
  }
  if (status === 'confirmed') throw new HttpError(409, BOOKING_TEXTS.confirmOnlyByPayment);
  if (status !== 'cancelled') throw new HttpError(409, BOOKING_TEXTS.transition(row.status, status));
  if (row.status === 'confirmed' && !admin) throw new HttpError(403, BOOKING_TEXTS.cannotCancelPaid);
  if (row.status !== 'to payment' && row.status !== 'confirmed')
    throw new HttpError(409, BOOKING_TEXTS.transition(row.status, status));

  await tx.query(
    `UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = now() WHERE id = $1`,
    [ticketId],
  );
  await tx.query('UPDATE ticket_seats SET active = false WHERE ticket_id = $1', [ticketId]);
  const events = await ticketEvents(tx, ticketId, row.user_id, 'ticket_removed');
  const ticket = await findTicket(tx, ticketId);
  return { status: 200, body: ticket?.row, events };
}
