import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isEntityId } from '../../../domain/ids';
import type { Excursion } from '../../../domain/types';
import {
  createExcursionPayloadSchema,
  EXCURSION_FORM_FIELDS as F,
  keptGalleryImagesSchema,
  keptPreviewImagesSchema,
  updateExcursionPayloadSchema,
} from '../../../protocol/excursions';
import { MAX_MODERATION_REASON_LENGTH } from '../../../protocol/primitives';
import { removeMedia } from '../../media/ingest';
import {
  excursionModerationHistory,
  moderationQueue,
  publishExcursion,
  rejectExcursion,
  resubmitExcursion,
} from '../../services/excursion-moderation';
import {
  approveRevision,
  editBaseVideo,
  editExcursion,
  ownRevision,
  rejectRevision,
  revisionQueue,
} from '../../services/excursion-revisions';
import {
  checkEditable,
  createExcursion,
  EXCURSION_TEXTS,
  type ExcursionMedia,
} from '../../services/excursions';
import { sendModerationMail, type ModerationMailKind } from '../../services/moderation-mail';
import type { MutationResult } from '../../services/mutation';
import type { Queryable } from '../../storage/db';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import {
  EXCURSION_FORM_LIMIT,
  EXCURSION_FORM_TEXTS,
  excursionJson,
  keptNames,
  readForm,
  storeUploads,
  textsOf,
  uploadsOf,
} from '../excursion-form';
import { runMutationOnce } from '../idempotency';
import { uploadLimit } from '../upload-limit';
import { ticketMailDeps } from './money-deps';

// POST /api/excursions and PUT /api/excursions/{id}: multipart forms with the `excursion` JSON part
// and the files of SPEC §7 (read by http/excursion-form.ts). Everything that can be checked without storing (the fields, the counts,
// the right to edit) is checked first; files are then stored one by one and all removed again if any
// is refused or the write fails, so a refused form leaves nothing behind. A seller's submission
// (new or again) and the admin's decision are mailed after the commit by the request that made
// them, never by a replay (services/moderation-mail.ts). A seller's edit of a published excursion
// waits as a revision for the admin (services/excursion-revisions.ts), mailed the same way.

const rejectReasonSchema = z.object({ reason: z.string().trim().min(1).max(MAX_MODERATION_REASON_LENGTH) });

function entityIdOf(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!isEntityId(id)) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badId);
  return id;
}

/** Sends a moderation e-mail without holding up the answer; a failure is logged by the sender. */
function mailModeration(
  deps: AppDeps,
  kind: ModerationMailKind,
  excursion: Excursion,
  reason?: string,
): void {
  void sendModerationMail(ticketMailDeps(deps), kind, excursion, reason);
}

async function reasonOf(c: Context): Promise<string> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  const parsed = rejectReasonSchema.safeParse(body);
  if (!parsed.success) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badReason);
  return parsed.data.reason;
}

/** Runs a moderation step once per Idempotency-Key; only the request that did it sends its e-mail. */
async function runModeration(
  c: Context,
  deps: AppDeps,
  userId: number,
  kind: ModerationMailKind,
  write: (tx: Queryable) => Promise<MutationResult>,
  reason?: string,
): Promise<Response> {
  const { status, body, replayed } = await runMutationOnce(c, deps, userId, 'detail', write);
  if (!replayed && status === 200) mailModeration(deps, kind, body as Excursion, reason);
  return c.json(body as object, status);
}

export function excursionWriteRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: EXCURSION_FORM_LIMIT,
    onError: (c) => c.json({ detail: EXCURSION_FORM_TEXTS.tooBig }, 413, { Connection: 'close' }),
  });
  const perAccount = uploadLimit(deps);

  app.post('/', limit, perAccount, async (c) => {
    const principal = await requirePrincipal(c, deps);
    const form = await readForm(c);
    const parsed = createExcursionPayloadSchema.safeParse(excursionJson(form));
    if (!parsed.success) throw new ServiceError('invalid', EXCURSION_TEXTS.badForm);
    if (principal.role === 'user') throw new ServiceError('forbidden', EXCURSION_TEXTS.sellersOnly);
    const uploads = uploadsOf(form, { images: [], gallery: [] });
    if (uploads.previews.length === 0) throw new ServiceError('invalid', EXCURSION_TEXTS.noCover);
    const files = await storeUploads(deps, principal, uploads);
    const { stored } = files;
    const media: ExcursionMedia = { images: files.previews, gallery: files.gallery, video: files.video };
    try {
      const answer = await runMutationOnce(c, deps, principal.id, 'detail', (tx) =>
        createExcursion(tx, principal, parsed.data, media, deps.now()),
      );
      // A replayed request stored its files the first time: these copies are not needed.
      if (answer.replayed) await removeMedia(deps, stored);
      else if ((answer.body as Excursion).moderation?.status === 'pending')
        mailModeration(deps, 'submitted', answer.body as Excursion);
      return c.json(answer.body as object, answer.status);
    } catch (error) {
      await removeMedia(deps, stored);
      throw error;
    }
  });

  app.put('/:id', limit, perAccount, async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = c.req.param('id');
    if (!isEntityId(id)) throw new ServiceError('invalid', EXCURSION_FORM_TEXTS.badId);
    const form = await readForm(c);
    const parsed = updateExcursionPayloadSchema.safeParse(excursionJson(form));
    if (!parsed.success) throw new ServiceError('invalid', EXCURSION_TEXTS.badForm);
    const kept = {
      images: keptNames(form, F.existingPreviewImages, keptPreviewImagesSchema),
      gallery: keptNames(form, F.existingGalleryImages, keptGalleryImagesSchema),
    };
    const uploads = uploadsOf(form, kept);
    await deps.db.transaction((tx) => checkEditable(tx, principal, id, kept));
    const files = await storeUploads(deps, principal, uploads);
    const { stored } = files;
    // No new video keeps the current one, unless the form names an empty `video` text to remove it.
    const media = (current: string): ExcursionMedia => ({
      images: [...kept.images, ...files.previews],
      gallery: [...kept.gallery, ...files.gallery],
      video: files.video || (textsOf(form, F.video).includes('') ? '' : current),
    });
    let dropped: string[] = [];
    let submitted = false;
    try {
      const answer = await runMutationOnce(c, deps, principal.id, 'detail', async (tx) => {
        const video = await editBaseVideo(tx, principal, id);
        const result = await editExcursion(tx, principal, id, parsed.data, media(video), deps.now());
        dropped = result.dropped;
        submitted = result.submitted;
        return result;
      });
      if (answer.replayed) await removeMedia(deps, stored);
      else {
        // Photos the seller removed are deleted once the edit is committed.
        await removeMedia(deps, dropped);
        if (submitted) mailModeration(deps, 'revision_submitted', answer.body as Excursion);
      }
      return c.json(answer.body as object, answer.status);
    } catch (error) {
      await removeMedia(deps, stored);
      throw error;
    }
  });

  app.post('/:id/publish', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    return runModeration(c, deps, principal.id, 'published', (tx) =>
      publishExcursion(tx, principal, id, deps.now()),
    );
  });

  app.post('/:id/reject', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    const reason = await reasonOf(c);
    return runModeration(c, deps, principal.id, 'rejected', (tx) =>
      rejectExcursion(tx, principal, id, reason, deps.now()),
    );
  });

  app.post('/:id/revision/approve', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    let dropped: string[] = [];
    const response = await runModeration(c, deps, principal.id, 'revision_approved', async (tx) => {
      const result = await approveRevision(tx, principal, id, deps.now());
      dropped = result.dropped;
      return result;
    });
    // The photos the approved change let go are deleted once it is committed (a replay drops none).
    await removeMedia(deps, dropped);
    return response;
  });

  app.post('/:id/revision/reject', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    const reason = await reasonOf(c);
    return runModeration(
      c,
      deps,
      principal.id,
      'revision_rejected',
      (tx) => rejectRevision(tx, principal, id, reason, deps.now()),
      reason,
    );
  });

  app.get('/:id/revision', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    return c.json({ revision: await ownRevision(deps.db, principal, id, deps.now()) });
  });

  app.post('/:id/submit', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    return runModeration(c, deps, principal.id, 'resubmitted', (tx) =>
      resubmitExcursion(tx, principal, id, deps.now()),
    );
  });

  app.get('/:id/moderation', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = entityIdOf(c);
    return c.json({ history: await excursionModerationHistory(deps.db, principal, id) });
  });

  return app;
}

/**
 * GET /api/moderation/excursions and /revisions: the admin's queues of new excursions and of changes
 * to published ones waiting for review (protocol/moderation.ts).
 */
export function moderationRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/excursions', async (c) => {
    const principal = await requirePrincipal(c, deps);
    return c.json({ excursions: await moderationQueue(deps.db, principal, deps.now()) });
  });
  app.get('/revisions', async (c) => {
    const principal = await requirePrincipal(c, deps);
    return c.json({ revisions: await revisionQueue(deps.db, principal, deps.now()) });
  });
  return app;
}
