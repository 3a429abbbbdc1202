import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../src/protocol/auth';
import { api } from '../../support/api';
import { registerUser, startLogin } from '../../support/auth-flow';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, subjectOf, type TestSmtp } from '../../support/smtp';

// 'Забыли пароль?': a code mailed to the account's address, then the code and a new password. The
// new password voids every older token and signs the caller in; the request never tells whether an
// address has an account.

const MINUTE = 60_000;
const WRONG_CODE = { detail: 'Неверный код' };
const CODE_EXPIRED = { detail: 'Код недействителен или истёк, запросите новый' };

describe.each(ONE_ENGINE)('password reset on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let offset = 0;
  let serial = 0;
  const email = () => `reset${++serial}-${engine}@example.ru`;

  const request = (address: string) => api(server).send('POST', '/auth/password-reset', { email: address });
  const confirm = (address: string, code: string, password: string) =>
    api(server).send('POST', '/auth/password-reset/confirm', { email: address, code, password });
  /** Asks for a reset and answers the mailed code. */
  async function resetCode(address: string): Promise<string> {
    const before = smtp.messages.length;
    const response = await request(address);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    return smtp.codeFor(address, before);
  }
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url },
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });
  beforeEach(() => {
    offset += 20 * MINUTE;
  });

  it('mails a code, sets the new password, voids the old tokens and signs in with a fresh one', async () => {
    const address = email();
    const old = await registerUser(server, smtp, address, 'old-secret-1');
    expect((await api(server, old.access_token).get('/api/users/me')).status).toBe(200);

    const code = await resetCode(address);
    const mail = smtp.messages.at(-1);
    expect(mail && subjectOf(mail.raw)).toBe('Восстановление пароля — Экскурсии по Крыму');
    // The reset code is not a login code.
    expect((await api(server).send('POST', '/auth/verify-2fa', { login_email: address, code })).status).toBe(
      400,
    );

    const done = await confirm(address, code, 'new-secret-2');
    expect(done.status).toBe(200);
    const auth = (await done.json()) as AuthResponse;
    expect(auth.user_data).toMatchObject({ id: old.user_data.id, email: address, isAuthenticated: true });

    const refused = await api(server, old.access_token).get('/api/users/me');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toHaveProperty('detail');
    const me = await api(server, auth.access_token).get('/api/users/me');
    expect(me.status).toBe(200);

    // The code is used up; the old password is gone and the new one signs in.
    expect(await (await confirm(address, code, 'third-secret-3')).json()).toEqual(CODE_EXPIRED);
    const oldPassword = await api(server).send('POST', '/auth/login', {
      login_email: address,
      password: 'old-secret-1',
    });
    expect(oldPassword.status).toBe(401);
    await startLogin(server, smtp, address, 'new-secret-2');
  });

  it('counts wrong codes: after five the right one is dead too, and a new code works', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    const code = await resetCode(address);
    for (let i = 0; i < 5; i++) {
      const wrong = await confirm(address, other(code), 'new-secret-2');
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual(WRONG_CODE);
    }
    const dead = await confirm(address, code, 'new-secret-2');
    expect(dead.status).toBe(400);
    expect(await dead.json()).toEqual(CODE_EXPIRED);

    const fresh = await resetCode(address);
    expect((await confirm(address, fresh, 'new-secret-2')).status).toBe(200);
  });

  it('refuses an expired code, and leaves the password as it was', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    const code = await resetCode(address);
    offset += 11 * MINUTE;
    const late = await confirm(address, code, 'new-secret-2');
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual(CODE_EXPIRED);
    await startLogin(server, smtp, address, 'secret-123');
  });

  it('keeps a pending login code alive while a reset code is asked for', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    const before = await startLogin(server, smtp, address);
    const loginCode = await smtp.codeFor(address, before);
    await resetCode(address);
    const signedIn = await api(server).send('POST', '/auth/verify-2fa', {
      login_email: address,
      code: loginCode,
    });
    expect(signedIn.status).toBe(200);
  });

  it('answers an unknown e-mail the same, mails it nothing, and limits both alike', async () => {
    const known = email();
    await registerUser(server, smtp, known);
    const unknown = `nobody${serial}-${engine}@example.ru`;
    const unknownAnswer = await request(unknown);
    expect(unknownAnswer.status).toBe(200);
    expect(await unknownAnswer.json()).toEqual({ ok: true });
    // The known address's mail arrives after the unknown one's would have been sent.
    await resetCode(known);
    expect(smtp.messages.some((mail) => mail.to.includes(unknown))).toBe(false);

    const confirmUnknown = await confirm(unknown, '123456', 'new-secret-2');
    expect(confirmUnknown.status).toBe(400);
    expect(await confirmUnknown.json()).toEqual(WRONG_CODE);

    // Three codes per e-mail in ten minutes, known or not: each has asked once already.
    for (const address of [known, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await request(address)).status);
      expect(statuses).toEqual([200, 200, 429]);
    }
  });

  it('refuses bad input with a 400 {detail} in Russian', async () => {
    const cases: [string, unknown][] = [
      ['/auth/password-reset', { email: 'not-an-email' }],
      ['/auth/password-reset', {}],
      ['/auth/password-reset', '{not json'],
      ['/auth/password-reset/confirm', { email: 'a@b.ru', code: '12ab56', password: 'new-secret-2' }],
      ['/auth/password-reset/confirm', { email: 'a@b.ru', code: '123456', password: '123' }],
      ['/auth/password-reset/confirm', { email: 'a@b.ru', code: '123456' }],
      ['/auth/password-reset/confirm', 'null'],
    ];
    for (const [path, body] of cases) {
      const response = await api(server).send('POST', path, body);
      expect(response.status).toBe(400);
      const { detail } = (await response.json()) as { detail: string };
      expect(detail).toMatch(/[а-яё]/i);
    }
  });
});
