import '../zod-config';
import { adminUserPageSchema, type AdminUserPage } from '../../protocol/moderation';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';

// The admin's user search (GET /api/admin/users): online only, since the accounts live on the server
// and the phone's replica holds none but its own user.

/** One page of the users whose e-mail, name or surname starts with `query`, or whose id it is. */
export async function searchUsers(
  deps: AccountDeps,
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<Outcome<AdminUserPage>> {
  const params = new URLSearchParams({ q: query, page: String(page) });
  const answer = await call(() =>
    httpOf(deps).request('GET', `/api/admin/users?${params.toString()}`, { token: tokenOf(deps), signal }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = adminUserPageSchema.safeParse(answer.data);
  return parsed.success ? { ok: true, value: parsed.data } : malformed;
}
