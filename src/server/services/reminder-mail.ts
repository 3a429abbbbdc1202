import { formatTourDate } from '../../domain/dates';
import { pluralize } from '../../domain/plural';
import type { ReminderKind } from '../../protocol/push';
import type { MailMessage } from '../mail/message';
import { composeMail, type TicketTrip } from '../payments/emails';
import type { MailBlock } from '../payments/emails-html';
import { ADULT_FORMS, KID_FORMS, REMINDER_STRINGS as S } from './reminder-mail-strings';

// The trip reminder e-mail: when and where the trip starts, the buyer's seats or party, and a link
// to the ticket with its QR code; a plain-text and an HTML part built from the same blocks, as the
// ticket e-mails (payments/emails.ts) are.

export interface ReminderMailData extends TicketTrip {
  kind: ReminderKind;
}

/** '2 взрослых, 1 ребёнок'. */
export function partyText(adults: number, kids: number): string {
  const parts = [`${adults} ${pluralize(adults, ADULT_FORMS)}`];
  if (kids > 0) parts.push(`${kids} ${pluralize(kids, KID_FORMS)}`);
  return parts.join(', ');
}

export function reminderMail(data: ReminderMailData): MailMessage {
  const evening = data.kind === 'evening';
  const subject = evening ? S.eveningSubject(data.title) : S.soonSubject(data.title);
  const rows: [string, string][] = [
    [S.excursion, data.title],
    [S.when, formatTourDate(data.date, data.time)],
  ];
  if (data.assemblyPoint) rows.push([S.assemblyPoint, data.assemblyPoint]);
  if (data.seats.length > 0) rows.push([S.seats, data.seats.join(', ')]);
  rows.push([S.party, partyText(data.adults, data.kids)], [S.ticket, data.ticketId]);
  const blocks: MailBlock[] = [
    { kind: 'heading', text: evening ? S.eveningHeading : S.soonHeading },
    { kind: 'rows', rows },
    { kind: 'paragraph', text: S.advice },
    { kind: 'link', text: S.ticketLink, href: data.ticketUrl },
  ];
  return composeMail(data.to, subject, blocks);
}
