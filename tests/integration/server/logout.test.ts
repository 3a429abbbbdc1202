import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../../src/domain/types';
import { AUTH_TEXTS } from '../../../src/server/http/auth';
import { HUB_TEXTS } from '../../../src/server/realtime/socket-policy';
import { pruneShortLived } from '../../../src/server/storage/compaction';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { bookingBody, tourWithRoom } from '../../support/booking';
import { startCluster, type Cluster } from '../../support/cluster';
import { TEST_DATABASE_URL } from '../../support/postgres';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket, type TestSocket } from '../../support/socket';

// POST /auth/logout voids the token it is called with and no other: the same user's other devices
// stay signed in. Every request, the booking's one-statement path and the live socket refuse the
// revoked token; the revoked list forgets it once it would have expired anyway.

const PERSONAL = ['USER_UPDATE', 'TICKET_UPDATE'];

async function signedInSocket(
  url: string,
  token: string,
  userId: number = DEMO.tourist,
): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ type: 'subscribe', channels: [...PERSONAL, 'TOUR_UPDATE'], token });
  const subscribed = await socket.next((m) => m.type === 'subscribed');
  expect(subscribed).toMatchObject({ data: { user_id: userId } });
  return socket;
}

/** One round trip on `socket`, so anything sent to it before has arrived. */
async function roundTrip(socket: TestSocket): Promise<void> {
  const before = socket.messages.filter((m) => m.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.next(() => socket.messages.filter((m) => m.type === 'pong').length > before);
}

const logout = (url: string, token?: string) =>
  fetch(`${url}/auth/logout`, {
    method: 'POST',
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });

const favorite = (url: string, token: string, excursionId: string) =>
  fetch(`${url}/api/users/${DEMO.tourist}/favorites/${excursionId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });

describe.each(ONE_ENGINE)('logout on one device on %s', (engine) => {
  let server: TestServer;
  let excursions: Excursion[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ excursions } = await catalogue(server));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const me = (token: string) => api(server, token).get('/api/users/me');

  it('voids this token only: the same user’s other token keeps working', async () => {
    const phone = await tokenFor(server, DEMO.tourist);
    const laptop = await tokenFor(server, DEMO.tourist);
    expect((await me(phone)).status).toBe(200);

    const answer = await logout(server.url, phone);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });

    const refused = await me(phone);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: AUTH_TEXTS.invalid });
    expect((await me(laptop)).status).toBe(200);
    // A queued logout sent twice is answered the same, and changes nothing more.
    expect((await logout(server.url, phone)).status).toBe(200);
    expect((await me(laptop)).status).toBe(200);
  });

  it('refuses a call without a token, or with one that does not verify, and revokes nothing', async () => {
    const token = await tokenFor(server, DEMO.tourist);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const [sent, detail] of [
      [undefined, AUTH_TEXTS.required],
      [forged, AUTH_TEXTS.invalid],
      ['not-a-token', AUTH_TEXTS.invalid],
    ] as const) {
      const answer = await logout(server.url, sent);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ detail });
    }
    expect((await me(token)).status).toBe(200);
  });

  it('revokes a token signed before tokens had an id, and only that one', async () => {
    // As the server signed tokens before each got a jti: same key, same claims, no id.
    const secret = new TextEncoder().encode(
      (await readFile(join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
    );
    const sign = (iat: number) =>
      new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(DEMO.tourist))
        .setIssuer('krym-excursions')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(secret);
    const now = Math.floor(Date.now() / 1000);
    const old = await sign(now - 10);
    const other = await sign(now - 20);
    expect((await me(old)).status).toBe(200);
    expect((await logout(server.url, old)).status).toBe(200);
    expect((await me(old)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it('a revoked token books nothing, not even on the booking’s one-statement path', async () => {
    const tickets = async () =>
      (
        await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE user_id = $1', [
          DEMO.tourist,
        ])
      )[0]?.n;
    const token = await tokenFor(server, DEMO.tourist);
    const { excursion, tour } = await tourWithRoom(server, 'none', 2);
    const body = bookingBody(DEMO.tourist, excursion, tour, { adults: 1 });
    // The one-statement path knows the tour from a first booking, as it does in use.
    const first = await api(server, token).send('POST', '/api/tickets', body);
    expect(first.status).toBe(200);
    await logout(server.url, token);
    const before = await tickets();
    const refused = await api(server, token).send('POST', '/api/tickets', body);
    expect(refused.status).toBe(401);
    expect(await tickets()).toBe(before);
  });

  it('takes the user’s personal channels from a socket signed in with the token, not from the others', async () => {
    const phone = await tokenFor(server, DEMO.tourist);
    const laptop = await tokenFor(server, DEMO.tourist);
    const onPhone = await signedInSocket(server.url, phone);
    const onLaptop = await signedInSocket(server.url, laptop);

    expect((await logout(server.url, phone)).status).toBe(200);
    expect(await onPhone.next((m) => m.type === 'subscribed' && m.data.user_id === null)).toMatchObject({
      data: { channels: ['TOUR_UPDATE'], user_id: null },
    });
    expect(onPhone.messages).toContainEqual({ type: 'error', data: { message: HUB_TEXTS.revoked } });

    // A change of the user's own data, made from the laptop: only the laptop's socket hears of it.
    const excursion = excursions[0] as Excursion;
    expect((await favorite(server.url, laptop, excursion._id)).status).toBe(200);
    await onLaptop.next((m) => m.type === 'USER_UPDATE');
    await roundTrip(onPhone);
    expect(onPhone.messages.some((m) => m.type === 'USER_UPDATE' || m.type === 'TICKET_UPDATE')).toBe(false);
    // Signing in again with the revoked token gives no personal channel either.
    onPhone.send({ type: 'subscribe', channels: PERSONAL, token: phone });
    await onPhone.next((m) => m.type === 'error' && m.data.message === HUB_TEXTS.invalidToken);
    onPhone.close();
    onLaptop.close();
  });

  it('logout everywhere takes the personal channels from every socket of the user', async () => {
    const phone = await tokenFor(server, DEMO.tourist);
    const sockets = [await signedInSocket(server.url, phone), await signedInSocket(server.url, phone)];
    expect((await api(server, phone).send('POST', '/auth/logout-all')).status).toBe(200);
    for (const socket of sockets) {
      await socket.next((m) => m.type === 'subscribed' && m.data.user_id === null);
      socket.close();
    }
    // The demo tourist signs in with the new token version from here on.
    await server.db.query('UPDATE users SET token_version = 0 WHERE id = $1', [DEMO.tourist]);
  });

  it('a demotion takes the personal channels from the open sockets of the seller', async () => {
    const seller = await tokenFor(server, DEMO.seller2);
    const socket = await signedInSocket(server.url, seller, DEMO.seller2);
    const admin = api(server, await tokenFor(server, DEMO.admin));
    expect((await admin.send('POST', `/api/users/${DEMO.seller2}/demote-to-user`)).status).toBe(200);
    await socket.next((m) => m.type === 'subscribed' && m.data.user_id === null);
    socket.close();
    expect((await admin.send('POST', `/api/users/${DEMO.seller2}/promote-to-seller`)).status).toBe(200);
  });

  it('forgets a revoked token once it has expired anyway (housekeeping)', async () => {
    const token = await tokenFor(server, DEMO.tourist, 0, 3600);
    await logout(server.url, token);
    await logout(server.url, await tokenFor(server, DEMO.tourist));
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
      jti: string;
    };
    const listed = async (sql: string, params: unknown[] = []) =>
      (
        await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM revoked_tokens ${sql}`, params)
      )[0]?.n ?? 0;
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    const later = await listed('WHERE expires_at > $1', [inTwoHours.toISOString()]);
    expect(later).toBeGreaterThan(0);
    await pruneShortLived(server.db, new Date());
    expect(await listed('WHERE jti = $1', [jti])).toBe(1);
    // In two hours this one has expired; those signed for 30 days are still listed. In 31 days, none.
    await pruneShortLived(server.db, inTwoHours);
    expect(await listed('WHERE jti = $1', [jti])).toBe(0);
    expect(await listed('')).toBe(later);
    await pruneShortLived(server.db, new Date(Date.now() + 31 * 86_400_000));
    expect(await listed('')).toBe(0);
  });
});

if (ONE_ENGINE.includes('postgres') && TEST_DATABASE_URL) {
  const baseUrl = TEST_DATABASE_URL;

  describe('logout on one device with two server processes on one PostgreSQL', () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster(baseUrl, 2);
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it('a logout through process 1 takes the personal channels from that token’s socket on process 2', async () => {
      const [p1, p2] = cluster.nodes.map((node) => node.url) as [string, string];
      const phone = await cluster.token(DEMO.tourist);
      const laptop = await cluster.token(DEMO.tourist);
      const onPhone = await signedInSocket(p2, phone);
      const onLaptop = await signedInSocket(p2, laptop);

      expect((await logout(p1, phone)).status).toBe(200);
      await onPhone.next((m) => m.type === 'subscribed' && m.data.user_id === null, 2000);
      expect(
        (await fetch(`${p2}/api/users/me`, { headers: { Authorization: `Bearer ${phone}` } })).status,
      ).toBe(401);

      const { excursions } = (await (await fetch(`${p1}/api/excursions`)).json()) as {
        excursions: Excursion[];
      };
      expect((await favorite(p1, laptop, (excursions[0] as Excursion)._id)).status).toBe(200);
      await onLaptop.next((m) => m.type === 'USER_UPDATE', 2000);
      await roundTrip(onPhone);
      expect(onPhone.messages.some((m) => m.type === 'USER_UPDATE')).toBe(false);
      onPhone.close();
      onLaptop.close();
    });
  });
}
