import type { User } from '../../domain/types';
import type { EmailChangeStatus, UpdateUserRequest } from '../../protocol/users';
import type { EventBus, ServerEvent } from '../realtime/events';
import {
  emailHeldByOther,
  holdOwnAvatar,
  lockUserEmail,
  lockUserRole,
  setEmail,
  setRole,
  updateProfileFields,
} from '../storage/accounts';
import type { Db, Queryable } from '../storage/db';
import { findUser, type Principal } from '../storage/users';
import { AUTH_SERVICE_TEXTS, PROFILE_TEXTS, ROLE_TEXTS } from './auth-texts';
import { checkEmailCode, pendingEmail, requestEmailChange, type OutgoingEmailCode } from './email-change';
import { ServiceError } from './errors';
import { sellerContactNudges } from './moderation-nudges';
import type { MutationResult } from './mutation';
import { hitRateLimit, RATE_RULES } from './rate-limit';

// Own-profile edits and the admin's role changes. The role is never taken from a profile body.

function profileEvent(user: User, version: number): ServerEvent {
  return {
    channel: 'USER_UPDATE',
    userId: user.id,
    data: { user_id: user.id, action: 'profile_update', user_data: user, version },
  };
}

async function readUser(tx: Queryable, id: number): Promise<{ row: User; version: number }> {
  const user = await findUser(tx, id);
  if (!user) throw new ServiceError('notFound', ROLE_TEXTS.userNotFound);
  return user;
}

/** A profile save: the answer, and the code to mail once its transaction has committed. */
export interface ProfileSave {
  result: MutationResult;
  outgoing: OutgoingEmailCode | null;
}

/**
 * Saves the own profile. Every field but the e-mail changes at once; a different e-mail waits for
 * the code mailed to it (services/email-change.ts) and the answer says so in `emailChangePending`.
 * The same address in other letter case is the same mailbox and is taken at once.
 */
export async function updateProfile(
  tx: Queryable,
  principal: Principal,
  userId: number,
  body: UpdateUserRequest,
  now: Date,
): Promise<ProfileSave> {
  if (principal.id !== userId) throw new ServiceError('forbidden', PROFILE_TEXTS.notYours);
  const currentEmail = await lockUserEmail(tx, userId);
  if (currentEmail === undefined) throw new ServiceError('notFound', ROLE_TEXTS.userNotFound);
  if (body.avatar !== '') {
    // Only an avatar this user uploaded: someone else's file id must not become this profile's picture.
    // FOR SHARE holds the row until the commit, so the clean-up of unused avatars (compaction.ts)
    // cannot delete it in between.
    if (!(await holdOwnAvatar(tx, body.avatar, userId)))
      throw new ServiceError('invalid', PROFILE_TEXTS.badAvatar);
  }
  const sameAddress = currentEmail.toLowerCase() === body.email;
  const outgoing = sameAddress ? null : await requestEmailChange(tx, userId, body.email, now);
  await updateProfileFields(tx, userId, {
    name: body.name,
    surname: body.surname,
    middlename: body.middlename,
    phone: body.phone,
    email: sameAddress ? body.email : currentEmail,
    avatar: body.avatar,
  });
  const user = await readUser(tx, userId);
  const answer = sameAddress ? user.row : { ...user.row, emailChangePending: body.email };
  return {
    result: {
      status: 200,
      body: answer,
      events: [profileEvent(user.row, user.version), ...(await sellerContactNudges(tx, userId))],
    },
    outgoing,
  };
}

/** GET /api/users/{id}/email: the own new address waiting for its code, or null. */
export async function emailChangeStatus(
  db: Queryable,
  principal: Principal,
  userId: number,
  now: Date,
): Promise<EmailChangeStatus> {
  if (principal.id !== userId) throw new ServiceError('forbidden', PROFILE_TEXTS.notYours);
  return { emailChangePending: await pendingEmail(db, userId, now) };
}

const REFUSALS = {
  wrong: () => new ServiceError('invalid', AUTH_SERVICE_TEXTS.wrongCode),
  dead: () => new ServiceError('invalid', AUTH_SERVICE_TEXTS.codeExpired),
  taken: () => new ServiceError('conflict', PROFILE_TEXTS.emailTaken),
} as const;

/**
 * POST /api/users/{id}/email/confirm: the code mailed to the new address makes it the account's
 * e-mail. A wrong code counts as a try and is committed as one; an address another account took in
 * the meantime is refused, and that code is spent.
 */
export async function confirmEmailChange(
  deps: { db: Db; events: EventBus; now: () => Date },
  principal: Principal,
  userId: number,
  code: string,
): Promise<User> {
  if (principal.id !== userId) throw new ServiceError('forbidden', PROFILE_TEXTS.notYours);
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.emailConfirmPerAccount, String(userId), now);
  type Outcome = { state: 'wrong' | 'dead' | 'taken' } | { state: 'ok'; user: User; version: number };
  let outcome: Outcome;
  try {
    // The outcome leaves the transaction as a value: a wrong try must commit its attempt count.
    outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
      const check = await checkEmailCode(tx, userId, code, now);
      if (check.state !== 'ok') return check;
      if (await emailHeldByOther(tx, userId, check.email)) return { state: 'taken' };
      await setEmail(tx, userId, check.email);
      const user = await readUser(tx, userId);
      return { state: 'ok', user: user.row, version: user.version };
    });
  } catch (error) {
    // A registration of the same address committed in between: the unique index refused it.
    if ((error as { code?: string }).code === '23505')
      throw new ServiceError('conflict', PROFILE_TEXTS.emailTaken);
    throw error;
  }
  if (outcome.state !== 'ok') throw REFUSALS[outcome.state]();
  deps.events.publish([profileEvent(outcome.user, outcome.version)]);
  return outcome.user;
}

/**
 * promote-to-seller and demote-to-user. Repeating either is a harmless success. A demotion raises
 * token_version, so every token the seller held stops working at once.
 */
export async function changeRole(
  tx: Queryable,
  principal: Principal,
  userId: number,
  to: 'seller' | 'user',
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', ROLE_TEXTS.adminOnly);
  const role = await lockUserRole(tx, userId);
  if (role === undefined) throw new ServiceError('notFound', ROLE_TEXTS.userNotFound);
  if (role === 'admin') throw new ServiceError('invalid', ROLE_TEXTS.adminRole);
  const events: ServerEvent[] = [];
  if (role !== to) {
    // The version a demotion raises to is kept, so a refused older token can say why (http/auth.ts).
    const tokenVersion = await setRole(tx, userId, to);
    const user = await readUser(tx, userId);
    events.push(profileEvent(user.row, user.version));
    // Open sockets of the demoted seller lose their personal channels now, not at their next reconnect.
    if (to === 'user' && tokenVersion !== undefined)
      events.push({ channel: 'TOKENS_REVOKED', userId, data: { belowVersion: tokenVersion } });
  }
  const message = to === 'seller' ? ROLE_TEXTS.promoted : ROLE_TEXTS.demoted;
  return { status: 200, body: { user_id: userId, role: to, message }, events };
}
