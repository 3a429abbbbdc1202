import type { AuthResponse, LoginRequest, RegisterRequest, VerifyCodeRequest } from '../../protocol/auth';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import {
  findAccount,
  findSellerId,
  insertRevokedToken,
  markVerified,
  raiseTokenVersion,
  upsertUnverified,
} from '../storage/accounts';
import type { Db } from '../storage/db';
import { findUser } from '../storage/users';
import { checkCode, CODE_TTL_MS, issueCode } from './auth-codes';
import { AUTH_SERVICE_TEXTS, CODE_MAIL } from './auth-texts';
import { ServiceError } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { hitRateLimit, RATE_RULES, takePlace } from './rate-limit';
import type { TokenService, VerifiedToken } from './tokens';

// Registration and login both end in an e-mailed code; only POST /auth/verify-2fa hands out a token.
// A registration inserts the user unverified at once (so the code has a row to belong to); the
// first confirmed code marks it verified. An unverified account may register again (new password,
// new code) or log in with its password (new code): whoever confirms a code owns the mailbox.
//
// Limits: each account's tries count strictly, from any address. An address is refused only once
// its failures (a wrong password or code, an unknown account, a taken e-mail) reach
// AUTH_FAILURES_PER_ADDRESS in 15 minutes, so hundreds of people behind one NAT sign in freely; the
// code e-mails it makes the server send have a generous cap of their own.

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  tokens: TokenService;
  log: Logger;
  now: () => Date;
  config: Pick<Config, 'AUTH_FAILURES_PER_ADDRESS'>;
}

/** A sign-in step refused as a failure: it counts against its address (fromAddress). */
class FailedStep extends ServiceError {}

/** Refuses a sign-in step with `error`, counted as a failure of the address it came from. */
export function failStep(error: ServiceError): never {
  throw new FailedStep(error.refusal, error.message, error.field);
}

/**
 * Runs a sign-in step from address `ip`: 429 once the address's failures reach the configured limit.
 * The step holds a failure's place while it runs and keeps it only if it fails (failStep), so steps
 * that start together count as failures before any of them ends, and successes never count.
 */
export async function fromAddress<T>(
  deps: AuthDeps,
  ip: string,
  now: Date,
  step: () => Promise<T>,
): Promise<T> {
  const giveBack = await takePlace(
    deps.db,
    RATE_RULES.authPerIp,
    ip,
    now,
    deps.config.AUTH_FAILURES_PER_ADDRESS,
  );
  let failed = false;
  try {
    return await step();
  } catch (error) {
    failed = error instanceof FailedStep;
    throw error;
  } finally {
    // A place not given back counts a success as a failure: the safe side of a lost write.
    if (!failed) await giveBack().catch(() => undefined);
  }
}

// Unknown e-mails still pay for one scrypt, so the answer time does not tell whether they exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-password'));

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
    throw new ServiceError('failedDependency', AUTH_SERVICE_TEXTS.mailFailed);
  }
}

async function referrerOf(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  // Only a seller earns a referral bonus; any other id is dropped rather than refusing the signup.
  return findSellerId(db, id);
}

export function register(deps: AuthDeps, request: RegisterRequest, ip: string): Promise<void> {
  const now = deps.now();
  return fromAddress(deps, ip, now, async () => {
    const existing = await findAccount(deps.db, request.login_email);
    // A taken e-mail counts as a failure: trying addresses one after another is how accounts are found.
    if (existing?.verified) failStep(new ServiceError('conflict', AUTH_SERVICE_TEXTS.userExists));
    // Counted before the password hash, which bounds the hashing one address can ask for.
    await hitRateLimit(deps.db, RATE_RULES.codeMailsPerIp, ip, now);
    const passwordHash = await hashPassword(request.password);
    const referrer = await referrerOf(deps.db, request.refferalOf);
    // A verified account of the same address, registered meanwhile, keeps its row: no id comes back.
    const id = await upsertUnverified(deps.db, request.login_email, passwordHash, referrer);
    if (id === null) throw new ServiceError('conflict', AUTH_SERVICE_TEXTS.userExists);
    await sendCode(deps, id, request.login_email);
  });
}

export function login(deps: AuthDeps, request: LoginRequest, ip: string): Promise<void> {
  const now = deps.now();
  return fromAddress(deps, ip, now, async () => {
    await hitRateLimit(deps.db, RATE_RULES.loginPerAccount, request.login_email, now);
    const account = await findAccount(deps.db, request.login_email);
    const matches = await verifyPassword(request.password, account?.password_hash ?? (await getDummyHash()));
    if (!account || !matches)
      failStep(new ServiceError('unauthenticated', AUTH_SERVICE_TEXTS.badCredentials));
    await hitRateLimit(deps.db, RATE_RULES.codeMailsPerIp, ip, now);
    await sendCode(deps, account.id, request.login_email);
  });
}

export function verifyCode(deps: AuthDeps, request: VerifyCodeRequest, ip: string): Promise<AuthResponse> {
  const now = deps.now();
  return fromAddress(deps, ip, now, async () => {
    await hitRateLimit(deps.db, RATE_RULES.verifyPerAccount, request.login_email, now);
    const account = await findAccount(deps.db, request.login_email);
    if (!account) failStep(new ServiceError('invalid', AUTH_SERVICE_TEXTS.wrongCode));
    // The outcome leaves the transaction as a value: a wrong try must commit its attempt count.
    const outcome = await deps.db.transaction(async (tx) => {
      const check = await checkCode(tx, account.id, request.code, now);
      if (check === 'ok') await markVerified(tx, account.id);
      return check;
    });
    if (outcome !== 'ok')
      failStep(
        new ServiceError(
          'invalid',
          outcome === 'wrong' ? AUTH_SERVICE_TEXTS.wrongCode : AUTH_SERVICE_TEXTS.codeExpired,
        ),
      );
    const user = await findUser(deps.db, account.id);
    if (!user) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.wrongCode);
    const accessToken = await deps.tokens.sign({ userId: account.id, tokenVersion: account.token_version });
    return { user_data: user.row, access_token: accessToken };
  });
}

/**
 * Voids every token the user holds (logout everywhere); demotion does the same. Answers the new
 * token version (null for no such user): tokens below it are void.
 */
export async function revokeTokens(db: Db, userId: number): Promise<number | null> {
  return raiseTokenVersion(db, userId);
}

/**
 * Voids this one token (logout on this device): its id stays on the revoked list until it would
 * have expired anyway, and the user's other tokens keep working. Revoking it again changes nothing.
 */
export async function revokeToken(db: Db, token: Pick<VerifiedToken, 'jti' | 'expiresAt'>): Promise<void> {
  await insertRevokedToken(db, token.jti, new Date(token.expiresAt * 1000).toISOString());
}
