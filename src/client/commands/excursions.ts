import '../zod-config';
import type { Excursion } from '../../domain/types';
import { excursionSchema } from '../../protocol/entities';
import {
  moderationHistorySchema,
  moderationItemSchema,
  type ModerationEvent,
  type ModerationItem,
} from '../../protocol/moderation';
import {
  EXCURSION_FORM_FIELDS as F,
  type CreateExcursionPayloadInput,
  type UpdateExcursionPayloadInput,
} from '../../protocol/excursions';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';
import { wantPull } from '../sync/live/nudge';

// A seller's excursion forms (SPEC §7 POST/PUT /api/excursions, multipart) and the admin's
// moderation. They carry files and the server checks them, so they are online calls; the schedule,
// which sellers edit on the road, goes through the outbox instead (sync/outbox/actions.ts addTours/deleteTours).

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

async function sendForm(
  deps: AccountDeps,
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  attemptKey: string,
): Promise<Outcome<Excursion>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() => http.request(method, path, { form, token, idempotencyKey: attemptKey }));
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = excursionSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const excursion = parsed.data as Excursion;
  await keepExcursion(deps, excursion);
  return { ok: true, value: excursion };
}

/** POST /api/excursions: the add-excursion wizard's submit. A seller's new excursion waits for review. */
export function createExcursion(
  deps: AccountDeps,
  excursion: CreateExcursionPayloadInput,
  files: ExcursionFiles,
  attemptKey: string,
): Promise<Outcome<Excursion>> {
  return sendForm(deps, 'POST', '/api/excursions', formOf(excursion, files), attemptKey);
}

/** PUT /api/excursions/{id}: the editor's save. Kept media are named; new files are sent. */
export function updateExcursion(
  deps: AccountDeps,
  id: string,
  excursion: UpdateExcursionPayloadInput,
  files: ExcursionFiles,
  kept: KeptMedia,
  attemptKey: string,
): Promise<Outcome<Excursion>> {
  return sendForm(
    deps,
    'PUT',
    `/api/excursions/${encodeURIComponent(id)}`,
    formOf(excursion, files, kept),
    attemptKey,
  );
}

/**
 * GET /api/moderation/excursions: excursions waiting for an admin, each with its seller, submission
 * time and history, in the server's order (oldest submission first). An item the protocol does not
 * describe is left out rather than failing the whole queue.
 */
export async function pendingExcursions(deps: AccountDeps): Promise<Outcome<ModerationItem[]>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request<{ excursions?: unknown }>('GET', '/api/moderation/excursions', { token }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const list = Array.isArray(answer.data?.excursions) ? answer.data.excursions : [];
  const parsed = list.map((item) => moderationItemSchema.safeParse(item));
  return { ok: true, value: parsed.flatMap((result) => (result.success ? [result.data] : [])) };
}

/** POST an action on one excursion (publish, reject, submit) and keep the Excursion it answers. */
async function excursionAction(
  deps: AccountDeps,
  id: string,
  action: 'publish' | 'reject' | 'submit',
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
