// The admin's moderation of sellers' excursions and the admin's user search. The queues are also an
// admin's replicated collection 'review_queue' (reviewQueueRowSchema), so the admin reads them offline; the calls
// below serve the same lists online.
//
// GET  /api/moderation/excursions          admin: { excursions: ModerationItem[] }, oldest submission first
// POST /api/excursions/{id}/submit         owner (seller) or admin, Idempotency-Key, no body: a rejected
//                                          excursion goes back to the queue; answers the Excursion
// GET  /api/excursions/{id}/moderation     owner (seller) or admin: { history: ModerationEvent[] }, oldest first
// GET  /api/admin/users?q=&page=           admin: AdminUserPage (page from 1, ADMIN_USERS_PAGE_SIZE rows)
//
// Revisions: a seller's PUT /api/excursions/{id} of a PUBLISHED excursion does not change the live
// listing's content. Its seat plan (busType, numberOfRows, availableSeats, reservedSeats,
// maxAttendants) applies at once, as an operation; every other field and the photos and video wait as
// the excursion's one revision (a newer edit replaces a waiting or rejected one). The PUT answers the
// live excursion with `revision` (RevisionState) set when one waits. An admin's edit, and any edit of
// an excursion not yet published, applies at once as before.
// GET  /api/moderation/revisions                  admin: { revisions: RevisionItem[] }, oldest first
// GET  /api/excursions/{id}/revision              owner (seller) or admin: { revision: OwnRevision | null }
// POST /api/excursions/{id}/revision/approve      admin, Idempotency-Key: the proposal goes live; answers the Excursion
// POST /api/excursions/{id}/revision/reject       admin, Idempotency-Key, {reason}: live unchanged; answers the Excursion
//   Neither with no waiting revision: 409 {detail: 'Нет изменений, ждущих проверки'}.
import { z } from 'zod';
import { excursionSchema, replicaExcursionSchema, roleSchema } from './entities';
import { entityIdSchema, intIdSchema } from './primitives';

/** What happened to an excursion in moderation, in the order it happened. */
export const MODERATION_EVENT_KINDS = [
  'submitted',
  'rejected',
  'resubmitted',
  'published',
  'revision_submitted',
  'revision_approved',
  'revision_rejected',
] as const;
export type ModerationEventKind = (typeof MODERATION_EVENT_KINDS)[number];

export const moderationEventSchema = z.object({
  kind: z.enum(MODERATION_EVENT_KINDS),
  /** The admin's reason of a rejection; empty for the other kinds. */
  reason: z.string(),
  /** ISO 8601 instant. */
  at: z.string(),
});
export type ModerationEvent = z.infer<typeof moderationEventSchema>;

/** The seller behind a submission, so the admin can call them (the wizard promises a manager will). */
export const moderationSellerSchema = z.object({
  id: intIdSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  /** Digits only, as stored; empty when the seller gave none. */
  phone: z.string(),
});
export type ModerationSeller = z.infer<typeof moderationSellerSchema>;

/** An excursion waiting in the queue, with who submitted it, when, and its history so far. */
export const moderationItemSchema = excursionSchema.extend({
  review: z.object({
    seller: moderationSellerSchema,
    /** ISO 8601 instant of the latest submission (first or resubmitted): the queue's order. */
    submittedAt: z.string(),
    history: z.array(moderationEventSchema),
  }),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationHistorySchema = z.object({ history: z.array(moderationEventSchema) });

export const ADMIN_USERS_PAGE_SIZE = 20;
export const MAX_ADMIN_USER_QUERY = 100;

export const adminUserRowSchema = z.object({
  id: intIdSchema,
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  role: roleSchema,
  /** How many excursions the user owns. */
  excursions: z.int().min(0),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** A revision's state as its seller sees it. */
export const revisionStateSchema = z.object({
  status: z.enum(['pending', 'rejected']),
  /** The admin's reason of a rejection; empty while it waits. */
  reason: z.string(),
  /** ISO 8601 instant of the edit. */
  submittedAt: z.string(),
});
export type RevisionState = z.infer<typeof revisionStateSchema>;

/** The seller's view of their revision: its state and the excursion as it would be once approved. */
export const ownRevisionSchema = revisionStateSchema.extend({ proposed: excursionSchema });
export type OwnRevision = z.infer<typeof ownRevisionSchema>;
export const ownRevisionAnswerSchema = z.object({ revision: ownRevisionSchema.nullable() });

/**
 * A waiting revision in the admin's queue: the live excursion and the excursion as it would be once
 * approved (same shape: the app draws the diff of fields and photos), with the seller and the time.
 */
export const revisionItemSchema = z.object({
  live: excursionSchema,
  proposed: excursionSchema,
  seller: moderationSellerSchema,
  submittedAt: z.string(),
});
export type RevisionItem = z.infer<typeof revisionItemSchema>;
export const revisionQueueSchema = z.object({ revisions: z.array(revisionItemSchema) });

/**
 * An admin's replicated row of the sync collection 'review_queue': one excursion waiting for a decision,
 * keyed by its id. `submission` is set while the excursion itself waits (new or resubmitted);
 * `revision` while a change to the published excursion waits. A row leaves the replica (a delete) once
 * neither waits. Only admins receive the collection.
 */
export const reviewQueueRowSchema = z.object({
  _id: entityIdSchema,
  /** The live excursion. */
  excursion: replicaExcursionSchema,
  seller: moderationSellerSchema,
  submission: z
    .object({
      /** ISO 8601 instant of the latest submission: the moderation queue's order. */
      submittedAt: z.string(),
      history: z.array(moderationEventSchema),
    })
    .nullable(),
  revision: z
    .object({
      /** ISO 8601 instant of the edit: the revision queue's order. */
      submittedAt: z.string(),
      /** The excursion as it would be once the change is approved. */
      proposed: replicaExcursionSchema,
    })
    .nullable(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;
