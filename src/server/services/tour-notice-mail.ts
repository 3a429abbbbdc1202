import { formatTourDate } from '../../domain/dates';
import { formatRoubles } from '../../domain/pricing';
import type { Logger } from '../log';
import type { Mailer, MailMessage } from '../mail/mailer';
import { composeMail } from '../payments/emails';
import type { MailBlock } from '../payments/emails-html';
import { TOUR_NOTICE_STRINGS as S } from './tour-notice-strings';

// The e-mails to the buyers of a departure the seller cancelled or moved: one per live ticket,
// a plain-text and an HTML part built from the same blocks (as payments/emails.ts builds its own),
// with a link to the ticket, where the app shows the same notice.

export interface TourNoticeMail {
  kind: 'cancelled' | 'moved';
  to: string;
  ticketId: string;
  title: string;
  /** The departure's date (yyyy-MM-dd) and time (HH:mm) in Crimea: the new ones when moved. */
  date: string;
  time: string;
  /** Where it was before a move. */
  from?: { date: string; time: string };
  reason: string;
  assemblyPoint: string;
  seats: number[];
  /** Roubles owed back for a cancelled ticket: 0 when it was not paid. */
  refund: number;
}

export interface TourNoticeMailDeps {
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the link to the ticket. */
  publicUrl: string;
}

/**
 * Sends every notice; a mail that cannot be sent is logged, and the cancellation or the move it
 * tells about stands either way.
 */
export async function sendTourNotices(deps: TourNoticeMailDeps, notices: TourNoticeMail[]): Promise<void> {
  for (const notice of notices) {
    try {
      await deps.mailer.send(tourNoticeMail(notice, ticketUrl(deps.publicUrl, notice.ticketId)));
    } catch (error) {
      deps.log.error(`departure ${notice.kind} e-mail for ticket ${notice.ticketId} was not sent`, error);
    }
  }
}

function ticketUrl(publicUrl: string, ticketId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/profile/tickets/ticket/${encodeURIComponent(ticketId)}`;
}

export function tourNoticeMail(notice: TourNoticeMail, url: string): MailMessage {
  const moved = notice.kind === 'moved';
  const rows: [string, string][] = [[S.excursion, notice.title]];
  if (moved && notice.from) {
    rows.push([S.wasWhen, formatTourDate(notice.from.date, notice.from.time)]);
    rows.push([S.nowWhen, formatTourDate(notice.date, notice.time)]);
  } else {
    rows.push([S.when, formatTourDate(notice.date, notice.time)]);
  }
  if (moved) {
    rows.push([S.assemblyPoint, notice.assemblyPoint]);
    if (notice.seats.length > 0) rows.push([S.seats, notice.seats.join(', ')]);
  }
  rows.push([S.ticket, notice.ticketId], [S.reason, notice.reason]);
  const outcome = moved
    ? notice.seats.length > 0
      ? S.seatsKept
      : S.noSeatsKept
    : notice.refund > 0
      ? S.refund(formatRoubles(notice.refund))
      : S.unpaid;
  const subject = moved ? S.movedSubject(notice.title) : S.cancelledSubject(notice.title);
  const blocks: MailBlock[] = [
    { kind: 'heading', text: moved ? S.movedHeading : S.cancelledHeading },
    { kind: 'rows', rows },
    { kind: 'paragraph', text: outcome },
    { kind: 'paragraph', text: S.apology },
    { kind: 'link', text: S.ticketLink, href: url },
  ];
  return composeMail(notice.to, subject, blocks);
}
