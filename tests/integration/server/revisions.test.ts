import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../../src/domain/types';
import {
  excursionWriteResponseSchema,
  type CreateExcursionPayloadInput,
} from '../../../src/protocol/excursions';
import {
  moderationHistorySchema,
  ownRevisionAnswerSchema,
  revisionQueueSchema,
  type RevisionItem,
} from '../../../src/protocol/moderation';
import type { ServerMessage } from '../../../src/protocol/realtime';
import { api, DEMO, tokenFor } from '../../support/api';
import { pullAll, sellerExcursions, type SellerExcursions } from '../../support/seller-excursions';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { bodyOf, startTestSmtp, subjectOf, type CapturedMail, type TestSmtp } from '../../support/smtp';
import { openSocket, type TestSocket } from '../../support/socket';

// A seller's change to a published excursion waits for an admin: tourists keep the live listing
// (its page, the sync pull), while the seat plan of the same edit applies at once. The admin sees
// the live and the proposed excursion side by side with the seller, approves (the new price goes
// live and is announced) or rejects with a reason; the seller is mailed either way.

describe.each(ONE_ENGINE)('revisions of published excursions on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let socket: TestSocket;
  let seller: string;
  let seller2: string;
  let admin: string;
  let tourist: string;
  let excursions: SellerExcursions;
  let admins: string[];
  let sellerEmail: string;
  let live: Excursion;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    seller = await tokenFor(server, DEMO.seller);
    seller2 = await tokenFor(server, DEMO.seller2);
    admin = await tokenFor(server, DEMO.admin);
    tourist = await tokenFor(server, DEMO.tourist);
    excursions = await sellerExcursions(server);
    await server.db.query(`UPDATE users SET phone = '89785550033' WHERE id = $1`, [DEMO.seller]);
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      DEMO.seller,
    ]);
    sellerEmail = (row?.email ?? '').toLowerCase();
    admins = (await server.db.query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin'`)).map(
      (r) => r.email.toLowerCase(),
    );
    socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['EXCURSION_UPDATE'], userId: '' });
    await socket.next((m) => m.type === 'subscribed');
  });
  afterAll(async () => {
    socket?.close();
    await server?.destroy();
    await smtp?.close();
  });

  const payload = (changes: Partial<CreateExcursionPayloadInput> = {}) =>
    excursions.payload({
      title: 'Мангуп-Кале',
      description: 'Пещерный город на плато.',
      adultPrice: 3000,
      ...changes,
    });
  const form = (excursion: unknown, kept: string[], newCover = false) =>
    excursions.form(excursion, kept, newCover);
  const put = (token: string, id: string, body: FormData, key?: string) =>
    excursions.put(token, id, body, key);
  const post = (token: string, path: string, body?: unknown, key?: string) =>
    excursions.post(token, path, body, key);

  async function mails(subject: string, count = 1): Promise<CapturedMail[]> {
    const find = () => smtp.messages.filter((m) => subjectOf(m.raw) === subject);
    await expect.poll(() => find().length).toBeGreaterThanOrEqual(count);
    return find();
  }

  const publicExcursion = () => api(server).json<Excursion>(`/api/excursions/${live._id}`);

  async function pulled(): Promise<Excursion | undefined> {
    const { changes } = await pullAll(server);
    const change = changes.find(
      (c) => c.collection === 'excursions' && c.op === 'put' && c.row._id === live._id,
    );
    return change?.op === 'put' ? (change.row as Excursion) : undefined;
  }

  async function queue(): Promise<RevisionItem[]> {
    return revisionQueueSchema.parse(await api(server, admin).json('/api/moderation/revisions')).revisions;
  }

  const ownRevision = async (token = seller) =>
    ownRevisionAnswerSchema.parse(await api(server, token).json(`/api/excursions/${live._id}/revision`))
      .revision;

  const history = async () =>
    moderationHistorySchema
      .parse(await api(server, seller).json(`/api/excursions/${live._id}/moderation`))
      .history.map((event) => event.kind);

  it('keeps the live price for tourists while a seller’s new price waits; the seat plan applies at once', async () => {
    const draft = await excursions.create(seller, payload());
    expect((await post(admin, `/api/excursions/${draft._id}/publish`)).status).toBe(200);
    live = await api(server).json<Excursion>(`/api/excursions/${draft._id}`);
    expect(live.adultPrice).toBe(3000);

    const edited = await put(
      seller,
      live._id,
      form(payload({ adultPrice: 3500, maxAttendants: 14 }), live.images),
    );
    expect(edited.status).toBe(200);
    const answer = excursionWriteResponseSchema.parse(await edited.json());
    expect(answer.adultPrice).toBe(3000);
    expect(answer.maxAttendants).toBe(14);
    expect(answer.revision).toMatchObject({ status: 'pending', reason: '' });

    const shown = await publicExcursion();
    expect(shown.adultPrice).toBe(3000);
    expect(shown.maxAttendants).toBe(14);
    expect((await pulled())?.adultPrice).toBe(3000);

    const mine = await ownRevision();
    expect(mine).toMatchObject({ status: 'pending', reason: '' });
    expect(mine?.proposed.adultPrice).toBe(3500);
    expect(mine?.proposed.maxAttendants).toBe(14);
  });

  it('lists the change for the admin with the live and proposed price and the seller, and mails every admin', async () => {
    const item = (await queue()).find((entry) => entry.live._id === live._id);
    expect(item?.live.adultPrice).toBe(3000);
    expect(item?.proposed.adultPrice).toBe(3500);
    expect(item?.proposed.images).toEqual(live.images);
    expect(item?.seller).toMatchObject({ id: DEMO.seller, email: sellerEmail, phone: '89785550033' });
    expect(Date.parse(item?.submittedAt ?? '')).toBeLessThanOrEqual(Date.now());

    const sent = await mails('Изменения экскурсии на проверку: Мангуп-Кале', admins.length);
    expect(sent.flatMap((m) => m.to).sort()).toEqual([...admins].sort());
    const text = bodyOf(sent[0] as CapturedMail);
    expect(text).toContain(sellerEmail);
    expect(text).toContain('8(978)555-00-33');
    expect(text).toContain('/profile/admin-panel');
  });

  it('puts the approved price live, announces it and mails the seller; the history tells it', async () => {
    const seen = socket.messages.length;
    const approved = await post(admin, `/api/excursions/${live._id}/revision/approve`);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Excursion).adultPrice).toBe(3500);
    expect((await publicExcursion()).adultPrice).toBe(3500);
    const announced = (m: ServerMessage) =>
      m.type === 'EXCURSION_UPDATE' &&
      m.data.excursion_id === live._id &&
      m.data.excursion?.adultPrice === 3500;
    await expect.poll(() => socket.messages.slice(seen).some(announced)).toBe(true);
    expect((await pulled())?.adultPrice).toBe(3500);

    const [mail] = await mails('Изменения экскурсии опубликованы: Мангуп-Кале');
    expect(mail?.to).toEqual([sellerEmail]);
    expect(bodyOf(mail as CapturedMail)).toContain(`/excursion/${live._id}`);
    expect(await history()).toEqual(['submitted', 'published', 'revision_submitted', 'revision_approved']);
    expect(await ownRevision()).toBeNull();
    expect((await queue()).map((entry) => entry.live._id)).not.toContain(live._id);
  });

  it('keeps the live excursion when the admin rejects a change, and mails the seller the reason', async () => {
    const edited = await put(
      seller,
      live._id,
      form(payload({ adultPrice: 9000, maxAttendants: 14, title: 'Мангуп-Кале VIP' }), live.images, true),
    );
    expect(edited.status).toBe(200);
    const proposed = (await ownRevision())?.proposed;
    expect(proposed?.images).toHaveLength(2);

    const reject = (body: unknown) => post(admin, `/api/excursions/${live._id}/revision/reject`, body);
    expect((await reject({ reason: '  ' })).status).toBe(400);
    expect((await reject({ reason: 'x'.repeat(5000) })).status).toBe(400);
    const refused = await reject({ reason: 'Цена завышена' });
    expect(refused.status).toBe(200);

    const shown = await publicExcursion();
    expect(shown.adultPrice).toBe(3500);
    expect(shown.title).toBe('Мангуп-Кале');
    expect(shown.images).toEqual(live.images);
    const [mail] = await mails('Изменения экскурсии не прошли проверку: Мангуп-Кале');
    expect(mail?.to).toEqual([sellerEmail]);
    expect(bodyOf(mail as CapturedMail)).toContain('Причина: Цена завышена');
    const mine = await ownRevision();
    expect(mine).toMatchObject({ status: 'rejected', reason: 'Цена завышена' });
    expect(mine?.proposed.adultPrice).toBe(9000);
    expect(await ownRevision(admin)).toEqual(mine);
    expect((await history()).slice(-2)).toEqual(['revision_submitted', 'revision_rejected']);

    // A rejected change is not waiting: neither decision applies to it.
    for (const action of ['approve', 'reject']) {
      const none = await post(admin, `/api/excursions/${live._id}/revision/${action}`, { reason: 'Ещё раз' });
      expect(none.status).toBe(409);
      expect(await none.json()).toEqual({ detail: 'Нет изменений, ждущих проверки' });
    }
  });

  it('lets the seller edit on top of a rejected change, keeping its new photo', async () => {
    const proposed = (await ownRevision())?.proposed as Excursion;
    const edited = await put(
      seller,
      live._id,
      form(payload({ adultPrice: 4000, maxAttendants: 14 }), proposed.images),
    );
    expect(edited.status).toBe(200);
    const answer = excursionWriteResponseSchema.parse(await edited.json());
    expect(answer.revision).toMatchObject({ status: 'pending', reason: '' });
    expect((await ownRevision())?.proposed.images).toEqual(proposed.images);
  });

  it('sends the admins one mail per change, none for a replayed edit, and deletes the replaced photo', async () => {
    const subject = 'Изменения экскурсии на проверку: Мангуп-Кале';
    const before = (await mails(subject, admins.length * 3)).length;
    const proposed = (await ownRevision())?.proposed as Excursion;
    const [extra] = proposed.images.filter((name) => !live.images.includes(name));
    expect((await api(server).get(`/api/images/${extra}`)).status).toBe(200);
    const key = randomUUID();
    const body = () => form(payload({ adultPrice: 4200, maxAttendants: 14 }), live.images);
    expect((await put(seller, live._id, body(), key)).status).toBe(200);
    await mails(subject, before + admins.length);
    // The photo only the replaced change showed is deleted; the live ones stay.
    expect((await api(server).get(`/api/images/${extra}`)).status).toBe(404);
    expect((await api(server).get(`/api/images/${live.images[0]}`)).status).toBe(200);
    expect((await put(seller, live._id, body(), key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => subjectOf(m.raw) === subject)).toHaveLength(before + admins.length);
  });

  it('lets only admins decide, and only the seller and admins see a change', async () => {
    const path = `/api/excursions/${live._id}/revision`;
    for (const token of [seller, seller2, tourist]) {
      expect((await post(token, `${path}/approve`)).status).toBe(403);
      expect((await post(token, `${path}/reject`, { reason: 'Нет' })).status).toBe(403);
      expect((await api(server, token).get('/api/moderation/revisions')).status).toBe(403);
    }
    expect((await api(server, seller2).get(path)).status).toBe(403);
    expect((await api(server, tourist).get(path)).status).toBe(403);
    expect((await api(server).get(path)).status).toBe(401);
    expect((await post(admin, '/api/excursions/bad/revision/approve')).status).toBe(400);
    expect((await api(server, admin).get('/api/excursions/bad/revision')).status).toBe(400);
    const unknown = `/api/excursions/${'f'.repeat(24)}/revision`;
    expect((await post(admin, `${unknown}/approve`)).status).toBe(404);
    expect((await post(admin, `${unknown}/reject`, { reason: 'Нет' })).status).toBe(404);
    expect((await api(server, admin).get(unknown)).status).toBe(404);
  });

  it('applies an admin’s own edit of a published excursion at once', async () => {
    const edited = await put(
      admin,
      live._id,
      form(payload({ adultPrice: 2800, maxAttendants: 14 }), live.images),
    );
    expect(edited.status).toBe(200);
    const answer = excursionWriteResponseSchema.parse(await edited.json());
    expect(answer.adultPrice).toBe(2800);
    expect(answer.revision).toBeUndefined();
    expect((await publicExcursion()).adultPrice).toBe(2800);
    // The seller's waiting change is still there for the admin to decide.
    expect((await queue()).find((entry) => entry.live._id === live._id)?.proposed.adultPrice).toBe(4200);
  });

  it('withdraws the seller’s change, and deletes its photo, when the seller puts the form back to the live excursion', async () => {
    const proposing = await put(
      seller,
      live._id,
      form(payload({ adultPrice: 5000, maxAttendants: 14 }), live.images, true),
    );
    expect(proposing.status).toBe(200);
    const [extra] = ((await ownRevision())?.proposed.images ?? []).filter(
      (name) => !live.images.includes(name),
    );
    expect((await api(server).get(`/api/images/${extra}`)).status).toBe(200);

    const back = await put(
      seller,
      live._id,
      form(payload({ adultPrice: 2800, maxAttendants: 14 }), live.images),
    );
    expect(back.status).toBe(200);
    expect(excursionWriteResponseSchema.parse(await back.json()).revision).toBeUndefined();
    expect(await ownRevision()).toBeNull();
    expect((await queue()).map((entry) => entry.live._id)).not.toContain(live._id);
    expect((await publicExcursion()).adultPrice).toBe(2800);
    expect((await api(server).get(`/api/images/${extra}`)).status).toBe(404);
    expect((await api(server).get(`/api/images/${live.images[0]}`)).status).toBe(200);
  });
});
