import '../zod-config';
import type { Excursion } from '../../domain/types';
import { excursionSchema } from '../../protocol/entities';
import {
  moderationHistorySchema,
  ownRevisionAnswerSchema,
  type ModerationEvent,
  type OwnRevision,
  type RevisionState,
} from '../../protocol/moderation';
import {
  EXCURSION_FORM_FIELDS as F,
  excursionWriteResponseSchema,
  type CreateExcursionPayloadInput,
  type UpdateExcursionPayloadInput,
} from '../../protocol/excursions';
import { uploadForm, type UploadProgress } from '../api/upload';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';
import { wantPull } from '../sync/live/nudge';

// A seller's excursion forms (SPEC §7 POST/PUT /api/excursions, multipart) and the admin's
// moderation. They carry files and the server checks them, so they are online calls; the schedule,
// which sellers edit on the road, goes through the outbox instead (sync/outbox/actions.ts addTours/deleteTours).
// A form with files is sent with its upload's progress and can be stopped (api/upload.ts); stopping
// it rejects with UploadCancelledError, which the form catches.

export { UploadCancelledError, type UploadProgress } from '../api/upload';

/** How the form follows and stops its upload. */
export interface UploadControl {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

export interface ExcursionFiles {
  previews: readonly File[];
  gallery: readonly File[];
  video?: File | null;
}

export interface KeptMedia {
  images: readonly string[];
  gallery: readonly string[];
  /** True to remove the current video without a new one. */
  removeVideo?: boolean;
}

function formOf(excursion: unknown, files: ExcursionFiles, kept?: KeptMedia): FormData {
  const form = new FormData();
  form.append(F.excursion, JSON.stringify(excursion));
  for (const file of files.previews) form.append(F.previewImages, file, file.name);
  for (const file of files.gallery) form.append(F.galleryImages, file, file.name);
  if (files.video) form.append(F.video, files.video, files.video.name);
  else if (kept?.removeVideo) form.append(F.video, '');
  for (const name of kept?.images ?? []) form.append(F.existingPreviewImages, name);
  for (const name of kept?.gallery ?? []) form.append(F.existingGalleryImages, name);
  return form;
}

/**
 * What a save answers: the live excursion, and for a seller's edit of a published one the revision
 * that now waits for review (the live listing keeps its content until an admin approves it).
 */
export interface SavedExcursion {
  excursion: Excursion;
  revision: RevisionState | null;
}

async function sendForm(
  deps: AccountDeps,
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  attemptKey: string,
  control: UploadControl = {},
): Promise<Outcome<SavedExcursion>> {
  const token = tokenOf(deps);
  const options = { form, token, idempotencyKey: attemptKey, signal: control.signal };
  // A client handed in (a test's) answers without progress; the app's own goes through the upload.
  const answer = await call(() =>
    deps.http
      ? deps.http.request(method, path, options)
      : uploadForm(method, path, { ...options, onProgress: control.onProgress }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = excursionWriteResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const { revision, ...live } = parsed.data;
  const excursion = live as Excursion;
  await keepExcursion(deps, excursion);
  return { ok: true, value: { excursion, revision: revision ?? null } };
}

/** POST /api/excursions: the add-excursion wizard's submit. A seller's new excursion waits for review. */
export async function createExcursion(
  deps: AccountDeps,
  excursion: CreateExcursionPayloadInput,
  files: ExcursionFiles,
  attemptKey: string,
  control?: UploadControl,
): Promise<Outcome<Excursion>> {
  const outcome = await sendForm(
    deps,
    'POST',
    '/api/excursions',
    formOf(excursion, files),
    attemptKey,
    control,
  );
  return outcome.ok ? { ok: true, value: outcome.value.excursion } : outcome;
}

/**
 * PUT /api/excursions/{id}: the editor's save. Kept media are named; new files are sent. A seller's
 * edit of a published excursion answers the unchanged live excursion with the waiting revision.
 */
export function updateExcursion(
  deps: AccountDeps,
  id: string,
  excursion: UpdateExcursionPayloadInput,
  files: ExcursionFiles,
  kept: KeptMedia,
  attemptKey: string,
  control?: UploadControl,
): Promise<Outcome<SavedExcursion>> {
  return sendForm(
    deps,
    'PUT',
    `/api/excursions/${encodeURIComponent(id)}`,
    formOf(excursion, files, kept),
    attemptKey,
    control,
  );
}

/** POST an action on one excursion (publish, reject, submit, a revision's decision) and keep the Excursion it answers. */
async function excursionAction(
  deps: AccountDeps,
  id: string,
  action: 'publish' | 'reject' | 'submit' | 'revision/approve' | 'revision/reject',
  body?: unknown,
): Promise<Outcome<Excursion>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const path = `/api/excursions/${encodeURIComponent(id)}/${action}`;
  const answer = await call(() =>
    http.request('POST', path, { token, body, idempotencyKey: crypto.randomUUID() }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = excursionSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const excursion = parsed.data as Excursion;
  await keepExcursion(deps, excursion);
  return { ok: true, value: excursion };
}

/** The admin publishes (it enters the catalogue) or refuses with a reason the seller sees. */
export function moderateExcursion(
  deps: AccountDeps,
  id: string,
  decision: { publish: true } | { publish: false; reason: string },
): Promise<Outcome<Excursion>> {
  return decision.publish
    ? excursionAction(deps, id, 'publish')
    : excursionAction(deps, id, 'reject', { reason: decision.reason });
}

/** POST /api/excursions/{id}/submit: the seller sends a refused excursion back to the admin's queue. */
export function resubmitExcursion(deps: AccountDeps, id: string): Promise<Outcome<Excursion>> {
  return excursionAction(deps, id, 'submit');
}

/** GET /api/excursions/{id}/moderation: what happened to the excursion in review, oldest first. */
export async function moderationHistory(deps: AccountDeps, id: string): Promise<Outcome<ModerationEvent[]>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('GET', `/api/excursions/${encodeURIComponent(id)}/moderation`, { token }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = moderationHistorySchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  return { ok: true, value: parsed.data.history };
}

/**
 * The admin approves a published excursion's changes (they go live) or rejects them with a reason the
 * seller sees (the live listing stays as it is). The answered live excursion goes into the replica.
 */
export function decideRevision(
  deps: AccountDeps,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Outcome<Excursion>> {
  return decision.approve
    ? excursionAction(deps, id, 'revision/approve')
    : excursionAction(deps, id, 'revision/reject', { reason: decision.reason });
}

/** GET /api/excursions/{id}/revision: the seller's waiting or rejected changes, or null when there are none. */
export async function ownRevision(deps: AccountDeps, id: string): Promise<Outcome<OwnRevision | null>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('GET', `/api/excursions/${encodeURIComponent(id)}/revision`, { token }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = ownRevisionAnswerSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  return { ok: true, value: parsed.data.revision };
}

/**
 * The server's answer goes into the replica at once so the seller sees it before the pull or socket
 * delta with the real version arrives and replaces it.
 */
async function keepExcursion(deps: AccountDeps, excursion: Excursion): Promise<void> {
  const { db } = deps;
  await db.transaction('rw', db.excursions, async () => {
    // The held version is kept: a delta newer than it still replaces this copy, an older one cannot.
    const held = await db.excursions.get(excursion._id);
    await db.excursions.put({ ...excursion, _v: held?._v ?? 0 });
  });
  wantPull();
}
