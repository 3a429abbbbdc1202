import type { AuthResponse, PasswordResetConfirmRequest, PasswordResetRequest } from '../../protocol/auth';
import { findAccount, resetPassword } from '../storage/accounts';
import { findUser } from '../storage/users';
import { failStep, fromAddress, type AuthDeps } from './auth';
import { checkCode, CODE_TTL_MS, issueCode } from './auth-codes';
import { AUTH_SERVICE_TEXTS, RESET_MAIL } from './auth-texts';
import { ServiceError } from './errors';
import { hashPassword } from './passwords';
import { hitRateLimit, RATE_RULES } from './rate-limit';

// 'Забыли пароль?': a six-digit code mailed to the account's address, then the code and a new password.
// The code is a login code in all but its purpose (auth-codes.ts: the same drawing, lifetime, tries
// and single use), so it never signs in through /auth/verify-2fa, nor voids a pending login code.
// The request answers the same whether or not the address has an account: the counters it raises
// are keyed by what the caller sent, and the mail leaves without the answer waiting for it.

/** POST /auth/password-reset: mails a code when the e-mail names an account; answers the same either way. */
export function requestPasswordReset(
  deps: AuthDeps,
  request: PasswordResetRequest,
  ip: string,
): Promise<void> {
  const now = deps.now();
  return fromAddress(deps, ip, now, async () => {
    await hitRateLimit(deps.db, RATE_RULES.codeMailsPerIp, ip, now);
    await hitRateLimit(deps.db, RATE_RULES.resetSendPerEmail, request.email, now);
    const account = await findAccount(deps.db, request.email);
    if (!account) return;
    const code = await issueCode(deps.db, account.id, now, 'password-reset');
    // Not awaited: a mail server's answer time, or its failure, would tell a known address from an
    // unknown one. A failed send is logged; the person asks for the code again.
    deps.mailer
      .send({
        to: request.email,
        subject: RESET_MAIL.subject,
        text: RESET_MAIL.text(code, CODE_TTL_MS / 60_000),
      })
      .catch((error: unknown) =>
        deps.log.error(`sending the password-reset code to user ${account.id} failed`, error),
      );
  });
}

/** What a confirmed reset leaves: the sign-in answer and the token version older tokens fall below. */
export interface PasswordResetDone {
  auth: AuthResponse;
  userId: number;
  tokenVersion: number;
}

/**
 * POST /auth/password-reset/confirm: the mailed code and a new password. The password changes,
 * every token the account held is void (token_version rises), and a fresh token signs the caller in.
 */
export function confirmPasswordReset(
  deps: AuthDeps,
  request: PasswordResetConfirmRequest,
  ip: string,
): Promise<PasswordResetDone> {
  const now = deps.now();
  return fromAddress(deps, ip, now, async () => {
    await hitRateLimit(deps.db, RATE_RULES.verifyPerAccount, request.email, now);
    // Hashed before the account is looked up, known or not, so the answer time tells nothing; and
    // outside the transaction, which holds the code's row lock.
    const passwordHash = await hashPassword(request.password);
    const account = await findAccount(deps.db, request.email);
    if (!account) failStep(new ServiceError('invalid', AUTH_SERVICE_TEXTS.wrongCode));
    // The outcome leaves the transaction as a value: a wrong try must commit its attempt count.
    const outcome = await deps.db.transaction(async (tx) => {
      const check = await checkCode(tx, account.id, request.code, now, 'password-reset');
      if (check !== 'ok') return { check, version: null };
      return { check, version: await resetPassword(tx, account.id, passwordHash) };
    });
    if (outcome.check !== 'ok' || outcome.version === null)
      failStep(
        new ServiceError(
          'invalid',
          outcome.check === 'wrong' ? AUTH_SERVICE_TEXTS.wrongCode : AUTH_SERVICE_TEXTS.codeExpired,
        ),
      );
    const user = await findUser(deps.db, account.id);
    if (!user) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.wrongCode);
    const accessToken = await deps.tokens.sign({ userId: account.id, tokenVersion: outcome.version });
    return {
      auth: { user_data: user.row, access_token: accessToken },
      userId: account.id,
      tokenVersion: outcome.version,
    };
  });
}
