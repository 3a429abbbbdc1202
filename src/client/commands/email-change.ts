import '../zod-config';
import type { User } from '../../domain/types';
import { apiPaths } from '../../protocol/paths';
import { confirmEmailResponseSchema, emailChangeStatusSchema } from '../../protocol/users';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';

// The e-mail change (SPEC §7 PUT /api/users/{id} and its confirmation). The new address is asked for
// with the queued profile save; the server mails a code to it and keeps the old address until that
// code comes back here. Both calls are online-only: the server decides.

/** The new address waiting for its code, or null. */
export async function pendingEmailChange(deps: AccountDeps, userId: number): Promise<Outcome<string | null>> {
  const token = tokenOf(deps);
  const answer = await call(() => httpOf(deps).request('GET', apiPaths.userEmail(userId), { token }));
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = emailChangeStatusSchema.safeParse(answer.data);
  return parsed.success ? { ok: true, value: parsed.data.emailChangePending } : malformed;
}

/**
 * Confirms the new address with the mailed code. The replica takes the new e-mail at once; the pull
 * that follows the server's row change brings the rest.
 */
export async function confirmEmailChange(
  deps: AccountDeps,
  userId: number,
  code: string,
): Promise<Outcome<User>> {
  const token = tokenOf(deps);
  const answer = await call(() =>
    httpOf(deps).request('POST', apiPaths.confirmEmail(userId), { body: { code }, token }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = confirmEmailResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const user = parsed.data as User;
  const { db } = deps;
  await db.transaction('rw', db.users, async () => {
    const held = await db.users.get(userId);
    if (held) await db.users.put({ ...held, email: user.email });
  });
  return { ok: true, value: user };
}
