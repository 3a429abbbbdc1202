import type {
  CreatePaymentInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderPayment,
  ProviderRefund,
  ProviderRefundStatus,
  ProviderStatus,
  Receipt,
} from './provider';
import { ProviderRefusedError, ProviderUnavailableError } from './provider';

// YooKassa's API v3: a payment is created with an Idempotence-Key and confirmation type `embedded`
// (its checkout widget takes the confirmation_token); a notification is checked by fetching the
// payment back with the shop's credentials. Payments and refunds carry a 54-FZ receipt.
//
// A POST whose outcome is unknown (HTTP 500, 202 "still processing", 429, no answer in time, no
// connection) is sent again with the same Idempotence-Key and body, as the API asks: the key makes
// every try the same one operation. A 4xx is the API's final no.

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

/** Tries of one POST in all: a caller (a booking request, the refund sweeper) waits for them. */
const POST_TRIES = 3;
/** The wait before the second try; doubled before each later one. */
const FIRST_BACKOFF_MS = 200;
/** A longer retry_after than this is not waited for here: the caller tries again later. */
const MAX_RETRY_AFTER_MS = 2_000;

export interface YookassaOptions {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** The receipt items' vat_code (1 = no VAT … 10, YooKassa's table). */
  vatCode: number;
  /** How long one try waits for the API's answer (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface ApiPayment {
  id: string;
  status: ProviderStatus;
  amount?: { value?: string; currency?: string };
  metadata?: { payment_id?: string };
  confirmation?: { type?: string; confirmation_token?: string };
}

interface ApiRefund {
  id?: string;
  status?: string;
  amount?: { value?: string };
}

interface ApiError {
  code?: string;
  parameter?: string;
  description?: string;
  retry_after?: number;
}

const REFUND_STATUSES: readonly string[] = [
  'pending',
  'succeeded',
  'canceled',
] satisfies ProviderRefundStatus[];

const rubles = (value: number) => ({ value: value.toFixed(2), currency: 'RUB' });

const toPayment = (body: ApiPayment): ProviderPayment => ({
  id: body.id,
  status: body.status,
  amount: Math.round(Number(body.amount?.value ?? 'NaN')),
  paymentId: body.metadata?.payment_id ?? null,
});

function toRefund(body: ApiRefund, what: string): ProviderRefund {
  if (!body.id || !REFUND_STATUSES.includes(body.status ?? ''))
    throw new ProviderUnavailableError(`YooKassa ${what}: unexpected answer`);
  return {
    id: body.id,
    status: body.status as ProviderRefundStatus,
    amount: Math.round(Number(body.amount?.value ?? 'NaN')),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
};

/** A 5xx, 202 or 429: the outcome is unknown or postponed, and the same request may be sent again. */
const retryable = (status: number) => status >= 500 || status === 202 || status === 429;

export function createYookassaProvider(options: YookassaOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const auth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  /** One try: the status and parsed body, or a ProviderUnavailableError when no answer came. */
  const once = async (path: string, init: RequestInit): Promise<{ status: number; body: unknown }> => {
    try {
      const response = await doFetch(`${options.apiUrl}${path}`, {
        ...init,
        headers: { Authorization: auth, 'Content-Type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, body: await readJson(response) };
    } catch (error) {
      throw new ProviderUnavailableError(`YooKassa unreachable: ${String(error)}`);
    }
  };

  /** A POST with its Idempotence-Key, tried again while its outcome is unknown; answers the 200 body. */
  const post = async (what: string, path: string, key: string, payload: unknown): Promise<unknown> => {
    const init = { method: 'POST', headers: { 'Idempotence-Key': key }, body: JSON.stringify(payload) };
    let problem = `YooKassa ${what}: no answer`;
    for (let attempt = 1; attempt <= POST_TRIES; attempt++) {
      let wait = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
      try {
        const { status, body } = await once(path, init);
        if (status === 200) return body;
        const error = body as ApiError;
        if (!retryable(status)) {
          const parameter = error.parameter ? ` (${error.parameter})` : '';
          throw new ProviderRefusedError(
            `YooKassa ${what} refused: ${status} ${error.code ?? ''}${parameter} ${error.description ?? ''}`.trim(),
          );
        }
        problem = `YooKassa ${what}: ${status}`;
        const asked = Number(error.retry_after);
        if (Number.isFinite(asked) && asked > 0) wait = Math.min(asked, MAX_RETRY_AFTER_MS);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        problem = error.message;
      }
      if (attempt < POST_TRIES) await sleep(wait);
    }
    throw new ProviderUnavailableError(`${problem} (${POST_TRIES} tries)`);
  };

  /** A GET of one object: its body, null when the API does not know it, else unavailable. */
  const get = async (what: string, path: string): Promise<unknown> => {
    const { status, body } = await once(path, { method: 'GET' });
    if (status === 404) return null;
    if (status !== 200) throw new ProviderUnavailableError(`YooKassa ${what}: ${status}`);
    return body;
  };

  const receipt = (r: Receipt) => ({
    customer: { email: r.email },
    items: r.items.map((item) => ({
      description: item.description.slice(0, 128),
      quantity: item.quantity.toFixed(2),
      amount: rubles(item.unitPrice),
      vat_code: options.vatCode,
      payment_mode: 'full_payment',
      payment_subject: 'service',
    })),
  });

  const knownId = (id: string) => /^[\w-]{1,64}$/.test(id);

  return {
    name: 'yookassa',
    widgetUrl: YOOKASSA_WIDGET_URL,
    fiscalReceipts: true,
    async create(input: CreatePaymentInput) {
      if (!input.receipt) throw new ProviderRefusedError('YooKassa create: a payment needs a receipt');
      const body = (await post('create', '/payments', input.paymentId, {
        amount: rubles(input.amount),
        capture: true,
        confirmation: { type: 'embedded' },
        description: input.description.slice(0, 128),
        metadata: { payment_id: input.paymentId },
        receipt: receipt(input.receipt),
      })) as ApiPayment;
      const token = body.confirmation?.confirmation_token;
      if (!body.id || !token) throw new ProviderUnavailableError('YooKassa create: no confirmation token');
      return { ...toPayment(body), confirmationToken: token };
    },
    async fetch(id) {
      if (!knownId(id)) return null;
      const body = await get('fetch', `/payments/${id}`);
      return body ? toPayment(body as ApiPayment) : null;
    },
    async refund(input: CreateRefundInput) {
      const body = await post('refund', '/refunds', input.refundId, {
        payment_id: input.providerPaymentId,
        amount: rubles(input.amount),
        description: input.description.slice(0, 250),
        receipt: receipt(input.receipt),
      });
      return toRefund(body as ApiRefund, 'refund');
    },
    async fetchRefund(id) {
      if (!knownId(id)) return null;
      const body = await get('fetch refund', `/refunds/${id}`);
      return body ? toRefund(body as ApiRefund, 'fetch refund') : null;
    },
  };
}
