import '../zod-config';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH, pushKeySchema } from '../../protocol/push';
import {
  call,
  failure,
  httpOf,
  malformed,
  tokenOf,
  type AccountDeps,
  type Outcome,
} from '../commands/online';

// The server's side of reminders (protocol/push.ts). Online calls: nothing is queued, since a
// subscription made offline cannot be made at all (the phone's push service needs the network too).

export type PushDeps = Pick<AccountDeps, 'http' | 'storage'>;

/** GET /api/push/key: the server's public VAPID key (base64url), the subscription's applicationServerKey. */
export async function fetchPushKey(deps: PushDeps): Promise<Outcome<string>> {
  const http = httpOf(deps);
  const answer = await call(() => http.request('GET', PUSH_KEY_PATH));
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = pushKeySchema.safeParse(answer.data);
  return parsed.success ? { ok: true, value: parsed.data.publicKey } : malformed;
}

/**
 * POST /api/push/subscriptions: the server keeps the subscription for the signed-in person.
 * `attemptKey` is the Idempotency-Key of this attempt.
 */
export async function sendSubscription(
  deps: PushDeps,
  subscription: PushSubscriptionJSON,
  attemptKey: string,
): Promise<Outcome> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('POST', PUSH_SUBSCRIPTIONS_PATH, { body: subscription, token, idempotencyKey: attemptKey }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  return { ok: true, value: null };
}

/** DELETE /api/push/subscriptions: the server forgets the endpoint and sends it nothing more. */
export async function forgetSubscription(
  deps: PushDeps,
  endpoint: string,
  attemptKey: string,
): Promise<Outcome> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('DELETE', PUSH_SUBSCRIPTIONS_PATH, {
      body: { endpoint },
      token,
      idempotencyKey: attemptKey,
    }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  return { ok: true, value: null };
}
