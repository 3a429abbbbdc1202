import type { ModerationItem } from '../../../../protocol/moderation';
import { moderateExcursion, pendingExcursions } from '../../../commands/excursions';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { ModerationHistory } from '../../components/moderation/ModerationHistory';
import { MODERATION_REVIEW as REVIEW } from './moderation-strings';
import { ReviewCardHead, ReviewQueue, SellerContacts, type ReviewQueueProps } from './ReviewQueue';
import { MODERATION as TEXT } from './strings';

// The admin's queue of sellers' new and resubmitted excursions, oldest submission first as the server
// orders them: published, or refused with a reason the seller sees. Each card names the seller and
// shows the excursion's review history.

const queue: Omit<ReviewQueueProps<ModerationItem>, 'texts'> = {
  load: pendingExcursions,
  decide: (deps, item, decision) =>
    moderateExcursion(
      deps,
      item._id,
      decision.approve ? { publish: true } : { publish: false, reason: decision.reason },
    ),
  keyOf: (item) => item._id,
  titleOf: (item) => item.title,
  card: (item, titleId) => (
    <>
      <ReviewCardHead
        excursion={item}
        titleId={titleId}
        dateLine={REVIEW.submittedAt(crimeaDisplayDate(item.review.submittedAt))}
        linkText={TEXT.view}
      />
      <SellerContacts seller={item.review.seller} />
      <ModerationHistory history={item.review.history} compact />
    </>
  ),
};

export function ModerationList() {
  return <ReviewQueue texts={TEXT} {...queue} />;
}
