import { Hono, type Context } from 'hono';
import {
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  verifyCodeRequestSchema,
  type PasswordResetResponse,
} from '../../../protocol/auth';
import { login, register, revokeToken, revokeTokens, verifyCode } from '../../services/auth';
import { confirmPasswordReset, requestPasswordReset } from '../../services/password-reset';
import { AUTH_SERVICE_TEXTS } from '../../services/auth-texts';
import { AUTH_TEXTS, bearerClaims, requirePrincipal } from '../auth';
import { clientIp as addressOf, trustedProxyList } from '../client-ip';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * POST /auth/register, /auth/login, /auth/verify-2fa, /auth/password-reset (and /confirm),
 * /auth/logout and /auth/logout-all.
 */
export function authRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  // Rate limits count per client address: behind a trusted proxy, the one it forwards.
  const proxies = trustedProxyList(deps.config.TRUSTED_PROXIES);
  const clientIp = (c: Context) => addressOf(c, proxies);

  app.post('/register', async (c) => {
    const parsed = registerRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.badRequest);
    await register(deps, parsed.data, clientIp(c));
    return c.json({ status: 'code_sent' });
  });

  app.post('/login', async (c) => {
    const parsed = loginRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.badRequest);
    await login(deps, parsed.data, clientIp(c));
    return c.json({ status: 'code_sent' });
  });

  app.post('/verify-2fa', async (c) => {
    const parsed = verifyCodeRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.badCodeRequest);
    return c.json(await verifyCode(deps, parsed.data, clientIp(c)));
  });

  app.post('/password-reset', async (c) => {
    const parsed = passwordResetRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.badResetRequest);
    await requestPasswordReset(deps, parsed.data, clientIp(c));
    return c.json({ ok: true } satisfies PasswordResetResponse);
  });

  // A new password voids every older token: open sockets of the account hear of it at once.
  app.post('/password-reset/confirm', async (c) => {
    const parsed = passwordResetConfirmSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', AUTH_SERVICE_TEXTS.badResetConfirm);
    const done = await confirmPasswordReset(deps, parsed.data, clientIp(c));
    deps.events.publish([
      { channel: 'TOKENS_REVOKED', userId: done.userId, data: { belowVersion: done.tokenVersion } },
    ]);
    return c.json(done.auth);
  });

  // Logout on this device: this token stops working, the user's others do not. Only the signature is
  // checked: a token voided meanwhile (or logged out already, as a queued logout sent twice is) is
  // revoked again harmlessly, and the answer is the same.
  app.post('/logout', async (c) => {
    if (!c.req.header('authorization')) throw new ServiceError('unauthenticated', AUTH_TEXTS.required);
    const claims = await bearerClaims(c, deps);
    if (!claims) throw new ServiceError('unauthenticated', AUTH_TEXTS.invalid);
    await revokeToken(deps.db, claims);
    deps.events.publish([{ channel: 'TOKENS_REVOKED', userId: claims.userId, data: { jti: claims.jti } }]);
    return c.json({ status: 'ok' });
  });

  // Logout everywhere: the caller's current and older tokens all stop working.
  app.post('/logout-all', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const version = await revokeTokens(deps.db, principal.id);
    if (version !== null)
      deps.events.publish([
        { channel: 'TOKENS_REVOKED', userId: principal.id, data: { belowVersion: version } },
      ]);
    return c.json({ status: 'ok' });
  });
  return app;
}
