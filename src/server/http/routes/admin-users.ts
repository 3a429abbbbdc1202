import { Hono } from 'hono';
import {
  ADMIN_USERS_PAGE_SIZE,
  MAX_ADMIN_USER_QUERY,
  type AdminUserPage,
} from '../../../protocol/moderation';
import { searchUsers } from '../../storage/admin-users';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { MAX_USER_ID } from '../user-id';

export const ADMIN_USER_TEXTS = {
  adminOnly: 'Искать пользователей может только администратор',
  badPage: 'Номер страницы — целое число от 1 до 100000',
  tooLong: `Запрос поиска длиннее ${MAX_ADMIN_USER_QUERY} символов`,
} as const;

/** Far past any real list; a larger number would only overflow the OFFSET. */
const MAX_PAGE = 100_000;

/** ?page=: an integer from 1, written plainly (no sign, no exponent), or null. */
function parsePage(text: string | undefined): number | null {
  if (text === undefined) return 1;
  if (!/^\d{1,6}$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** /api/admin/…: the admin's tools over every account. */
export function adminUserRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/users', async (c) => {
    const principal = await requirePrincipal(c, deps);
    if (principal.role !== 'admin') throw new ServiceError('forbidden', ADMIN_USER_TEXTS.adminOnly);
    const page = parsePage(c.req.query('page'));
    if (page === null) throw new ServiceError('invalid', ADMIN_USER_TEXTS.badPage);
    const text = (c.req.query('q') ?? '').trim().replace(/\s+/g, ' ');
    if (text.length > MAX_ADMIN_USER_QUERY) throw new ServiceError('invalid', ADMIN_USER_TEXTS.tooLong);
    const id = /^\d+$/.test(text) && Number(text) <= MAX_USER_ID ? Number(text) : null;
    const found = await searchUsers(deps.db, { text, id, page, pageSize: ADMIN_USERS_PAGE_SIZE });
    return c.json({ ...found, page, pageSize: ADMIN_USERS_PAGE_SIZE } satisfies AdminUserPage);
  });
  return app;
}
