import { revisionQueue, type RevisionReview } from '../../../db/queries/review-queue';
import { decideRevision } from '../../../commands/excursions';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { RevisionDiff } from '../../components/moderation/RevisionDiff';
import { useListLiveQuery } from '../../hooks/live';
import { useReplica } from '../../hooks/replica';
import { REVISIONS as TEXT } from './moderation-strings';
import { ReviewCardHead, ReviewQueue, SellerContacts, type ReviewQueueProps } from './ReviewQueue';

// The admin's queue of changes to published excursions: the catalogue keeps the live version until an
// admin publishes the change or refuses it with a reason the seller sees. Each card shows what changes
// ('Поле / Было / Стало') and the seller. The queue is the admin's replica, so it reads offline too.

const queue: Omit<ReviewQueueProps<RevisionReview>, 'texts' | 'items'> = {
  decide: (deps, item, decision) => decideRevision(deps, item._id, decision),
  keyOf: (item) => item._id,
  titleOf: (item, decision) => (decision.approve ? item.revision.proposed.title : item.excursion.title),
  card: (item, titleId) => (
    <>
      <ReviewCardHead
        excursion={item.excursion}
        titleId={titleId}
        dateLine={TEXT.submittedAt(crimeaDisplayDate(item.revision.submittedAt))}
        linkText={TEXT.view}
      />
      <SellerContacts seller={item.seller} />
      <RevisionDiff live={item.excursion} proposed={item.revision.proposed} />
    </>
  ),
};

export function RevisionList() {
  const db = useReplica();
  const items = useListLiveQuery(db, () => revisionQueue(db), [db]);
  return <ReviewQueue texts={TEXT} items={items} {...queue} />;
}
