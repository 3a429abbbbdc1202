import { crimeaNowKey, crimeaToday, formatDisplayDate, tourDateTimeKey } from '../../domain/dates';
import type { TourNotice } from '../../domain/types';
import type { MoveTourRequest } from '../../protocol/tours';
import { replicaTour } from '../../protocol/sync';
import { manifestUpdate } from './seller-alerts';
import type { ServerEvent } from '../realtime/events';
import { cancelTickets } from '../storage/bookings';
import { findTour } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import { insertRefunds, unrefundedPaymentsOf } from '../storage/refunds';
import { findTickets } from '../storage/tickets';
import {
  deleteToursById,
  lockLiveTickets,
  lockTourWithExcursion,
  moveTourSlot,
  publishedAmong,
  setTourNotice,
  slotTaken,
  touchCancelledTickets,
  type LiveTicket,
  type OperatedTour,
} from '../storage/tours';
import type { Principal } from '../storage/users';
import { UNIQUE_VIOLATION } from './booking/statement';
import { ServiceError } from './errors';
import { mayEditExcursion } from './excursions';
import { newEntityId } from './ids';
import type { MutationResult } from './mutation';
import type { TourNoticeMail } from './tour-notice-mail';
import { ticketUpdate } from './ticket-update';

// A seller cancels or moves a sold departure (POST /api/tours/{id}/cancel and /move). Each is one
// transaction that locks the tour row first: a booking locks the same row, so no sale slips in
// between reading the tickets and changing them. Refunds are owed in the transaction and sent after
// its commit (payments/refunds.ts), as are the buyers' e-mails.

export const TOUR_OPERATION_TEXTS = {
  tourNotFound: 'Тур не найден',
  sellersOnly: 'Отменять и переносить отправления могут только продавцы',
  notOwner: 'Можно отменять и переносить только отправления своих экскурсий',
  departed: (date: string) => `Отправление ${date} уже прошло: его нельзя отменить или перенести`,
  pastDate: (date: string) => `Нельзя перенести тур на прошедшую дату: ${date}`,
  pastTime: (date: string, time: string) =>
    `Нельзя перенести тур на время, которое уже прошло: ${date} ${time}`,
  sameSlot: (date: string, time: string) => `Тур уже назначен на ${date} ${time}`,
  slotTaken: (date: string, time: string) => `На ${date} ${time} у этой экскурсии уже есть тур`,
} as const;

/** What a cancel or a move leaves to do once its transaction committed. */
export interface TourOperation {
  result: MutationResult;
  /** The buyers' e-mails. */
  mails: TourNoticeMail[];
  /** Tickets with refunds owed, to send to the provider. */
  refundTickets: string[];
}

const refuse = (refusal: ConstructorParameters<typeof ServiceError>[0], text: string) =>
  new ServiceError(refusal, text, 'message');

/** The tour, locked, once the caller may change it and it has not departed yet. */
async function lockOperatedTour(
  tx: Queryable,
  principal: Principal,
  tourId: string,
  now: Date,
): Promise<OperatedTour> {
  const tour = await lockTourWithExcursion(tx, tourId);
  if (!tour) throw refuse('notFound', TOUR_OPERATION_TEXTS.tourNotFound);
  if (!mayEditExcursion(principal, tour.owner_id))
    throw refuse(
      'forbidden',
      principal.role === 'user' ? TOUR_OPERATION_TEXTS.sellersOnly : TOUR_OPERATION_TEXTS.notOwner,
    );
  // Departed at its time, not at the day's end: a morning's departure is the guide's by noon.
  if (tourDateTimeKey(tour.date, tour.time) <= crimeaNowKey(now))
    throw refuse('conflict', TOUR_OPERATION_TEXTS.departed(formatDisplayDate(tour.date)));
  return tour;
}

function noticeMail(
  tour: OperatedTour,
  ticket: LiveTicket,
  notice: TourNotice,
  refund: number,
): TourNoticeMail {
  return {
    kind: notice.kind,
    to: ticket.email,
    ticketId: ticket.id,
    title: tour.title,
    date: tour.date,
    time: tour.time,
    from: notice.from,
    reason: notice.reason,
    assemblyPoint: ticket.assembly_point,
    seats: ticket.seats ?? [],
    refund,
  };
}

const idsOf = (tickets: LiveTicket[]) => tickets.map((ticket) => ticket.id);

/**
 * Owes back every unrefunded payment of the tickets, in full, for the departure's cancel: the sum
 * owed per ticket, for the tickets that owe any.
 */
async function oweRefunds(tx: Queryable, ticketIds: string[], now: Date): Promise<Map<string, number>> {
  const payments = ticketIds.length === 0 ? [] : await unrefundedPaymentsOf(tx, ticketIds);
  await insertRefunds(
    tx,
    payments.map((payment) => ({
      id: newEntityId(now),
      ticketId: payment.ticket_id,
      paymentId: payment.id,
      amount: payment.amount,
      reason: 'tour_cancelled',
    })),
  );
  const owed = new Map<string, number>();
  for (const payment of payments)
    owed.set(payment.ticket_id, (owed.get(payment.ticket_id) ?? 0) + payment.amount);
  return owed;
}

/** Each buyer's changed ticket, and one nudge of the seller's manifest when there were any. */
async function buyerEvents(tx: Queryable, tickets: LiveTicket[], sellerId: number): Promise<ServerEvent[]> {
  if (tickets.length === 0) return [];
  const rows = await findTickets(tx, idsOf(tickets));
  return [...rows.map((row) => ticketUpdate(row.row.userID, row)), manifestUpdate(sellerId)];
}

/** The public hears of a tour only while its excursion is published. */
async function publicTourEvents(
  tx: Queryable,
  tour: OperatedTour,
  event: ServerEvent,
): Promise<ServerEvent[]> {
  return (await publishedAmong(tx, [tour.excursion_id])).has(tour.excursion_id) ? [event] : [];
}

/**
 * Cancels the departure: every held or paid ticket is cancelled ('tour_cancelled') with the notice,
 * paid ones are owed back in full, and the tour row is deleted (its tombstone drops it from the
 * replicas). An unsold tour is simply deleted.
 */
export async function cancelTour(
  tx: Queryable,
  principal: Principal,
  tourId: string,
  reason: string,
  now: Date,
): Promise<TourOperation> {
  const tour = await lockOperatedTour(tx, principal, tourId, now);
  const tickets = await lockLiveTickets(tx, tour.id);
  const ids = idsOf(tickets);
  const notice: TourNotice = { kind: 'cancelled', reason, at: now.toISOString() };
  await cancelTickets(tx, ids, 'tour_cancelled');
  const refunds = await oweRefunds(tx, ids, now);
  const mails = tickets.map((ticket) => noticeMail(tour, ticket, notice, refunds.get(ticket.id) ?? 0));
  const slot = { date: tour.date, time: tour.time, excursionID: tour.excursion_id };
  await setTourNotice(tx, ids, notice, slot);
  await deleteToursById(tx, [tour.id]);

  // Each buyer's ticket, now with its kept slot; the tour's seats went with its row, so the public
  // hears of its deletion instead of its seats.
  const events = await buyerEvents(tx, tickets, tour.owner_id);
  for (const ticket of tickets)
    events.push({
      channel: 'USER_UPDATE',
      userId: ticket.user_id,
      data: { user_id: ticket.user_id, action: 'ticket_removed', ticket_id: ticket.id },
    });
  events.push(
    ...(await publicTourEvents(tx, tour, {
      channel: 'TOUR_UPDATE',
      data: { action: 'delete', tour_id: tour.id },
    })),
  );
  const body = { tour_id: tour.id, tickets: tickets.length, refunds: refunds.size };
  return { result: { status: 200, body, events }, mails, refundTickets: [...refunds.keys()] };
}

/**
 * Moves the departure to another date and time: the same tour row, so every ticket keeps its seats;
 * each held or paid ticket gets the notice with where it was before.
 */
export async function moveTour(
  tx: Queryable,
  principal: Principal,
  tourId: string,
  request: MoveTourRequest,
  now: Date,
): Promise<TourOperation> {
  const tour = await lockOperatedTour(tx, principal, tourId, now);
  const date = formatDisplayDate(request.date);
  if (request.date < crimeaToday(now)) throw refuse('unprocessable', TOUR_OPERATION_TEXTS.pastDate(date));
  if (tourDateTimeKey(request.date, request.time) <= crimeaNowKey(now))
    throw refuse('unprocessable', TOUR_OPERATION_TEXTS.pastTime(date, request.time));
  if (request.date === tour.date && request.time === tour.time)
    throw refuse('unprocessable', TOUR_OPERATION_TEXTS.sameSlot(date, request.time));
  if (await slotTaken(tx, tour, request))
    throw refuse('conflict', TOUR_OPERATION_TEXTS.slotTaken(date, request.time));
  try {
    await moveTourSlot(tx, tour.id, request);
  } catch (error) {
    // A tour added to that slot since the check above: the slot's unique index refuses the move.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw refuse('conflict', TOUR_OPERATION_TEXTS.slotTaken(date, request.time));
    throw error;
  }

  const tickets = await lockLiveTickets(tx, tour.id);
  const notice: TourNotice = {
    kind: 'moved',
    reason: request.reason,
    at: now.toISOString(),
    from: { date: tour.date, time: tour.time },
  };
  await setTourNotice(tx, idsOf(tickets), notice, null);
  // The cancelled tickets' manifest rows show the departure's slot too: they take the new one.
  await touchCancelledTickets(tx, tour.id);
  const moved = { ...tour, date: request.date, time: request.time };
  const mails = tickets.map((ticket) => noticeMail(moved, ticket, notice, 0));

  const events = await buyerEvents(tx, tickets, tour.owner_id);
  const fresh = await findTour(tx, tour.id);
  if (fresh)
    events.push(
      ...(await publicTourEvents(tx, tour, {
        channel: 'TOUR_UPDATE',
        data: { action: 'update', tour_id: tour.id, tour: replicaTour(fresh.row), version: fresh.version },
      })),
    );
  const body = { tour_id: tour.id, tour: fresh?.row, tickets: tickets.length, refunds: 0 };
  return { result: { status: 200, body, events }, mails, refundTickets: [] };
}
