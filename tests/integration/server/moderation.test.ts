import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../../src/domain/types';
import {
  moderationHistorySchema,
  moderationItemSchema,
  type ModerationEventKind,
  type ModerationItem,
} from '../../../src/protocol/moderation';
import type { ServerMessage } from '../../../src/protocol/realtime';
import { openPglite, type Db } from '../../../src/server/storage/db';
import { MIGRATIONS, splitStatements } from '../../../src/server/storage/migrations';
import { moderationHistory } from '../../../src/server/storage/moderation';
import { api, DEMO, tokenFor } from '../../support/api';
import { sellerExcursions, type SellerExcursions } from '../../support/seller-excursions';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { bodyOf, startTestSmtp, subjectOf, type CapturedMail, type TestSmtp } from '../../support/smtp';
import { openSocket, type TestSocket } from '../../support/socket';

// The moderation of a seller's excursion from submission to publication: the admins are mailed of
// each submission, the queue shows who submitted what and when with the history so far, the seller
// is mailed the decision, and a rejected excursion goes back to the queue when submitted again. An
// installed database gets the history its excursions in review already had.

const ownerNudge = (userId: number) => (m: ServerMessage) =>
  m.type === 'USER_UPDATE' && m.data.user_id === userId;

describe.each(ONE_ENGINE)('moderation of sellers’ excursions on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let socket: TestSocket;
  let seller: string;
  let seller2: string;
  let admin: string;
  let tourist: string;
  let excursions: SellerExcursions;
  let admins: string[];
  let sellerContact: { name: string; surname: string; email: string; phone: string };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    seller = await tokenFor(server, DEMO.seller);
    seller2 = await tokenFor(server, DEMO.seller2);
    admin = await tokenFor(server, DEMO.admin);
    tourist = await tokenFor(server, DEMO.tourist);
    excursions = await sellerExcursions(server);
    await server.db.query(`UPDATE users SET phone = '89785550022' WHERE id = $1`, [DEMO.seller]);
    const [row] = await server.db.query<typeof sellerContact>(
      'SELECT name, surname, email, phone FROM users WHERE id = $1',
      [DEMO.seller],
    );
    sellerContact = row as typeof sellerContact;
    admins = (await server.db.query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin'`)).map(
      (r) => r.email.toLowerCase(),
    );
    socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: DEMO.seller, token: seller });
    await socket.next((m) => m.type === 'subscribed');
  });
  afterAll(async () => {
    socket?.close();
    await server?.destroy();
    await smtp?.close();
  });

  const create = (title: string) => excursions.create(seller, excursions.payload({ title }));

  /** The mails with this subject, waiting until `count` of them arrived. */
  async function mails(subject: string, count = 1): Promise<CapturedMail[]> {
    const find = () => smtp.messages.filter((m) => subjectOf(m.raw) === subject);
    await expect.poll(() => find().length).toBeGreaterThanOrEqual(count);
    return find();
  }

  async function queue(): Promise<ModerationItem[]> {
    const answer = await api(server, admin).json<{ excursions: unknown[] }>('/api/moderation/excursions');
    return answer.excursions.map((item) => moderationItemSchema.parse(item));
  }

  const kinds = (item: { history: { kind: ModerationEventKind }[] } | undefined) =>
    item?.history.map((event) => event.kind);

  const post = (token: string, path: string, body?: unknown, key?: string) =>
    excursions.post(token, path, body, key);

  let first: Excursion;
  let second: Excursion;

  it('mails every admin a seller’s new excursion with the seller’s name, e-mail and phone', async () => {
    first = await create('Тайны Чатыр-Дага');
    expect(first.moderation).toEqual({ status: 'pending', reason: '' });
    const sent = await mails('Новая экскурсия на проверку: Тайны Чатыр-Дага', admins.length);
    expect(sent.flatMap((m) => m.to).sort()).toEqual([...admins].sort());
    const text = bodyOf(sent[0] as CapturedMail);
    expect(text).toContain('Тайны Чатыр-Дага');
    expect(text).toContain(`${sellerContact.name} ${sellerContact.surname}`);
    expect(text).toContain(sellerContact.email);
    expect(text).toContain('8(978)555-00-22');
    expect(text).toContain('/profile/admin-panel');
  });

  it('queues excursions with their seller, submission time and history, the oldest submission first', async () => {
    second = await create('Ай-Петри на рассвете');
    const items = (await queue()).filter((item) => [first._id, second._id].includes(item._id));
    expect(items.map((item) => item._id)).toEqual([first._id, second._id]);
    const [item] = items as [ModerationItem];
    expect(item.title).toBe('Тайны Чатыр-Дага');
    expect(item.moderation).toEqual({ status: 'pending', reason: '' });
    expect(item.review.seller).toEqual({ id: DEMO.seller, ...sellerContact, phone: '89785550022' });
    expect(Date.parse(item.review.submittedAt)).toBeLessThanOrEqual(Date.now());
    expect(item.review.history).toEqual([{ kind: 'submitted', reason: '', at: item.review.submittedAt }]);

    expect((await api(server, seller).get('/api/moderation/excursions')).status).toBe(403);
    expect((await api(server).get('/api/moderation/excursions')).status).toBe(401);
  });

  it('mails the seller a rejection with its reason and nudges their app; an edit keeps it rejected', async () => {
    const seen = socket.messages.length;
    const refused = await post(admin, `/api/excursions/${first._id}/reject`, {
      reason: 'Добавьте фото автобуса',
    });
    expect(refused.status).toBe(200);
    const [mail] = await mails('Экскурсия не прошла проверку: Тайны Чатыр-Дага');
    expect(mail?.to).toEqual([sellerContact.email.toLowerCase()]);
    const text = bodyOf(mail as CapturedMail);
    expect(text).toContain('Причина: Добавьте фото автобуса');
    expect(text).toContain(`/profile/myexcursion/${first._id}`);
    await expect.poll(() => socket.messages.slice(seen).filter(ownerNudge(DEMO.seller)).length).toBe(1);
    expect((await queue()).map((item) => item._id)).not.toContain(first._id);

    const edited = await excursions.put(
      seller,
      first._id,
      excursions.form(excursions.payload({ description: 'С фото автобуса.' }), first.images),
    );
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Excursion).moderation).toEqual({
      status: 'rejected',
      reason: 'Добавьте фото автобуса',
    });
  });

  it('puts a rejected excursion back in the queue when its seller submits it again, mailed once', async () => {
    const seen = socket.messages.length;
    const key = randomUUID();
    const submitted = await post(seller, `/api/excursions/${first._id}/submit`, undefined, key);
    expect(submitted.status).toBe(200);
    const body = (await submitted.json()) as Excursion;
    expect(body._id).toBe(first._id);
    expect(body.moderation).toEqual({ status: 'pending', reason: '' });
    await expect.poll(() => socket.messages.slice(seen).filter(ownerNudge(DEMO.seller)).length).toBe(1);

    const subject = 'Экскурсия снова на проверке: Тайны Чатыр-Дага';
    const sent = await mails(subject, admins.length);
    expect(bodyOf(sent[0] as CapturedMail)).toContain('8(978)555-00-22');

    // The same request again answers the same and mails nobody a second time.
    const replay = await post(seller, `/api/excursions/${first._id}/submit`, undefined, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => subjectOf(m.raw) === subject)).toHaveLength(admins.length);

    const items = (await queue()).filter((item) => [first._id, second._id].includes(item._id));
    expect(items.map((item) => item._id)).toEqual([second._id, first._id]);
    const item = items[1] as ModerationItem;
    expect(kinds(item.review)).toEqual(['submitted', 'rejected', 'resubmitted']);
    expect(item.review.history[1]?.reason).toBe('Добавьте фото автобуса');
    expect(item.review.submittedAt).toBe(item.review.history[2]?.at);
  });

  it('mails the seller the publication with a link, and the history ends with it', async () => {
    const published = await post(admin, `/api/excursions/${first._id}/publish`);
    expect(published.status).toBe(200);
    const [mail] = await mails('Экскурсия опубликована: Тайны Чатыр-Дага');
    expect(mail?.to).toEqual([sellerContact.email.toLowerCase()]);
    expect(bodyOf(mail as CapturedMail)).toContain(`/excursion/${first._id}`);
    const { history } = moderationHistorySchema.parse(
      await api(server, seller).json(`/api/excursions/${first._id}/moderation`),
    );
    expect(kinds({ history })).toEqual(['submitted', 'rejected', 'resubmitted', 'published']);
    expect((await queue()).map((item) => item._id)).not.toContain(first._id);
  });

  it('submits only a rejected excursion, and only for its seller or an admin', async () => {
    const pending = await post(seller, `/api/excursions/${second._id}/submit`);
    expect(pending.status).toBe(409);
    expect(await pending.json()).toEqual({ detail: 'Эта экскурсия не отклонена' });
    expect((await post(seller, `/api/excursions/${first._id}/submit`)).status).toBe(409);

    expect(
      (await post(admin, `/api/excursions/${second._id}/reject`, { reason: 'Нет расписания' })).status,
    ).toBe(200);
    for (const token of [seller2, tourist]) {
      const refused = await post(token, `/api/excursions/${second._id}/submit`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { detail: string }).detail).toBeTruthy();
    }
    expect((await post(seller, '/api/excursions/not-an-id/submit')).status).toBe(400);
    expect((await post(seller, `/api/excursions/${'f'.repeat(24)}/submit`)).status).toBe(404);
    expect((await api(server).send('POST', `/api/excursions/${second._id}/submit`)).status).toBe(401);

    // An admin may send it back to the queue too.
    const byAdmin = await post(admin, `/api/excursions/${second._id}/submit`);
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as Excursion).moderation).toEqual({ status: 'pending', reason: '' });
  });

  it('shows an excursion’s history to its seller and admins only', async () => {
    const path = `/api/excursions/${second._id}/moderation`;
    const mine = moderationHistorySchema.parse(await api(server, seller).json(path));
    expect(kinds(mine)).toEqual(['submitted', 'rejected', 'resubmitted']);
    expect(mine.history[1]?.reason).toBe('Нет расписания');
    expect(await api(server, admin).json(path)).toEqual(mine);
    expect((await api(server, seller2).get(path)).status).toBe(403);
    expect((await api(server, tourist).get(path)).status).toBe(403);
    expect((await api(server).get(path)).status).toBe(401);
    expect((await api(server, admin).get(`/api/excursions/${'f'.repeat(24)}/moderation`)).status).toBe(404);
    expect((await api(server, admin).get('/api/excursions/bad/moderation')).status).toBe(400);
  });
});

describe('the moderation history of an installed database', () => {
  let db: Db;
  afterAll(async () => {
    await db?.close();
  });

  it('gives excursions already in review the history they had, and changes no replicated version', async () => {
    db = await openPglite(undefined);
    const run = async (ids: (id: number) => boolean) => {
      for (const migration of MIGRATIONS.filter((m) => ids(m.id)))
        for (const statement of splitStatements(migration.sql)) await db.query(statement);
    };
    await run((id) => id < 17);
    await db.query(
      `INSERT INTO users (id, email, password_hash, role) VALUES (7, 's@example.ru', '', 'seller')`,
    );
    const excursion = (id: string, status: string, reason: string, createdAt: string) =>
      db.query(
        `INSERT INTO excursions (id, owner_id, status, rejection_reason, title, category, adult_price,
           max_attendants, bus_type, created_at)
         VALUES ($1, 7, $2, $3, 'Экскурсия', 'Горы', 1000, 10, 'none', $4)`,
        [id, status, reason, createdAt],
      );
    await excursion('a'.repeat(24), 'pending', '', '2026-01-02T10:00:00Z');
    await excursion('b'.repeat(24), 'rejected', 'Нет фото', '2026-01-01T10:00:00Z');
    await excursion('c'.repeat(24), 'published', '', '2026-01-03T10:00:00Z');
    const versions = () =>
      db.query<{ id: string; version: number }>('SELECT id, version FROM excursions ORDER BY id');
    const before = await versions();

    await run((id) => id === 17);

    expect(await versions()).toEqual(before);
    const submitted = await db.query<{ id: string; submitted_at: Date }>(
      'SELECT id, submitted_at FROM excursions ORDER BY id',
    );
    expect(submitted.map((row) => new Date(row.submitted_at).toISOString())).toEqual([
      '2026-01-02T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
      '2026-01-03T10:00:00.000Z',
    ]);
    expect(await moderationHistory(db, 'a'.repeat(24))).toEqual([
      { kind: 'submitted', reason: '', at: '2026-01-02T10:00:00.000Z' },
    ]);
    expect(await moderationHistory(db, 'b'.repeat(24))).toEqual([
      { kind: 'submitted', reason: '', at: '2026-01-01T10:00:00.000Z' },
      { kind: 'rejected', reason: 'Нет фото', at: '2026-01-01T10:00:00.000Z' },
    ]);
    expect(await moderationHistory(db, 'c'.repeat(24))).toEqual([]);
  });
});
