import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_FILE_FIELD, updateUserRequestSchema } from '../../../protocol/users';
import { MAX_IMAGE_BYTES, storeMedia } from '../../media/ingest';
import { MediaRejectedError } from '../../media/errors';
import { PROFILE_TEXTS, ROLE_TEXTS } from '../../services/auth-texts';
import { changeRole, updateProfile } from '../../services/users-profile';
import { findUser, type Principal } from '../../storage/users';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { runMutation } from '../idempotency';
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
  if (id === null) throw new HttpError(400, ROLE_TEXTS.badUserId);
  return id;
}

/** GET /api/users/me, PUT /api/users/{id}, and the admin's promote/demote, mounted at /api/users. */
export function profileRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/me', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const user = await findUser(deps.db, principal.id);
    if (!user) throw new HttpError(404, ROLE_TEXTS.userNotFound);
    return c.json(user.row);
  });

  app.put('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = userIdParam(c);
    if (principal.id !== userId) throw new HttpError(403, PROFILE_TEXTS.notYours);
    const parsed = updateUserRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, PROFILE_TEXTS.badProfile);
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      updateProfile(tx, principal, userId, parsed.data),
    );
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
      if (error instanceof HttpError)
        return c.json({ detail: error.message }, error.status, { Connection: 'close' });
      throw error;
    }
    let file: unknown;
    try {
      file = (await c.req.parseBody())[UPLOAD_FILE_FIELD];
    } catch {
      throw new HttpError(400, PROFILE_TEXTS.noFile);
    }
    if (!(file instanceof File)) throw new HttpError(400, PROFILE_TEXTS.noFile);
    const stored = await storeMedia(deps, {
      kind: 'avatar',
      bytes: new Uint8Array(await file.arrayBuffer()),
      ownerId: principal.id,
      fileName: file.name,
    });
    return c.json({ filename: stored.id });
  };
  app.post('/uploadfile/', limit, upload);
  app.post('/uploadfile', limit, upload);
  return app;
}
