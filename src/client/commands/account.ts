import '../zod-config';
import type { User } from '../../domain/types';
import { authResponseSchema, passwordResetResponseSchema } from '../../protocol/auth';
import { roleChangeResponseSchema, UPLOAD_FILE_FIELD, uploadFileResponseSchema } from '../../protocol/users';
import { userSchema } from '../../protocol/entities';
import {
  call,
  failure as failed,
  httpOf,
  malformed,
  storageOf,
  tokenOf,
  type AccountDeps,
  type Outcome,
} from './online';
import { readSession, writeToken } from './session';
import { rememberSignOutReason, takeSignOutReason } from './signout-notice';
import { SESSION_USER_META } from '../db/schema';

export type { AccountDeps, Outcome } from './online';

// The online-only account actions (SPEC §7 /auth/*, users/me, the avatar upload, role changes):
// the server decides these, so they are not queued. Each answers ok, or the server's own error text
// (`detail`), or `offline`; the screen picks its fallback text from SPEC §8.

/** Tables that hold the signed-in user's own rows; cleared on logout so the next user sees none. */
const PERSONAL_TABLES = ['users', 'favorites', 'tickets', 'manifest', 'reviewQueue'] as const;

/** Step 1 of the wizard: e-mail and password; the server mails a code. `referrer` only on registration. */
export async function requestCode(
  deps: AccountDeps,
  mode: 'login' | 'register',
  email: string,
  password: string,
  referrer: number | null = null,
): Promise<Outcome> {
  const body =
    mode === 'register'
      ? { login_email: email, password, refferalOf: referrer }
      : { login_email: email, password };
  const answer = await call(() => httpOf(deps).request('POST', `/auth/${mode}`, { body }));
  return answer !== 'offline' && answer.ok ? { ok: true, value: null } : failed(answer);
}

/** Step 2: the e-mailed code. On success the token is stored and the user lands in the replica. */
export async function verifyCode(deps: AccountDeps, email: string, code: string): Promise<Outcome<User>> {
  const answer = await call(() =>
    httpOf(deps).request('POST', '/auth/verify-2fa', { body: { login_email: email, code } }),
  );
  if (answer === 'offline' || !answer.ok) return failed(answer);
  const parsed = authResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const user = parsed.data.user_data as User;
  await signIn(deps, parsed.data.access_token, user);
  return { ok: true, value: user };
}

/**
 * 'Забыли пароль?', step 1: the server mails a code if the e-mail has an account. The answer is the
 * same either way, so the screen says where a code would have gone, not that it went.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<Outcome> {
  const answer = await call(() => httpOf(deps).request('POST', '/auth/password-reset', { body: { email } }));
  if (answer === 'offline' || !answer.ok) return failed(answer);
  return passwordResetResponseSchema.safeParse(answer.data).success ? { ok: true, value: null } : malformed;
}

/**
 * Step 2: the mailed code and the new password. The server voids every older token of the account
 * and answers a fresh one, so this phone is signed in as after a login.
 */
export async function confirmPasswordReset(
  deps: AccountDeps,
  email: string,
  code: string,
  password: string,
): Promise<Outcome<User>> {
  const answer = await call(() =>
    httpOf(deps).request('POST', '/auth/password-reset/confirm', { body: { email, code, password } }),
  );
  if (answer === 'offline' || !answer.ok) return failed(answer);
  const parsed = authResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const user = parsed.data.user_data as User;
  await signIn(deps, parsed.data.access_token, user);
  return { ok: true, value: user };
}

async function signIn(deps: AccountDeps, token: string, user: User): Promise<void> {
  const { db } = deps;
  await db.transaction('rw', [...PERSONAL_TABLES, 'meta'], async () => {
    // Another user's rows never show under this login; the pull that follows fills this user's.
    const other = (await db.users.toArray()).some((row) => row.id !== user.id);
    if (other) await Promise.all(PERSONAL_TABLES.map((name) => db.table(name).clear()));
    const held = await db.users.get(user.id);
    // Version 0: the pull brings the real one. A held row (same user) is as new or newer.
    if (!held) await db.users.put({ ...user, _v: 0 });
    await db.meta.put({ key: SESSION_USER_META, value: user.id });
  });
  // A reason for an earlier sign-out no longer applies once signed in again.
  takeSignOutReason(storageOf(deps));
  writeToken(storageOf(deps), token);
}

/**
 * Logout (SPEC §4): the token is removed and the user's own rows leave the phone. Mutations still
 * queued stay in the outbox, bound to their user, and are sent after that user logs in again.
 */
export async function signOut(deps: AccountDeps): Promise<void> {
  writeToken(storageOf(deps), null);
  const { db } = deps;
  await db.transaction('rw', [...PERSONAL_TABLES, 'meta'], async () => {
    await Promise.all(PERSONAL_TABLES.map((name) => db.table(name).clear()));
    // A pull or delta still on its way for this account brings none of its rows back (pull/apply.ts).
    await db.meta.put({ key: SESSION_USER_META, value: null });
  });
}

/**
 * A stored token restores the session when `users/me` accepts it (SPEC §4); a refusal logs out.
 * No answer (offline) keeps the session: the phone keeps working on what it holds.
 */
export async function checkSession(deps: AccountDeps): Promise<'valid' | 'signed-out' | 'offline'> {
  const { token, userId } = readSession(storageOf(deps));
  if (!token || userId === null) return 'signed-out';
  const answer = await call(() => httpOf(deps).request('GET', '/api/users/me', { token }));
  if (answer === 'offline' || answer.status >= 500 || answer.status === 429) return 'offline';
  const parsed = userSchema.safeParse(answer.data);
  if (!answer.ok || !parsed.success || parsed.data.id !== userId) {
    // Only if the token is still the one checked: a login meanwhile must not be undone.
    if (readSession(storageOf(deps)).token === token) {
      // The server's reason (a demotion, a logout everywhere) waits for the login screen; it is kept
      // before the token goes, because the login screen opens as soon as it does.
      if (answer.status === 401 && answer.errorText) rememberSignOutReason(storageOf(deps), answer.errorText);
      await signOut(deps);
    }
    return 'signed-out';
  }
  const user = parsed.data as User;
  const { db } = deps;
  await db.transaction('rw', db.users, async () => {
    if (!(await db.users.get(user.id))) await db.users.put({ ...user, _v: 0 });
  });
  return 'valid';
}

/** POST /api/uploadfile/: the avatar image; answers the stored file name for the profile. */
export async function uploadAvatar(deps: AccountDeps, file: Blob, name = 'avatar'): Promise<Outcome<string>> {
  const token = tokenOf(deps);
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, name);
  const answer = await call(() => httpOf(deps).request('POST', '/api/uploadfile/', { form, token }));
  if (answer === 'offline' || !answer.ok) return failed(answer);
  const parsed = uploadFileResponseSchema.safeParse(answer.data);
  return parsed.success ? { ok: true, value: parsed.data.filename } : malformed;
}

/** The admin panel: promote a user to seller or demote a seller to user. */
export async function changeRole(deps: AccountDeps, userId: number, to: 'seller' | 'user'): Promise<Outcome> {
  const token = tokenOf(deps);
  const path = `/api/users/${userId}/${to === 'seller' ? 'promote-to-seller' : 'demote-to-user'}`;
  const answer = await call(() => httpOf(deps).request('POST', path, { token }));
  if (answer === 'offline' || !answer.ok) return failed(answer);
  return roleChangeResponseSchema.safeParse(answer.data).success ? { ok: true, value: null } : malformed;
}
