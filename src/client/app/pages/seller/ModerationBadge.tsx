import type { ReplicaExcursion } from '../../../../domain/types';
import { MODERATION_BADGE } from './strings';

/** Where the excursion is in review: waiting, refused with the admin's reason, or in the catalogue. */
export function ModerationBadge({ excursion }: { excursion: ReplicaExcursion }) {
  const status = excursion.moderation?.status ?? 'published';
  const text =
    status === 'pending'
      ? MODERATION_BADGE.pending
      : status === 'rejected'
        ? MODERATION_BADGE.rejected(excursion.moderation?.reason ?? '')
        : MODERATION_BADGE.published;
  return <span className={`moderation-badge moderation-${status}`}>{text}</span>;
}
