import { forgetSubscription, fetchPushKey, sendSubscription, type PushDeps } from './api';
import { declined, pushSupported, type AskFacts } from './ask';

// Turning trip reminders on and off in this browser: the notification permission, the push
// subscription of the app's service worker, and the server's copy of it.

export type ReminderResult =
  | { ok: true }
  | {
      ok: false;
      /** denied: the browser refuses notifications; dismissed: the prompt was closed unanswered. */
      reason: 'denied' | 'dismissed' | 'unsupported' | 'offline' | 'failed';
    };

/** How long to wait for the service worker (registered after the first paint) to be active. */
const WORKER_WAIT_MS = 15_000;

/** The app's service worker registration once one is active, or null if none comes in time. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription this browser holds for the app, or null (none, or no worker registered yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What decides whether /success offers reminders (ask.ts shouldAsk). */
export async function readAskFacts(storage?: Pick<Storage, 'getItem' | 'setItem'>): Promise<AskFacts> {
  const supported = pushSupported();
  if (!supported) return { supported, permission: 'default', subscribed: false, declined: declined(storage) };
  const subscribed = await currentSubscription().then(
    (subscription) => subscription !== null,
    () => false,
  );
  return { supported, permission: Notification.permission, subscribed, declined: declined(storage) };
}

/** The bytes of a base64url text (the VAPID key as the server sends it). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Turns reminders on. Call it straight from the tap: the permission prompt comes first, before
 * anything is awaited, since browsers show it only while the tap's activation lasts. Then the
 * worker's push subscription with the server's key (an existing one made with another key is replaced:
 * the browser refuses to subscribe twice with different keys), and the server gets it.
 */
export async function turnOnReminders(deps: PushDeps = {}): Promise<ReminderResult> {
  if (!pushSupported()) return { ok: false, reason: 'unsupported' };
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return { ok: false, reason: 'denied' };
  if (permission !== 'granted') return { ok: false, reason: 'dismissed' };

  const key = await fetchPushKey(deps);
  if (!key.ok) return { ok: false, reason: key.offline ? 'offline' : 'failed' };
  const registration = await activeRegistration();
  if (!registration) return { ok: false, reason: 'failed' };
  let subscription: PushSubscription;
  try {
    const serverKey = base64UrlBytes(key.value);
    const held = await registration.pushManager.getSubscription();
    if (held && sameBytes(held.options.applicationServerKey, serverKey)) subscription = held;
    else {
      await held?.unsubscribe();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: serverKey,
      });
    }
  } catch (error) {
    // The phone's push service refused or could not be reached, or the key was not a key.
    console.warn('push subscription failed', error);
    return { ok: false, reason: navigator.onLine ? 'failed' : 'offline' };
  }
  const sent = await sendSubscription(deps, subscription.toJSON(), crypto.randomUUID());
  if (sent.ok) return { ok: true };
  return { ok: false, reason: sent.offline ? 'offline' : 'failed' };
}

/**
 * Turns reminders off: the server forgets the subscription first, then the browser drops it. Offline
 * nothing changes, so the person can try again; a browser with no subscription is already off.
 */
export async function turnOffReminders(deps: PushDeps = {}): Promise<ReminderResult> {
  if (!pushSupported()) return { ok: true };
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return { ok: true };
  const forgotten = await forgetSubscription(deps, subscription.endpoint, crypto.randomUUID());
  if (!forgotten.ok) return { ok: false, reason: forgotten.offline ? 'offline' : 'failed' };
  await subscription.unsubscribe().catch(() => false);
  return { ok: true };
}
