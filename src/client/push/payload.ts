import type { PushPayload } from '../../protocol/push';
import { PUSH } from './strings';

// What the service worker does with a push message's data, kept apart from the worker so it can be
// tested without one. No zod here: these few checks are the whole of pushPayloadSchema, and the
// worker stays small (tests/unit/client/push-payload.test.ts holds the two to the same answers).

/** Where a notification leads when its own address is missing or not the app's. */
export const FALLBACK_URL = '/profile/tickets';

/** The notification shown for data that is not a PushPayload: neutral, and it opens the tickets. */
export const FALLBACK_PAYLOAD: PushPayload = {
  title: PUSH.fallbackTitle,
  body: PUSH.fallbackBody,
  url: FALLBACK_URL,
  tag: 'trip-reminder',
};

const isString = (value: unknown, max: number, min = 0): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** The data as a PushPayload (the same limits as pushPayloadSchema), or null if it is not one. */
export function parsePushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (!isString(title, 200, 1) || !isString(body, 1000) || !isString(tag, 200)) return null;
  if (!isString(url, 500, 1) || !url.startsWith('/')) return null;
  return { title, body, url, tag };
}

/** A push message's text as a PushPayload: JSON that is not one, or not JSON at all, gives null. */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    return parsePushPayload(JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * The absolute address a tap on the notification opens: its `url` when that is a path of this origin
 * (a protocol-relative `//host` or `/\host` resolves elsewhere and is refused), else the tickets.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_URL, origin).href;
  if (typeof url !== 'string' || !url.startsWith('/')) return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
