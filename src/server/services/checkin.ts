import type { CheckInRequest, CheckInResponse } from '../../protocol/tickets';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import { lockTicketForBoarding, recordCheckIn } from '../storage/manifest';
import { findTicket } from '../storage/tickets';
import type { Principal } from '../storage/users';
import { BOOKING_TEXTS } from './booking/texts';
import { ServiceError } from './errors';
import { mayEditExcursion } from './excursions';
import type { MutationResult } from './mutation';
import { manifestUpdate } from './seller-alerts';
import { ticketUpdate } from './ticket-update';

// POST /api/tickets/{id}/checkin: a guide's check-in, queued on the phone while offline and sent
// when it can be. The phone decided with the manifest it held; the server decides again on what it
// knows now (a ticket cancelled meanwhile is a conflict, not a boarding) and keeps the earliest
// check-in time it hears of, so two guides who checked the same ticket converge on one.

export const CHECKIN_TEXTS = {
  badRequest: 'Некорректные данные посадки: нужны код билета и время проверки',
  forbidden: 'Отмечать посадку может гид этой экскурсии или администратор',
  badCode: 'Код не принадлежит этому билету: посадка не отмечена',
  cancelled: 'Билет отменён, посадка не отмечена',
  unpaid: 'Билет не оплачен, посадка не отмечена',
} as const;

export interface CheckInDeps {
  now: Date;
  /** The ticket id inside a genuine signed code, or null (TokenService.readTicketCode). */
  readTicketCode: (code: string) => string | null;
}

export async function checkInTicket(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  request: CheckInRequest,
  deps: CheckInDeps,
): Promise<MutationResult> {
  const row = await lockTicketForBoarding(tx, ticketId);
  if (!row) throw new ServiceError('notFound', BOOKING_TEXTS.ticketNotFound);
  // Checking tickets is a right of whoever may edit the excursion: an owner demoted to user has lost it.
  if (row.owner_id === null ? principal.role !== 'admin' : !mayEditExcursion(principal, row.owner_id))
    throw new ServiceError('forbidden', CHECKIN_TEXTS.forbidden);
  // The code must be this ticket's own signed one: a forged code names no ticket, another's names another.
  if (deps.readTicketCode(request.code) !== row.id)
    throw new ServiceError('unprocessable', CHECKIN_TEXTS.badCode);
  if (row.status === 'cancelled') throw new ServiceError('conflict', CHECKIN_TEXTS.cancelled);
  if (row.status !== 'confirmed') throw new ServiceError('conflict', CHECKIN_TEXTS.unpaid);

  // A phone's clock may be wrong either way: nobody boards in the future, nor before the booking
  // (the earliest time is kept, so one set back would pin the check-in there for good).
  const booked = new Date(row.created_at).getTime();
  const at = new Date(Math.max(booked, Math.min(Date.parse(request.at), deps.now.getTime())));
  const { checkedInAt, changed } = await recordCheckIn(tx, row.id, at, principal.id);
  const body: CheckInResponse = { ticket_id: row.id, checkedInAt: checkedInAt.toISOString() };
  return {
    status: 200,
    body,
    events: changed ? await checkInEvents(tx, row.id, row.owner_id, principal) : [],
  };
}

/** The buyer's ticket shows the boarding; the seller's manifest (and an admin guide's) pulls it. */
async function checkInEvents(
  tx: Queryable,
  ticketId: string,
  ownerId: number | null,
  principal: Principal,
): Promise<ServerEvent[]> {
  const ticket = await findTicket(tx, ticketId);
  if (!ticket) return [];
  const events = [ticketUpdate(ticket.row.userID, ticket)];
  for (const seller of new Set([ownerId, principal.id]))
    if (seller !== null) events.push(manifestUpdate(seller));
  return events;
}
