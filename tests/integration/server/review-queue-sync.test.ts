import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion, User } from '../../../src/domain/types';
import type { ReviewQueueRow } from '../../../src/protocol/moderation';
import type { ServerMessage } from '../../../src/protocol/realtime';
import { syncResetResponseSchema, SYNC_RESET_STATUS, type Change } from '../../../src/protocol/sync';
import { api, DEMO, tokenFor } from '../../support/api';
import { pullAll, sellerExcursions, type SellerExcursions } from '../../support/seller-excursions';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket, type TestSocket } from '../../support/socket';

// An admin's replica holds the review queues as the sync collection 'review_queue': one row per excursion
// waiting for a decision, with its seller's contacts, put when it is queued or changes and deleted
// when it leaves the queues. Nobody else receives the collection, an admin's cursor says it was an
// admin's (so a promotion or a demotion starts the replica over), and every step that changes a row
// nudges the admin's app to pull.

type ReviewChange = Extract<Change, { collection: 'review_queue' }>;

const reviewsIn = (changes: Change[]) =>
  changes.filter((c): c is ReviewChange => c.collection === 'review_queue');

/** The changes of one excursion's review row, as `op` and the row (a put) or the id (a delete). */
const rowChanges = (changes: Change[], id: string) =>
  reviewsIn(changes)
    .filter((c) => (c.op === 'put' ? c.row._id : c.id) === id)
    .map((c) => (c.op === 'put' ? { op: c.op, row: c.row } : { op: c.op, id: c.id }));

const adminNudge = (m: ServerMessage) =>
  m.type === 'USER_UPDATE' && m.data.action === 'profile_update' && m.data.user_id === DEMO.admin;

describe.each(ONE_ENGINE)('the admin’s review queues in sync on %s', (engine) => {
  let server: TestServer;
  let socket: TestSocket;
  let seller: string;
  let seller2: string;
  let admin: string;
  let tourist: string;
  let excursions: SellerExcursions;
  let first: Excursion;
  let second: Excursion;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [seller, seller2, admin, tourist] = (await Promise.all(
      [DEMO.seller, DEMO.seller2, DEMO.admin, DEMO.tourist].map((id) => tokenFor(server, id)),
    )) as [string, string, string, string];
    excursions = await sellerExcursions(server);
    expect((await setSellerPhone('89785550044')).status).toBe(200);
    socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: DEMO.admin, token: admin });
    await socket.next((m) => m.type === 'subscribed');
  });
  afterAll(async () => {
    socket?.close();
    await server?.destroy();
  });

  const me = (token: string) => api(server, token).json<User>('/api/users/me');

  /** The seller's own profile call with a new phone, the rest of the profile as it is. */
  async function setSellerPhone(phone: string): Promise<Response> {
    const { name, surname, middlename, email, avatar } = await me(seller);
    return api(server, seller).send('PUT', `/api/users/${DEMO.seller}`, {
      name,
      surname,
      middlename,
      email,
      avatar,
      phone,
    });
  }

  /** Runs a step and waits for the one pull nudge it sends the admin's app. */
  async function nudged<T>(step: () => Promise<T>): Promise<T> {
    const seen = socket.messages.length;
    const result = await step();
    await expect.poll(() => socket.messages.slice(seen).filter(adminNudge).length).toBe(1);
    return result;
  }

  const post = (token: string, path: string, body?: unknown) => excursions.post(token, path, body);

  /** The admin's change pull from `cursor`, and the changes of `id`'s review row in it. */
  async function adminPull(cursor: string, id: string) {
    const pulled = await pullAll(server, admin, cursor);
    return { cursor: pulled.cursor, row: rowChanges(pulled.changes, id) };
  }

  it('gives an admin’s first sync a seller’s new excursion with the seller’s contacts, submission time and history', async () => {
    first = await nudged(() => excursions.create(seller, excursions.payload({ title: 'Тайны Чатыр-Дага' })));
    const contacts = await me(seller);

    const { changes, cursor } = await pullAll(server, admin);
    expect(cursor).toMatch(/^v1\.\d+\.1a$/);
    const [put] = rowChanges(changes, first._id) as [{ op: 'put'; row: ReviewQueueRow }];
    expect(rowChanges(changes, first._id)).toHaveLength(1);
    expect(put.op).toBe('put');
    expect(put.row.excursion).toMatchObject({ _id: first._id, title: 'Тайны Чатыр-Дага', adultPrice: 2500 });
    expect(put.row.excursion.moderation).toEqual({ status: 'pending', reason: '' });
    expect(put.row.seller).toEqual({
      id: DEMO.seller,
      name: contacts.name,
      surname: contacts.surname,
      email: contacts.email,
      phone: '89785550044',
    });
    const submittedAt = put.row.submission?.submittedAt ?? '';
    expect(Date.parse(submittedAt)).toBeLessThanOrEqual(Date.now());
    expect(put.row.submission?.history).toEqual([{ kind: 'submitted', reason: '', at: submittedAt }]);
    expect(put.row.revision).toBeNull();
  });

  it('gives tourists and sellers no review rows, in a first sync or a change pull', async () => {
    const touristStart = await pullAll(server, tourist);
    const sellerStart = await pullAll(server, seller);
    const adminStart = await pullAll(server, admin);
    expect(touristStart.cursor).toMatch(/^v1\.\d+\.4$/);
    expect(sellerStart.cursor).toMatch(/^v1\.\d+\.2$/);
    expect(reviewsIn(touristStart.changes)).toEqual([]);
    expect(reviewsIn(sellerStart.changes)).toEqual([]);
    expect(reviewsIn((await pullAll(server)).changes)).toEqual([]);

    second = await nudged(() =>
      excursions.create(seller, excursions.payload({ title: 'Ай-Петри на рассвете' })),
    );

    // The seller's change pull does bring the new excursion itself, only not as a review row.
    const sellerChanges = (await pullAll(server, seller, sellerStart.cursor)).changes;
    expect(
      sellerChanges.some((c) => c.collection === 'excursions' && c.op === 'put' && c.row._id === second._id),
    ).toBe(true);
    expect(reviewsIn(sellerChanges)).toEqual([]);
    expect(reviewsIn((await pullAll(server, tourist, touristStart.cursor)).changes)).toEqual([]);
    const adminRow = (await adminPull(adminStart.cursor, second._id)).row;
    expect(adminRow).toMatchObject([{ op: 'put', row: { _id: second._id, revision: null } }]);
  });

  it('deletes the row once the excursion is published or rejected, and puts it back when submitted again', async () => {
    let { cursor } = await pullAll(server, admin);

    expect((await nudged(() => post(admin, `/api/excursions/${first._id}/publish`))).status).toBe(200);
    let pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toEqual([{ op: 'delete', id: first._id }]);
    cursor = pulled.cursor;

    const refused = await nudged(() =>
      post(admin, `/api/excursions/${second._id}/reject`, { reason: 'Нет расписания' }),
    );
    expect(refused.status).toBe(200);
    pulled = await adminPull(cursor, second._id);
    expect(pulled.row).toEqual([{ op: 'delete', id: second._id }]);
    cursor = pulled.cursor;

    expect((await nudged(() => post(seller, `/api/excursions/${second._id}/submit`))).status).toBe(200);
    pulled = await adminPull(cursor, second._id);
    const [put] = pulled.row as [{ op: 'put'; row: ReviewQueueRow }];
    expect(pulled.row).toHaveLength(1);
    expect(put.op).toBe('put');
    expect(put.row.excursion.moderation).toEqual({ status: 'pending', reason: '' });
    expect(put.row.submission?.history.map((event) => event.kind)).toEqual([
      'submitted',
      'rejected',
      'resubmitted',
    ]);
    expect(put.row.submission?.history[1]?.reason).toBe('Нет расписания');
    expect(put.row.submission?.submittedAt).toBe(put.row.submission?.history[2]?.at);
    // The published excursion stays out of the queue.
    expect(rowChanges((await pullAll(server, admin)).changes, first._id)).toEqual([]);
  });

  it('puts the row again when the seller edits the excursion waiting in the queue', async () => {
    const { cursor } = await pullAll(server, admin);
    const body = excursions.form(
      excursions.payload({ title: 'Ай-Петри на рассвете', description: 'С завтраком на вершине.' }),
      second.images,
    );
    expect((await nudged(() => excursions.put(seller, second._id, body))).status).toBe(200);
    const { row } = await adminPull(cursor, second._id);
    expect(row).toMatchObject([
      { op: 'put', row: { excursion: { description: 'С завтраком на вершине.' }, revision: null } },
    ]);
  });

  it('puts a seller’s new price of a published excursion beside the live one, and deletes it once decided', async () => {
    let { cursor } = await pullAll(server, admin);
    const edit = (adultPrice: number) =>
      nudged(() =>
        excursions.put(
          seller,
          first._id,
          excursions.form(excursions.payload({ title: 'Тайны Чатыр-Дага', adultPrice }), first.images),
        ),
      );

    expect((await edit(3100)).status).toBe(200);
    let pulled = await adminPull(cursor, first._id);
    const [put] = pulled.row as [{ op: 'put'; row: ReviewQueueRow }];
    expect(pulled.row).toHaveLength(1);
    expect(put.op).toBe('put');
    expect(put.row.excursion.adultPrice).toBe(2500);
    expect(put.row.revision?.proposed.adultPrice).toBe(3100);
    expect(Date.parse(put.row.revision?.submittedAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(put.row.submission).toBeNull();
    expect(put.row.seller.id).toBe(DEMO.seller);
    cursor = pulled.cursor;

    const refused = await nudged(() =>
      post(admin, `/api/excursions/${first._id}/revision/reject`, { reason: 'Цена завышена' }),
    );
    expect(refused.status).toBe(200);
    pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toEqual([{ op: 'delete', id: first._id }]);
    cursor = pulled.cursor;

    expect((await edit(2900)).status).toBe(200);
    pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toMatchObject([
      { op: 'put', row: { excursion: { adultPrice: 2500 }, revision: { proposed: { adultPrice: 2900 } } } },
    ]);
    cursor = pulled.cursor;

    expect((await nudged(() => post(admin, `/api/excursions/${first._id}/revision/approve`))).status).toBe(
      200,
    );
    pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toEqual([{ op: 'delete', id: first._id }]);
    cursor = pulled.cursor;

    // A change the seller takes back (the form is the live excursion again) leaves the queue too.
    expect((await edit(3300)).status).toBe(200);
    pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toMatchObject([{ op: 'put', row: { revision: { proposed: { adultPrice: 3300 } } } }]);
    cursor = pulled.cursor;
    expect((await edit(2900)).status).toBe(200);
    pulled = await adminPull(cursor, first._id);
    expect(pulled.row).toEqual([{ op: 'delete', id: first._id }]);
  });

  it('puts the queued rows again with the seller’s new phone, and tells the admin’s app', async () => {
    const { cursor } = await pullAll(server, admin);
    expect((await nudged(() => setSellerPhone('8 (978) 555-00-55'))).status).toBe(200);
    const { row } = await adminPull(cursor, second._id);
    expect(row).toMatchObject([{ op: 'put', row: { seller: { id: DEMO.seller, phone: '89785550055' } } }]);
  });

  it('marks an admin’s cursor, and starts a user over once promoted to admin or demoted', async () => {
    const refusedWith = async (token: string, cursor: string) => {
      const answer = await api(server, token).get(`/api/sync?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status).toBe(SYNC_RESET_STATUS);
      return syncResetResponseSchema.parse(await answer.json());
    };
    const asSeller = await pullAll(server, seller2);
    expect(asSeller.cursor).toMatch(/^v1\.\d+\.3$/);
    // The same cursor still serves the seller until the role changes.
    expect(reviewsIn((await pullAll(server, seller2, asSeller.cursor)).changes)).toEqual([]);

    await server.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [DEMO.seller2]);
    try {
      expect(await refusedWith(seller2, asSeller.cursor)).toMatchObject({ reset: true });
      const asAdmin = await pullAll(server, seller2);
      expect(asAdmin.cursor).toMatch(/^v1\.\d+\.3a$/);
      expect(rowChanges(asAdmin.changes, second._id)).toMatchObject([{ op: 'put' }]);

      await server.db.query(`UPDATE users SET role = 'seller' WHERE id = $1`, [DEMO.seller2]);
      expect(await refusedWith(seller2, asAdmin.cursor)).toMatchObject({ reset: true });
    } finally {
      await server.db.query(`UPDATE users SET role = 'seller' WHERE id = $1`, [DEMO.seller2]);
    }
  });
});
