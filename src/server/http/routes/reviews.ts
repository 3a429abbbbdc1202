import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { isEntityId } from '../../../domain/ids';
import { mediaIdSchema } from '../../../protocol/primitives';
import {
  MAX_REVIEW_PHOTOS,
  reviewHideRequestSchema,
  reviewReplyRequestSchema,
  reviewWriteRequestSchema,
} from '../../../protocol/reviews';
import { MediaRejectedError } from '../../media/errors';
import { MAX_IMAGE_BYTES, removeMedia, storeMedia } from '../../media/ingest';
import {
  addReviewPhotos,
  checkPhotoRoom,
  hideReview,
  removeReviewPhoto,
  replyToReview,
  REVIEW_TEXTS,
  unhideReview,
  writeReview,
} from '../../services/reviews';
import { readStored } from '../../storage/idempotency';
import type { Principal } from '../../storage/users';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { IDEMPOTENCY_TEXTS, idempotencyKeyOf, runMutation, runMutationOnce } from '../idempotency';
import { uploadLimit } from '../upload-limit';

// Verified reviews (protocol/reviews.ts): a ticket's review under /api/tickets/{id}/review, the
// seller's reply and the admin's hiding under /api/reviews/{id}. Every call is a mutation run once
// per Idempotency-Key (the phone's outbox sends the review). Photos go through the checks of every
// uploaded photo (media/ingest.ts); they are stored before the write and removed again if it is
// refused, so a refused upload leaves nothing behind.

/** The photos form: MAX_REVIEW_PHOTOS photos at their cap, and room for the form's own parts. */
export const REVIEW_PHOTOS_LIMIT = MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES + 1024 * 1024;

const PHOTOS_FIELD = 'photos';

type Form = Record<string, string | File | (string | File)[]>;

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

function idOf(c: Context, text: string): string {
  const id = c.req.param('id') ?? '';
  if (!isEntityId(id)) throw new ServiceError('invalid', text);
  return id;
}

function parsed<S extends z.ZodType>(schema: S, value: unknown, text: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError('invalid', text);
  return result.data;
}

/** The review's body, refused with the text that names what to fix. */
function writeRequestOf(value: unknown) {
  const result = reviewWriteRequestSchema.safeParse(value);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((issue) => issue.path[0]));
  const text =
    value === null || typeof value !== 'object' || Array.isArray(value)
      ? REVIEW_TEXTS.badReview
      : fields.has('rating')
        ? REVIEW_TEXTS.badRating
        : fields.has('text') && typeof (value as { text?: unknown }).text === 'string'
          ? REVIEW_TEXTS.textTooLong
          : REVIEW_TEXTS.badReview;
  throw new ServiceError('invalid', text);
}

async function readPhotos(c: Context): Promise<File[]> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new ServiceError('invalid', REVIEW_TEXTS.badMultipart);
  let form: Form;
  try {
    form = (await c.req.parseBody({ all: true })) as Form;
  } catch {
    throw new ServiceError('invalid', REVIEW_TEXTS.badMultipart);
  }
  const files = [form[PHOTOS_FIELD] ?? []].flat().filter((value): value is File => value instanceof File);
  if (files.length === 0) throw new ServiceError('invalid', REVIEW_TEXTS.noPhotos);
  if (files.length > MAX_REVIEW_PHOTOS) throw new ServiceError('invalid', REVIEW_TEXTS.tooManyPhotos);
  return files;
}

/** Stores the photos one by one; on a refusal removes those already stored and names the file. */
async function storePhotos(deps: AppDeps, owner: Principal, files: readonly File[]): Promise<string[]> {
  const stored: string[] = [];
  for (const file of files) {
    try {
      const media = await storeMedia(deps, {
        kind: 'image',
        bytes: new Uint8Array(await file.arrayBuffer()),
        ownerId: owner.id,
        fileName: file.name,
      });
      stored.push(media.id);
    } catch (error) {
      await removeMedia(deps, stored);
      if (error instanceof MediaRejectedError)
        error.message = REVIEW_TEXTS.fileRefused(file.name || 'photo', error.message);
      throw error;
    }
  }
  return stored;
}

/** Mounted at /api/tickets. */
export function ticketReviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  // app.ts leaves this path out of the JSON body cap: its form of photos sets its own.
  const limit = bodyLimit({
    maxSize: REVIEW_PHOTOS_LIMIT,
    onError: (c) => c.json({ detail: REVIEW_TEXTS.tooBig }, 413, { Connection: 'close' }),
  });

  app.put('/:id/review', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badTicketId);
    const request = writeRequestOf(await readJson(c));
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      writeReview(tx, principal, id, request, deps.now()),
    );
  });

  app.post('/:id/review/photos', limit, uploadLimit(deps), async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badTicketId);
    const files = await readPhotos(c);
    const key = idempotencyKeyOf(c);
    if (key === null) throw new ServiceError('invalid', IDEMPOTENCY_TEXTS.badKey);
    // A replay is answered from its stored answer: its photos were stored the first time.
    const replay = key !== undefined && (await readStored(deps.db, principal.id, key)) !== null;
    if (!replay)
      await deps.db.transaction((tx) => checkPhotoRoom(tx, principal, id, files.length, deps.now()));
    const stored = replay ? [] : await storePhotos(deps, principal, files);
    try {
      const answer = await runMutationOnce(c, deps, principal.id, 'detail', (tx) =>
        addReviewPhotos(tx, principal, id, stored, deps.now()),
      );
      if (answer.replayed) await removeMedia(deps, stored);
      return c.json(answer.body as object, answer.status);
    } catch (error) {
      await removeMedia(deps, stored);
      throw error;
    }
  });

  app.delete('/:id/review/photos/:photo', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badTicketId);
    const photo = parsed(mediaIdSchema, c.req.param('photo'), REVIEW_TEXTS.badPhotoId);
    let removed: string | null = null;
    const answer = await runMutationOnce(c, deps, principal.id, 'detail', async (tx) => {
      const result = await removeReviewPhoto(tx, principal, id, photo, deps.now());
      removed = result.removed;
      return result;
    });
    // The file goes once the review no longer names it; a replay removed nothing.
    if (removed !== null) await removeMedia(deps, [removed]);
    return c.json(answer.body as object, answer.status);
  });

  return app;
}

/** Mounted at /api/reviews. */
export function reviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/:id/reply', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badReviewId);
    const { text } = parsed(reviewReplyRequestSchema, await readJson(c), REVIEW_TEXTS.badReply);
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      replyToReview(tx, principal, id, text, deps.now()),
    );
  });

  app.post('/:id/hide', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badReviewId);
    const { reason } = parsed(reviewHideRequestSchema, await readJson(c), REVIEW_TEXTS.badReason);
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      hideReview(tx, principal, id, reason, deps.now()),
    );
  });

  app.post('/:id/unhide', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = idOf(c, REVIEW_TEXTS.badReviewId);
    return runMutation(c, deps, principal.id, 'detail', (tx) => unhideReview(tx, principal, id, deps.now()));
  });

  return app;
}
