import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { loginRequestSchema, registerRequestSchema, verifyCodeRequestSchema } from '../../../protocol/auth';
import { login, register, revokeTokens, verifyCode } from '../../services/auth';
import { AUTH_SERVICE_TEXTS } from '../../services/auth-texts';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';

/**
 * The peer address from the socket. X-Forwarded-For is ignored on purpose: anyone can send it, and
 * trusting it would let a client pick a fresh rate-limit bucket per request.
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket.remoteAddress ?? 'unknown';
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** POST /auth/register, /auth/login, /auth/verify-2fa and /auth/logout-all. */
export function authRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/register', async (c) => {
    const parsed = registerRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, AUTH_SERVICE_TEXTS.badRequest);
    await register(deps, parsed.data, clientIp(c));
    return c.json({ status: 'code_sent' });
  });

  app.post('/login', async (c) => {
    const parsed = loginRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, AUTH_SERVICE_TEXTS.badRequest);
    await login(deps, parsed.data, clientIp(c));
    return c.json({ status: 'code_sent' });
  });

  app.post('/verify-2fa', async (c) => {
    const parsed = verifyCodeRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, AUTH_SERVICE_TEXTS.badCodeRequest);
    return c.json(await verifyCode(deps, parsed.data, clientIp(c)));
  });

  // Logout everywhere: the caller's current and older tokens all stop working.
  app.post('/logout-all', async (c) => {
    const principal = await requirePrincipal(c, deps);
    await revokeTokens(deps.db, principal.id);
    return c.json({ status: 'ok' });
  });
  return app;
}
