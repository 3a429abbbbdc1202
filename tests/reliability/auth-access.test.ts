import * as crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Excursion, Ticket, User } from '../../src/domain/types';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, newCode } from '../../src/server/services/auth-codes';
import { AUTH_SERVICE_TEXTS } from '../../src/server/services/auth-texts';
import { RATE_RULES } from '../../src/server/services/rate-limit';
import { HUB_TEXTS } from '../../src/server/realtime/socket-policy';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../support/api';
import { registerUser, startLogin } from '../support/auth-flow';
import { book, bookingBody, tourWithRoom } from '../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../support/smtp';
import { openSocket } from '../support/socket';

// OWASP ASVS 5.0 chapters 6, 7, 8 and 9: one-time codes, rate limits, password
// hashing, tokens, demotion, and per-object access on every endpoint of SPEC §7 that takes an id.

// The code generator must draw from the CSPRNG: every call of node:crypto's randomInt is recorded.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, default: actual, randomInt: vi.fn(actual.randomInt) };
});

const CYRILLIC = /[а-яё]/i;
/** This server's budget of failed sign-in steps per address (AUTH_FAILURES_PER_ADDRESS): low, so it is reached quickly. */
const ADDRESS_FAILURES = 20;

describe('the one-time code generator', () => {
  it('draws six digits from the CSPRNG, never from Math.random, and is neither sequential nor biased', () => {
    const randomInt = vi.mocked(crypto.randomInt);
    const mathRandom = vi.spyOn(Math, 'random');
    randomInt.mockClear();
    const codes = Array.from({ length: 10_000 }, () => newCode());
    expect(randomInt).toHaveBeenCalledTimes(codes.length);
    for (const call of randomInt.mock.calls) expect(call.slice(0, 2)).toEqual([0, 1_000_000]);
    expect(mathRandom).not.toHaveBeenCalled();
    mathRandom.mockRestore();

    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 10 000 draws from a million: about 50 repeats are expected, a weak generator repeats far more.
    expect(new Set(codes).size).toBeGreaterThan(9_850);
    // Not a counter or a fixed step: consecutive differences almost never repeat.
    const steps = codes.slice(1).map((code, i) => Number(code) - Number(codes[i]));
    expect(steps.filter((step, i) => i > 0 && step === steps[i - 1]).length).toBeLessThan(5);
    // Leading zeros are kept (the whole range is used): about a tenth start with 0.
    const zeros = codes.filter((code) => code.startsWith('0')).length;
    expect(zeros).toBeGreaterThan(800);
    expect(zeros).toBeLessThan(1_200);
  });
});

describe.each(ONE_ENGINE)('auth and access on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let secret: Uint8Array;
  let offset = 0;
  let serial = 0;
  const email = () => `rel-${engine}-${Date.now().toString(36)}-${serial++}@example.ru`;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url, AUTH_FAILURES_PER_ADDRESS: String(ADDRESS_FAILURES) },
      now: () => new Date(Date.now() + offset),
    });
    secret = new TextEncoder().encode((await readFile(join(server.dataDir, 'jwt-secret'), 'utf8')).trim());
  });
  // Every test starts with fresh rate-limit windows (all requests come from 127.0.0.1).
  beforeEach(async () => {
    offset = 0;
    await server.db.query('DELETE FROM rate_limits');
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const verify = (loginEmail: string, code: string) =>
    api(server).send('POST', '/auth/verify-2fa', { login_email: loginEmail, code });
  const detailOf = async (response: Response) => ((await response.json()) as { detail?: string }).detail;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('one-time codes', () => {
    it('are stored only as a salted hash', async () => {
      const address = email();
      const auth = await registerUser(server, smtp, address);
      const before = await startLogin(server, smtp, address);
      const code = await smtp.codeFor(address, before);
      const [row] = await server.db.query<{ salt: string; code_hash: string }>(
        'SELECT salt, code_hash FROM login_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [auth.user_data.id],
      );
      expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row?.code_hash).toBe(
        crypto.createHash('sha256').update(String(row?.salt)).update(code).digest('hex'),
      );
    });

    it(`expire after ${CODE_TTL_MS / 60_000} minutes`, async () => {
      const address = email();
      await registerUser(server, smtp, address);
      const before = await startLogin(server, smtp, address);
      const code = await smtp.codeFor(address, before);
      offset = CODE_TTL_MS + 1000;
      const late = await verify(address, code);
      expect(late.status).toBe(400);
      expect(await detailOf(late)).toBe(AUTH_SERVICE_TEXTS.codeExpired);
      // Control: the same flow inside the lifetime signs in.
      offset = 0;
      const fresh = await startLogin(server, smtp, address);
      expect((await verify(address, await smtp.codeFor(address, fresh))).status).toBe(200);
    });

    it('work once; a newer code voids the older one', async () => {
      const address = email();
      await registerUser(server, smtp, address);
      const first = await smtp.codeFor(address, await startLogin(server, smtp, address));
      const second = await smtp.codeFor(address, await startLogin(server, smtp, address));
      const stale = await verify(address, first);
      expect(stale.status).toBe(400);
      expect((await verify(address, second)).status).toBe(200);
      const replay = await verify(address, second);
      expect(replay.status).toBe(400);
      expect(await detailOf(replay)).toBe(AUTH_SERVICE_TEXTS.codeExpired);
    });

    it(`die after ${MAX_CODE_ATTEMPTS} wrong tries, even for the right code`, async () => {
      const address = email();
      await registerUser(server, smtp, address);
      const code = await smtp.codeFor(address, await startLogin(server, smtp, address));
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        const guess = await verify(address, wrong(code));
        expect(guess.status).toBe(400);
        expect(await detailOf(guess)).toBe(AUTH_SERVICE_TEXTS.wrongCode);
      }
      const right = await verify(address, code);
      expect(right.status).toBe(400);
      expect(await detailOf(right)).toBe(AUTH_SERVICE_TEXTS.codeExpired);
    });
  });

  describe('rate limits', () => {
    it(`failed logins per address: one more than ${ADDRESS_FAILURES} in the window answers 429`, async () => {
      const answers: number[] = [];
      for (let i = 0; i <= ADDRESS_FAILURES; i++) {
        const response = await api(server).send('POST', '/auth/login', {
          login_email: email(),
          password: 'wrong-password',
        });
        answers.push(response.status);
        if (response.status === 429) expect(await detailOf(response)).toBe(AUTH_SERVICE_TEXTS.tooMany);
      }
      expect(answers.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    });

    it(`logins per account: after ${RATE_RULES.loginPerAccount.limit} tries even the right password is refused`, async () => {
      const address = email();
      await registerUser(server, smtp, address);
      await server.db.query('DELETE FROM rate_limits');
      for (let i = 0; i < RATE_RULES.loginPerAccount.limit; i++) {
        const response = await api(server).send('POST', '/auth/login', {
          login_email: address,
          password: 'nope-nope',
        });
        expect(response.status).toBe(401);
      }
      const right = await api(server).send('POST', '/auth/login', {
        login_email: address,
        password: 'secret-123',
      });
      expect(right.status).toBe(429);
      expect(await detailOf(right)).toMatch(CYRILLIC);
      // The window closes: the right password works again.
      offset = RATE_RULES.loginPerAccount.windowMs + 1000;
      await server.db.query(`DELETE FROM rate_limits WHERE key LIKE 'auth-ip:%'`);
      const later = await api(server).send('POST', '/auth/login', {
        login_email: address,
        password: 'secret-123',
      });
      expect(later.status).toBe(200);
    });

    it(`failed code checks count against the same address: one more than ${ADDRESS_FAILURES} answers 429`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= ADDRESS_FAILURES; i++) statuses.push((await verify(email(), '123456')).status);
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it('passwords are hashed with scrypt N=2^17, r=8, p=1, a unique 16-byte salt and a 32-byte key', async () => {
    const password = 'Одинаковый-пароль-1';
    const users = [
      await registerUser(server, smtp, email(), password),
      await registerUser(server, smtp, email(), password),
    ];
    const hashes = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = ANY($1::int[]) ORDER BY id',
      [users.map((u) => u.user_data.id)],
    );
    expect(hashes).toHaveLength(2);
    const parts = hashes.map((h) => h.password_hash.split('$'));
    for (const [scheme, n, r, p, salt, key] of parts) {
      expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
      expect(Buffer.from(salt as string, 'base64')).toHaveLength(16);
      expect(Buffer.from(key as string, 'base64')).toHaveLength(32);
      // It really is scrypt with those parameters over this password.
      const derived = crypto.scryptSync(
        password.normalize('NFKC'),
        Buffer.from(salt as string, 'base64'),
        32,
        {
          N: 2 ** 17,
          r: 8,
          p: 1,
          maxmem: 256 * 1024 * 1024,
        },
      );
      expect(derived.toString('base64')).toBe(key);
    }
    // The same password, two users: different salts, different hashes.
    expect(parts[0]?.[4]).not.toBe(parts[1]?.[4]);
    expect(parts[0]?.[5]).not.toBe(parts[1]?.[5]);
    expect(hashes.some((h) => h.password_hash.includes(password))).toBe(false);
  });

  describe('tokens', () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = (userId: number) => ({ sub: String(userId), tv: 0, iss: 'krym-excursions' });
    const hour = () => Math.floor(Date.now() / 1000) + 3600;

    /** Forged tokens for `userId`, each with one thing wrong, and the same construction done right. */
    async function forgeries(userId: number) {
      const base = (extra: object = {}) =>
        new SignJWT({ tv: 0, ...extra })
          .setSubject(String(userId))
          .setIssuer('krym-excursions')
          .setIssuedAt();
      const rsa = await generateKeyPair('RS256');
      const valid = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(secret);
      const [header, payload] = valid.split('.') as [string, string];
      return {
        valid,
        bad: {
          'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(userId), exp: hour() })}.`,
          'alg none with the real signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${valid.split('.')[2]}`,
          'HS512 with the real secret': await base()
            .setProtectedHeader({ alg: 'HS512' })
            .setExpirationTime('1h')
            .sign(secret),
          'RS256 with its own key': await base()
            .setProtectedHeader({ alg: 'RS256' })
            .setExpirationTime('1h')
            .sign(rsa.privateKey),
          'HS256 with another secret': await base()
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime('1h')
            .sign(new TextEncoder().encode('x'.repeat(64))),
          'a changed payload': `${header}.${b64({ ...claims(DEMO.admin), exp: hour() })}.${valid.split('.')[2]}`,
          'an expired exp': await base()
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
            .sign(secret),
          'another issuer': await base()
            .setIssuer('someone-else')
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime('1h')
            .sign(secret),
          garbage: 'not.a.token',
        } as Record<string, string>,
      };
    }

    it('alg none, another algorithm, a bad signature, a changed payload or an expired exp get 401 over HTTP', async () => {
      const { valid, bad } = await forgeries(DEMO.tourist);
      // Control: the same construction, done right, is accepted.
      expect((await api(server, valid).json<User>('/api/users/me')).id).toBe(DEMO.tourist);
      for (const [name, token] of Object.entries(bad)) {
        const response = await api(server, token).get('/api/users/me');
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
        expect(await detailOf(response)).toMatch(CYRILLIC);
        const booking = await api(server, token).send('POST', `/api/users/${DEMO.tourist}/favorites/x`);
        expect({ name, status: booking.status }).toEqual({ name, status: 401 });
      }
    });

    it('and get no personal messages on the socket', async () => {
      const { valid, bad } = await forgeries(DEMO.tourist);
      const channels = ['USER_UPDATE', 'TICKET_UPDATE', 'EXCURSION_UPDATE'];
      const good = await openSocket(server.url);
      good.send({ type: 'subscribe', channels, userId: DEMO.tourist, token: valid });
      const subscribed = await good.next((m) => m.type === 'subscribed');
      expect(subscribed.data).toMatchObject({ user_id: DEMO.tourist });
      const forged = [];
      for (const [name, token] of Object.entries(bad)) {
        const socket = await openSocket(server.url);
        socket.send({ type: 'subscribe', channels, userId: DEMO.tourist, token });
        const answer = await socket.next((m) => m.type === 'subscribed');
        expect({ name, data: answer.data }).toEqual({
          name,
          data: { channels: ['EXCURSION_UPDATE'], user_id: null },
        });
        expect(socket.messages.some((m) => m.type === 'error')).toBe(true);
        forged.push({ name, socket });
      }
      // A genuine token of another user, claiming the tourist's id, gets no personal channel either.
      const other = await openSocket(server.url);
      other.send({
        type: 'subscribe',
        channels,
        userId: DEMO.tourist,
        token: await tokenFor(server, DEMO.seller2),
      });
      expect(JSON.stringify((await other.next((m) => m.type === 'error')).data)).toContain(
        HUB_TEXTS.otherUser,
      );
      forged.push({ name: "another user's token", socket: other });
      // A personal event for the tourist: the genuine socket gets it, no forged one does.
      const { excursions } = await catalogue(server);
      const excursion = excursions[0] as Excursion;
      await api(server, valid).send('DELETE', `/api/users/${DEMO.tourist}/favorites/${excursion._id}`);
      expect(
        (await api(server, valid).send('POST', `/api/users/${DEMO.tourist}/favorites/${excursion._id}`))
          .status,
      ).toBe(200);
      await good.next((m) => m.type === 'USER_UPDATE' && m.data.action === 'favorite_added');
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const { name, socket } of forged) {
        expect({ name, personal: socket.messages.filter((m) => m.type === 'USER_UPDATE') }).toEqual({
          name,
          personal: [],
        });
        socket.close();
      }
      good.close();
    });

    it('demotion revokes every token the seller held, over HTTP and on the socket', async () => {
      const auth = await registerUser(server, smtp, email());
      const id = auth.user_data.id;
      const admin = await tokenFor(server, DEMO.admin);
      expect((await api(server, admin).send('POST', `/api/users/${id}/promote-to-seller`)).status).toBe(200);
      const sellerToken = auth.access_token;
      expect((await api(server, sellerToken).json<User>('/api/users/me')).role).toBe('seller');
      expect((await api(server, admin).send('POST', `/api/users/${id}/demote-to-user`)).status).toBe(200);
      const after = await api(server, sellerToken).get('/api/users/me');
      expect(after.status).toBe(401);
      const socket = await openSocket(server.url);
      socket.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: id, token: sellerToken });
      const error = await socket.next((m) => m.type === 'error');
      expect(JSON.stringify(error.data)).toContain(HUB_TEXTS.invalidToken);
      socket.close();
      // A new login gets a working token, as a plain user.
      const next = await api(server).send('POST', '/auth/login', {
        login_email: auth.user_data.email,
        password: 'secret-123',
      });
      expect(next.status).toBe(200);
    });
  });

  describe("another user's ids are refused", () => {
    let owner: string;
    let intruder: string;
    let seller: string;
    let seller2: string;

    beforeAll(async () => {
      owner = await tokenFor(server, DEMO.tourist);
      intruder = await tokenFor(server, DEMO.seller2);
      seller = await tokenFor(server, DEMO.seller);
      seller2 = intruder;
    });

    it('tickets: read, cancel, list and check', async () => {
      const { excursion, tour } = await tourWithRoom(server, 'coach', 1);
      const booked = await book(
        server,
        owner,
        bookingBody(DEMO.tourist, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
      );
      expect(booked.status).toBe(200);
      const path = `/api/tickets/${booked.body.ticket_id}`;
      expect((await api(server, intruder).get(path)).status).toBe(403);
      expect((await api(server, intruder).send('PATCH', path, { status: 'cancelled' })).status).toBe(403);
      expect((await api(server, intruder).get(`/api/users/${DEMO.tourist}/tickets`)).status).toBe(403);
      // The guide's QR check: only the excursion's own seller (or an admin), not another seller or the buyer.
      const check = `/api/tickets/check/${booked.body.ticket?.checkCode}`;
      const stranger = excursion.ownerID === DEMO.seller ? seller2 : seller;
      expect((await api(server, stranger).get(check)).status).toBe(403);
      expect((await api(server, owner).get(check)).status).toBe(403);
      expect((await api(server, await tokenFor(server, excursion.ownerID)).get(check)).status).toBe(200);
      // Booking in another user's name is refused too.
      const forOther = await book(
        server,
        intruder,
        bookingBody(DEMO.tourist, excursion, tour, { adults: 1, seats: [tour.emptySeats[1] as number] }),
      );
      expect(forOther.status).toBe(403);
      // Nothing changed; the owner (the control) reads, lists and cancels it.
      const mine = await api(server, owner).json<Ticket>(path);
      expect(mine.status).toBe('to payment');
      const list = await api(server, owner).json<{ tickets: Ticket[] }>(`/api/users/${DEMO.tourist}/tickets`);
      expect(list.tickets.map((t) => t._id)).toContain(booked.body.ticket_id);
      expect((await api(server, owner).send('PATCH', path, { status: 'cancelled' })).status).toBe(200);
    });

    it('users: the profile and the roles', async () => {
      const before = await api(server, owner).json<User>('/api/users/me');
      const profile = {
        name: 'Взлом',
        surname: 'Чужой',
        middlename: '',
        phone: '+79780000000',
        email: before.email,
        avatar: '',
      };
      const put = await api(server, intruder).send('PUT', `/api/users/${DEMO.tourist}`, profile);
      expect(put.status).toBe(403);
      expect(await detailOf(put)).toMatch(CYRILLIC);
      // No route reads another user's profile by id.
      expect((await api(server, intruder).get(`/api/users/${DEMO.tourist}`)).status).not.toBe(200);
      expect(
        (await api(server, seller).send('POST', `/api/users/${DEMO.tourist}/promote-to-seller`)).status,
      ).toBe(403);
      expect(
        (await api(server, seller).send('POST', `/api/users/${DEMO.seller2}/demote-to-user`)).status,
      ).toBe(403);
      expect(await api(server, owner).json<User>('/api/users/me')).toEqual(before);
      expect((await api(server, seller2).json<User>('/api/users/me')).role).toBe('seller');
    });

    it('favourites', async () => {
      const { excursions } = await catalogue(server);
      const excursion = excursions[1] as Excursion;
      const path = `/api/users/${DEMO.tourist}/favorites/${excursion._id}`;
      const count = async () =>
        Number(
          (
            await server.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM favorites WHERE user_id = $1 AND excursion_id = $2',
              [DEMO.tourist, excursion._id],
            )
          )[0]?.n,
        );
      expect((await api(server, intruder).send('POST', path)).status).toBe(403);
      expect(await count()).toBe(0);
      expect((await api(server, owner).send('POST', path)).status).toBe(200);
      expect(await count()).toBe(1);
      expect((await api(server, intruder).send('DELETE', path)).status).toBe(403);
      expect(await count()).toBe(1);
      expect((await api(server, owner).send('DELETE', path)).status).toBe(200);
      expect(await count()).toBe(0);
    });

    it("excursions: another seller can neither edit nor publish a seller's excursion", async () => {
      const { excursions } = await catalogue(server);
      const excursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
      const form = (title: string) => {
        const data = new FormData();
        data.append('excursion', JSON.stringify({ ...excursion, title }));
        for (const name of excursion.images) data.append('existing_preview_images', name);
        for (const name of excursion.gallery) data.append('existing_gallery_images', name);
        return data;
      };
      const put = (token: string, title: string) =>
        fetch(`${server.url}/api/excursions/${excursion._id}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}` },
          body: form(title),
        });
      const foreign = await put(seller2, 'Чужая правка');
      expect(foreign.status).toBe(403);
      expect(await detailOf(foreign)).toMatch(CYRILLIC);
      for (const action of ['publish', 'reject'])
        expect(
          (
            await api(server, seller2).send('POST', `/api/excursions/${excursion._id}/${action}`, {
              reason: 'Плохо',
            })
          ).status,
        ).toBe(403);
      expect((await api(server).json<Excursion>(`/api/excursions/${excursion._id}`)).title).toBe(
        excursion.title,
      );
      // Control: its own seller's identical edit goes through.
      const own = await put(seller, excursion.title);
      expect(own.status).toBe(200);
    });

    it("tours: another seller can neither add nor delete tours of a seller's excursion", async () => {
      const { excursion, tour } = await unsoldTourOf(server, DEMO.seller);
      const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      const created = await api(server, seller2).send('POST', '/api/tours', {
        tours: [{ excursionID: excursion._id, date, time: '06:15' }],
      });
      expect(created.status).toBe(403);
      expect(((await created.json()) as { message?: string }).message).toMatch(CYRILLIC);
      const removed = await api(server, seller2).send('DELETE', '/api/tours', { tour_ids: [tour._id] });
      expect(removed.status).toBe(403);
      expect((await api(server).get(`/api/tours/${tour._id}`)).status).toBe(200);
      const { tours } = await catalogue(server);
      expect(
        tours.some((t) => t.excursionID === excursion._id && t.date === date && t.time === '06:15'),
      ).toBe(false);
      // Control: its own seller may.
      expect(
        (
          await api(server, seller).send('POST', '/api/tours', {
            tours: [{ excursionID: excursion._id, date, time: '06:15' }],
          })
        ).status,
      ).toBe(200);
      expect((await api(server, seller).send('DELETE', '/api/tours', { tour_ids: [tour._id] })).status).toBe(
        200,
      );
    });
  });
});
