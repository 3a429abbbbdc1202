import { crimeaToday, formatDisplayDate } from '../../../../domain/dates';
import type { ModerationEvent } from '../../../../protocol/moderation';
import { MODERATION_HISTORY as TEXT } from './strings';

// How a review event reads: the words for what happened and the Crimean date it happened on.

/**
 * The Crimean calendar date of an ISO instant as DD.MM.YYYY, so a submission made late in the
 * evening in Crimea shows that day whatever the device's zone. A malformed instant is shown as it is.
 */
export function crimeaDisplayDate(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  return formatDisplayDate(crimeaToday(new Date(ms)));
}

/**
 * 'Отправлена на проверку', 'Отклонена: причина', 'Отправлена повторно', 'Опубликована', and the same
 * for a published excursion's changes ('Изменения отправлены на проверку', …).
 */
export function moderationEventText(event: Pick<ModerationEvent, 'kind' | 'reason'>): string {
  switch (event.kind) {
    case 'submitted':
      return TEXT.submitted;
    case 'rejected':
      return TEXT.rejected(event.reason.trim());
    case 'resubmitted':
      return TEXT.resubmitted;
    case 'published':
      return TEXT.published;
    case 'revision_submitted':
      return TEXT.revisionSubmitted;
    case 'revision_approved':
      return TEXT.revisionApproved;
    case 'revision_rejected':
      return TEXT.revisionRejected(event.reason.trim());
  }
}
