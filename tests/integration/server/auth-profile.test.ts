import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, User } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { photoPng } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

describe.each(ONE_ENGINE)('profile, avatar and roles on %s', (engine) => {
  let server: TestServer;
  let excursions: Excursion[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    excursions = (await catalogue(server)).excursions;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: ' Иван ',
    surname: 'Петров',
    middlename: '',
    phone: '8(999)123-45-67',
    email: 'tourist-new@example.ru',
    avatar: '',
    ...overrides,
  });

  it('saves the own profile with a digits-only phone, ignores a role in the body and tells the sockets', async () => {
    const token = await tokenFor(server, DEMO.tourist);
    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: DEMO.tourist, token });
    await socket.next((m) => m.type === 'subscribed');

    const response = await api(server, token).send(
      'PUT',
      `/api/users/${DEMO.tourist}`,
      profile({ role: 'admin' }),
    );
    expect(response.status).toBe(200);
    const saved = (await response.json()) as User;
    // A new e-mail waits for the code mailed to it (email-change.test.ts); the rest is saved at once.
    expect(saved).toMatchObject({
      name: 'Иван',
      phone: '89991234567',
      email: 'tourist@example.ru',
      emailChangePending: 'tourist-new@example.ru',
      role: 'user',
    });
    const event = await socket.next((m) => m.type === 'USER_UPDATE' && m.data.action === 'profile_update');
    expect(event.type === 'USER_UPDATE' && event.data.user_data?.phone).toBe('89991234567');
    expect(event.type === 'USER_UPDATE' && typeof event.data.version).toBe('number');
    socket.close();

    const me = await api(server, token).json<User>('/api/users/me');
    expect(me.phone).toBe('89991234567');
    const bad = await api(server, token).send('PUT', `/api/users/${DEMO.tourist}`, profile({ phone: '' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('detail');
  });

  it('keeps user B out of user A’s profile and favourites', async () => {
    const intruder = api(server, await tokenFor(server, DEMO.seller2));
    const put = await intruder.send('PUT', `/api/users/${DEMO.tourist}`, profile({ email: 'x@example.ru' }));
    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({ detail: 'Можно менять только свой профиль' });
    const fav = await intruder.send('POST', `/api/users/${DEMO.tourist}/favorites/${excursions[0]?._id}`);
    expect(fav.status).toBe(403);
    // /me is always the caller's own profile; there is no way to name another user.
    expect((await intruder.json<User>('/api/users/me')).id).toBe(DEMO.seller2);
    expect((await intruder.get(`/api/users/${DEMO.tourist}`)).status).toBe(404);
    expect((await api(server).get('/api/users/me')).status).toBe(401);
  });

  it('uploads an avatar image checked by its bytes and refuses other files', async () => {
    const token = await tokenFor(server, DEMO.tourist);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await photoPng(400, 300))], { type: 'image/png' }),
      'me.png',
    );
    const response = await fetch(`${server.url}/api/uploadfile/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const { filename } = (await response.json()) as { filename: string };
    expect(filename).not.toContain('me.png');
    const saved = await api(server, token).send(
      'PUT',
      `/api/users/${DEMO.tourist}`,
      profile({ avatar: filename }),
    );
    expect(saved.status).toBe(200);
    expect((await api(server).get(`/api/images/${filename}`)).status).toBe(200);

    // Someone else may not wear this avatar.
    const other = await api(server, await tokenFor(server, DEMO.seller2)).send(
      'PUT',
      `/api/users/${DEMO.seller2}`,
      profile({ email: 'seller2-new@example.ru', avatar: filename }),
    );
    expect(other.status).toBe(400);

    const text = new FormData();
    text.append('file', new Blob(['<html>not an image</html>'], { type: 'image/png' }), 'fake.png');
    const refused = await fetch(`${server.url}/api/uploadfile/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: text,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toHaveProperty('detail');
    const anonymous = await fetch(`${server.url}/api/uploadfile/`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
  });

  it('lets only an admin promote and demote, and a demoted seller’s old token stops working', async () => {
    const tourist = api(server, await tokenFor(server, DEMO.tourist));
    const denied = await tourist.send('POST', `/api/users/${DEMO.tourist}/promote-to-seller`);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toHaveProperty('detail');

    const admin = api(server, await tokenFor(server, DEMO.admin));
    const promoted = await admin.send('POST', `/api/users/${DEMO.tourist}/promote-to-seller`);
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({
      user_id: DEMO.tourist,
      role: 'seller',
      message: 'Пользователь успешно повышен до продавца',
    });

    const sellerToken = await tokenFor(server, DEMO.seller);
    const demoted = await admin.send('POST', `/api/users/${DEMO.seller}/demote-to-user`);
    expect(demoted.status).toBe(200);
    expect(await demoted.json()).toMatchObject({
      role: 'user',
      message: 'Продавец успешно понижен до пользователя',
    });
    const own = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    const write = await api(server, sellerToken).send('POST', '/api/tours', {
      tours: [{ excursionID: own._id, date: addDays(crimeaToday(new Date()), 40), time: '07:15' }],
    });
    expect(write.status).toBe(401);

    expect((await admin.send('POST', '/api/users/999999/promote-to-seller')).status).toBe(404);
    expect((await admin.send('POST', '/api/users/abc/promote-to-seller')).status).toBe(400);
    expect((await admin.send('POST', `/api/users/${DEMO.admin}/demote-to-user`)).status).toBe(400);
  });
});
