import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import { checkSession } from '../../../src/client/commands/account';
import { addTours, deleteTours } from '../../../src/client/sync/outbox/actions';
import type { SyncEngine } from '../../../src/client/sync/engine/engine';
import { enqueue } from '../../../src/client/sync/outbox/enqueue';
import { readSession, writeToken } from '../../../src/client/commands/session';
import { takeSignOutReason } from '../../../src/client/commands/signout-notice';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { AUTH_TEXTS } from '../../../src/server/http/auth';
import { TOUR_TEXTS } from '../../../src/server/services/tours';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import {
  createClient,
  createNetwork,
  goOnline,
  memoryStorage,
  newFactory,
  openReplica,
  until,
} from '../../support/client';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

describe.each(ONE_ENGINE)('the outbox against a real server on %s', (engineName) => {
  let server: TestServer;
  let excursion: Excursion;
  let sellerToken: string;
  const engines: SyncEngine[] = [];
  const sellerSession = () => ({ token: sellerToken, userId: DEMO.seller });
  const day = (n: number) => addDays(crimeaToday(new Date()), n);

  beforeAll(async () => {
    server = await startTestServer(engineName);
    sellerToken = await tokenFor(server, DEMO.seller);
    excursion = (await catalogue(server)).excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const serverTours = async () => (await catalogue(server)).tours;

  it('keeps mutations made offline across a reload and applies them once, in order, when the server is back', async () => {
    const factory = newFactory();
    const network = createNetwork();
    network.online = false;
    const first = openReplica(factory, 'seller-phone');
    const offline = createClient(server, { db: first, network, session: sellerSession });
    engines.push(offline.engine);
    offline.engine.start();
    await until(() => offline.engine.isLeader);

    const { tour: doomed } = await unsoldTourOf(server, DEMO.seller);
    await first.tours.put({ ...doomed, _v: 1 });
    const [tempA] = await addTours(first, DEMO.seller, [
      { excursionID: excursion._id, date: day(100), time: '09:05' },
    ]);
    await deleteTours(first, DEMO.seller, [doomed._id]);
    await addTours(first, DEMO.seller, [{ excursionID: excursion._id, date: day(101), time: '09:05' }]);
    // The local effects are visible at once: the new tour shows, the deleted one is hidden.
    expect((await first.tours.get(tempA as string))?._pending).toBe(1);
    expect((await first.tours.get(doomed._id))?._deleted).toBe(1);
    expect(await first.outbox.count()).toBe(3);

    // The tab closes while offline; the queue is on disk.
    await offline.engine.stop();
    engines.splice(engines.indexOf(offline.engine), 1);
    first.close();

    const reopened = openReplica(factory, 'seller-phone');
    expect((await reopened.outbox.orderBy('seq').toArray()).map((row) => row.kind)).toEqual([
      'tours.create',
      'tours.delete',
      'tours.create',
    ]);
    // The first answer is lost on the way back, so that request is sent twice with one key.
    network.dropAnswers = 1;
    const online = createClient(server, { db: reopened, network, session: sellerSession });
    engines.push(online.engine);
    goOnline(network);
    online.engine.start();
    await until(async () => online.engine.isLeader && (await reopened.outbox.count()) === 0, 15_000);

    const tours = await serverTours();
    const mine = tours.filter((t) => t.excursionID === excursion._id && t.time === '09:05');
    expect(mine.map((t) => t.date).sort()).toEqual([day(100), day(101)]);
    expect(tours.some((t) => t._id === doomed._id)).toBe(false);
    await until(
      async () =>
        (await reopened.tours.ofExcursion(excursion._id)).filter((t) => t.time === '09:05').length === 2,
    );
    expect(await reopened.tours.get(tempA as string)).toBeUndefined();
  });

  it('rolls back a refused mutation, keeps the reason, and still sends the next one', async () => {
    const db = openReplica(newFactory());
    const { engine } = createClient(server, { db, session: sellerSession });
    engines.push(engine);
    const { tours, excursions } = await catalogue(server);
    // A tour of the seller's own with tickets sold: the server refuses to delete it (409).
    const soldMine = tours.find(
      (t) => t.tickets.length > 0 && excursions.find((e) => e._id === t.excursionID)?.ownerID === DEMO.seller,
    ) as Tour;
    await db.tours.put({ ...soldMine, _v: 1 });

    await deleteTours(db, DEMO.seller, [soldMine._id]);
    await addTours(db, DEMO.seller, [{ excursionID: excursion._id, date: day(102), time: '15:30' }]);
    engine.start();
    await until(async () => engine.isLeader && (await db.outbox.count()) === 0);

    const restored = await db.tours.get(soldMine._id);
    expect(restored?._deleted).toBeUndefined();
    expect(restored?._pending).toBeUndefined();
    const [rejection] = await db.rejections.toArray();
    expect(rejection?.kind).toBe('tours.delete');
    expect(rejection?.reason).toContain('проданы билеты');
    expect((await serverTours()).some((t) => t.excursionID === excursion._id && t.date === day(102))).toBe(
      true,
    );
  });

  it('a tour deleted while its creation was already tried offline is never left on the server', async () => {
    const db = openReplica(newFactory());
    const network = createNetwork();
    network.online = false;
    const { engine } = createClient(server, { db, network, session: sellerSession });
    engines.push(engine);
    engine.start();
    await until(() => engine.isLeader);
    const [kept, dropped] = (await addTours(db, DEMO.seller, [
      { excursionID: excursion._id, date: day(104), time: '11:10' },
      { excursionID: excursion._id, date: day(104), time: '12:20' },
    ])) as [string, string];
    // The leader tries to send it at once and fails: the queued creation can no longer be edited.
    await until(async () => ((await db.outbox.orderBy('seq').first())?.attempts ?? 0) > 0);
    await deleteTours(db, DEMO.seller, [dropped]);
    expect((await db.tours.get(dropped))?._deleted).toBe(1);
    expect((await db.outbox.toArray()).map((row) => row.kind)).toEqual(['tours.create', 'tours.delete']);

    goOnline(network);
    await until(async () => (await db.outbox.count()) === 0, 15_000);
    const onServer = (await serverTours()).filter(
      (t) => t.excursionID === excursion._id && t.date === day(104),
    );
    expect(onServer.map((t) => t.time)).toEqual(['11:10']);
    expect(await db.rejections.count()).toBe(0);
    await until(async () => {
      const local = await db.tours.ofExcursion(excursion._id);
      const shown = local.filter((t) => t.date === day(104) && !t._deleted);
      return shown.length === 1 && shown[0]?.time === '11:10' && !local.some((t) => t._id === kept);
    });
  });

  it('a tour deleted while its creation is in flight and the answer is lost is never left on the server', async () => {
    const db = openReplica(newFactory());
    const network = createNetwork();
    let release = () => {};
    let reached = false;
    network.beforeAnswer = async (url) => {
      if (!url.endsWith('/api/tours') || reached) return;
      reached = true;
      network.dropAnswers = 1;
      await new Promise<void>((resolve) => (release = resolve));
    };
    const { engine } = createClient(server, { db, network, session: sellerSession });
    engines.push(engine);
    engine.start();
    await until(() => engine.isLeader);
    const [kept, dropped] = (await addTours(db, DEMO.seller, [
      { excursionID: excursion._id, date: day(105), time: '11:15' },
      { excursionID: excursion._id, date: day(105), time: '12:25' },
    ])) as [string, string];
    // The server has made both tours; its answer has not reached the phone yet.
    await until(() => reached);
    await deleteTours(db, DEMO.seller, [dropped]);
    release();

    await until(async () => (await db.outbox.count()) === 0, 15_000);
    const onServer = (await serverTours()).filter(
      (t) => t.excursionID === excursion._id && t.date === day(105),
    );
    expect(onServer.map((t) => t.time)).toEqual(['11:15']);
    expect(await db.rejections.count()).toBe(0);
    await until(async () => {
      const local = await db.tours.ofExcursion(excursion._id);
      const shown = local.filter((t) => t.date === day(105) && !t._deleted);
      return shown.length === 1 && shown[0]?.time === '11:15' && !local.some((t) => t._id === kept);
    });
  });

  it('a refused creation takes the deletion queued for it along', async () => {
    const db = openReplica(newFactory());
    const network = createNetwork();
    network.online = false;
    const { engine } = createClient(server, { db, network, session: sellerSession });
    engines.push(engine);
    engine.start();
    await until(() => engine.isLeader);
    // A date in the past: the server refuses the creation.
    const [temp] = (await addTours(db, DEMO.seller, [
      { excursionID: excursion._id, date: day(-3), time: '08:00' },
    ])) as [string];
    await until(async () => ((await db.outbox.orderBy('seq').first())?.attempts ?? 0) > 0);
    await deleteTours(db, DEMO.seller, [temp]);
    goOnline(network);
    await until(async () => (await db.outbox.count()) === 0, 15_000);
    const rejections = await db.rejections.toArray();
    expect(rejections.map((r) => r.kind)).toEqual(['tours.create']);
    expect(await db.tours.get(temp)).toBeUndefined();
  });

  it('pauses the queue on an expired token instead of dropping it, and resumes after login', async () => {
    const db = openReplica(newFactory());
    let token = await tokenFor(server, DEMO.seller, 0, -60);
    const { engine } = createClient(server, { db, session: () => ({ token, userId: DEMO.seller }) });
    engines.push(engine);
    await enqueue(
      db,
      'tours.create',
      {
        tours: [{ tempId: 'tour-expired', excursionID: excursion._id, date: day(103), time: '16:45' }],
      },
      DEMO.seller,
    );
    engine.start();
    await until(() => engine.isLeader);
    expect(await engine.flush()).toEqual({ state: 'paused', reason: 'unauthorized' });
    expect(await db.outbox.count()).toBe(1);

    token = sellerToken;
    engine.sessionChanged();
    await until(async () => (await db.outbox.count()) === 0);
    expect((await serverTours()).some((t) => t.date === day(103) && t.time === '16:45')).toBe(true);
  });

  it("a seller demoted while changes wait is told why; the changes never go under another user's token and are refused and shown at the next login", async () => {
    // Its own seller: the other tests here schedule DEMO.seller's excursions, this one demotes DEMO.seller2.
    const { tour: doomed, excursion: theirs } = await unsoldTourOf(server, DEMO.seller2);
    const admin = await tokenFor(server, DEMO.admin);
    const storage = memoryStorage();
    const account = { db: openReplica(newFactory()), http: createHttpClient(server.url), storage };
    const { db } = account;
    writeToken(storage, await tokenFor(server, DEMO.seller2));
    const network = createNetwork();
    network.online = false;
    const { engine } = createClient(server, { db, network, session: () => readSession(storage) });
    engines.push(engine);
    engine.start();
    await until(() => engine.isLeader);

    // Offline, the seller adds a tour and deletes another; then the admin demotes them.
    await db.tours.put({ ...doomed, _v: 1 });
    const [temp] = (await addTours(db, DEMO.seller2, [
      { excursionID: theirs._id, date: day(110), time: '06:40' },
    ])) as [string];
    await deleteTours(db, DEMO.seller2, [doomed._id]);
    expect((await api(server, admin).send('POST', `/api/users/${DEMO.seller2}/demote-to-user`)).status).toBe(
      200,
    );

    // Back online, the old token is refused: the queue waits, and the session check signs the
    // user out with the server's reason for the login screen.
    goOnline(network);
    expect(await engine.flush()).toEqual({ state: 'paused', reason: 'unauthorized' });
    expect(await db.outbox.count()).toBe(2);
    expect(await checkSession(account)).toBe('signed-out');
    expect(readSession(storage).token).toBeNull();
    expect(takeSignOutReason(storage)).toBe(AUTH_TEXTS.roleChanged);
    expect(takeSignOutReason(storage)).toBeNull();

    // Someone else signs in on the same phone: the seller's rows stay queued, unsent.
    writeToken(storage, admin);
    engine.sessionChanged();
    expect(await engine.flush()).toEqual({ state: 'paused', reason: 'signed-out' });
    expect(await db.outbox.count()).toBe(2);
    expect(await db.rejections.count()).toBe(0);

    // The demoted seller logs in again: their rows go with their new token, are refused (no right
    // any more), rolled back and listed as refused with the server's reason.
    const [{ token_version: version }] = (await server.db.query<{ token_version: number }>(
      'SELECT token_version FROM users WHERE id = $1',
      [DEMO.seller2],
    )) as [{ token_version: number }];
    writeToken(storage, await tokenFor(server, DEMO.seller2, version));
    engine.sessionChanged();
    await until(async () => (await db.outbox.count()) === 0);
    const rejections = await db.rejections.toArray();
    expect(rejections.map((r) => [r.kind, r.reason, r.seen]).sort()).toEqual([
      ['tours.create', TOUR_TEXTS.sellersOnly, 0],
      ['tours.delete', TOUR_TEXTS.sellersOnly, 0],
    ]);
    expect(await db.tours.get(temp)).toBeUndefined();
    expect((await db.tours.get(doomed._id))?._deleted).toBeUndefined();
    const onServer = await serverTours();
    expect(onServer.some((t) => t._id === doomed._id)).toBe(true);
    expect(onServer.some((t) => t.excursionID === theirs._id && t.date === day(110))).toBe(false);
  });
});
