import { submissionQueue, type SubmissionReview } from '../../../db/queries/review-queue';
import { moderateExcursion } from '../../../commands/excursions';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { ModerationHistory } from '../../components/moderation/ModerationHistory';
import { useListLiveQuery } from '../../hooks/live';
import { useReplica } from '../../hooks/replica';
import { MODERATION_REVIEW as REVIEW } from './moderation-strings';
import { ReviewCardHead, ReviewQueue, SellerContacts, type ReviewQueueProps } from './ReviewQueue';
import { MODERATION as TEXT } from './strings';

// The admin's queue of sellers' new and resubmitted excursions, oldest submission first: published, or
// refused with a reason the seller sees. Each card names the seller and shows the excursion's review
// history. The queue is the admin's replica, so it reads offline too.

const queue: Omit<ReviewQueueProps<SubmissionReview>, 'texts' | 'items'> = {
  decide: (deps, item, decision) =>
    moderateExcursion(
      deps,
      item._id,
      decision.approve ? { publish: true } : { publish: false, reason: decision.reason },
    ),
  keyOf: (item) => item._id,
  titleOf: (item) => item.excursion.title,
  card: (item, titleId) => (
    <>
      <ReviewCardHead
        excursion={item.excursion}
        titleId={titleId}
        dateLine={REVIEW.submittedAt(crimeaDisplayDate(item.submission.submittedAt))}
        linkText={TEXT.view}
      />
      <SellerContacts seller={item.seller} />
      <ModerationHistory history={item.submission.history} compact ofId={titleId} />
    </>
  ),
};

export function ModerationList() {
  const db = useReplica();
  const items = useListLiveQuery(db, () => submissionQueue(db), [db]);
  return <ReviewQueue texts={TEXT} items={items} {...queue} />;
}
