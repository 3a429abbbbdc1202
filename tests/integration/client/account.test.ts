import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import {
  changeRole,
  checkSession,
  requestCode,
  signOut,
  uploadAvatar,
  verifyCode,
  type AccountDeps,
} from '../../../src/client/commands/account';
import { awaitSettled, updateProfile } from '../../../src/client/sync/outbox/actions';
import type { SyncEngine } from '../../../src/client/sync/engine/engine';
import { onSessionChange, readSession } from '../../../src/client/commands/session';
import type { User } from '../../../src/domain/types';
import { api, DEMO, tokenFor } from '../../support/api';
import {
  createClient,
  createNetwork,
  goOnline,
  memoryStorage,
  newFactory,
  openReplica,
  until,
} from '../../support/client';
import { photoPng } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// The account actions of the client (client/commands/account) and the queued profile edit, against a
// real server that mails real codes to a real SMTP server on loopback.

const offlineFetch: typeof fetch = () => Promise.reject(new TypeError('fetch failed: offline'));

describe.each(ONE_ENGINE)('client account actions on %s', (engineName) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let serial = 0;
  const engines: SyncEngine[] = [];
  const email = () => `phone${++serial}-${engineName}@example.ru`;

  beforeAll(async () => {
    // Dexie's liveQuery (awaitSettled) stays silent where there is no global indexedDB (Node).
    Dexie.dependencies.indexedDB ??= new IDBFactory();
    smtp = await startTestSmtp();
    server = await startTestServer(engineName, { env: { SMTP_URL: smtp.url } });
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const deps = (name: string, online = true): AccountDeps & { storage: Storage } => ({
    db: openReplica(newFactory(), name),
    http: createHttpClient(server.url, online ? undefined : offlineFetch),
    storage: memoryStorage(),
  });

  /** Registers through the client actions, reading the code from the mail. */
  async function register(account: AccountDeps, address: string, referrer: number | null = null) {
    const before = smtp.messages.length;
    expect(await requestCode(account, 'register', address, 'secret-123', referrer)).toEqual({
      ok: true,
      value: null,
    });
    const code = await smtp.codeFor(address, before);
    const verified = await verifyCode(account, address, code);
    if (!verified.ok) throw new Error(`verify failed: ${verified.error}`);
    return verified.value;
  }

  it('registers with the mailed code: the token is stored, listeners hear it, the user is in the replica', async () => {
    const account = deps('register');
    let heard = 0;
    const stop = onSessionChange(() => (heard += 1));
    const user = await register(account, email(), DEMO.seller);
    stop();
    const session = readSession(account.storage);
    expect(session.userId).toBe(user.id);
    expect(heard).toBe(1);
    expect(await account.db.users.get(user.id)).toMatchObject({ id: user.id, role: 'user' });
    // The token is a working one.
    const me = await api(server, session.token as string).send('GET', '/api/users/me');
    expect(((await me.json()) as User).id).toBe(user.id);
  });

  it('answers the server detail for a wrong code and "offline" with no network, storing nothing', async () => {
    const account = deps('wrong-code');
    const address = email();
    const before = smtp.messages.length;
    await requestCode(account, 'register', address, 'secret-123');
    const right = await smtp.codeFor(address, before);
    const wrong = right === '000000' ? '111111' : '000000';
    expect(await verifyCode(account, address, wrong)).toEqual({
      ok: false,
      offline: false,
      error: 'Неверный код',
    });
    expect(readSession(account.storage).token).toBeNull();
    expect(await account.db.users.count()).toBe(0);

    const offline = deps('offline', false);
    expect(await requestCode(offline, 'login', address, 'secret-123')).toEqual({
      ok: false,
      offline: true,
      error: undefined,
    });
    const taken = await register(deps('taken'), email());
    expect(await requestCode(account, 'register', taken.email, 'secret-123')).toMatchObject({
      ok: false,
      offline: false,
      error: 'Пользователь уже существует',
    });
  });

  it('a login as another user on the same phone clears the previous user’s own rows', async () => {
    const account = deps('shared-phone');
    const first = await register(account, email());
    await account.db.favorites.put({ excursionID: 'x1', _v: 3 });
    const second = await register(account, email());
    expect(await account.db.favorites.count()).toBe(0);
    expect((await account.db.users.toArray()).map((row) => row.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });

  it('checkSession keeps a valid session, keeps it offline, and signs out a revoked one', async () => {
    const account = deps('check');
    const user = await register(account, email());
    expect(await checkSession(account)).toBe('valid');
    const offline = { ...account, http: createHttpClient(server.url, offlineFetch) };
    expect(await checkSession(offline)).toBe('offline');
    expect(readSession(account.storage).userId).toBe(user.id);

    await account.db.favorites.put({ excursionID: 'x2', _v: 4 });
    const { token } = readSession(account.storage);
    expect((await api(server, token as string).send('POST', '/auth/logout-all')).status).toBeLessThan(300);
    expect(await checkSession(account)).toBe('signed-out');
    expect(readSession(account.storage).token).toBeNull();
    expect(await account.db.users.count()).toBe(0);
    expect(await account.db.favorites.count()).toBe(0);
  });

  it('signOut removes the token and the user’s rows but keeps the queued mutations for the next login', async () => {
    const account = deps('sign-out');
    const user = await register(account, email());
    await updateProfile(account.db, { ...profile(user), name: 'Пётр' });
    await signOut(account);
    expect(readSession(account.storage).token).toBeNull();
    expect(await account.db.users.count()).toBe(0);
    expect(await account.db.outbox.count()).toBe(1);
  });

  const profile = (user: User) => ({
    userId: user.id,
    name: user.name,
    surname: user.surname,
    middlename: user.middlename,
    phone: user.phone,
    email: user.email,
    avatar: user.avatar,
  });

  it('a profile edit made offline shows at once and reaches the server once the network is back', async () => {
    const account = deps('profile-offline');
    const user = await register(account, email());
    const network = createNetwork();
    network.online = false;
    const client = createClient(server, {
      db: account.db,
      network,
      session: () => readSession(account.storage),
    });
    engines.push(client.engine);
    client.engine.start();
    await until(() => client.engine.isLeader);

    const id = await updateProfile(account.db, {
      ...profile(user),
      name: 'Анна',
      surname: 'Морская',
      phone: '8(978)123-45-67',
    });
    const local = await account.db.users.get(user.id);
    expect(local).toMatchObject({ name: 'Анна', phone: '89781234567', _pending: 1 });
    expect(await awaitSettled(account.db, id, 300)).toEqual({ state: 'queued' });

    goOnline(network);
    expect(await awaitSettled(account.db, id, 15_000)).toEqual({ state: 'accepted' });
    const { token } = readSession(account.storage);
    const me = (await (await api(server, token as string).send('GET', '/api/users/me')).json()) as User;
    expect(me).toMatchObject({ name: 'Анна', surname: 'Морская', phone: '89781234567' });
    await until(async () => (await account.db.users.get(user.id))?._pending === undefined);
    expect(await account.db.users.get(user.id)).toMatchObject({ name: 'Анна', phone: '89781234567' });
  });

  it('a refused profile edit is rolled back with the server’s reason, and the next edit still goes through', async () => {
    const account = deps('profile-refused');
    const user = await register(account, email());
    const client = createClient(server, { db: account.db, session: () => readSession(account.storage) });
    engines.push(client.engine);
    client.engine.start();
    await until(() => client.engine.isLeader);

    // A phone the server refuses (too short), then a valid edit queued behind it.
    const bad = await updateProfile(account.db, { ...profile(user), name: 'Ошибка', phone: '123' });
    const good = await updateProfile(account.db, { ...profile(user), name: 'Верно', phone: '89780000000' });
    const refused = await awaitSettled(account.db, bad, 15_000);
    expect(refused.state).toBe('rejected');
    expect(refused.state === 'rejected' && refused.reason).toMatch(/телефон/);
    expect(await awaitSettled(account.db, good, 15_000)).toEqual({ state: 'accepted' });
    // The replica converges on the server's row: a pull held back while the edits were pending may
    // land first with the older row, and the server's delta for the accepted edit follows it.
    await until(async () => {
      const row = await account.db.users.get(user.id);
      return row !== undefined && row._pending === undefined && row.name === 'Верно';
    });
    expect(await account.db.users.get(user.id)).toMatchObject({ name: 'Верно', phone: '89780000000' });
    const [stored] = await server.db.query<{ name: string; phone: string }>(
      'SELECT name, phone FROM users WHERE id = $1',
      [user.id],
    );
    expect(stored).toEqual({ name: 'Верно', phone: '89780000000' });
  });

  it('uploads an avatar, and only an admin changes roles', async () => {
    const account = deps('avatar');
    const user = await register(account, email());
    const uploaded = await uploadAvatar(
      account,
      new Blob([new Uint8Array(await photoPng(64, 64))]),
      'me.png',
    );
    expect(uploaded.ok).toBe(true);
    const refused = await uploadAvatar(account, new Blob(['<script>1</script>']), 'me.png');
    expect(refused).toMatchObject({ ok: false, offline: false });
    expect(refused.ok === false && refused.error).toBeTruthy();

    expect(await changeRole(account, user.id, 'seller')).toMatchObject({
      ok: false,
      error: 'Только администратор может менять роли',
    });
    const admin = { ...deps('admin'), storage: memoryStorage() };
    admin.storage.setItem('access_token', await tokenFor(server, DEMO.admin));
    expect(await changeRole(admin, user.id, 'seller')).toEqual({ ok: true, value: null });
    expect(await changeRole(admin, 999_999, 'seller')).toMatchObject({
      ok: false,
      error: 'Пользователь не найден',
    });
  });
});
