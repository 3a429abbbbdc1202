import type { Excursion } from '../../domain/types';
import type { UpdateExcursionPayload } from '../../protocol/excursions';
import type { ModerationSeller, RevisionState } from '../../protocol/moderation';
import { EXCURSION_SELECT, toExcursion, type ExcursionRow } from './catalogue';
import type { Queryable } from './db';
import type { ExcursionMedia } from './excursion-writes';

// Sellers' changes to published excursions waiting for review (migration 19): one revision per
// excursion, holding the proposed content and media. The admin's queue is one query joining the
// revisions, their live excursions and their sellers; the proposal is the live row with the
// revision laid over it, built in JS from the same row.

/** The queue shows at most this many revisions, the oldest edits first. */
export const REVISION_QUEUE_LIMIT = 200;

/** The content a revision proposes: every field of the form but the seat plan and the media. */
const CONTENT_KEYS = [
  'title',
  'description',
  'city',
  'place',
  'category',
  'adultPrice',
  'kidPrice',
  'adultInitPrice',
  'kidInitPrice',
  'adultEntryPrice',
  'kidEntryPrice',
  'entryTickets',
  'services',
  'duration',
  'lunchDuration',
  'difficulty',
  'childrenAllowed',
  'freeCancelHours',
  'directions',
  'assemblyPoints',
  'included',
  'notIncluded',
  'similarExcursionIDs',
] as const satisfies readonly (keyof Excursion & keyof UpdateExcursionPayload)[];

export type RevisionContent = Required<Pick<Excursion, (typeof CONTENT_KEYS)[number]>>;

const pickContent = (source: RevisionContent): RevisionContent =>
  Object.fromEntries(CONTENT_KEYS.map((key) => [key, source[key]])) as RevisionContent;

/** The form's content; a left-out cancellation window keeps the live one, as an edit does. */
export function contentOfForm(fields: UpdateExcursionPayload, live: ExcursionRow): RevisionContent {
  return pickContent({ ...fields, freeCancelHours: fields.freeCancelHours ?? live.free_cancel_hours });
}

/** The live excursion's content, in the same shape as contentOfForm. */
export function contentOfRow(row: ExcursionRow): RevisionContent {
  return pickContent({ ...toExcursion(row), freeCancelHours: row.free_cancel_hours });
}

export interface RevisionRow {
  excursion_id: string;
  fields: RevisionContent;
  images: string[];
  gallery: string[];
  video: string;
  status: 'pending' | 'rejected';
  reason: string;
  submitted_at: Date | string;
}

export const revisionMedia = (revision: RevisionRow): ExcursionMedia => ({
  images: revision.images,
  gallery: revision.gallery,
  video: revision.video,
});

export const revisionState = (revision: RevisionRow): RevisionState => ({
  status: revision.status,
  reason: revision.reason,
  submittedAt: new Date(revision.submitted_at).toISOString(),
});

/** The live row as it would be once the revision is approved: its content and media, the live seat plan. */
export function proposedRow(live: ExcursionRow, revision: RevisionRow): ExcursionRow {
  const f = revision.fields;
  return {
    ...live,
    title: f.title,
    description: f.description,
    city: f.city,
    place_id: f.place,
    category: f.category,
    adult_price: f.adultPrice,
    kid_price: f.kidPrice,
    adult_init_price: f.adultInitPrice,
    kid_init_price: f.kidInitPrice,
    adult_entry_price: f.adultEntryPrice,
    kid_entry_price: f.kidEntryPrice,
    entry_tickets: f.entryTickets,
    services: f.services,
    duration: f.duration,
    lunch_duration: f.lunchDuration,
    difficulty: f.difficulty,
    children_allowed: f.childrenAllowed,
    free_cancel_hours: f.freeCancelHours,
    directions: f.directions,
    assembly_points: f.assemblyPoints,
    included: f.included,
    not_included: f.notIncluded,
    similar_ids: f.similarExcursionIDs,
    images: revision.images,
    gallery: revision.gallery,
    video: revision.video,
  };
}

const REVISION_COLUMNS = 'excursion_id, fields, images, gallery, video, status, reason, submitted_at';

/** The excursion's revision, locked for a change when `lock`; undefined when it has none. */
export async function readRevision(
  tx: Queryable,
  excursionId: string,
  lock = false,
): Promise<RevisionRow | undefined> {
  const [row] = await tx.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS} FROM excursion_revisions WHERE excursion_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [excursionId],
  );
  return row;
}

/** Stores the seller's proposal as the excursion's waiting revision, replacing any earlier one. */
export async function upsertRevision(
  tx: Queryable,
  revision: {
    excursionId: string;
    authorId: number;
    content: RevisionContent;
    media: ExcursionMedia;
    at: Date;
  },
): Promise<RevisionRow> {
  const [row] = await tx.query<RevisionRow>(
    `INSERT INTO excursion_revisions (excursion_id, author_id, fields, images, gallery, video, status, reason, submitted_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, 'pending', '', $7)
     ON CONFLICT (excursion_id) DO UPDATE SET author_id = EXCLUDED.author_id, fields = EXCLUDED.fields,
       images = EXCLUDED.images, gallery = EXCLUDED.gallery, video = EXCLUDED.video, status = 'pending',
       reason = '', submitted_at = EXCLUDED.submitted_at
     RETURNING ${REVISION_COLUMNS}`,
    [
      revision.excursionId,
      revision.authorId,
      JSON.stringify(revision.content),
      revision.media.images,
      revision.media.gallery,
      revision.media.video,
      revision.at.toISOString(),
    ],
  );
  return row as RevisionRow;
}

/** Removes the excursion's waiting revision (approved); undefined when none was waiting. */
export async function takePendingRevision(
  tx: Queryable,
  excursionId: string,
): Promise<RevisionRow | undefined> {
  const [row] = await tx.query<RevisionRow>(
    `DELETE FROM excursion_revisions WHERE excursion_id = $1 AND status = 'pending' RETURNING ${REVISION_COLUMNS}`,
    [excursionId],
  );
  return row;
}

/**
 * Deletes the excursion's revision, waiting or rejected, and gives the excursion a new version, so the
 * admins' queues (storage/review-queue.ts) pull it out of the queue. Undefined when it had none.
 */
export async function withdrawRevision(tx: Queryable, excursionId: string): Promise<RevisionRow | undefined> {
  const [row] = await tx.query<RevisionRow>(
    `DELETE FROM excursion_revisions WHERE excursion_id = $1 RETURNING ${REVISION_COLUMNS}`,
    [excursionId],
  );
  if (row) await tx.query('UPDATE excursions SET version = 0 WHERE id = $1', [excursionId]);
  return row;
}

/** Refuses the excursion's waiting revision with a reason; false when none was waiting. */
export async function markRevisionRejected(
  tx: Queryable,
  excursionId: string,
  reason: string,
): Promise<boolean> {
  const rows = await tx.query<{ excursion_id: string }>(
    `UPDATE excursion_revisions SET status = 'rejected', reason = $2
     WHERE excursion_id = $1 AND status = 'pending' RETURNING excursion_id`,
    [excursionId, reason],
  );
  return rows.length > 0;
}

/** A live excursion row joined with its revision (columns prefixed `rev_`). */
export interface LiveWithRevisionRow extends ExcursionRow {
  rev_fields: RevisionContent;
  rev_images: string[];
  rev_gallery: string[];
  rev_video: string;
  rev_status: 'pending' | 'rejected';
  rev_reason: string;
  rev_submitted_at: Date | string;
}

export const revisionOfRow = (row: LiveWithRevisionRow): RevisionRow => ({
  excursion_id: row.id,
  fields: row.rev_fields,
  images: row.rev_images,
  gallery: row.rev_gallery,
  video: row.rev_video,
  status: row.rev_status,
  reason: row.rev_reason,
  submitted_at: row.rev_submitted_at,
});

export const REV_SELECT = `r.fields AS rev_fields, r.images AS rev_images, r.gallery AS rev_gallery,
  r.video AS rev_video, r.status AS rev_status, r.reason AS rev_reason, r.submitted_at AS rev_submitted_at`;

/** The live excursion with its revision, in one query; undefined when it has no revision. */
export async function readLiveWithRevision(
  tx: Queryable,
  excursionId: string,
  today: string,
): Promise<LiveWithRevisionRow | undefined> {
  const [row] = await tx.query<LiveWithRevisionRow>(
    `SELECT q.*, ${REV_SELECT}
     FROM excursion_revisions r JOIN (${EXCURSION_SELECT} WHERE e.id = $2) q ON q.id = r.excursion_id
     WHERE r.excursion_id = $2`,
    [today, excursionId],
  );
  return row;
}

export interface QueuedRevisionRow extends LiveWithRevisionRow {
  seller_name: string;
  seller_surname: string;
  seller_email: string;
  seller_phone: string;
}

/** The waiting revisions with their live excursions and sellers, oldest edit first (excursion_revisions_queue). */
export async function listRevisionQueue(tx: Queryable, today: string): Promise<QueuedRevisionRow[]> {
  return tx.query<QueuedRevisionRow>(
    `SELECT q.*, ${REV_SELECT}, u.name AS seller_name, u.surname AS seller_surname,
            u.email AS seller_email, u.phone AS seller_phone
     FROM (SELECT * FROM excursion_revisions WHERE status = 'pending'
           ORDER BY submitted_at, excursion_id LIMIT $2) r
     JOIN (${EXCURSION_SELECT}) q ON q.id = r.excursion_id
     JOIN users u ON u.id = q.owner_id
     ORDER BY r.submitted_at, r.excursion_id`,
    [today, REVISION_QUEUE_LIMIT],
  );
}

export const sellerOfRevisionRow = (row: QueuedRevisionRow): ModerationSeller => ({
  id: row.owner_id,
  name: row.seller_name,
  surname: row.seller_surname,
  email: row.seller_email,
  phone: row.seller_phone,
});
