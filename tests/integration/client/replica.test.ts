import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import type { SyncEngine } from '../../../src/client/sync/engine/engine';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import { createClient, goOffline, goOnline, newFactory, openReplica, until } from '../../support/client';
import { replicaExcursion, replicaTour } from '../../../src/protocol/sync';
import { readStatus } from '../../../src/client/sync/engine/status';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

/** The replica equals the server when it holds exactly the server's excursions and tours, row for row. */
async function expectSameAsServer(server: TestServer, db: ReplicaDb) {
  const { excursions, tours } = await catalogue(server);
  const strip = <T extends object>(row: T) => {
    const { _v, _pending, _deleted, ...rest } = row as T & { _v?: number; _pending?: number; _deleted?: 1 };
    void _v;
    void _pending;
    void _deleted;
    return rest;
  };
  const byId = (a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id);
  // The replica keeps every field but two id lists (protocol/sync.ts): a tour's tickets, an excursion's tours.
  const localTours = (await db.tours.toArray()).map(strip).sort(byId);
  expect(localTours).toEqual(tours.map(replicaTour).sort(byId));
  const localExcursions = (await db.excursions.toArray()).map(strip).sort(byId);
  expect(localExcursions).toEqual(excursions.map(replicaExcursion).sort(byId));
}

describe.each(ONE_ENGINE)('the replica against a real server on %s', (engineName) => {
  let server: TestServer;
  const engines: SyncEngine[] = [];
  beforeAll(async () => {
    server = await startTestServer(engineName);
  });
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const start = (db: ReplicaDb) => {
    const client = createClient(server, { db });
    engines.push(client.engine);
    client.engine.start();
    return client;
  };

  it('fills the replica on the first sync', async () => {
    const db = openReplica(newFactory());
    const { engine } = start(db);
    await until(() => engine.isLeader);
    await until(async () => (await db.meta.get('cursor')) !== undefined);
    await expectSameAsServer(server, db);
    expect(await db.places.count()).toBeGreaterThanOrEqual(12);
    expect(await db.cities.count()).toBeGreaterThanOrEqual(6);
    const status = (await db.meta.get('status'))?.value as { lastSyncedAt: number | null };
    expect(status.lastSyncedAt).toBeGreaterThan(0);
  });

  it('receives a new tour over the socket, and a deleted one disappears', async () => {
    const db = openReplica(newFactory());
    const { engine } = start(db);
    await until(async () => engine.isLeader && (await db.meta.get('cursor')) !== undefined);
    await until(async () => ((await db.meta.get('status'))?.value as { socket: string }).socket === 'open');
    const { excursions } = await catalogue(server);
    const excursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const slot = { excursionID: excursion._id, date: addDays(crimeaToday(new Date()), 90), time: '12:40' };
    const created = (
      (await (await seller.send('POST', '/api/tours', { tours: [slot] })).json()) as { tours: Tour[] }
    ).tours[0] as Tour;
    await until(async () => (await db.tours.get(created._id))?.time === '12:40');
    expect((await db.tours.ofExcursion(excursion._id)).map((t) => t._id)).toContain(created._id);

    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [created._id] })).status).toBe(200);
    await until(async () => (await db.tours.get(created._id)) === undefined);
    await expectSameAsServer(server, db);
  });

  it('catches up after a dropped socket with the next pull', async () => {
    const db = openReplica(newFactory());
    const { engine, network } = start(db);
    await until(async () => engine.isLeader && (await db.meta.get('cursor')) !== undefined);
    goOffline(network);
    const { tour } = await unsoldTourOf(server, DEMO.seller2);
    const seller2 = api(server, await tokenFor(server, DEMO.seller2));
    expect((await seller2.send('DELETE', '/api/tours', { tour_ids: [tour._id] })).status).toBe(200);
    expect(await db.tours.get(tour._id)).toBeDefined();
    goOnline(network);
    // `online` reconnects the socket, and every reconnect pulls.
    await until(async () => (await db.tours.get(tour._id)) === undefined);
    await expectSameAsServer(server, db);
  });

  it('stays offline when a pull answered before the network dropped lands after it', async () => {
    const db = openReplica(newFactory());
    const { engine, network } = start(db);
    await until(async () => engine.isLeader && (await db.meta.get('cursor')) !== undefined);
    // The socket's opening asks for a pull as well; once that one is over, the pull held below is
    // the only one (a pull queued behind it would run offline and hide what the first one wrote).
    await until(async () => (await readStatus(db)).socket === 'open');
    await engine.pull();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => undefined as void;
    const answered = new Promise<void>((resolve) => (arrived = resolve));
    network.beforeAnswer = async (url) => {
      if (!url.includes('/sync')) return;
      arrived();
      await held;
    };
    const pulled = engine.pull();
    await answered;
    goOffline(network);
    await until(async () => !(await readStatus(db)).online);
    release();
    expect((await pulled)?.ok).toBe(true);
    expect((await readStatus(db)).online).toBe(false);
    network.beforeAnswer = undefined;
  });

  it('ignores duplicate and out-of-order deltas, converging on the server state', async () => {
    const db = openReplica(newFactory());
    const { engine } = start(db);
    await until(async () => engine.isLeader && (await db.meta.get('cursor')) !== undefined);
    await engine.stop();
    const row = (await db.tours.toArray())[0] as Tour & { _v: number };
    const { _v, ...plain } = row;
    // An older version of the row, a duplicate of the current one, then a stale deletion.
    await applyChanges(db, [
      { collection: 'tours', op: 'put', version: _v - 1, row: { ...plain, time: '00:01' } },
    ]);
    await applyChanges(db, [
      { collection: 'tours', op: 'put', version: _v, row: { ...plain, time: '00:02' } },
    ]);
    await applyChanges(db, [{ collection: 'tours', op: 'delete', version: _v - 1, id: plain._id }]);
    expect((await db.tours.get(plain._id))?.time).toBe(plain.time);
    // A deletion newer than a put that arrives after it keeps the row deleted.
    await applyChanges(db, [{ collection: 'tours', op: 'delete', version: 10_000_000, id: 'f'.repeat(24) }]);
    await applyChanges(db, [
      { collection: 'tours', op: 'put', version: 9_999_999, row: { ...plain, _id: 'f'.repeat(24) } },
    ]);
    expect(await db.tours.get('f'.repeat(24))).toBeUndefined();
    await expectSameAsServer(server, db);
  });
});
