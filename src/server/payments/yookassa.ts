import type { CreatePaymentInput, PaymentProvider, ProviderPayment, ProviderStatus } from './provider';
import { ProviderUnavailableError } from './provider';

// YooKassa's API v3: a payment is created with an Idempotence-Key and confirmation type `embedded`
// (its checkout widget takes the confirmation_token); a notification is checked by fetching the
// payment back with the shop's credentials.

export const YOOKASSA_WIDGET_URL = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';

/** The addresses YooKassa publishes for its notifications (docs: "Входящие уведомления"). */
export const YOOKASSA_NOTIFICATION_ADDRESSES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

export interface YookassaOptions {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface ApiPayment {
  id: string;
  status: ProviderStatus;
  amount?: { value?: string; currency?: string };
  metadata?: { payment_id?: string };
  confirmation?: { type?: string; confirmation_token?: string };
}

const toPayment = (body: ApiPayment): ProviderPayment => ({
  id: body.id,
  status: body.status,
  amount: Math.round(Number(body.amount?.value ?? 'NaN')),
  paymentId: body.metadata?.payment_id ?? null,
});

export function createYookassaProvider(options: YookassaOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const call = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await doFetch(`${options.apiUrl}${path}`, {
        ...init,
        headers: { Authorization: auth, 'Content-Type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`YooKassa unreachable: ${String(error)}`);
    }
  };
  return {
    name: 'yookassa',
    widgetUrl: YOOKASSA_WIDGET_URL,
    async create(input: CreatePaymentInput) {
      const response = await call('/payments', {
        method: 'POST',
        headers: { 'Idempotence-Key': input.paymentId },
        body: JSON.stringify({
          amount: { value: input.amount.toFixed(2), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'embedded' },
          description: input.description.slice(0, 128),
          metadata: { payment_id: input.paymentId },
        }),
      });
      if (!response.ok) throw new ProviderUnavailableError(`YooKassa create: ${response.status}`);
      const body = (await response.json()) as ApiPayment;
      const token = body.confirmation?.confirmation_token;
      if (!body.id || !token) throw new ProviderUnavailableError('YooKassa create: no confirmation token');
      return { ...toPayment(body), confirmationToken: token };
    },
    async fetch(id) {
      if (!/^[\w-]{1,64}$/.test(id)) return null;
      const response = await call(`/payments/${id}`, { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) throw new ProviderUnavailableError(`YooKassa fetch: ${response.status}`);
      return toPayment((await response.json()) as ApiPayment);
    },
  };
}
