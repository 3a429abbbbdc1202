import { freeCancelDeadline } from '../../domain/cancellation';
import { ICS_CONTENT_TYPE, ticketCalendar, ticketCalendarFileName } from '../../domain/ics';
import type { Logger } from '../log';
import type { MailAttachment, Mailer, MailMessage } from '../mail/mailer';
import type { Db } from '../storage/db';
import { readTicketMail, type TicketMailRow } from '../storage/payments';
import { bookingConfirmationMail, COMPANY, refundMail, type TicketMailData } from './emails';
import { receiptOfRow } from './receipt';

// The e-mails about a ticket's money: the receipt-like confirmation once it is paid, and the note
// of a refund once the provider made it. A mail that cannot be sent is logged; the payment or the
// refund it tells about stands either way. The confirmation carries the trip as a calendar file,
// the same one the ticket page builds offline.

export interface TicketMailDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the link to the ticket. */
  publicUrl: string;
}

export async function mailTicketPaid(deps: TicketMailDeps, ticketId: string): Promise<void> {
  await send(deps, ticketId, 'confirmation', (data, row) => {
    // The receipt matters more than the calendar file: it goes without one that could not be made.
    let calendar: MailAttachment | null = null;
    try {
      calendar = calendarAttachment(data, row.duration);
    } catch (error) {
      deps.log.error(`calendar file for ticket ${ticketId} was not made`, error);
    }
    return { ...bookingConfirmationMail(data), ...(calendar ? { attachments: [calendar] } : {}) };
  });
}

export async function mailTicketRefunded(
  deps: TicketMailDeps,
  ticketId: string,
  amount: number,
): Promise<void> {
  await send(deps, ticketId, 'refund', (data) => refundMail({ ...data, refund: amount }));
}

async function send(
  deps: TicketMailDeps,
  ticketId: string,
  kind: string,
  compose: (data: TicketMailData, row: TicketMailRow) => MailMessage,
): Promise<void> {
  try {
    const row = await readTicketMail(deps.db, ticketId);
    if (!row) return;
    await deps.mailer.send(compose(mailData(deps, ticketId, row), row));
  } catch (error) {
    deps.log.error(`${kind} e-mail for ticket ${ticketId} was not sent`, error);
  }
}

function mailData(deps: TicketMailDeps, ticketId: string, row: TicketMailRow): TicketMailData {
  const receipt = receiptOfRow(row, row.excursion_price);
  return {
    to: row.email,
    ticketId,
    title: row.title,
    date: row.date,
    time: row.time,
    assemblyPoint: row.assembly_point,
    seats: row.seats ?? [],
    adults: row.adults,
    kids: row.kids,
    lines: (receipt?.items ?? []).map((item) => ({
      label: item.description,
      quantity: item.quantity,
      amount: item.quantity * item.unitPrice,
    })),
    total: row.excursion_price,
    entryPrice: row.entry_price,
    freeCancelUntil: freeCancelDeadline(row.date, row.time, row.free_cancel_hours),
    ticketUrl: `${deps.publicUrl.replace(/\/$/, '')}/profile/tickets/ticket/${encodeURIComponent(ticketId)}`,
    company: COMPANY,
  };
}

/** The .ics of the paid ticket; null for a departure whose date or time is malformed. */
function calendarAttachment(data: TicketMailData, duration: string): MailAttachment | null {
  const content = ticketCalendar(
    {
      ticketId: data.ticketId,
      title: data.title,
      date: data.date,
      time: data.time,
      duration,
      assemblyPoint: data.assemblyPoint,
      seats: data.seats,
      adults: data.adults,
      kids: data.kids,
      ticketUrl: data.ticketUrl,
    },
    new Date(),
  );
  return content === null
    ? null
    : { filename: ticketCalendarFileName(data.date), contentType: ICS_CONTENT_TYPE, content };
}
