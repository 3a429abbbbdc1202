import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in push service on loopback, and the browser's side of a subscription: a P-256 key pair
// and an auth secret made here, so a test can decrypt what the server pushed (RFC 8291 message
// encryption over RFC 8188 aes128gcm) and read the payload the service worker would get.

export interface PushedMessage {
  /** The endpoint's path the message was POSTed to. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status the stand-in answered. */
  status: number;
}

export interface TestPushService {
  /** http://127.0.0.1:{port} */
  url: string;
  messages: PushedMessage[];
  /** A new endpoint URL on this service. */
  endpoint(name?: string): string;
  /** What the stand-in answers a message to `endpoint` from now on (201 by default): 410 means gone. */
  answer(endpoint: string, status: number): void;
  /** The messages POSTed to `endpoint`. */
  messagesTo(endpoint: string): PushedMessage[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const messages: PushedMessage[] = [];
  const answers = new Map<string, number>();
  let made = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = answers.get(path) ?? 201;
      messages.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status, { 'Content-Type': 'text/plain' });
      response.end(status === 201 ? '' : 'push subscription has unsubscribed or expired');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    url,
    messages,
    endpoint: (name = `${Date.now().toString(36)}-${(made += 1)}-${randomBytes(4).toString('hex')}`) =>
      `${url}/push/${name}`,
    answer: (endpoint, status) => answers.set(pathOf(endpoint), status),
    messagesTo: (endpoint) => messages.filter((m) => m.path === pathOf(endpoint)),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The browser's side of one subscription: what it keeps secret and what it hands to the server. */
export interface BrowserSubscription {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  /** PushSubscriptionJSON, as the app POSTs it to /api/push/subscriptions. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/**
 * The plaintext of an aes128gcm push message body (RFC 8188 §2: salt, record size, key id, records)
 * for `subscription`: the key id is the sender's ephemeral public key (RFC 8291 §4).
 */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('a push message of more than one record');

  // RFC 8291 §3.3-3.4: the input key material from the ECDH secret, the auth secret and both keys.
  const shared = subscription.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    subscription.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  // RFC 8188 §2.2-2.3: the content encryption key and the nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('a push message without the last record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID public key (`k=`) of a push request's Authorization header ('vapid t=…, k=…'). */
export function vapidKeyOf(headers: IncomingHttpHeaders): string | undefined {
  return /(?:^|[\s,])k=([A-Za-z0-9_-]+)/.exec(headers.authorization ?? '')?.[1];
}
