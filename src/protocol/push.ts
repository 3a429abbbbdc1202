// Trip reminders by Web Push (and e-mail). The server holds a VAPID key pair (VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY from the environment, or generated once and kept under DATA_DIR); the app
// subscribes the phone's push service with the public key once the user allows notifications, which it
// asks only after a booking is paid.
//
// GET    /api/push/key             anyone: { publicKey } (base64url, the applicationServerKey)
// POST   /api/push/subscriptions   signed in, Idempotency-Key, PushSubscriptionJSON: keeps it for the
//                                  caller (the same endpoint again replaces its keys and owner); 200 {ok: true}
// DELETE /api/push/subscriptions   signed in, Idempotency-Key, {endpoint}: forgets it; 200 {ok: true}
//
// A reminder is sent the evening before the departure (REMINDER_EVENING_HOUR, Crimean time, default
// 19) and REMINDER_BEFORE_MINUTES (120) before it, once per ticket and kind even with several server
// processes, never for a cancelled ticket; a moved departure reschedules them. The push message's
// payload is PushPayload as JSON; the service worker shows it and opens `url` when it is tapped.
import { z } from 'zod';

export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

const MAX_ENDPOINT = 2000;

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(MAX_ENDPOINT),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(MAX_ENDPOINT) });

export const pushKeySchema = z.object({ publicKey: z.string().min(1) });

export const REMINDER_KINDS = ['evening', 'soon'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** What a push message carries: the notification's texts, and the page a tap opens. */
export const pushPayloadSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  /** A path of the app, e.g. /profile/tickets/ticket/{id}. */
  url: z.string().startsWith('/').max(500),
  /** One notification per ticket and kind: a later one replaces it. */
  tag: z.string().max(200),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
