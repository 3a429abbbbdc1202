import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../src/protocol/auth';
import type { User } from '../../../src/domain/types';
import { createLogger } from '../../../src/server/log';
import { api } from '../../support/api';
import { GOOD_CARD, book, bookingBody, payWithCard, tourWithRoom } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// The operator's view of a running server: its JSON log lines, as a log collector reads them. A
// sign-up, a login with password and code, a paid booking, a profile change with an e-mail code and
// some refused requests go through a real server; the captured lines must parse, name each request
// by the id its answer carried, and hold none of the secrets that went over the wire.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Line {
  time: string;
  level: string;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  bytes?: number;
  client?: string;
}

/** Waits for `check`: an access line is written once its answer has gone out, a moment after. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!check()) throw new Error(`never: ${what}`);
}

interface Answer {
  method: string;
  status: number;
  requestId: string | null;
}

describe.each(ONE_ENGINE)('request log on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const raw: string[] = [];
  const answers: Answer[] = [];
  const secrets: Record<string, string> = {};

  const lines = () => raw.map((line) => JSON.parse(line) as Line);
  const accessLines = () => lines().filter((line) => line.msg === 'request');

  /** Sends as the api helper does and keeps the answer's id and status. */
  async function send(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response =
      method === 'GET'
        ? await api(server, options.token).get(path, { headers: options.headers })
        : await api(server, options.token).send(method, path, options.body, options.headers);
    answers.push({ method, status: response.status, requestId: response.headers.get('x-request-id') });
    return response;
  }

  async function verify(email: string, after: number, name: string): Promise<AuthResponse> {
    const code = await smtp.codeFor(email, after);
    secrets[name] = code;
    const response = await send('POST', '/auth/verify-2fa', { body: { login_email: email, code } });
    expect(response.status).toBe(200);
    return (await response.json()) as AuthResponse;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      // The test's peer (127.0.0.1) is a trusted proxy here, so its X-Request-Id may be kept.
      env: { SMTP_URL: smtp.url, TRUSTED_PROXIES: '127.0.0.1/32' },
      logger: createLogger('debug', { format: 'json', write: (line) => void raw.push(line) }),
    });

    const email = `log-${randomUUID().slice(0, 8)}@example.ru`;
    const password = `Pw-${randomUUID()}`;
    secrets.password = password;
    let before = smtp.messages.length;
    expect((await send('POST', '/auth/register', { body: { login_email: email, password } })).status).toBe(
      200,
    );
    secrets.signUpToken = (await verify(email, before, 'signUpCode')).access_token;

    before = smtp.messages.length;
    expect((await send('POST', '/auth/login', { body: { login_email: email, password } })).status).toBe(200);
    const auth = await verify(email, before, 'loginCode');
    const token = auth.access_token;
    secrets.token = token;
    const user = auth.user_data as User;

    const { excursion, tour } = await tourWithRoom(server, 'coach', 1);
    const key = randomUUID();
    secrets.idempotencyKey = key;
    const body = bookingBody(user.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] });
    const booked = await book(server, token, body, { 'Idempotency-Key': key });
    expect(booked.status).toBe(200);
    const confirmation = booked.body.confirmationid as string;
    secrets.confirmation = confirmation;
    expect((await payWithCard(server, confirmation)).status).toBe(200);
    secrets.card = GOOD_CARD;
    secrets.cardDigits = GOOD_CARD.replace(/\D/g, '');
    expect((await send('GET', `/api/tickets/${booked.body.ticket_id as string}`, { token })).status).toBe(
      200,
    );

    const next = `log-new-${randomUUID().slice(0, 8)}@example.ru`;
    before = smtp.messages.length;
    const profile = {
      name: 'Анна',
      surname: user.surname,
      middlename: user.middlename,
      phone: '89781234567',
      email: next,
      avatar: user.avatar,
    };
    expect((await send('PUT', `/api/users/${user.id}`, { token, body: profile })).status).toBe(200);
    const emailCode = await smtp.codeFor(next, before);
    secrets.emailCode = emailCode;
    const confirmed = await send('POST', `/api/users/${user.id}/email/confirm`, {
      token,
      body: { code: emailCode },
    });
    expect(confirmed.status).toBe(200);

    // Refusals: a malformed booking, a token in the query string, an unknown path, a wrong code.
    expect((await send('POST', '/api/tickets', { token, body: '{"tourID":' })).status).toBe(400);
    expect((await send('GET', `/api/users/me?access_token=${token}`)).status).toBe(401);
    expect((await send('GET', `/api/nothing/${token}`)).status).toBe(404);
    expect((await send('GET', '/api/health')).status).toBe(200);
    await until(() => {
      const logged = new Set(accessLines().map((line) => line.requestId));
      return answers.every((answer) => logged.has(answer.requestId ?? ''));
    }, 'an access line per answer');
  }, 120_000);

  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  it('writes every line as one JSON object with its time, level and message', () => {
    expect(raw.length).toBeGreaterThan(10);
    for (const text of raw) {
      expect(text.endsWith('\n')).toBe(true);
      expect(text.trimEnd()).not.toContain('\n');
      const line = JSON.parse(text) as Line;
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(['error', 'info', 'debug']).toContain(line.level);
      expect(typeof line.msg).toBe('string');
    }
  });

  it('writes no token, password, code, card number or idempotency key', () => {
    expect(Object.keys(secrets).sort()).toEqual(
      [
        'card',
        'cardDigits',
        'confirmation',
        'emailCode',
        'idempotencyKey',
        'loginCode',
        'password',
        'signUpCode',
        'signUpToken',
        'token',
      ].sort(),
    );
    const log = raw.join('');
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(0);
      expect(log.includes(value), `${name} is in the log`).toBe(false);
    }
    // A token's signature alone would do harm too.
    expect(log.includes(secrets.token?.split('.')[2] as string)).toBe(false);
  });

  it('answers every request with an id, and writes one access line under that id', () => {
    const access = accessLines();
    expect(answers.length).toBeGreaterThan(8);
    for (const answer of answers) {
      expect(answer.requestId).toMatch(UUID);
      const mine = access.filter((line) => line.requestId === answer.requestId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ method: answer.method, status: answer.status });
    }
    for (const line of access) {
      expect(line.requestId).toMatch(UUID);
      expect(line.client).toBe('127.0.0.1');
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('names the route pattern, not the path with its ids, and keeps health at debug level', () => {
    const access = accessLines();
    const routes = access.map((line) => `${line.method ?? ''} ${line.route ?? ''} ${line.status ?? ''}`);
    expect(routes).toContain('POST /api/tickets 200');
    expect(routes).toContain('GET /api/tickets/:id 200');
    expect(routes).toContain('PUT /api/users/:id 200');
    expect(routes).toContain('POST /api/users/:id/email/confirm 200');
    expect(routes).toContain('POST /api/tickets 400');
    expect(routes).toContain('GET /api/users/me 401');
    expect(routes).toContain('GET /api/nothing/:x 404');
    expect(access.find((line) => line.route === '/api/health')?.level).toBe('debug');
    expect(access.filter((line) => line.route !== '/api/health').every((line) => line.level === 'info')).toBe(
      true,
    );
    const ticket = access.find((line) => line.route === '/api/tickets/:id');
    expect(ticket?.bytes).toBeGreaterThan(0);
  });

  it("keeps a trusted proxy's sane request id and replaces any other", async () => {
    const kept = await send('GET', '/api/excursions', { headers: { 'X-Request-Id': 'edge-7f3a.1_b' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.1_b');
    await until(() => accessLines().some((line) => line.requestId === 'edge-7f3a.1_b'), 'its access line');

    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon', '']) {
      const replaced = await send('GET', '/api/excursions', { headers: { 'X-Request-Id': bad } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('returns the id on answers made before any route: a malformed path and a body over the cap', async () => {
    const malformed = await send('GET', '/api/tours/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-request-id')).toMatch(UUID);
    const huge = await send('POST', '/api/tickets', { body: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('x-request-id')).toMatch(UUID);
    const logged = (id: string | null) => accessLines().some((line) => line.requestId === id);
    await until(() => logged(malformed.headers.get('x-request-id')), 'the malformed path logged');
    await until(() => logged(huge.headers.get('x-request-id')), 'the huge body logged');
  });
});

describe('request ids from an untrusted peer', () => {
  let server: TestServer;
  const raw: string[] = [];

  beforeAll(async () => {
    // Mail cannot be sent: the login code's failure is logged inside the request.
    server = await startTestServer('pglite', {
      env: { DEMO_DATA: 'off', SMTP_URL: 'smtp://127.0.0.1:1' },
      logger: createLogger('debug', { format: 'json', write: (line) => void raw.push(line) }),
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it("ignores a client's own X-Request-Id and names the request in a service's error line", async () => {
    const response = await api(server).send(
      'POST',
      '/auth/register',
      { login_email: 'nobody-mailed@example.ru', password: 'secret-123' },
      { 'X-Request-Id': 'client-chosen' },
    );
    const id = response.headers.get('x-request-id') as string;
    expect(id).toMatch(UUID);
    const lines = () => raw.map((line) => JSON.parse(line) as Line);
    await until(
      () => lines().some((line) => line.requestId === id && line.msg === 'request'),
      'its access line',
    );
    expect(lines().some((line) => line.requestId === 'client-chosen')).toBe(false);
    const mine = lines().filter((line) => line.requestId === id);
    expect(mine.some((line) => line.level === 'error' && line.msg !== 'request')).toBe(true);
    expect(mine.filter((line) => line.msg === 'request')).toHaveLength(1);
  });
});
