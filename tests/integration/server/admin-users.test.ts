import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USERS_PAGE_SIZE,
  adminUserPageSchema,
  MAX_ADMIN_USER_QUERY,
  type AdminUserPage,
} from '../../../src/protocol/moderation';
import { ADMIN_USER_TEXTS } from '../../../src/server/http/routes/admin-users';
import { api, DEMO, tokenFor } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// The admin panel's user search (GET /api/admin/users): by the start of an e-mail, a name or a
// surname, or by id; a page at a time, with each user's role and how many excursions they own.

describe.each(ONE_ENGINE)('the admin finds users on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  const tag = `find${engine}${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await tokenFor(server, DEMO.admin);
    // Accounts as registration leaves them, written straight in: the search reads only the table.
    for (let i = 1; i <= ADMIN_USERS_PAGE_SIZE + 5; i += 1) {
      await server.db.query(
        `INSERT INTO users (email, password_hash, name, surname) VALUES ($1, 'x', 'Гость', $2)`,
        [`${tag}-${String(i).padStart(2, '0')}@example.ru`, `Номер${i}`],
      );
    }
    for (const email of [`a_b${tag}@example.ru`, `axb${tag}@example.ru`, `pct%${tag}@example.ru`])
      await server.db.query(`INSERT INTO users (email, password_hash) VALUES ($1, 'x')`, [email]);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  async function search(query: Record<string, string>, token = admin): Promise<AdminUserPage> {
    const response = await api(server, token).get(`/api/admin/users?${new URLSearchParams(query)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return adminUserPageSchema.parse(await response.json());
  }

  async function refusal(path: string, status: number, token = admin): Promise<string | undefined> {
    const response = await api(server, token).get(path);
    expect(response.status).toBe(status);
    return ((await response.json()) as { detail?: string }).detail;
  }

  it('finds a user by the start of their e-mail, in any case', async () => {
    const found = await search({ q: '  TOURIST@Example ' });
    expect(found.users.map((u) => [u.id, u.email, u.role])).toEqual([
      [DEMO.tourist, 'tourist@example.ru', 'user'],
    ]);
    expect(found).toMatchObject({ total: 1, page: 1, pageSize: ADMIN_USERS_PAGE_SIZE });
    expect((await search({ q: 'seller' })).users.map((u) => u.id)).toEqual([DEMO.seller, DEMO.seller2]);
  });

  it('finds a user by name, by surname, and by name and surname typed together', async () => {
    const ids = async (q: string) => (await search({ q })).users.map((u) => u.id);
    expect(await ids('марина')).toEqual([DEMO.seller2]);
    expect(await ids('Ковальч')).toEqual([DEMO.seller2]);
    expect(await ids('Андрей Соколов')).toEqual([DEMO.seller]);
    expect(await ids('соколов  андрей')).toEqual([DEMO.seller]);
    expect(await ids('Андрей Ковальчук')).toEqual([]);
  });

  it('finds a user by id, the exact id first', async () => {
    const found = await search({ q: String(DEMO.tourist) });
    expect(found.users[0]).toMatchObject({ id: DEMO.tourist, email: 'tourist@example.ru' });
    expect(found.total).toBe(1);
    // Digits also start e-mails: those come after the user with that id.
    await server.db.query(`INSERT INTO users (email, password_hash) VALUES ('5${tag}@example.ru', 'x')`);
    const five = await search({ q: String(DEMO.boxOffice) });
    expect(five.users.map((u) => u.email)).toEqual(['kassa@example.ru', `5${tag}@example.ru`]);
    expect((await search({ q: '99999999999' })).total).toBe(0);
  });

  it('lists every user by id without a query', async () => {
    const all = await search({});
    expect(all.users.slice(0, 5).map((u) => u.id)).toEqual([1, 2, 3, 4, 5]);
    expect(all.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(all.total).toBeGreaterThan(ADMIN_USERS_PAGE_SIZE + 5);
  });

  it('gives the matches a page at a time, with their total', async () => {
    const first = await search({ q: tag, page: '1' });
    const second = await search({ q: tag, page: '2' });
    expect(first.total).toBe(ADMIN_USERS_PAGE_SIZE + 5);
    expect(second.total).toBe(ADMIN_USERS_PAGE_SIZE + 5);
    expect(first.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(second.users).toHaveLength(5);
    expect(second.page).toBe(2);
    const emails = [...first.users, ...second.users].map((u) => u.email);
    expect(emails).toEqual(
      Array.from(
        { length: ADMIN_USERS_PAGE_SIZE + 5 },
        (_, i) => `${tag}-${String(i + 1).padStart(2, '0')}@example.ru`,
      ),
    );
    const beyond = await search({ q: tag, page: '3' });
    expect(beyond).toMatchObject({ users: [], total: ADMIN_USERS_PAGE_SIZE + 5, page: 3 });
  });

  it('counts the excursions each user owns', async () => {
    const [owned] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM excursions WHERE owner_id = $1',
      [DEMO.seller],
    );
    expect(owned?.n).toBeGreaterThan(0);
    const sellers = await search({ q: 'seller' });
    expect(sellers.users.find((u) => u.id === DEMO.seller)?.excursions).toBe(owned?.n);
    expect((await search({ q: 'tourist' })).users[0]?.excursions).toBe(0);
  });

  it('matches % and _ as themselves', async () => {
    expect((await search({ q: `a_b${tag}` })).users.map((u) => u.email)).toEqual([`a_b${tag}@example.ru`]);
    expect((await search({ q: `pct%${tag}` })).users.map((u) => u.email)).toEqual([`pct%${tag}@example.ru`]);
    expect((await search({ q: '%' })).total).toBe(0);
    expect((await search({ q: '_' })).total).toBe(0);
    expect((await search({ q: '\\' })).total).toBe(0);
  });

  it('answers only admins', async () => {
    for (const id of [DEMO.seller, DEMO.tourist]) {
      const token = await tokenFor(server, id);
      expect(await refusal('/api/admin/users?q=a', 403, token)).toBe(ADMIN_USER_TEXTS.adminOnly);
    }
    expect((await api(server).get('/api/admin/users')).status).toBe(401);
  });

  it('refuses a page that is not a whole number from 1, and a query too long', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '', '1e3', '99999999999999999999'])
      expect(await refusal(`/api/admin/users?page=${encodeURIComponent(page)}`, 400)).toBe(
        ADMIN_USER_TEXTS.badPage,
      );
    const long = 'я'.repeat(MAX_ADMIN_USER_QUERY + 1);
    expect(await refusal(`/api/admin/users?q=${encodeURIComponent(long)}`, 400)).toBe(
      ADMIN_USER_TEXTS.tooLong,
    );
    expect((await search({ q: 'я'.repeat(MAX_ADMIN_USER_QUERY) })).total).toBe(0);
  });

  it('shows the new role after the admin promotes a user, and again after a demotion', async () => {
    const before = await search({ q: 'tourist@' });
    expect(before.users[0]).toMatchObject({ id: DEMO.tourist, role: 'user' });
    const promoted = await api(server, admin).send('POST', `/api/users/${DEMO.tourist}/promote-to-seller`);
    expect(promoted.status).toBe(200);
    expect((await search({ q: 'tourist@' })).users[0]).toMatchObject({ id: DEMO.tourist, role: 'seller' });
    const demoted = await api(server, admin).send('POST', `/api/users/${DEMO.tourist}/demote-to-user`);
    expect(demoted.status).toBe(200);
    expect((await search({ q: String(DEMO.tourist) })).users[0]).toMatchObject({ role: 'user' });
  });

  it('looks the prefixes up through indexes', async () => {
    // On a table this small the planner rightly scans it; with scans off it shows an index can serve.
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM users u
         WHERE lower(u.email) LIKE lower($1) OR lower(u.name) LIKE lower($1) OR lower(u.surname) LIKE lower($1)`,
        ['tourist%'],
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    for (const index of ['users_email', 'users_name_prefix', 'users_surname_prefix'])
      expect(text).toContain(index);
  });
});
