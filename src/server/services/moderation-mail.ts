import { formatPhone } from '../../domain/phone';
import type { Excursion } from '../../domain/types';
import type { Logger } from '../log';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { Db } from '../storage/db';
import { adminEmails, userContact, type MailContact } from '../storage/moderation';
import { MODERATION_MAIL_STRINGS as S } from './moderation-mail-strings';

// The e-mails of moderation, sent after the commit by the request that made the change (a replay
// sends nothing): the seller hears of a publication or a rejection, every admin hears of a new
// submission, of a resubmission and of a seller's change to a published excursion (a revision), whose
// approval or rejection the seller hears of too. A mail that cannot be sent is logged; the change
// stands.

export interface ModerationMailDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the links. */
  publicUrl: string;
}

type DecisionKind = 'published' | 'rejected' | 'revision_approved' | 'revision_rejected';
type SubmissionKind = 'submitted' | 'resubmitted' | 'revision_submitted';
export type ModerationMailKind = DecisionKind | SubmissionKind;

const isDecision = (kind: ModerationMailKind): kind is DecisionKind =>
  kind === 'published' || kind === 'rejected' || kind === 'revision_approved' || kind === 'revision_rejected';

/**
 * Mails the news of `kind` about the excursion as committed (the answer of the request). A
 * rejection's reason is the excursion's own unless given (a revision's reason is not on it).
 */
export async function sendModerationMail(
  deps: ModerationMailDeps,
  kind: ModerationMailKind,
  excursion: Excursion,
  reason?: string,
): Promise<void> {
  try {
    const seller = await userContact(deps.db, excursion.ownerID);
    if (!seller) return;
    const base = deps.publicUrl.replace(/\/$/, '');
    const messages = isDecision(kind)
      ? [decisionMail(kind, excursion, seller, base, reason)]
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

/** The seller's mail: published or approved (with the link to its page), rejected (with the reason). */
export function decisionMail(
  kind: DecisionKind,
  excursion: Excursion,
  seller: MailContact,
  base: string,
  reason: string = excursion.moderation?.reason ?? '',
): MailMessage {
  const id = encodeURIComponent(excursion._id);
  const title = excursion.title;
  const page = `${base}/excursion/${id}`;
  const own = `${base}/profile/myexcursion/${id}`;
  const mails: Record<DecisionKind, { subject: string; lines: string[] }> = {
    published: {
      subject: S.publishedSubject(title),
      lines: [S.publishedHeading(title), '', `${S.publishedLink}: ${page}`],
    },
    rejected: {
      subject: S.rejectedSubject(title),
      lines: [
        S.rejectedHeading(title),
        '',
        `${S.reason}: ${reason}`,
        '',
        S.rejectedHint,
        '',
        `${S.rejectedLink}: ${own}`,
      ],
    },
    revision_approved: {
      subject: S.revisionApprovedSubject(title),
      lines: [S.revisionApprovedHeading(title), '', `${S.publishedLink}: ${page}`],
    },
    revision_rejected: {
      subject: S.revisionRejectedSubject(title),
      lines: [
        S.revisionRejectedHeading(title),
        '',
        `${S.reason}: ${reason}`,
        '',
        S.revisionRejectedHint,
        '',
        `${S.rejectedLink}: ${own}`,
      ],
    },
  };
  const { subject, lines } = mails[kind];
  return { to: seller.email, subject, text: `${lines.join('\n')}\n` };
}

const SUBMISSION: Record<SubmissionKind, { subject: (title: string) => string; heading: string }> = {
  submitted: { subject: S.submittedSubject, heading: S.submittedHeading },
  resubmitted: { subject: S.resubmittedSubject, heading: S.resubmittedHeading },
  revision_submitted: { subject: S.revisionSubmittedSubject, heading: S.revisionSubmittedHeading },
};

/** An admin's mail: who submitted what, how to reach them, and the link to the queue. */
export function submissionMail(
  kind: SubmissionKind,
  excursion: Excursion,
  seller: MailContact,
  base: string,
  to: string,
): MailMessage {
  const name = [seller.name, seller.surname].filter(Boolean).join(' ');
  const lines = [
    SUBMISSION[kind].heading,
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
    subject: SUBMISSION[kind].subject(excursion.title),
    text: `${lines.join('\n')}\n`,
  };
}
