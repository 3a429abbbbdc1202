import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/types';
import { pruneShortLived } from '../../../src/server/storage/compaction';
import { api, DEMO } from '../../support/api';
import { confirmCode, registerUser, startLogin } from '../../support/auth-flow';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

const MINUTE = 60_000;

describe.each(ONE_ENGINE)('registration, login and codes on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let offset = 0;
  let serial = 0;
  const email = () => `user${++serial}-${engine}@example.ru`;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      // A low address budget, so its refusal is reached in a few requests (auth-limits.test.ts shows
      // the default letting a whole NAT sign in).
      env: { SMTP_URL: smtp.url, AUTH_FAILURES_PER_ADDRESS: '20' },
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });
  // Every test starts in fresh rate-limit windows (all requests come from 127.0.0.1).
  beforeEach(() => {
    offset += 20 * MINUTE;
  });

  it('registers with a mailed code, links the referrer and answers /api/users/me', async () => {
    const address = email();
    const auth = await registerUser(server, smtp, address, 'secret-123', DEMO.seller);
    expect(auth.user_data).toMatchObject({ email: address, role: 'user', isAuthenticated: true });
    const mail = smtp.messages.at(-1);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/i);
    const me = await api(server, auth.access_token).json<User>('/api/users/me');
    expect(me.id).toBe(auth.user_data.id);
    const [row] = await server.db.query<{ referrer_id: number | null; verified: boolean }>(
      'SELECT referrer_id, verified FROM users WHERE id = $1',
      [me.id],
    );
    expect(row).toEqual({ referrer_id: DEMO.seller, verified: true });
    // The code is stored only as a salted hash.
    const codes = await server.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM login_codes WHERE user_id = $1',
      [me.id],
    );
    expect(codes[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await api(server).send('POST', '/auth/register', {
      login_email: address,
      password: 'other-123',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: 'Пользователь уже существует' });
  });

  it('logs in with password plus code and never tells which part was wrong', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    for (const body of [
      { login_email: address, password: 'wrong-pass' },
      { login_email: `nobody-${engine}@example.ru`, password: 'secret-123' },
    ]) {
      const response = await api(server).send('POST', '/auth/login', body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Неверный e-mail или пароль' });
    }
    const before = await startLogin(server, smtp, address);
    const auth = await confirmCode(server, smtp, address, before);
    expect((await api(server, auth.access_token).get('/api/users/me')).status).toBe(200);
  });

  it('kills a code after five wrong tries, and refuses an expired, a reused or a superseded code', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    const verify = (code: string) =>
      api(server).send('POST', '/auth/verify-2fa', { login_email: address, code });

    let before = await startLogin(server, smtp, address);
    const code = await smtp.codeFor(address, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await verify(wrong);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ detail: 'Неверный код' });
    }
    expect((await verify(code)).status).toBe(400);

    before = await startLogin(server, smtp, address);
    const expiring = await smtp.codeFor(address, before);
    offset += 11 * MINUTE;
    const expired = await verify(expiring);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toHaveProperty('detail');

    offset += 20 * MINUTE; // fresh rate-limit windows for the last round
    before = await startLogin(server, smtp, address);
    const old = await smtp.codeFor(address, before);
    before = await startLogin(server, smtp, address);
    const fresh = await smtp.codeFor(address, before);
    if (old !== fresh) expect((await verify(old)).status).toBe(400);
    expect((await verify(fresh)).status).toBe(200);
    expect((await verify(fresh)).status).toBe(400);
  });

  it('rate-limits logins per account, per address, and code sends', async () => {
    const address = email();
    await registerUser(server, smtp, address);
    offset += 20 * MINUTE;
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(
        await api(server).send('POST', '/auth/login', { login_email: address, password: 'wrong-pass' }),
      );
    }
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await attempts[5]?.json()).toEqual({ detail: 'Слишком много попыток, попробуйте позже' });

    offset += 20 * MINUTE;
    const pending = `pending-${engine}@example.ru`;
    const sends = [];
    for (let i = 0; i < 4; i++) {
      sends.push(
        (await api(server).send('POST', '/auth/register', { login_email: pending, password: 'secret-123' }))
          .status,
      );
    }
    expect(sends).toEqual([200, 200, 200, 429]);

    // Failures from one address (here re-registering a taken e-mail, refused before any password
    // hashing, which keeps this test quick) spend its budget of 20 per 15 minutes: then even a right
    // password from that address waits.
    offset += 20 * MINUTE;
    for (let i = 0; i < 20; i++) {
      const taken = await api(server).send('POST', '/auth/register', {
        login_email: address,
        password: 'secret-123',
      });
      expect(taken.status).toBe(409);
    }
    const blocked = await api(server).send('POST', '/auth/login', {
      login_email: address,
      password: 'secret-123',
    });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ detail: 'Слишком много попыток, попробуйте позже' });
  });

  it('refuses invalid input with a 400 {detail}', async () => {
    const cases: [string, unknown][] = [
      ['/auth/register', { login_email: 'not-an-email', password: 'secret-123' }],
      ['/auth/register', { login_email: 'a@b.ru', password: '123' }],
      ['/auth/register', { login_email: 'a@b.ru', password: 'secret-123', refferalOf: 'abc' }],
      ['/auth/login', '{not json'],
      ['/auth/verify-2fa', { login_email: 'a@b.ru', code: '12ab56' }],
    ];
    for (const [path, body] of cases) {
      const response = await api(server).send('POST', path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('detail');
    }
  });

  it('refuses tokens of another algorithm, unsigned, expired, or older than a logout everywhere', async () => {
    const address = email();
    const auth = await registerUser(server, smtp, address);
    const id = auth.user_data.id;
    const secret = new TextEncoder().encode(
      (await readFile(join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
    );
    const claims = { tv: 0 };
    const base = () => new SignJWT(claims).setSubject(String(id)).setIssuer('krym-excursions').setIssuedAt();
    const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(secret);
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(id), tv: 0, iss: 'krym-excursions', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    for (const token of [hs512, expired, none, 'garbage']) {
      const response = await api(server, token).get('/api/users/me');
      expect(response.status).toBe(401);
      expect(await response.json()).toHaveProperty('detail');
    }

    const client = api(server, auth.access_token);
    expect((await client.send('POST', '/auth/logout-all')).status).toBe(200);
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('housekeeping drops expired codes and closed rate-limit windows, and keeps fresh ones', async () => {
    const count = async (table: string) =>
      Number((await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
    expect(await count('login_codes')).toBeGreaterThan(0);
    expect(await pruneShortLived(server.db, new Date())).toBe(0);
    expect(await count('rate_limits')).toBeGreaterThan(0);
    expect(await pruneShortLived(server.db, new Date(Date.now() + 30 * 86_400_000))).toBeGreaterThan(0);
    expect(await count('login_codes')).toBe(0);
    expect(await count('rate_limits')).toBe(0);
  });
});

describe('a mail server that is down', () => {
  it('answers 424 with a Russian detail, never a 5xx', async () => {
    const server = await startTestServer('pglite', { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const response = await api(server).send('POST', '/auth/register', {
        login_email: 'nomail@example.ru',
        password: 'secret-123',
      });
      expect(response.status).toBe(424);
      expect(await response.json()).toEqual({
        detail: 'Не удалось отправить письмо с кодом, попробуйте позже',
      });
    } finally {
      await server.destroy();
    }
  });
});
