import type { RevisionItem } from '../../../../protocol/moderation';
import { decideRevision, pendingRevisions } from '../../../commands/excursions';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { RevisionDiff } from '../../components/moderation/RevisionDiff';
import { REVISIONS as TEXT } from './moderation-strings';
import { ReviewCardHead, ReviewQueue, SellerContacts, type ReviewQueueProps } from './ReviewQueue';

// The admin's queue of changes to published excursions: the catalogue keeps the live version until an
// admin publishes the change or refuses it with a reason the seller sees. Each card shows what changes
// ('Поле / Было / Стало') and the seller.

const queue: Omit<ReviewQueueProps<RevisionItem>, 'texts'> = {
  load: pendingRevisions,
  decide: (deps, item, decision) => decideRevision(deps, item.live._id, decision),
  keyOf: (item) => item.live._id,
  titleOf: (item, decision) => (decision.approve ? item.proposed.title : item.live.title),
  card: (item, titleId) => (
    <>
      <ReviewCardHead
        excursion={item.live}
        titleId={titleId}
        dateLine={TEXT.submittedAt(crimeaDisplayDate(item.submittedAt))}
        linkText={TEXT.view}
      />
      <SellerContacts seller={item.seller} />
      <RevisionDiff live={item.live} proposed={item.proposed} />
    </>
  ),
};

export function RevisionList() {
  return <ReviewQueue texts={TEXT} {...queue} />;
}
