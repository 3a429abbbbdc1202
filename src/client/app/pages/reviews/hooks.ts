import { useMemo } from 'react';
import type { EntityId } from '../../../../domain/types';
import {
  awaitingReviews,
  excursionReviews,
  ticketReview,
  type AwaitingReview,
  type ReviewRow,
  type TicketReview,
} from '../../../db/queries/reviews';
import type { RejectionRow } from '../../../db/schema';
import { useLiveQuery } from '../../hooks/live-query';
import { useItemLiveQuery } from '../../hooks/live';
import { useNow } from '../../hooks/now';
import { useReplica } from '../../hooks/replica';
import type { ReviewSavePayload } from '../../../sync/outbox/review';

/** A ticket with its trip and review; null for an unknown ticket once synced (undefined until then). */
export function useTicketReview(ticketId: EntityId): TicketReview | null | undefined {
  const db = useReplica();
  return useItemLiveQuery(db, ticketId, () => ticketReview(db, ticketId), [db, ticketId]);
}

/** One excursion's reviews as the replica holds them, newest first (undefined while reading). */
export function useExcursionReviews(excursionId: EntityId): ReviewRow[] | undefined {
  const db = useReplica();
  return useLiveQuery(() => excursionReviews(db, excursionId), [db, excursionId]);
}

/** The user's trips waiting for a review; re-read each hour, as trips end. */
export function useAwaitingReviews(userId: number | null): AwaitingReview[] | undefined {
  const db = useReplica();
  const now = useNow(60 * 60_000);
  return useLiveQuery(
    async () => (userId === null ? [] : awaitingReviews(db, userId, now)),
    [db, userId, now],
  );
}

/** The newest refusal of a review of this ticket the user has not dismissed yet. */
export function useReviewRejection(ticketId: EntityId): RejectionRow | undefined {
  const db = useReplica();
  const unseen = useLiveQuery(() => db.rejections.where('seen').equals(0).sortBy('at'), [db]);
  return useMemo(
    () =>
      unseen
        ?.filter(
          (row) => row.kind === 'review.save' && (row.payload as ReviewSavePayload).ticketId === ticketId,
        )
        .at(-1),
    [unseen, ticketId],
  );
}
