import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

describe.each(ONE_ENGINE)('favourites on %s', (engine) => {
  let server: TestServer;
  let excursion: Excursion;
  beforeAll(async () => {
    server = await startTestServer(engine);
    excursion = (await catalogue(server)).excursions[0] as Excursion;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('sets and unsets a favourite idempotently and tells the owner’s socket with the version', async () => {
    const token = await tokenFor(server, DEMO.tourist);
    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: DEMO.tourist, token });
    await socket.next((m) => m.type === 'subscribed');
    const tourist = api(server, token);
    const path = `/api/users/${DEMO.tourist}/favorites/${excursion._id}`;

    for (let i = 0; i < 2; i++) {
      const response = await tourist.send('POST', path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ favorites: [excursion._id] });
    }
    const added = await socket.next((m) => m.type === 'USER_UPDATE' && m.data.action === 'favorite_added');
    expect(added.type === 'USER_UPDATE' && typeof added.data.version).toBe('number');

    for (let i = 0; i < 2; i++) {
      const response = await tourist.send('DELETE', path, undefined, { 'Idempotency-Key': randomUUID() });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ favorites: [] });
    }
    await socket.next((m) => m.type === 'USER_UPDATE' && m.data.action === 'favorite_removed');
    expect(socket.messages.filter((m) => m.type === 'USER_UPDATE')).toHaveLength(2);
    socket.close();
  });

  it('refuses another user’s favourites, anonymous callers, unknown and malformed ids', async () => {
    const intruder = api(server, await tokenFor(server, DEMO.seller2));
    const other = await intruder.send('POST', `/api/users/${DEMO.tourist}/favorites/${excursion._id}`);
    expect(other.status).toBe(403);
    expect(await other.json()).toHaveProperty('detail');
    expect(
      (await api(server).send('POST', `/api/users/${DEMO.tourist}/favorites/${excursion._id}`)).status,
    ).toBe(401);
    const tourist = api(server, await tokenFor(server, DEMO.tourist));
    expect(
      (await tourist.send('POST', `/api/users/${DEMO.tourist}/favorites/${'0'.repeat(24)}`)).status,
    ).toBe(404);
    expect((await tourist.send('POST', `/api/users/${DEMO.tourist}/favorites/nope`)).status).toBe(400);
    expect((await tourist.send('POST', `/api/users/abc/favorites/${excursion._id}`)).status).toBe(400);
  });
});
