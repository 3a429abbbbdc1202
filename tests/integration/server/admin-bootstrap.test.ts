import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/types';
import { api, DEMO, tokenFor } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// The start-up makes the ADMIN_EMAIL admin account once, marks it as its own, and on every later
// start finds that account by the mark. An account that merely holds the address is never promoted.

describe.each(ONE_ENGINE)('the admin account the start-up makes, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const rows = () =>
    server.db.query<{ id: number; email: string; role: string; bootstrap_admin: boolean }>(
      'SELECT id, email, role, bootstrap_admin FROM users ORDER BY id',
    );
  const admins = async () => (await rows()).filter((row) => row.role === 'admin');
  const roleOf = async (id: number) =>
    (await api(server, await tokenFor(server, id)).json<User>('/api/users/me')).role;

  it('creates the admin on a fresh database as user 1, marked as the start-up’s own', async () => {
    expect(await admins()).toEqual([
      { id: 1, email: 'admin@example.ru', role: 'admin', bootstrap_admin: true },
    ]);
    expect((await rows()).filter((row) => row.bootstrap_admin).map((row) => row.id)).toEqual([DEMO.admin]);
    expect(await roleOf(DEMO.admin)).toBe('admin');
  });

  it('does not promote an existing account whose address ADMIN_EMAIL names, across restarts', async () => {
    const before = await rows();
    server = await server.restart({ ADMIN_EMAIL: 'Tourist@Example.ru' });
    expect(await roleOf(DEMO.tourist)).toBe('user');
    // The made admin is still found and still the only admin; no account was added.
    expect(await admins()).toEqual([
      { id: 1, email: 'admin@example.ru', role: 'admin', bootstrap_admin: true },
    ]);
    expect(await rows()).toEqual(before);
    // The tourist cannot use the admin's calls.
    const promote = await api(server, await tokenFor(server, DEMO.tourist)).send(
      'POST',
      `/api/users/${DEMO.seller2}/promote-to-seller`,
    );
    expect(promote.status).toBe(403);

    server = await server.restart({ ADMIN_EMAIL: 'tourist@example.ru' });
    expect(await roleOf(DEMO.tourist)).toBe('user');
    expect((await admins()).map((row) => row.id)).toEqual([DEMO.admin]);
  });

  it('updates the account it made when ADMIN_EMAIL changes to a free address, instead of making another', async () => {
    const count = (await rows()).length;
    server = await server.restart({ ADMIN_EMAIL: 'boss@example.ru' });
    expect(await admins()).toEqual([
      { id: 1, email: 'boss@example.ru', role: 'admin', bootstrap_admin: true },
    ]);
    expect((await rows()).length).toBe(count);
    expect(await roleOf(DEMO.admin)).toBe('admin');

    server = await server.restart({ ADMIN_EMAIL: 'admin@example.ru' });
    expect(await admins()).toEqual([
      { id: 1, email: 'admin@example.ru', role: 'admin', bootstrap_admin: true },
    ]);
    expect((await rows()).length).toBe(count);
  });

  it('without an account of its own, makes a new admin rather than promote the address’s holder', async () => {
    // A database whose admin the start-up did not make (its mark cleared here).
    await server.db.query('UPDATE users SET bootstrap_admin = false');
    const before = await rows();
    server = await server.restart({ ADMIN_EMAIL: 'tourist@example.ru' });
    expect(await roleOf(DEMO.tourist)).toBe('user');
    expect(await rows()).toEqual(before);

    server = await server.restart({ ADMIN_EMAIL: 'chief@example.ru' });
    const made = (await rows()).filter((row) => row.bootstrap_admin);
    expect(made).toEqual([
      { id: expect.any(Number) as number, email: 'chief@example.ru', role: 'admin', bootstrap_admin: true },
    ]);
    expect(made[0]?.id).toBeGreaterThan(Math.max(...before.map((row) => row.id)));
    expect(await roleOf(DEMO.tourist)).toBe('user');
  });
});
