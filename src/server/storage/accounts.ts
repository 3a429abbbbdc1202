import type { Queryable } from './db';

// The users table as sign-in and the profile write it: credentials, verification, token versions,
// the revoked tokens, addresses and roles. The user as SPEC §3 shows it is read in users.ts.

export interface AccountRow {
  id: number;
  password_hash: string;
  verified: boolean;
  token_version: number;
}

export async function findAccount(db: Queryable, email: string): Promise<AccountRow | null> {
  const rows = await db.query<AccountRow>(
    'SELECT id, password_hash, verified, token_version FROM users WHERE lower(email) = $1',
    [email],
  );
  return rows[0] ?? null;
}

/** The id when it names a seller, else null. */
export async function findSellerId(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND role = 'seller'`, [
    id,
  ]);
  return row?.id ?? null;
}

/**
 * Inserts the user unverified, or renews an unverified registration of the same address; null when a
 * verified account holds the address. ON CONFLICT covers a concurrent registration of the same
 * address, and a verification that happened meanwhile keeps its row (WHERE NOT verified).
 */
export async function upsertUnverified(
  db: Queryable,
  email: string,
  passwordHash: string,
  referrer: number | null,
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, referrer_id, verified) VALUES ($1, $2, $3, false)
     ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash,
       referrer_id = EXCLUDED.referrer_id
     WHERE NOT users.verified
     RETURNING id`,
    [email, passwordHash, referrer],
  );
  return row?.id ?? null;
}

export async function markVerified(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE users SET verified = true WHERE id = $1 AND NOT verified', [id]);
}

/** Raises the user's token version; the new one, or null for no such user. */
export async function raiseTokenVersion(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.query<{ token_version: number }>(
    'UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version',
    [userId],
  );
  return row?.token_version ?? null;
}

/**
 * Sets a new password and raises the token version, voiding every token the user held; the mailbox
 * is proven, so the account counts as verified. The new token version, or null for no such user.
 */
export async function resetPassword(
  tx: Queryable,
  userId: number,
  passwordHash: string,
): Promise<number | null> {
  const [row] = await tx.query<{ token_version: number }>(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1, verified = true
     WHERE id = $1 RETURNING token_version`,
    [userId, passwordHash],
  );
  return row?.token_version ?? null;
}

/** Puts a token id on the revoked list until `expiresAt`; once is enough. */
export async function insertRevokedToken(db: Queryable, jti: string, expiresAt: string): Promise<void> {
  await db.query(
    'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING',
    [jti, expiresAt],
  );
}

/** The version a demotion raised the user's tokens to, if the user exists. */
export async function demotedTokenVersion(db: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await db.query<{ demoted_token_version: number }>(
    'SELECT demoted_token_version FROM users WHERE id = $1',
    [userId],
  );
  return row?.demoted_token_version;
}

/** Whether another account holds `email`, compared case-insensitively. */
export async function emailHeldByOther(q: Queryable, userId: number, email: string): Promise<boolean> {
  const [row] = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    userId,
  ]);
  return Boolean(row);
}

/** The user's e-mail, its row locked for the profile save; undefined for no such user. */
export async function lockUserEmail(tx: Queryable, userId: number): Promise<string | undefined> {
  const [current] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return current?.email;
}

/**
 * Whether `avatar` is an avatar this user uploaded (or one of no owner), held FOR SHARE until the
 * commit so the clean-up of unused avatars (compaction.ts) cannot delete it in between.
 */
export async function holdOwnAvatar(tx: Queryable, avatar: string, userId: number): Promise<boolean> {
  const [row] = await tx.query(
    `SELECT 1 FROM media WHERE id = $1 AND kind = 'avatar' AND (owner_id = $2 OR owner_id IS NULL) FOR SHARE`,
    [avatar, userId],
  );
  return row !== undefined;
}

export interface ProfileFields {
  name: string;
  surname: string;
  middlename: string;
  phone: string;
  email: string;
  avatar: string;
}

export async function updateProfileFields(tx: Queryable, userId: number, p: ProfileFields): Promise<void> {
  await tx.query(
    `UPDATE users SET name = $2, surname = $3, middlename = $4, phone = $5, email = $6, avatar = $7 WHERE id = $1`,
    [userId, p.name, p.surname, p.middlename, p.phone, p.email, p.avatar],
  );
}

export async function setEmail(tx: Queryable, userId: number, email: string): Promise<void> {
  await tx.query('UPDATE users SET email = $2 WHERE id = $1', [userId, email]);
}

/** The user's role, its row locked; undefined for no such user. */
export async function lockUserRole(tx: Queryable, userId: number): Promise<string | undefined> {
  const [target] = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return target?.role;
}

/**
 * Sets the role. A demotion to user raises token_version, and keeps the version it raised to so a
 * refused older token can say why (http/auth.ts). The token version after it, if the user exists.
 */
export async function setRole(
  tx: Queryable,
  userId: number,
  to: 'seller' | 'user',
): Promise<number | undefined> {
  const [changed] = await tx.query<{ token_version: number }>(
    to === 'user'
      ? `UPDATE users SET role = 'user', token_version = token_version + 1,
             demoted_token_version = token_version + 1 WHERE id = $1 RETURNING token_version`
      : `UPDATE users SET role = 'seller' WHERE id = $1 RETURNING token_version`,
    [userId],
  );
  return changed?.token_version;
}
