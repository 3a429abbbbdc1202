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
