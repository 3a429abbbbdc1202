import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { processNotification } from '../../payments/confirm';
import { ProviderUnavailableError } from '../../payments/provider';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { clientIp, trustedProxyList } from '../client-ip';
import { confirmDeps } from './money-deps';

export const PAYMENT_TEXTS = {
  forbidden: 'Уведомления принимаются только от платёжной системы',
  badNotification: 'Некорректное уведомление',
  unavailable: 'Платёжная система недоступна, повторите уведомление позже',
  unknownToken: 'Платёж не найден',
  declined: 'Платёж отклонён банком. Проверьте номер карты или возьмите другую',
  badCard: 'Введите номер карты',
} as const;

// A notification is only a hint: its payment id is looked up at the provider (confirm.ts).
const notificationSchema = z.object({
  object: z.object({ id: z.string().min(1).max(100) }),
});

const testPaySchema = z.object({
  confirmation_token: z.string().min(1).max(200),
  card_number: z.string().min(12).max(30),
});

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** /api/payments: the widget's configuration and the provider's notifications. */
export function paymentRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/config', (c) =>
    c.json({ provider: deps.payments.provider.name, widget_url: deps.payments.provider.widgetUrl }),
  );

  // Behind a trusted proxy the provider's address is the one the proxy forwards; a forged
  // X-Forwarded-For from anyone else is ignored.
  const proxies = trustedProxyList(deps.config.TRUSTED_PROXIES);
  app.post('/webhook', async (c) => {
    if (!deps.payments.webhookAddresses.allows(clientIp(c, proxies)))
      throw new ServiceError('forbidden', PAYMENT_TEXTS.forbidden);
    const parsed = notificationSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', PAYMENT_TEXTS.badNotification);
    try {
      const outcome = await processNotification(confirmDeps(deps), parsed.data.object.id);
      deps.metrics?.payments.inc({ outcome });
      return c.json({ ok: true, outcome });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        deps.metrics?.payments.inc({ outcome: 'unavailable' });
        throw new ServiceError('failedDependency', PAYMENT_TEXTS.unavailable);
      }
      throw error;
    }
  });

  return app;
}

/**
 * /api/test-pay: the built-in test provider's side (only with PAYMENT_PROVIDER=test). The widget
 * shows what is paid for and submits the card; on success the provider notifies the shop in-process,
 * the same way YooKassa calls the webhook, and the shop checks with the provider before confirming.
 */
export function testPayRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const test = deps.payments.test;
  if (!test) return app;

  app.get('/payments/:token', async (c) => {
    const described = await test.describe(c.req.param('token'));
    if (!described) throw new ServiceError('notFound', PAYMENT_TEXTS.unknownToken);
    return c.json(described);
  });

  app.post('/pay', async (c) => {
    const parsed = testPaySchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', PAYMENT_TEXTS.badCard);
    const result = await test.pay(parsed.data.confirmation_token, parsed.data.card_number);
    if (result.outcome === 'unknown') throw new ServiceError('notFound', PAYMENT_TEXTS.unknownToken);
    if (result.outcome === 'declined') {
      deps.metrics?.payments.inc({ outcome: 'declined' });
      throw new ServiceError('paymentRequired', PAYMENT_TEXTS.declined);
    }
    const outcome = result.payment
      ? await processNotification(confirmDeps(deps), result.payment.id)
      : 'ignored';
    deps.metrics?.payments.inc({ outcome });
    return c.json({ status: 'succeeded', outcome });
  });
  return app;
}
