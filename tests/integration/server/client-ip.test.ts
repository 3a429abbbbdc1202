import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp, trustedProxyList } from '../../../src/server/http/client-ip';
import { RATE_RULES } from '../../../src/server/services/rate-limit';
import { api } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// Several processes behind nginx: the client's address behind a proxy. X-Forwarded-For is
// believed only from a peer in TRUSTED_PROXIES, so behind nginx each client gets its own auth rate
// limit and the payment provider passes the webhook's allow-list, while anyone else's forged header
// changes nothing. Every request here comes from 127.0.0.1.

const ADMIN = 'admin@example.ru';
const TOO_MANY = { detail: 'Слишком много попыток, попробуйте позже' };
const PROVIDER = '203.0.113.5';

/** A registration of a taken e-mail: counted against the per-address budget, refused without hashing. */
const knock = (server: TestServer, forwardedFor?: string) =>
  api(server).send(
    'POST',
    '/auth/register',
    { login_email: ADMIN, password: 'secret-123' },
    forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
  );

const webhook = (server: TestServer, forwardedFor: string) =>
  api(server).send('POST', '/api/payments/webhook', {}, { 'X-Forwarded-For': forwardedFor });

describe.each(ONE_ENGINE)('client address behind a proxy on %s', (engine) => {
  let behindProxy: TestServer;
  let direct: TestServer;
  const env = { DEMO_DATA: 'off', PAYMENT_WEBHOOK_IPS: '203.0.113.0/24' };

  beforeAll(async () => {
    behindProxy = await startTestServer(engine, { env: { ...env, TRUSTED_PROXIES: '127.0.0.1/32' } });
    // Trusts a proxy range the test's peer (127.0.0.1) is not in.
    direct = await startTestServer(engine, { env: { ...env, TRUSTED_PROXIES: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await behindProxy?.destroy();
    await direct?.destroy();
  });

  it('gives each forwarded client its own auth limit, counting only the hop the proxy added', async () => {
    const limit = RATE_RULES.authPerIp.limit;
    for (let i = 0; i < limit; i++) expect((await knock(behindProxy, '198.51.100.7')).status).toBe(409);
    const blocked = await knock(behindProxy, '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(TOO_MANY);
    // A client that writes its own X-Forwarded-For in front of the proxy's hop is still itself.
    expect((await knock(behindProxy, '192.0.2.99, 198.51.100.7')).status).toBe(429);
    expect((await knock(behindProxy, '::ffff:198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy has its own budget, and so has the proxy itself.
    expect((await knock(behindProxy, '198.51.100.8')).status).toBe(409);
    expect((await knock(behindProxy)).status).toBe(409);
  });

  it('ignores X-Forwarded-For from an untrusted peer: a forged header cannot dodge the limit', async () => {
    const limit = RATE_RULES.authPerIp.limit;
    for (let i = 0; i < limit; i++) expect((await knock(direct, `198.51.100.${i + 1}`)).status).toBe(409);
    const blocked = await knock(direct, '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(TOO_MANY);
    expect((await knock(direct)).status).toBe(429);
  });

  it('lets the provider through the proxy to the webhook, and no one with a forged header', async () => {
    // Past the address check, an empty notification is refused as malformed (400), not forbidden.
    expect((await webhook(behindProxy, PROVIDER)).status).toBe(400);
    const outsider = await webhook(behindProxy, `${PROVIDER}, 198.51.100.1`);
    expect(outsider.status).toBe(403);
    expect(await outsider.json()).toEqual({ detail: 'Уведомления принимаются только от платёжной системы' });
    expect((await webhook(direct, PROVIDER)).status).toBe(403);
  });
});

describe('clientIp', () => {
  const context = (peer: string | undefined, forwardedFor?: string) =>
    ({
      env: { incoming: { socket: { remoteAddress: peer } } },
      req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) },
    }) as unknown as Context;
  const proxies = trustedProxyList(['10.0.0.0/8', '127.0.0.1/32']);

  it('reads the chain from the right, skipping trusted proxies, and maps ::ffff: addresses', () => {
    expect(clientIp(context('::ffff:127.0.0.1', '1.1.1.1, 2.2.2.2, 10.0.0.5'), proxies)).toBe('2.2.2.2');
    expect(clientIp(context('127.0.0.1', '10.0.0.9, 10.0.0.5'), proxies)).toBe('10.0.0.9');
    expect(clientIp(context('127.0.0.1', 'garbage, 2.2.2.2'), proxies)).toBe('2.2.2.2');
    expect(clientIp(context('127.0.0.1', '2.2.2.2, garbage'), proxies)).toBe('127.0.0.1');
    expect(clientIp(context('127.0.0.1'), proxies)).toBe('127.0.0.1');
  });

  it('believes no header without trusted proxies or from another peer', () => {
    expect(clientIp(context('::ffff:192.0.2.1', '2.2.2.2'), proxies)).toBe('192.0.2.1');
    expect(clientIp(context('127.0.0.1', '2.2.2.2'), trustedProxyList(undefined))).toBe('127.0.0.1');
    expect(clientIp(context(undefined, '2.2.2.2'), proxies)).toBe('unknown');
  });
});
