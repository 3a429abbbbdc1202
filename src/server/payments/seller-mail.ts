import { formatDisplayDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { formatRoubles } from '../../domain/pricing';
import type { MailMessage } from '../mail/message';
import type { SellerAlertKind } from '../services/seller-alerts';
import { readSellerAlert, type SellerAlertRow } from '../storage/manifest';
import { SELLER_MAIL_STRINGS as S } from './seller-mail-strings';
import type { TicketMailDeps } from './ticket-mail';

// The seller's e-mail about a booking on their departure: paid, or a paid ticket cancelled. Sent
// after the commit; a mail that cannot be sent is logged, and the payment or the cancel stands.

export async function mailSellerAlert(
  deps: TicketMailDeps,
  ticketId: string,
  kind: SellerAlertKind,
): Promise<void> {
  try {
    const row = await readSellerAlert(deps.db, ticketId);
    if (!row) return;
    await deps.mailer.send(sellerAlertMail(row, kind, deps.publicUrl));
  } catch (error) {
    deps.log.error(`seller's ${kind} e-mail for ticket ${ticketId} was not sent`, error);
  }
}

/** The e-mail as plain text: what was bought or cancelled, by whom, and a link to the manifest. */
export function sellerAlertMail(row: SellerAlertRow, kind: SellerAlertKind, publicUrl: string): MailMessage {
  const { entry } = row;
  const buyer = [entry.buyer.name, entry.buyer.surname].filter(Boolean).join(' ');
  const people = [`${entry.adults} ${S.adults}`];
  if (entry.kids > 0) people.push(`${entry.kids} ${S.kids}`);
  const lines = [
    kind === 'paid' ? S.paidHeading : S.cancelledHeading,
    '',
    `${S.excursion}: ${row.title}`,
    `${S.when}: ${formatDisplayDate(entry.date)}, ${entry.time}`,
    `${S.assemblyPoint}: ${entry.assemblyPoint}`,
    `${S.people}: ${people.join(', ')}`,
  ];
  if (entry.seats.length > 0) lines.push(`${S.seats}: ${entry.seats.join(', ')}`);
  if (entry.services.length > 0)
    lines.push(`${S.services}: ${entry.services.map((service) => service.name).join(', ')}`);
  lines.push(`${S.price}: ${formatRoubles(row.price)}`, '', `${S.buyer}: ${buyer || entry.buyer.email}`);
  if (entry.buyer.phone) lines.push(`${S.phone}: ${formatPhone(entry.buyer.phone)}`);
  lines.push(`${S.email}: ${entry.buyer.email}`, `${S.ticket} ${entry._id}`);
  const link = `${publicUrl.replace(/\/$/, '')}/profile/departure/${encodeURIComponent(entry.tourID)}`;
  lines.push('', `${S.manifestLink}: ${link}`);
  return {
    to: row.sellerEmail,
    subject: kind === 'paid' ? S.paidSubject(row.title) : S.cancelledSubject(row.title),
    text: `${lines.join('\n')}\n`,
  };
}
