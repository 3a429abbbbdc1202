import { freeCancelDeadline } from '../../domain/cancellation';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../storage/db';
import { readTicketMail, type TicketMailRow } from '../storage/payments';
import { bookingConfirmationMail, COMPANY, refundMail, type TicketMailData } from './emails';
import { receiptOfRow } from './receipt';

// The e-mails about a ticket's money: the receipt-like confirmation once it is paid, and the note
// of a refund once the provider made it. A mail that cannot be sent is logged; the payment or the
// refund it tells about stands either way.

export interface TicketMailDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the link to the ticket. */
  publicUrl: string;
}

export async function mailTicketPaid(deps: TicketMailDeps, ticketId: string): Promise<void> {
  await send(deps, ticketId, 'confirmation', (data) => bookingConfirmationMail(data));
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
  compose: (data: TicketMailData) => Parameters<Mailer['send']>[0],
): Promise<void> {
  try {
    const row = await readTicketMail(deps.db, ticketId);
    if (!row) return;
    await deps.mailer.send(compose(mailData(deps, ticketId, row)));
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
