import { formatPhone } from '../../domain/phone';
import type { Excursion } from '../../domain/types';
import type { Logger } from '../log';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { Db } from '../storage/db';
import { adminEmails, userContact, type MailContact } from '../storage/moderation';
import { MODERATION_MAIL_STRINGS as S } from './moderation-mail-strings';

// The e-mails of moderation, sent after the commit by the request that made the change (a replay
// sends nothing): the seller hears of a publication or a rejection, every admin hears of a new
// submission and of a resubmission. A mail that cannot be sent is logged; the change stands.

export interface ModerationMailDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the links. */
  publicUrl: string;
}

export type ModerationMailKind = 'submitted' | 'resubmitted' | 'published' | 'rejected';

/** Mails the news of `kind` about the excursion as committed (the answer of the request). */
export async function sendModerationMail(
  deps: ModerationMailDeps,
  kind: ModerationMailKind,
  excursion: Excursion,
): Promise<void> {
  try {
    const seller = await userContact(deps.db, excursion.ownerID);
    if (!seller) return;
    const base = deps.publicUrl.replace(/\/$/, '');
    const messages =
      kind === 'published' || kind === 'rejected'
        ? [decisionMail(kind, excursion, seller, base)]
        : (await adminEmails(deps.db)).map((to) => submissionMail(kind, excursion, seller, base, to));
    for (const message of messages) {
      try {
        await deps.mailer.send(message);
      } catch (error) {
        deps.log.error(`moderation ${kind} e-mail for excursion ${excursion._id} was not sent`, error);
      }
    }
  } catch (error) {
    deps.log.error(`moderation ${kind} e-mails for excursion ${excursion._id} were not sent`, error);
  }
}

/** The seller's mail: published (with the link to its page) or rejected (with the reason). */
export function decisionMail(
  kind: 'published' | 'rejected',
  excursion: Excursion,
  seller: MailContact,
  base: string,
): MailMessage {
  const id = encodeURIComponent(excursion._id);
  const lines =
    kind === 'published'
      ? [S.publishedHeading(excursion.title), '', `${S.publishedLink}: ${base}/excursion/${id}`]
      : [
          S.rejectedHeading(excursion.title),
          '',
          `${S.reason}: ${excursion.moderation?.reason ?? ''}`,
          '',
          S.rejectedHint,
          '',
          `${S.rejectedLink}: ${base}/profile/myexcursion/${id}`,
        ];
  return {
    to: seller.email,
    subject: kind === 'published' ? S.publishedSubject(excursion.title) : S.rejectedSubject(excursion.title),
    text: `${lines.join('\n')}\n`,
  };
}

/** An admin's mail: who submitted what, how to reach them, and the link to the queue. */
export function submissionMail(
  kind: 'submitted' | 'resubmitted',
  excursion: Excursion,
  seller: MailContact,
  base: string,
  to: string,
): MailMessage {
  const name = [seller.name, seller.surname].filter(Boolean).join(' ');
  const lines = [
    kind === 'submitted' ? S.submittedHeading : S.resubmittedHeading,
    '',
    `${S.excursion}: ${excursion.title}`,
    `${S.seller}: ${name || seller.email}`,
    `${S.email}: ${seller.email}`,
    `${S.phone}: ${seller.phone ? formatPhone(seller.phone) : S.noPhone}`,
    '',
    `${S.queueLink}: ${base}/profile/admin-panel`,
  ];
  return {
    to,
    subject:
      kind === 'submitted' ? S.submittedSubject(excursion.title) : S.resubmittedSubject(excursion.title),
    text: `${lines.join('\n')}\n`,
  };
}
