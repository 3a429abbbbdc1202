import { expect } from 'vitest';
import type { AuthResponse } from '../../src/protocol/auth';
import { api } from './api';
import type { TestServer } from './server';
import type { TestSmtp } from './smtp';

// Register or log in over HTTP, read the code from the real e-mail, and confirm it.

export async function confirmCode(server: TestServer, smtp: TestSmtp, email: string, after: number) {
  const code = await smtp.codeFor(email, after);
  const response = await api(server).send('POST', '/auth/verify-2fa', { login_email: email, code });
  expect(response.status).toBe(200);
  return (await response.json()) as AuthResponse;
}

export async function registerUser(
  server: TestServer,
  smtp: TestSmtp,
  email: string,
  password = 'secret-123',
  refferalOf?: number,
): Promise<AuthResponse> {
  const before = smtp.messages.length;
  const response = await api(server).send('POST', '/auth/register', {
    login_email: email,
    password,
    refferalOf,
  });
  expect(response.status).toBe(200);
  return confirmCode(server, smtp, email, before);
}

/** Logs in and returns the mail count before the code was sent, to find that code later. */
export async function startLogin(server: TestServer, smtp: TestSmtp, email: string, password = 'secret-123') {
  const before = smtp.messages.length;
  const response = await api(server).send('POST', '/auth/login', { login_email: email, password });
  expect(response.status).toBe(200);
  return before;
}
