import type { AuthResponse, LoginRequest, RegisterRequest, VerifyCodeRequest } from '../../protocol/auth';
import { HttpError } from '../http/errors';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../storage/db';
import { findUser } from '../storage/users';
import { checkCode, CODE_TTL_MS, issueCode } from './auth-codes';
import { AUTH_SERVICE_TEXTS, CODE_MAIL } from './auth-texts';
import { hashPassword, verifyPassword } from './passwords';
import { hitRateLimit, RATE_RULES } from './rate-limit';
import type { TokenService, VerifiedToken } from './tokens';

// Registration and login both end in an e-mailed code; only POST /auth/verify-2fa hands out a token.
// A registration inserts the user unverified at once (so the code has a row to belong to); the
// first confirmed code marks it verified. An unverified account may register again (new password,
// new code) or log in with its password (new code): whoever confirms a code owns the mailbox.

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  tokens: TokenService;
  log: Logger;
  now: () => Date;
}

interface AccountRow {
  id: number;
  password_hash: string;
  verified: boolean;
  token_version: number;
}

// Unknown e-mails still pay for one scrypt, so the answer time does not tell whether they exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-password'));

async function findAccount(db: Db, email: string): Promise<AccountRow | null> {
  const rows = await db.query<AccountRow>(
    'SELECT id, password_hash, verified, token_version FROM users WHERE lower(email) = $1',
    [email],
  );
  return rows[0] ?? null;
}

async function sendCode(deps: AuthDeps, userId: number, email: string): Promise<void> {
  await hitRateLimit(deps.db, RATE_RULES.sendPerAccount, String(userId), deps.now());
  const code = await issueCode(deps.db, userId, deps.now());
  try {
    await deps.mailer.send({
      to: email,
      subject: CODE_MAIL.subject,
      text: CODE_MAIL.text(code, CODE_TTL_MS / 60_000),
    });
  } catch (error) {
    deps.log.error(`sending the login code to user ${userId} failed`, error);
    // A 4xx: the request was fine, a service it depends on failed (no 5xx by design).
    throw new HttpError(424, AUTH_SERVICE_TEXTS.mailFailed);
  }
}

async function referrerOf(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  // Only a seller earns a referral bonus; any other id is dropped rather than refusing the signup.
  const [row] = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND role = 'seller'`, [
    id,
  ]);
  return row?.id ?? null;
}

export async function register(deps: AuthDeps, request: RegisterRequest, ip: string): Promise<void> {
  await hitRateLimit(deps.db, RATE_RULES.authPerIp, ip, deps.now());
  const existing = await findAccount(deps.db, request.login_email);
  if (existing?.verified) throw new HttpError(409, AUTH_SERVICE_TEXTS.userExists);
  const passwordHash = await hashPassword(request.password);
  const referrer = await referrerOf(deps.db, request.refferalOf);
  // ON CONFLICT covers a concurrent registration of the same address, and a verification that
  // happened meanwhile keeps its row (WHERE NOT verified).
  const [row] = await deps.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, referrer_id, verified) VALUES ($1, $2, $3, false)
     ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash,
       referrer_id = EXCLUDED.referrer_id
     WHERE NOT users.verified
     RETURNING id`,
    [request.login_email, passwordHash, referrer],
  );
  if (!row) throw new HttpError(409, AUTH_SERVICE_TEXTS.userExists);
  await sendCode(deps, row.id, request.login_email);
}

export async function login(deps: AuthDeps, request: LoginRequest, ip: string): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.authPerIp, ip, now);
  await hitRateLimit(deps.db, RATE_RULES.loginPerAccount, request.login_email, now);
  const account = await findAccount(deps.db, request.login_email);
  const matches = await verifyPassword(request.password, account?.password_hash ?? (await getDummyHash()));
  if (!account || !matches) throw new HttpError(401, AUTH_SERVICE_TEXTS.badCredentials);
  await sendCode(deps, account.id, request.login_email);
}

export async function verifyCode(
  deps: AuthDeps,
  request: VerifyCodeRequest,
  ip: string,
): Promise<AuthResponse> {
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.verifyPerIp, ip, now);
  await hitRateLimit(deps.db, RATE_RULES.verifyPerAccount, request.login_email, now);
  const account = await findAccount(deps.db, request.login_email);
  if (!account) throw new HttpError(400, AUTH_SERVICE_TEXTS.wrongCode);
  // The outcome leaves the transaction as a value: a wrong try must commit its attempt count.
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await checkCode(tx, account.id, request.code, now);
    if (check === 'ok')
      await tx.query('UPDATE users SET verified = true WHERE id = $1 AND NOT verified', [account.id]);
    return check;
  });
  if (outcome === 'wrong') throw new HttpError(400, AUTH_SERVICE_TEXTS.wrongCode);
  if (outcome === 'dead') throw new HttpError(400, AUTH_SERVICE_TEXTS.codeExpired);
  const user = await findUser(deps.db, account.id);
  if (!user) throw new HttpError(400, AUTH_SERVICE_TEXTS.wrongCode);
  const accessToken = await deps.tokens.sign({ userId: account.id, tokenVersion: account.token_version });
  return { user_data: user.row, access_token: accessToken };
}

/**
 * Voids every token the user holds (logout everywhere); demotion does the same. Answers the new
 * token version (null for no such user): tokens below it are void.
 */
export async function revokeTokens(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.query<{ token_version: number }>(
    'UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version',
    [userId],
  );
  return row?.token_version ?? null;
}

/**
 * Voids this one token (logout on this device): its id stays on the revoked list until it would
 * have expired anyway, and the user's other tokens keep working. Revoking it again changes nothing.
 */
export async function revokeToken(db: Db, token: Pick<VerifiedToken, 'jti' | 'expiresAt'>): Promise<void> {
  await db.query(
    'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING',
    [token.jti, new Date(token.expiresAt * 1000).toISOString()],
  );
}
