import { Hono, type Context } from 'hono';
import { loginRequestSchema, registerRequestSchema, verifyCodeRequestSchema } from '../../../protocol/auth';
import { login, register, revokeTokens, verifyCode } from '../../services/auth';
import { AUTH_SERVICE_TEXTS } from '../../services/auth-texts';
import { requirePrincipal } from '../auth';
import { clientIp as addressOf, trustedProxyList } from '../client-ip';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';

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
  // Rate limits count per client address: behind a trusted proxy, the one it forwards.
  const proxies = trustedProxyList(deps.config.TRUSTED_PROXIES);
  const clientIp = (c: Context) => addressOf(c, proxies);

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
