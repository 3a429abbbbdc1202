import type { User } from '../../domain/types';
import type { UpdateUserRequest } from '../../protocol/users';
import { HttpError } from '../http/errors';
import type { MutationResult } from '../http/idempotency';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import { findUser, type Principal } from '../storage/users';
import { PROFILE_TEXTS, ROLE_TEXTS } from './auth-texts';

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
  if (!user) throw new HttpError(404, ROLE_TEXTS.userNotFound);
  return user;
}

export async function updateProfile(
  tx: Queryable,
  principal: Principal,
  userId: number,
  body: UpdateUserRequest,
): Promise<MutationResult> {
  if (principal.id !== userId) throw new HttpError(403, PROFILE_TEXTS.notYours);
  const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2', [
    body.email,
    userId,
  ]);
  if (taken) throw new HttpError(409, PROFILE_TEXTS.emailTaken);
  if (body.avatar !== '') {
    // Only an avatar this user uploaded: someone else's file id must not become this profile's picture.
    const [avatar] = await tx.query(
      `SELECT 1 FROM media WHERE id = $1 AND kind = 'avatar' AND (owner_id = $2 OR owner_id IS NULL)`,
      [body.avatar, userId],
    );
    if (!avatar) throw new HttpError(400, PROFILE_TEXTS.badAvatar);
  }
  await tx.query(
    `UPDATE users SET name = $2, surname = $3, middlename = $4, phone = $5, email = $6, avatar = $7 WHERE id = $1`,
    [userId, body.name, body.surname, body.middlename, body.phone, body.email, body.avatar],
  );
  const user = await readUser(tx, userId);
  return { status: 200, body: user.row, events: [profileEvent(user.row, user.version)] };
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
  if (principal.role !== 'admin') throw new HttpError(403, ROLE_TEXTS.adminOnly);
  const [target] = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  if (!target) throw new HttpError(404, ROLE_TEXTS.userNotFound);
  if (target.role === 'admin') throw new HttpError(400, ROLE_TEXTS.adminRole);
  const events: ServerEvent[] = [];
  if (target.role !== to) {
    await tx.query(
      `UPDATE users SET role = $2, token_version = token_version + CASE WHEN $2 = 'user' THEN 1 ELSE 0 END
       WHERE id = $1`,
      [userId, to],
    );
    const user = await readUser(tx, userId);
    events.push(profileEvent(user.row, user.version));
  }
  const message = to === 'seller' ? ROLE_TEXTS.promoted : ROLE_TEXTS.demoted;
  return { status: 200, body: { user_id: userId, role: to, message }, events };
}
