import { randomBytes } from 'node:crypto';
import { chmod, link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../protocol/push';
import type { Config } from '../config';
import { COMPANY } from '../payments/emails';

// Web Push delivery (protocol/push.ts). web-push encrypts the payload (aes128gcm, RFC 8291) and signs
// the VAPID header; the request itself goes out with fetch, which speaks http and https alike and
// is bounded by a timeout.

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

/** Where a generated key pair is kept under DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** How long one push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** What a push service keeps an undelivered message for, at most: a day, as a reminder is stale after. */
const MAX_TTL_SECONDS = 86_400;

const loaded = new Map<string, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the pair kept in
 * DATA_DIR/vapid-keys.json, generated on the first start. Read once per data folder and process.
 */
export function vapidKeys(config: Config): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY });
  const file = join(resolve(config.DATA_DIR), VAPID_KEYS_FILE);
  let keys = loaded.get(file);
  if (!keys) {
    keys = loadOrCreateKeys(file);
    loaded.set(file, keys);
    // A failed read is tried again by the next caller.
    keys.catch(() => loaded.delete(file));
  }
  return keys;
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
      ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
      : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`unreadable VAPID keys in ${file}`, { cause: error });
  }
}

/**
 * The kept pair, or a new one. As with the token secret (services/tokens.ts), the new pair is written
 * whole to a file of this process's own and linked into place only if no other process starting at
 * the same moment did first; then that one's pair is used.
 */
async function loadOrCreateKeys(file: string): Promise<VapidKeys> {
  const stored = await readKeys(file);
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await chmod(draft, 0o600);
    try {
      await link(draft, file);
      return { publicKey: fresh.publicKey, privateKey: fresh.privateKey };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const winner = await readKeys(file);
      if (!winner) throw new Error(`unreadable VAPID keys in ${file}`, { cause: error });
      return winner;
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** VAPID_SUBJECT, else the company's mail address. */
export function vapidSubject(config: Config): string {
  return config.VAPID_SUBJECT ?? `mailto:${COMPANY.email}`;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * How a push went: 'sent'; 'gone' when the push service no longer knows the subscription (404, 410),
 * which is then forgotten; 'failed' for anything else (a refusal, a network error, a timeout).
 */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; error: string };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushOutcome>;
}

export function createPushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    async send(target, payload, ttlSeconds) {
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, ...keys },
            TTL: Math.max(0, Math.min(MAX_TTL_SECONDS, Math.round(ttlSeconds))),
            contentEncoding: 'aes128gcm',
            urgency: 'high',
          },
        );
      } catch (error) {
        // Keys a browser would never give (a point off the curve): nothing can be sent to them.
        return { kind: 'failed', error: (error as Error).message };
      }
      // fetch sets Content-Length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { kind: 'sent' };
        if (response.status === 404 || response.status === 410) return { kind: 'gone' };
        return { kind: 'failed', error: `push service answered ${response.status}` };
      } catch (error) {
        return { kind: 'failed', error: (error as Error).message };
      }
    },
  };
}
