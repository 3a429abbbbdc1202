import { CRIMEA_UTC_OFFSET_MINUTES, formatTourDate } from '../../domain/dates';
import { formatRoubles } from '../../domain/pricing';
import type { MailMessage } from '../mail/message';
import { EMAIL_STRINGS as S, RECEIPT_SUBJECT, REFUND_SUBJECT } from './emails-strings';
import { htmlDocument, htmlRows, type MailBlock } from './emails-html';

// The e-mails about a ticket's money, as pure functions of its data: each has a plain-text part
// and an HTML part built from the same blocks, so the two never say different things. The other
// mails to buyers (reminders, departure notices) use the same frame, `composeMail`.

export { RECEIPT_SUBJECT, REFUND_SUBJECT } from './emails-strings';

/** The company as the contacts page shows it (client strings COMPANY). */
export const COMPANY = {
  name: 'ООО «Крым Экскурсии»',
  phone: '+7 (978) 555-12-34',
  email: 'info@krym-excursions.ru',
} as const;

export interface Company {
  name: string;
  phone: string;
  email: string;
}

export interface TicketMailLine {
  label: string;
  quantity: number;
  /** The line's total, roubles. */
  amount: number;
}

/** A ticket's trip as its e-mails tell it: the receipt and refund here, the reminders too. */
export interface TicketTrip {
  to: string;
  ticketId: string;
  title: string;
  /** yyyy-MM-dd, Crimean calendar date */
  date: string;
  /** HH:mm, Crimean local time */
  time: string;
  assemblyPoint: string;
  /** Seat numbers; empty for an excursion without a bus plan. */
  seats: number[];
  adults: number;
  kids: number;
  /** Absolute link to the ticket in the app. */
  ticketUrl: string;
}

export interface TicketMailData extends TicketTrip {
  lines: TicketMailLine[];
  /** Paid by card, roubles. */
  total: number;
  /** Paid in cash on site, roubles; 0 when there is none. */
  entryPrice: number;
  /** The end of the free-cancellation window; null when there is none. */
  freeCancelUntil: Date | null;
  company: Company;
}

export function bookingConfirmationMail(data: TicketMailData): MailMessage {
  const details: [string, string][] = [
    [S.excursion, data.title],
    [S.when, formatTourDate(data.date, data.time)],
    [S.assemblyPoint, data.assemblyPoint],
  ];
  if (data.seats.length > 0) details.push([S.seats, data.seats.join(', ')]);
  if (data.adults > 0) details.push([S.adults, String(data.adults)]);
  if (data.kids > 0) details.push([S.kids, String(data.kids)]);
  const money: [string, string][] = data.lines.map((line) => [
    line.quantity > 1 ? `${line.label} × ${line.quantity}` : line.label,
    formatRoubles(line.amount),
  ]);
  const blocks: MailBlock[] = [
    { kind: 'heading', text: S.paidHeading },
    { kind: 'paragraph', text: `${S.ticketNo} ${data.ticketId}` },
    { kind: 'rows', rows: details },
    { kind: 'subheading', text: S.lines },
    { kind: 'rows', rows: money, total: [S.total, formatRoubles(data.total)] },
  ];
  if (data.entryPrice > 0)
    blocks.push({ kind: 'rows', rows: [[S.entryPrice, formatRoubles(data.entryPrice)]] });
  blocks.push(
    { kind: 'subheading', text: S.policyHeading },
    { kind: 'paragraph', text: cancellationPolicy(data.freeCancelUntil) },
    { kind: 'link', text: S.ticketLink, href: data.ticketUrl },
  );
  return composeMail(data.to, RECEIPT_SUBJECT, blocks, data.company);
}

export function refundMail(data: TicketMailData & { refund: number }): MailMessage {
  const amount = formatRoubles(data.refund);
  return composeMail(
    data.to,
    REFUND_SUBJECT,
    [
      { kind: 'heading', text: S.refundHeading(amount) },
      {
        kind: 'rows',
        rows: [
          [S.refundFor, data.title],
          [S.when, formatTourDate(data.date, data.time)],
          [S.ticket, data.ticketId],
        ],
      },
      { kind: 'paragraph', text: S.refundTiming },
      { kind: 'link', text: S.ticketLink, href: data.ticketUrl },
    ],
    data.company,
  );
}

/** The policy line; the deadline is shown in Crimean time whatever the server's zone. */
export function cancellationPolicy(until: Date | null): string {
  if (until === null || Number.isNaN(until.getTime())) return S.noFreeCancel;
  const shifted = new Date(until.getTime() + CRIMEA_UTC_OFFSET_MINUTES * 60_000);
  const iso = shifted.toISOString();
  return S.freeCancelUntil(formatTourDate(iso.slice(0, 10), iso.slice(11, 16)));
}

/**
 * A mail to a buyer: `blocks`, then how to reach the company, as a plain-text and an HTML part built
 * from the same blocks, so the two never say different things.
 */
export function composeMail(
  to: string,
  subject: string,
  blocks: MailBlock[],
  company: Company = COMPANY,
): MailMessage {
  const all = [...blocks, ...companyBlocks(company)];
  return { to, subject, text: plainText(all), html: htmlDocument(subject, htmlRows(all)) };
}

function companyBlocks(company: Company): MailBlock[] {
  return [
    { kind: 'subheading', text: S.contacts },
    {
      kind: 'rows',
      rows: [
        ['', company.name],
        [S.phone, company.phone],
        [S.email, company.email],
      ],
    },
  ];
}

function plainText(blocks: MailBlock[]): string {
  const out: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'subheading':
        out.push('', block.text);
        break;
      case 'paragraph':
        out.push(block.text);
        break;
      case 'rows':
        for (const [label, value] of block.rows) out.push(label ? `${label}: ${value}` : value);
        if (block.total) out.push(`${block.total[0]}: ${block.total[1]}`);
        break;
      case 'link':
        out.push('', `${block.text}: ${block.href}`);
        break;
    }
  }
  return `${out.join('\n').trim()}\n`;
}
