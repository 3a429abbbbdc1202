import { request } from 'node:http';
import type { AuthResponse } from '../../src/protocol/auth';
import { mailCount, mailedCode } from './smtp';

// For e2e tests: register a fresh account against the running product over HTTP, reading the code
// from the e-mail the product really sent (saved by the global setup's SMTP server).

let serial = 0;

/** A new, unique e-mail address for one test run. */
export function freshEmail(prefix = 'user'): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${serial}@example.ru`;
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function registerOverHttp(
  baseUrl: string,
  mailDir: string,
  email = freshEmail(),
  password = 'secret-123',
  refferalOf: number | null = null,
): Promise<AuthResponse> {
  const before = await mailCount(mailDir);
  const registered = await post(baseUrl, '/auth/register', { login_email: email, password, refferalOf });
  if (!registered.ok) throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
  const code = await mailedCode(mailDir, email, before);
  const verified = await post(baseUrl, '/auth/verify-2fa', { login_email: email, code });
  if (!verified.ok) throw new Error(`verify ${email}: ${verified.status} ${await verified.text()}`);
  return (await verified.json()) as AuthResponse;
}

/** POSTs JSON from `localAddress` (an address of the loopback network), answering status and body. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const call = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

let touristAddress = 10;

/**
 * A new tourist's account, registered as a tourist does: from a phone of their own. Each comes from
 * another address of the loopback network (127.0.0.x), so the sign-up limit per address is theirs
 * alone, and the account's own limits (three unpaid bookings at once) are not shared among tests.
 */
export async function newTourist(baseUrl: string, mailDir: string): Promise<AuthResponse> {
  touristAddress += 1;
  const from = `127.0.0.${touristAddress}`;
  const email = freshEmail('tourist');
  const before = await mailCount(mailDir);
  const registered = await postFrom(from, `${baseUrl}/auth/register`, {
    login_email: email,
    password: 'secret-123',
    refferalOf: null,
  });
  if (registered.status !== 200)
    throw new Error(`register ${email}: ${registered.status} ${registered.text}`);
  const code = await mailedCode(mailDir, email, before);
  const verified = await postFrom(from, `${baseUrl}/auth/verify-2fa`, { login_email: email, code });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.text}`);
  return JSON.parse(verified.text) as AuthResponse;
}
