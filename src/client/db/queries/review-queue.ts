import type { ReviewQueueRow } from '../../../protocol/moderation';
import type { Replicated, ReplicaDb } from '../schema';

// An admin's review queues, read from the replica (the sync collection 'review_queue'), so the admin reads
// them on the road as any other screen. Each queue is sorted as the server sorts it: the oldest
// submission or edit first, then by id.

/** A row of the moderation queue: its excursion waits itself. */
export type SubmissionReview = Replicated<ReviewQueueRow> & {
  submission: NonNullable<ReviewQueueRow['submission']>;
};
/** A row of the changes queue: a change to its published excursion waits. */
export type RevisionReview = Replicated<ReviewQueueRow> & {
  revision: NonNullable<ReviewQueueRow['revision']>;
};

const byTimeThenId = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at.localeCompare(b.at) || a.id.localeCompare(b.id);

export async function submissionQueue(db: ReplicaDb): Promise<SubmissionReview[]> {
  const rows = (await db.reviewQueue.toArray()).filter(
    (row): row is SubmissionReview => row.submission !== null,
  );
  return rows.sort((a, b) =>
    byTimeThenId({ at: a.submission.submittedAt, id: a._id }, { at: b.submission.submittedAt, id: b._id }),
  );
}

export async function revisionQueue(db: ReplicaDb): Promise<RevisionReview[]> {
  const rows = (await db.reviewQueue.toArray()).filter((row): row is RevisionReview => row.revision !== null);
  return rows.sort((a, b) =>
    byTimeThenId({ at: a.revision.submittedAt, id: a._id }, { at: b.revision.submittedAt, id: b._id }),
  );
}
