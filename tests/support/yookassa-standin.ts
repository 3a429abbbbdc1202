import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for YooKassa's API v3 on loopback, with the real API's shapes (yookassa.ru/developers,
// "API ЮKassa"): Basic auth with the shop id and secret key, an Idempotence-Key on every POST (the
// same key answers the same object), errors as {type: 'error', code, parameter, description}, and
// the 54-FZ rule that a receipt's items add up to the amount exactly. Test controls make it fail,
// hang or leave a refund pending, as the real one may.

export type StandinPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type StandinRefundStatus = 'pending' | 'succeeded' | 'canceled';

interface Amount {
  value: string;
  currency: string;
}

export interface StandinPayment {
  id: string;
  status: StandinPaymentStatus;
  paid: boolean;
  amount: Amount;
  refunded_amount?: Amount;
  description?: string;
  metadata: Record<string, string>;
  confirmation: { type: string; confirmation_token: string };
  receipt?: unknown;
  created_at: string;
  test: true;
}

export interface StandinRefund {
  id: string;
  payment_id: string;
  status: StandinRefundStatus;
  amount: Amount;
  description?: string;
  receipt?: unknown;
  created_at: string;
}

export interface StandinRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface YookassaStandinOptions {
  shopId?: string;
  secretKey?: string;
  /** Refuse a payment or refund without a valid receipt, as a shop on 54-FZ receipts does (default true). */
  requireReceipt?: boolean;
  /** What a 202 answer asks to wait, in milliseconds (default 20). */
  retryAfterMs?: number;
}

type Body = Record<string, unknown> | undefined;
type Answer = [status: number, payload: unknown];

const kopecks = (value: unknown): number | null =>
  typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;

const money = (k: number): Amount => ({ value: (k / 100).toFixed(2), currency: 'RUB' });

const refused = (parameter: string, description: string): Answer => [
  400,
  { type: 'error', id: crypto.randomUUID(), code: 'invalid_request', parameter, description },
];

/** Why a receipt is not acceptable for `amount` kopecks, or null when it is. */
function receiptProblem(receipt: unknown, amount: number): string | null {
  if (!receipt || typeof receipt !== 'object') return 'Receipt is missing or has invalid format';
  const { customer, items } = receipt as { customer?: { email?: unknown; phone?: unknown }; items?: unknown };
  const email = customer?.email;
  if (!(typeof email === 'string' && /^[^@\s]+@[^@\s]+$/.test(email)) && !customer?.phone)
    return 'Receipt customer email or phone is required';
  if (!Array.isArray(items) || items.length === 0 || items.length > 100) return 'Receipt items are required';
  let total = 0;
  for (const raw of items as Record<string, unknown>[]) {
    const description = raw.description;
    if (typeof description !== 'string' || description.length === 0 || description.length > 128)
      return 'Receipt item description must be 1 to 128 characters';
    const quantity = Number(raw.quantity);
    if (!(quantity > 0)) return 'Receipt item quantity must be positive';
    const unit = kopecks((raw.amount as Amount | undefined)?.value);
    if (unit === null || unit <= 0 || (raw.amount as Amount).currency !== 'RUB')
      return 'Receipt item amount has invalid format';
    const vat = Number(raw.vat_code);
    if (!Number.isInteger(vat) || vat < 1 || vat > 10) return 'Receipt item vat_code must be 1 to 10';
    total += Math.round(quantity * unit);
  }
  return total === amount ? null : 'Receipt items total does not match the amount';
}

export function startYookassaStandin(options: YookassaStandinOptions = {}) {
  const shopId = options.shopId ?? 'shop-1';
  const secretKey = options.secretKey ?? 'secret-1';
  const requireReceipt = options.requireReceipt ?? true;
  const payments = new Map<string, StandinPayment>();
  const refunds = new Map<string, StandinRefund>();
  const requests: StandinRequest[] = [];
  /** POST answers by endpoint and Idempotence-Key. */
  const byKey = new Map<string, Answer>();
  let failing = { count: 0, status: 500 };
  let hanging = 0;
  let nextRefundStatus: StandinRefundStatus | null = null;
  let made = 0;

  const refundedOf = (paymentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_id === paymentId && r.status !== 'canceled')
      .reduce((sum, r) => sum + (kopecks(r.amount.value) ?? 0), 0);

  function createPayment(body: Body): Answer {
    const amount = kopecks((body?.amount as Amount | undefined)?.value);
    if (amount === null || amount <= 0) return refused('amount', 'Amount has invalid format');
    if (requireReceipt || body?.receipt !== undefined) {
      const problem = receiptProblem(body?.receipt, amount);
      if (problem) return refused('receipt', problem);
    }
    const id = `yk-${++made}`;
    const payment: StandinPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: money(amount),
      description: body?.description as string | undefined,
      metadata: (body?.metadata as Record<string, string> | undefined) ?? {},
      confirmation: { type: 'embedded', confirmation_token: `yk-token-${id}` },
      receipt: body?.receipt,
      created_at: new Date().toISOString(),
      test: true,
    };
    payments.set(id, payment);
    return [200, payment];
  }

  function createRefund(body: Body): Answer {
    const payment = payments.get(String(body?.payment_id));
    if (!payment) return refused('payment_id', 'Payment not found');
    if (payment.status !== 'succeeded') return refused('payment_id', 'Payment is not succeeded');
    const amount = kopecks((body?.amount as Amount | undefined)?.value);
    if (amount === null || amount <= 0) return refused('amount', 'Amount has invalid format');
    const paid = kopecks(payment.amount.value) ?? 0;
    if (amount > paid - refundedOf(payment.id))
      return refused('amount', 'Refund amount exceeds what is left');
    if (requireReceipt || body?.receipt !== undefined) {
      const problem = receiptProblem(body?.receipt, amount);
      if (problem) return refused('receipt', problem);
    }
    const refund: StandinRefund = {
      id: `ykr-${++made}`,
      payment_id: payment.id,
      status: nextRefundStatus ?? 'succeeded',
      amount: money(amount),
      description: body?.description as string | undefined,
      receipt: body?.receipt,
      created_at: new Date().toISOString(),
    };
    nextRefundStatus = null;
    refunds.set(refund.id, refund);
    payment.refunded_amount = money(refundedOf(payment.id));
    return [200, refund];
  }

  function answer(req: IncomingMessage, body: Body): Answer {
    if (req.headers.authorization !== `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`)
      return [
        401,
        { type: 'error', code: 'invalid_credentials', description: 'Login or password is invalid' },
      ];
    const url = req.url ?? '';
    if (req.method === 'POST' && (url === '/v3/payments' || url === '/v3/refunds')) {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 64)
        return refused('Idempotence-Key', 'Idempotence-Key is required, up to 64 characters');
      const known = byKey.get(`${url} ${key}`);
      if (known) return [known[0], known[0] === 200 ? current(known[1]) : known[1]];
      const result = url === '/v3/payments' ? createPayment(body) : createRefund(body);
      byKey.set(`${url} ${key}`, result);
      return result;
    }
    const payment = /^\/v3\/payments\/([\w-]+)$/.exec(url);
    if (req.method === 'GET' && payment) {
      const found = payments.get(payment[1] as string);
      return found
        ? [200, found]
        : [404, { type: 'error', code: 'not_found', description: 'Payment not found' }];
    }
    const refund = /^\/v3\/refunds\/([\w-]+)$/.exec(url);
    if (req.method === 'GET' && refund) {
      const found = refunds.get(refund[1] as string);
      return found
        ? [200, found]
        : [404, { type: 'error', code: 'not_found', description: 'Refund not found' }];
    }
    return [404, { type: 'error', code: 'not_found', description: 'Not found' }];
  }

  /** The object an earlier answer made, as it is now (a repeated key answers its current state). */
  const current = (object: unknown) => {
    const id = (object as { id?: string }).id ?? '';
    return payments.get(id) ?? refunds.get(id) ?? object;
  };

  const send = (res: ServerResponse, [status, payload]: Answer) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(payload));
  };

  const failure = (status: number): Answer => {
    if (status === 202)
      return [
        202,
        { type: 'processing', description: 'Request accepted', retry_after: options.retryAfterMs ?? 20 },
      ];
    const code =
      status === 429 ? 'too_many_requests' : status >= 500 ? 'internal_server_error' : 'invalid_request';
    return [
      status,
      { type: 'error', id: crypto.randomUUID(), code, description: `Stand-in answers ${status}` },
    ];
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: Body;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        return send(res, refused('body', 'Body is not JSON'));
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (hanging > 0) {
        hanging--;
        return;
      }
      if (failing.count > 0) {
        failing.count--;
        return send(res, failure(failing.status));
      }
      send(res, answer(req, body));
    });
  });

  return {
    payments,
    refunds,
    requests,
    setPaymentStatus(id: string, status: StandinPaymentStatus) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
      payment.paid = status === 'succeeded' || status === 'waiting_for_capture';
    },
    /** The next `count` requests answer `status` without being carried out; 0 ends a failure. */
    failNext(count: number, status = 500) {
      failing = { count, status };
    },
    /** The next `count` requests are never answered. */
    hangNext(count: number) {
      hanging = count;
    },
    /** The next refund made is left in `status` (settle it with settleRefund). */
    refundStatusNext(status: StandinRefundStatus) {
      nextRefundStatus = status;
    },
    settleRefund(id: string, status: StandinRefundStatus) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      const payment = payments.get(refund.payment_id);
      if (payment) payment.refunded_amount = money(refundedOf(payment.id));
    },
    /** Starts on a free loopback port; answers the API's base URL, ending in /v3. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type YookassaStandin = ReturnType<typeof startYookassaStandin>;
