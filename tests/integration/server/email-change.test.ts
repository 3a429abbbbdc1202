import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/types';
import { syncResponseSchema, type SyncResponse } from '../../../src/protocol/sync';
import { api } from '../../support/api';
import { registerUser, startLogin } from '../../support/auth-flow';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// A new e-mail takes effect only once the code mailed to that address is entered: until then the
// account keeps its old address, and nobody can claim an address (and what comes with it) by typing it.

const MINUTE = 60_000;

describe.each(ONE_ENGINE)('changing the e-mail with a code on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let offset = 0;
  let serial = 0;
  const address = (label = 'mail') => `${label}${++serial}-${engine}@example.ru`;

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
  // Every test starts in fresh rate-limit windows (all requests come from 127.0.0.1).
  beforeEach(() => {
    offset += 20 * MINUTE;
  });

  const profile = (user: User, overrides: Record<string, unknown> = {}) => ({
    name: user.name,
    surname: user.surname,
    middlename: user.middlename,
    phone: '89781234567',
    email: user.email,
    avatar: user.avatar,
    ...overrides,
  });

  async function newUser() {
    const auth = await registerUser(server, smtp, address('owner'));
    return { user: auth.user_data, client: api(server, auth.access_token) };
  }

  /** Pulls every page of /api/sync and answers the cursor after the last one. */
  async function pullToEnd(client: ReturnType<typeof api>): Promise<string> {
    let cursor: string | undefined;
    for (;;) {
      const query = cursor ? `&cursor=${cursor}` : '';
      const page = syncResponseSchema.parse(await client.json<SyncResponse>(`/api/sync?limit=2000${query}`));
      cursor = page.cursor;
      if (!page.more) return cursor;
    }
  }

  async function storedEmail(id: number): Promise<string | undefined> {
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
    return row?.email;
  }

  /** Asks for `email` as the user's new address; answers the response and the code mailed to it. */
  async function requestChange(client: ReturnType<typeof api>, user: User, email: string) {
    const before = smtp.messages.length;
    const response = await client.send('PUT', `/api/users/${user.id}`, profile(user, { email }));
    expect(response.status).toBe(200);
    return { body: (await response.json()) as User & { emailChangePending?: string }, before };
  }

  it('keeps the old e-mail, mails a code to the new one, and switches only when that code is entered', async () => {
    const { user, client } = await newUser();
    const next = address('new');
    const before = smtp.messages.length;
    const put = await client.send(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, { name: 'Анна', email: next }),
    );
    expect(put.status).toBe(200);
    const answer = (await put.json()) as User & { emailChangePending?: string };
    // Other fields change at once; the e-mail does not.
    expect(answer).toMatchObject({ name: 'Анна', email: user.email, emailChangePending: next });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(await client.json<User>('/api/users/me')).toMatchObject({ name: 'Анна', email: user.email });
    expect(await client.json('/api/users/' + user.id + '/email')).toEqual({ emailChangePending: next });

    // The code went to the new address only.
    const code = await smtp.codeFor(next, before);
    const mailed = smtp.messages.slice(before);
    expect(mailed.every((m) => m.to.includes(next) && !m.to.includes(user.email))).toBe(true);

    // The new address is not the account's yet: it cannot log in with it, the old one still can.
    const early = await api(server).send('POST', '/auth/login', {
      login_email: next,
      password: 'secret-123',
    });
    expect(early.status).toBe(401);
    await startLogin(server, smtp, user.email);

    const wrong = await client.send('POST', `/api/users/${user.id}/email/confirm`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ detail: 'Неверный код' });
    expect(await storedEmail(user.id)).toBe(user.email);

    const cursor = await pullToEnd(client);
    const confirmed = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: user.id, email: next, name: 'Анна' });
    // The user's row changed on the server, so a replica's next pull brings the new e-mail.
    const page = syncResponseSchema.parse(await client.json<SyncResponse>(`/api/sync?cursor=${cursor}`));
    const rows = page.changes.flatMap((c) => (c.collection === 'user' && c.op === 'put' ? [c.row] : []));
    expect(rows.map((row) => row.email)).toEqual([next]);
    expect(await storedEmail(user.id)).toBe(next);
    expect(await client.json<User>('/api/users/me')).toMatchObject({ email: next });
    expect(await client.json('/api/users/' + user.id + '/email')).toEqual({ emailChangePending: null });
    // The new address logs in now; the code was single-use.
    await startLogin(server, smtp, next);
    const again = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: 'Код недействителен или истёк, запросите новый' });
  });

  it('refuses an address another account holds, in any letter case, and changes nothing', async () => {
    const { user, client } = await newUser();
    const other = await newUser();
    const put = await client.send(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, { name: 'Захватчик', email: other.user.email.toUpperCase() }),
    );
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ detail: 'Этот e-mail уже занят' });
    expect(await client.json<User>('/api/users/me')).toMatchObject({ name: user.name, email: user.email });
    expect(await client.json('/api/users/' + user.id + '/email')).toEqual({ emailChangePending: null });
  });

  it('does not hold a pending address: its owner still registers it, and the pending change is then refused', async () => {
    const { user, client } = await newUser();
    const wanted = address('wanted');
    const { before } = await requestChange(client, user, wanted);
    const code = await smtp.codeFor(wanted, before);

    // The address's real owner registers it meanwhile: nothing blocks them.
    const owner = await registerUser(server, smtp, wanted);
    expect(owner.user_data.email).toBe(wanted);

    const confirm = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code });
    expect(confirm.status).toBe(409);
    expect(await confirm.json()).toEqual({ detail: 'Этот e-mail уже занят' });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(await storedEmail(owner.user_data.id)).toBe(wanted);
  });

  it('follows the login code rules: the newest code only, five tries, expiry, and mail rate limits', async () => {
    const { user, client } = await newUser();
    const first = address('first');
    const second = address('second');
    const one = await requestChange(client, user, first);
    const firstCode = await smtp.codeFor(first, one.before);
    // Saving again with the same pending address mails nothing new.
    const count = smtp.messages.length;
    const repeat = await requestChange(client, user, first);
    expect(repeat.body.emailChangePending).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(count);

    // A newer request voids the first code.
    const two = await requestChange(client, user, second);
    const secondCode = await smtp.codeFor(second, two.before);
    if (firstCode !== secondCode) {
      const stale = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code: firstCode });
      expect(stale.status).toBe(400);
    }

    // Five wrong tries kill the code, even for the right one after them.
    const wrong = secondCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const response = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code: wrong });
      expect(response.status).toBe(400);
    }
    const dead = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code: secondCode });
    expect(dead.status).toBe(400);
    expect(await dead.json()).toEqual({ detail: 'Код недействителен или истёк, запросите новый' });
    expect(await storedEmail(user.id)).toBe(user.email);

    // A third mail within the window is the last one this account may ask for (3 per 10 minutes).
    const third = address('third');
    const three = await requestChange(client, user, third);
    const thirdCode = await smtp.codeFor(third, three.before);
    const limited = await client.send(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, { email: address('fourth') }),
    );
    expect(limited.status).toBe(429);
    expect(await limited.json()).toHaveProperty('detail', 'Слишком много попыток, попробуйте позже');

    // A code lives ten minutes.
    offset += 11 * MINUTE;
    const expired = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code: thirdCode });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ detail: 'Код недействителен или истёк, запросите новый' });
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it('keeps the change to its own account and refuses malformed codes with a Russian detail', async () => {
    const { user, client } = await newUser();
    const other = await newUser();
    const wanted = address('mine');
    const { before } = await requestChange(client, user, wanted);
    const code = await smtp.codeFor(wanted, before);

    const foreign = await other.client.send('POST', `/api/users/${user.id}/email/confirm`, { code });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ detail: 'Можно менять только свой профиль' });
    expect((await other.client.get(`/api/users/${user.id}/email`)).status).toBe(403);
    // Another account's code does not confirm this one's change.
    const own = await other.client.send('POST', `/api/users/${other.user.id}/email/confirm`, { code });
    expect(own.status).toBe(400);
    for (const body of [{}, { code: '12345' }, { code: 123456 }, 'not json']) {
      const bad = await client.send('POST', `/api/users/${user.id}/email/confirm`, body);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ detail: 'Введите шестизначный код из письма' });
    }
    expect((await api(server).send('POST', `/api/users/${user.id}/email/confirm`, { code })).status).toBe(
      401,
    );
    expect(await storedEmail(user.id)).toBe(user.email);
    const confirmed = await client.send('POST', `/api/users/${user.id}/email/confirm`, { code });
    expect(confirmed.status).toBe(200);
    expect(await storedEmail(user.id)).toBe(wanted);
  });
});
