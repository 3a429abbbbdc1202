import { crimeaToday } from '../../domain/dates';
import type { UpdateExcursionPayload } from '../../protocol/excursions';
import type { OwnRevision, RevisionItem } from '../../protocol/moderation';
import type { ServerEvent } from '../realtime/events';
import { toExcursion, type ExcursionRow } from '../storage/catalogue';
import type { Queryable } from '../storage/db';
import {
  excursionVideo,
  lockExcursion,
  placeExists,
  readExcursion,
  seatPlanOfRow,
  updateExcursionColumns,
  updateSeatPlan,
  type ExcursionMedia,
  type SeatPlan,
} from '../storage/excursion-writes';
import { excursionOwner, insertModerationEvent } from '../storage/moderation';
import { inReview } from '../storage/review-queue';
import {
  contentOfForm,
  contentOfRow,
  listRevisionQueue,
  markRevisionRejected,
  proposedRow,
  readLiveWithRevision,
  readRevision,
  revisionMedia,
  revisionOfRow,
  revisionState,
  sellerOfRevisionRow,
  takePendingRevision,
  upsertRevision,
  withdrawRevision,
  type RevisionContent,
} from '../storage/revisions';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import { moderationNudges } from './moderation-nudges';
import {
  announce,
  applyEdit,
  EXCURSION_TEXTS,
  mayEditExcursion,
  prepareEdit,
  touchedTourEvents,
} from './excursions';
import type { MutationResult } from './mutation';

// Sellers' changes to published excursions (protocol/moderation.ts "Revisions"). Tourists keep
// seeing the live listing while an admin reviews the change; the seat plan is an operation and
// applies at once. An approved revision is written into the live row and announced like an edit; a
// rejected one keeps its reason and files until the seller edits again. An edit back to the live
// excursion withdraws the revision.

export const REVISION_TEXTS = {
  noneWaiting: 'Нет изменений, ждущих проверки',
  forbidden: 'Изменения экскурсии видят только её продавец и администратор',
  placeGone: 'Достопримечательности из изменений больше нет: отклоните их с причиной',
} as const;

/** What an edit hands back to the route: files to delete after the commit, and whether it proposed a revision. */
export type EditResult = MutationResult & { dropped: string[]; submitted: boolean };

/** Whether a seller's edit of this excursion waits as a revision rather than applying at once. */
const editsByRevision = (principal: Principal, status: string) =>
  principal.role !== 'admin' && status === 'published';

/**
 * The video an edit keeps when the form sends none: a seller edits a published excursion on top of
 * their revision, everyone else edits the live excursion.
 */
export async function editBaseVideo(tx: Queryable, principal: Principal, id: string): Promise<string> {
  if (principal.role !== 'admin') {
    const revision = await readRevision(tx, id);
    if (revision) return revision.video;
  }
  return excursionVideo(tx, id);
}

/** PUT /api/excursions/{id}: applies the edit, or for a seller's published excursion proposes it. */
export async function editExcursion(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  media: ExcursionMedia,
  now: Date,
): Promise<EditResult> {
  const edit = await prepareEdit(tx, principal, id, fields, media, now);
  const result = editsByRevision(principal, edit.current.status)
    ? await proposeRevision(tx, principal, id, fields, edit.plan, media, now)
    : { ...(await applyEdit(tx, principal, id, fields, media, edit, now)), submitted: false };
  // An excursion in review is on the admins' queues: their apps pull the new version.
  if (await inReview(tx, id)) result.events.push(...(await moderationNudges(tx, edit.current.owner_id)));
  return result;
}

/** JSON with its object keys sorted, so stored jsonb and a form compare by value. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

const samePlan = (live: ExcursionRow, plan: SeatPlan) => canonical(seatPlanOfRow(live)) === canonical(plan);

const sameProposal = (live: ExcursionRow, content: RevisionContent, media: ExcursionMedia) =>
  canonical(contentOfRow(live)) === canonical(content) &&
  canonical([live.images, live.gallery, live.video]) ===
    canonical([media.images, media.gallery, media.video]);

const filesOf = (media: ExcursionMedia) => [...media.images, ...media.gallery, media.video].filter(Boolean);

async function proposeRevision(
  tx: Queryable,
  principal: Principal,
  id: string,
  fields: UpdateExcursionPayload,
  plan: SeatPlan,
  media: ExcursionMedia,
  now: Date,
): Promise<EditResult> {
  const today = crimeaToday(now);
  let live = (await readExcursion(tx, id, today)) as ExcursionRow;
  const events: ServerEvent[] = [];
  if (!samePlan(live, plan)) {
    await updateSeatPlan(tx, id, plan);
    live = (await readExcursion(tx, id, today)) as ExcursionRow;
    events.push(...announce(live, 'update'), ...(await touchedTourEvents(tx, id, today)));
  }
  const content = contentOfForm(fields, live);
  let revision = await readRevision(tx, id, true);
  let dropped: string[] = [];
  let submitted = false;
  if (!sameProposal(live, content, media)) {
    const earlier = revision;
    revision = await upsertRevision(tx, { excursionId: id, authorId: principal.id, content, media, at: now });
    await insertModerationEvent(tx, {
      excursionId: id,
      kind: 'revision_submitted',
      actorId: principal.id,
      at: now,
    });
    submitted = true;
    // Files only the replaced revision showed go; the live excursion's stay until an approval.
    const still = new Set([...filesOf(media), ...filesOf(live)]);
    dropped = earlier ? filesOf(revisionMedia(earlier)).filter((name) => !still.has(name)) : [];
  } else if (revision) {
    // The seller has put the form back to the live excursion: the change they proposed (waiting, or
    // rejected) is withdrawn, so nobody reviews a change that is no longer meant, and the files only it
    // showed go. It leaves the admins' queues, so their apps are nudged to pull.
    await withdrawRevision(tx, id);
    const still = new Set(filesOf(live));
    dropped = filesOf(revisionMedia(revision)).filter((name) => !still.has(name));
    revision = undefined;
    events.push(...(await moderationNudges(tx, live.owner_id)));
  }
  const body = { ...toExcursion(live), ...(revision ? { revision: revisionState(revision) } : {}) };
  return { status: 200, body, events, dropped, submitted };
}

/** The admin approves the waiting revision: its content and media go live, the seat plan stays. */
export async function approveRevision(
  tx: Queryable,
  principal: Principal,
  id: string,
  now: Date,
): Promise<MutationResult & { dropped: string[] }> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  if (!(await lockExcursion(tx, id))) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  const revision = await takePendingRevision(tx, id);
  if (!revision) throw new ServiceError('conflict', REVISION_TEXTS.noneWaiting);
  if (!(await placeExists(tx, revision.fields.place)))
    throw new ServiceError('conflict', REVISION_TEXTS.placeGone);
  const today = crimeaToday(now);
  const live = (await readExcursion(tx, id, today)) as ExcursionRow;
  const plan = seatPlanOfRow(live);
  const fields: UpdateExcursionPayload = { ...revision.fields, ...plan };
  const media = revisionMedia(revision);
  await updateExcursionColumns(tx, id, fields, plan, media, null);
  await insertModerationEvent(tx, {
    excursionId: id,
    kind: 'revision_approved',
    actorId: principal.id,
    at: now,
  });
  const row = (await readExcursion(tx, id, today)) as ExcursionRow;
  const still = new Set(filesOf(media));
  const dropped = filesOf(live).filter((name) => !still.has(name));
  return {
    status: 200,
    body: toExcursion(row),
    events: [...announce(row, 'update'), ...(await moderationNudges(tx, row.owner_id))],
    dropped,
  };
}

/** The admin refuses the waiting revision with a reason; the live excursion stays as it is. */
export async function rejectRevision(
  tx: Queryable,
  principal: Principal,
  id: string,
  reason: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  if (reason.trim() === '') throw new ServiceError('invalid', EXCURSION_TEXTS.reasonRequired);
  if (!(await lockExcursion(tx, id))) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!(await markRevisionRejected(tx, id, reason.trim())))
    throw new ServiceError('conflict', REVISION_TEXTS.noneWaiting);
  await insertModerationEvent(tx, {
    excursionId: id,
    kind: 'revision_rejected',
    reason: reason.trim(),
    actorId: principal.id,
    at: now,
  });
  const row = (await readExcursion(tx, id, crimeaToday(now))) as ExcursionRow;
  return { status: 200, body: toExcursion(row), events: await moderationNudges(tx, row.owner_id) };
}

/** The admin's queue of waiting revisions: live and proposed excursion with the seller, oldest edit first. */
export async function revisionQueue(tx: Queryable, principal: Principal, now: Date): Promise<RevisionItem[]> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', EXCURSION_TEXTS.adminOnly);
  const rows = await listRevisionQueue(tx, crimeaToday(now));
  return rows.map((row) => ({
    live: toExcursion(row),
    proposed: toExcursion(proposedRow(row, revisionOfRow(row))),
    seller: sellerOfRevisionRow(row),
    submittedAt: new Date(row.rev_submitted_at).toISOString(),
  }));
}

/** The excursion's revision as its seller (or an admin) sees it; null when there is none. */
export async function ownRevision(
  tx: Queryable,
  principal: Principal,
  id: string,
  now: Date,
): Promise<OwnRevision | null> {
  const owner = await excursionOwner(tx, id);
  if (owner === undefined) throw new ServiceError('notFound', EXCURSION_TEXTS.notFound);
  if (!mayEditExcursion(principal, owner)) throw new ServiceError('forbidden', REVISION_TEXTS.forbidden);
  const row = await readLiveWithRevision(tx, id, crimeaToday(now));
  if (!row) return null;
  const revision = revisionOfRow(row);
  return { ...revisionState(revision), proposed: toExcursion(proposedRow(row, revision)) };
}
