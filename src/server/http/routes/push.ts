import { createECDH } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type PushSubscriptionBody,
} from '../../../protocol/push';
import { vapidKeys } from '../../services/push';
import { deleteOwnSubscription, saveSubscription } from '../../storage/push-subscriptions';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { runMutation } from '../idempotency';

// Web Push subscriptions for trip reminders (protocol/push.ts). Mounted at /api/push.

export const PUSH_ROUTE_TEXTS = {
  badSubscription:
    'Некорректная подписка на уведомления: нужны адрес (endpoint) и ключи p256dh и auth браузера',
  badUnsubscribe: 'Некорректный запрос: укажите адрес подписки (endpoint)',
} as const;

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** The bytes of base64url `text` when it holds exactly `bytes` of them; null otherwise. */
function decodes(text: string, bytes: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const buffer = Buffer.from(text, 'base64url');
  return buffer.length === bytes ? buffer : null;
}

/**
 * Keys a browser really gives: p256dh a point of P-256 (65 bytes, uncompressed), auth 16 bytes. Others
 * could never be encrypted to, so they are refused when subscribing rather than failing every push.
 */
function usableKeys(body: PushSubscriptionBody): boolean {
  const point = decodes(body.keys.p256dh, 65);
  if (!point || point[0] !== 4 || !decodes(body.keys.auth, 16)) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the server may post pushes: a browser's push service is always https. Anything else would let
 * a signed-in user make the server post to an address of their choosing (its own network included).
 * A demo or test server (no https PUBLIC_URL) also accepts a push service on its own loopback over http.
 */
function allowedEndpoint(endpoint: string, publicUrl: string | undefined): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  const realDeployment = /^https:\/\//i.test(publicUrl ?? '');
  return !realDeployment && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function pushRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/key', async (c) => {
    const { publicKey } = await vapidKeys(deps.config);
    return c.json({ publicKey });
  });

  app.post('/subscriptions', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = pushSubscriptionSchema.safeParse(await readJson(c));
    if (
      !parsed.success ||
      !usableKeys(parsed.data) ||
      !allowedEndpoint(parsed.data.endpoint, deps.config.PUBLIC_URL)
    )
      throw new ServiceError('invalid', PUSH_ROUTE_TEXTS.badSubscription);
    const subscription = parsed.data;
    return runMutation(c, deps, principal.id, 'detail', async (tx) => {
      await saveSubscription(tx, principal.id, subscription, deps.now());
      return { status: 200, body: { ok: true }, events: [] };
    });
  });

  app.delete('/subscriptions', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = pushUnsubscribeSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', PUSH_ROUTE_TEXTS.badUnsubscribe);
    const { endpoint } = parsed.data;
    return runMutation(c, deps, principal.id, 'detail', async (tx) => {
      await deleteOwnSubscription(tx, principal.id, endpoint);
      return { status: 200, body: { ok: true }, events: [] };
    });
  });

  return app;
}
