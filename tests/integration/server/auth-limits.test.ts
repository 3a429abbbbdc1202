import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../src/protocol/auth';
import { api } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// Sign-in limits that fit real networks: many people share one address behind a NAT, so an address
// is refused only for its failures (AUTH_FAILURES_PER_ADDRESS, set low here), while each account
// keeps its own strict limit from any address. The server believes X-Forwarded-For from 127.0.0.1
// (TRUSTED_PROXIES), so each request here names the client address it comes from.

const MINUTE = 60_000;
const FAILURES_PER_ADDRESS = 10;
const PASSWORD = 'secret-123';
const TOO_MANY = { detail: 'Слишком много попыток, попробуйте позже' };

/**
 * A stored hash of PASSWORD in the server's own self-describing format, with a small scrypt cost:
 * the server checks a hash by the parameters it names, so fifty sign-ins stay quick.
 */
function quickHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe.each(ONE_ENGINE)('sign-in limits per address and per account on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let offset = 0;
  let serial = 0;

  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const login = (address: string, email: string, password = PASSWORD) =>
    api(server).send('POST', '/auth/login', { login_email: email, password }, from(address));
  const verify = (address: string, email: string, code: string) =>
    api(server).send('POST', '/auth/verify-2fa', { login_email: email, code }, from(address));

  /** A verified account made in the database, whose password is PASSWORD. */
  async function account(prefix: string): Promise<string> {
    const email = `${prefix}${++serial}-${engine}@example.ru`;
    await server.db.query('INSERT INTO users (email, password_hash, verified) VALUES ($1, $2, true)', [
      email,
      quickHash(PASSWORD),
    ]);
    return email;
  }

  /** Password, then the mailed code, from `address`; answers the code step's response. */
  async function signIn(address: string, email: string): Promise<Response> {
    const before = smtp.messages.length;
    const started = await login(address, email);
    expect(started.status).toBe(200);
    return verify(address, email, await smtp.codeFor(email, before));
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: {
        SMTP_URL: smtp.url,
        TRUSTED_PROXIES: '127.0.0.1/32',
        AUTH_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
      },
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });
  // Every test starts in fresh rate-limit windows.
  beforeEach(() => {
    offset += 20 * MINUTE;
  });

  it('signs in fifty different accounts from one address, none of them refused', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 50; i++) emails.push(await account('nat'));
    for (const email of emails) {
      const answer = await signIn('203.0.113.50', email);
      expect(answer.status).toBe(200);
      const auth = (await answer.json()) as AuthResponse;
      expect(auth.user_data.email).toBe(email);
    }
    // A few mistakes among them are well inside the address's budget.
    expect((await login('203.0.113.50', emails[0] as string, 'wrong-pass')).status).toBe(401);
    expect((await signIn('203.0.113.50', emails[1] as string)).status).toBe(200);
  }, 120_000);

  it('refuses an address once its failures pass the limit, and only that address', async () => {
    const victim = await account('shared');
    const bystander = await account('neighbour');
    const statuses: number[] = [];
    // Wrong passwords of different accounts, unknown accounts, and wrong codes all count.
    for (let i = 0; i < 4; i++)
      statuses.push((await login('198.51.100.1', await account('guess'), 'nope-123')).status);
    for (let i = 0; i < 3; i++)
      statuses.push((await login('198.51.100.1', `nobody${i}-${engine}@example.ru`)).status);
    for (let i = 0; i < 3; i++) statuses.push((await verify('198.51.100.1', victim, '000000')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 400, 400, 400]);

    // Past the limit even the right password is refused from that address.
    const blocked = await login('198.51.100.1', victim);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(TOO_MANY);
    expect((await verify('198.51.100.1', victim, '000000')).status).toBe(429);
    const reset = await api(server).send(
      'POST',
      '/auth/password-reset',
      { email: victim },
      from('198.51.100.1'),
    );
    expect(reset.status).toBe(429);

    // Another address behind the same proxy signs in, the victim's account included.
    expect((await signIn('198.51.100.2', victim)).status).toBe(200);
    expect((await signIn('198.51.100.2', bystander)).status).toBe(200);

    // The window closes: the refused address may try again.
    offset += 16 * MINUTE;
    expect((await signIn('198.51.100.1', bystander)).status).toBe(200);
  });

  it('lets no more wrong passwords through than the limit when they all come at once', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 3 * FAILURES_PER_ADDRESS; i++) emails.push(await account('burst'));
    const answers = await Promise.all(emails.map((email) => login('198.51.100.7', email, 'nope-123')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(FAILURES_PER_ADDRESS).fill(401),
      ...Array<number>(2 * FAILURES_PER_ADDRESS).fill(429),
    ]);
    // The refused ones counted nothing more: the address stays refused until its window closes.
    expect((await login('198.51.100.7', emails[0] as string)).status).toBe(429);
    offset += 16 * MINUTE;
    expect((await signIn('198.51.100.7', emails[0] as string)).status).toBe(200);
  });

  it("refuses an account's sixth try from any address, and no other account", async () => {
    const target = await account('target');
    const other = await account('other');
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await login(`192.0.2.${i}`, target, 'wrong-pass')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // A fresh address with the right password: the account's own limit is spent.
    const refused = await login('192.0.2.99', target);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    // The same fresh address is not refused for someone else.
    expect((await signIn('192.0.2.99', other)).status).toBe(200);
  });

  it('caps the code e-mails one address asks for, and not another address', async () => {
    // Reset requests for unknown e-mails count against the cap and send nothing, which keeps this quick.
    const statuses: number[] = [];
    for (let i = 0; i < 201; i++) {
      const response = await api(server).send(
        'POST',
        '/auth/password-reset',
        { email: `bomb${i}-${engine}@example.ru` },
        from('198.51.100.77'),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 200).every((status) => status === 200)).toBe(true);
    expect(statuses[200]).toBe(429);
    const elsewhere = await api(server).send(
      'POST',
      '/auth/password-reset',
      { email: `bomb-${engine}@example.ru` },
      from('198.51.100.78'),
    );
    expect(elsewhere.status).toBe(200);
  }, 60_000);
});
