import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  confirmEmailRequestSchema,
  UPLOAD_FILE_FIELD,
  updateUserRequestSchema,
} from '../../../protocol/users';
import { MAX_IMAGE_BYTES, storeMedia } from '../../media/ingest';
import { MediaRejectedError } from '../../media/errors';
import { PROFILE_TEXTS, ROLE_TEXTS } from '../../services/auth-texts';
import { mailEmailCode, type OutgoingEmailCode } from '../../services/email-change';
import {
  changeRole,
  confirmEmailChange,
  emailChangeStatus,
  updateProfile,
} from '../../services/users-profile';
import { findUser, type Principal } from '../../storage/users';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError, statusOf } from '../errors';
import { runMutation, runMutationOnce } from '../idempotency';
import { uploadLimit } from '../upload-limit';
import { parseUserId } from '../user-id';

// The multipart envelope around one avatar adds a little to the file's own cap.
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

function userIdParam(c: Context): number {
  const id = parseUserId(c.req.param('id') ?? '');
  if (id === null) throw new ServiceError('invalid', ROLE_TEXTS.badUserId);
  return id;
}

/**
 * GET /api/users/me, PUT /api/users/{id}, the e-mail change (GET /api/users/{id}/email, POST
 * /api/users/{id}/email/confirm) and the admin's promote/demote, mounted at /api/users.
 */
export function profileRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/me', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const user = await findUser(deps.db, principal.id);
    if (!user) throw new ServiceError('notFound', ROLE_TEXTS.userNotFound);
    return c.json(user.row);
  });

  app.put('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = userIdParam(c);
    if (principal.id !== userId) throw new ServiceError('forbidden', PROFILE_TEXTS.notYours);
    const parsed = updateUserRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', PROFILE_TEXTS.badProfile);
    const mail: { code?: OutgoingEmailCode } = {};
    const answer = await runMutationOnce(c, deps, principal.id, 'detail', async (tx) => {
      const saved = await updateProfile(tx, principal, userId, parsed.data, deps.now());
      mail.code = saved.outgoing ?? undefined;
      return saved.result;
    });
    // Mailed only after the commit (a transaction holds PGlite's one connection meanwhile), and only
    // by the request whose transaction stored the code, never by a replay.
    if (mail.code && !answer.replayed) await mailEmailCode(deps, mail.code);
    return c.json(answer.body as object, answer.status);
  });

  app.get('/:id/email', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = userIdParam(c);
    return c.json(await emailChangeStatus(deps.db, principal, userId, deps.now()));
  });

  app.post('/:id/email/confirm', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = userIdParam(c);
    if (principal.id !== userId) throw new ServiceError('forbidden', PROFILE_TEXTS.notYours);
    const parsed = confirmEmailRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', PROFILE_TEXTS.badEmailCode);
    return c.json(await confirmEmailChange(deps, principal, userId, parsed.data.code));
  });

  const role = (to: 'seller' | 'user') => async (c: Context) => {
    const principal = await requirePrincipal(c, deps);
    const userId = userIdParam(c);
    return runMutation(c, deps, principal.id, 'detail', (tx) => changeRole(tx, principal, userId, to));
  };
  app.post('/:id/promote-to-seller', role('seller'));
  app.post('/:id/demote-to-user', role('user'));
  return app;
}

/**
 * POST /api/uploadfile/ (mounted at /api): one avatar image, checked by its bytes, re-encoded under a
 * new name. The path without the slash is accepted too.
 */
export function uploadRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT,
    onError: (c) =>
      c.json({ detail: new MediaRejectedError('image_too_large').message }, 413, { Connection: 'close' }),
  });
  const upload = async (c: Context) => {
    let principal: Principal;
    try {
      principal = await requirePrincipal(c, deps);
    } catch (error) {
      // The unread upload stays in the socket, so the connection cannot be reused: say so.
      if (error instanceof ServiceError)
        return c.json({ detail: error.message }, statusOf(error), { Connection: 'close' });
      throw error;
    }
    let file: unknown;
    try {
      file = (await c.req.parseBody())[UPLOAD_FILE_FIELD];
    } catch {
      throw new ServiceError('invalid', PROFILE_TEXTS.noFile);
    }
    if (!(file instanceof File)) throw new ServiceError('invalid', PROFILE_TEXTS.noFile);
    const stored = await storeMedia(deps, {
      kind: 'avatar',
      bytes: new Uint8Array(await file.arrayBuffer()),
      ownerId: principal.id,
      fileName: file.name,
    });
    return c.json({ filename: stored.id });
  };
  const perAccount = uploadLimit(deps);
  app.post('/uploadfile/', limit, perAccount, upload);
  app.post('/uploadfile', limit, perAccount, upload);
  return app;
}
