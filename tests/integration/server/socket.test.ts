import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import type { LocalEventBus } from '../../../src/server/realtime/events';
import { HUB_TEXTS, MISSED_EVENTS_CLOSE_CODE } from '../../../src/server/realtime/socket-policy';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

describe.each(ONE_ENGINE)('the live socket on %s', (engine) => {
  let server: TestServer;
  let excursion: Excursion;
  beforeAll(async () => {
    server = await startTestServer(engine);
    excursion = (await catalogue(server)).excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('delivers a tour created through the API as TOUR_UPDATE with the row and its version', async () => {
    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'], userId: '' });
    await socket.next((m) => m.type === 'subscribed');
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const slot = { excursionID: excursion._id, date: addDays(crimeaToday(new Date()), 80), time: '11:15' };
    const response = await seller.send('POST', '/api/tours', { tours: [slot] });
    const created = ((await response.json()) as { tours: { _id: string }[] }).tours[0];

    const delta = await socket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === created?._id);
    expect(delta.type === 'TOUR_UPDATE' && delta.data).toMatchObject({
      action: 'create',
      tour: { _id: created?._id, date: slot.date, time: '11:15', excursionID: excursion._id },
    });
    expect(delta.type === 'TOUR_UPDATE' && typeof delta.data.version).toBe('number');
    // The delta is the replica's row: no list of the tickets sold on the tour.
    expect(delta.type === 'TOUR_UPDATE' && delta.data.tour && Object.keys(delta.data.tour)).not.toContain(
      'tickets',
    );
    // The excursion as the API serves it lists the new tour.
    const fresh = (await (await fetch(`${server.url}/api/excursions/${excursion._id}`)).json()) as {
      tours: string[];
    };
    expect(fresh.tours).toContain(created?._id);
    socket.close();
  });

  it('sends personal messages only to the user in the token, whatever userId a socket claims', async () => {
    const owner = await openSocket(server.url);
    owner.send({
      type: 'subscribe',
      channels: ['USER_UPDATE', 'TICKET_UPDATE'],
      userId: DEMO.tourist,
      token: await tokenFor(server, DEMO.tourist),
    });
    expect(await owner.next((m) => m.type === 'subscribed')).toMatchObject({
      data: { user_id: DEMO.tourist },
    });

    const intruder = await openSocket(server.url);
    intruder.send({
      type: 'subscribe',
      channels: ['USER_UPDATE', 'TICKET_UPDATE'],
      userId: DEMO.tourist,
      token: await tokenFor(server, DEMO.seller2),
    });
    await intruder.next((m) => m.type === 'subscribed');
    const tokenless = await openSocket(server.url);
    tokenless.send({ type: 'subscribe', channels: ['USER_UPDATE'], userId: DEMO.tourist });
    expect(await tokenless.next((m) => m.type === 'error')).toMatchObject({ type: 'error' });

    server.events.publish([
      {
        channel: 'USER_UPDATE',
        userId: DEMO.tourist,
        data: { user_id: DEMO.tourist, action: 'balance_update', new_balance: 500 },
      },
    ]);
    await owner.next((m) => m.type === 'USER_UPDATE');
    // Give a wrongly routed message time to arrive before asserting it did not.
    const probe = await openSocket(server.url);
    probe.send({ type: 'ping' });
    await probe.next((m) => m.type === 'pong');
    expect(intruder.messages.some((m) => m.type === 'USER_UPDATE')).toBe(false);
    expect(tokenless.messages.some((m) => m.type === 'USER_UPDATE')).toBe(false);
    for (const socket of [owner, intruder, tokenless, probe]) socket.close();
  });

  it('gives no personal channel for an expired token', async () => {
    const socket = await openSocket(server.url);
    socket.send({
      type: 'subscribe',
      channels: ['USER_UPDATE'],
      token: await tokenFor(server, DEMO.tourist, 0, -5),
    });
    await socket.next((m) => m.type === 'error');
    expect(await socket.next((m) => m.type === 'subscribed')).toMatchObject({
      data: { channels: [], user_id: null },
    });
    socket.close();
  });

  it('answers garbage with {type: error} and keeps the socket usable', async () => {
    const socket = await openSocket(server.url);
    for (const garbage of [
      'not json',
      '{"type":"subscribe"}',
      '[]',
      '{"type":"subscribe","channels":["NOPE"]}',
    ]) {
      socket.send(garbage);
    }
    await socket.next((m) => m.type === 'error');
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.messages.filter((m) => m.type === 'error')).toHaveLength(4);
    socket.send({ type: 'subscribe', channels: ['TOUR_UPDATE'] });
    expect(await socket.next((m) => m.type === 'subscribed')).toMatchObject({
      data: { channels: ['TOUR_UPDATE'] },
    });
    socket.close();
  });

  it('closes a socket that sends a message over 64 KB', async () => {
    const socket = await openSocket(server.url);
    socket.send('x'.repeat(64 * 1024 + 1));
    expect((await socket.closed).code).toBe(1009);
  });

  it('asks its sockets to reconnect when events may have been missed, and serves the new ones', async () => {
    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['TOUR_UPDATE'], userId: '' });
    await socket.next((m) => m.type === 'subscribed');
    const closing = new Promise<string>((resolve) =>
      socket.socket.once('close', (_code, reason) => resolve(reason.toString())),
    );
    if (engine === 'postgres') {
      // Events from other processes come through one LISTEN connection: while it is down they are
      // lost, and once it is back the process says so (pg-fanout.ts).
      await server.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name LIKE 'krym-listen-%' AND datname = current_database()`,
      );
    } else {
      (server.events as LocalEventBus).invalidate();
    }
    expect((await socket.closed).code).toBe(MISSED_EVENTS_CLOSE_CODE);
    expect(await closing).toBe(HUB_TEXTS.missed);

    // A client reconnects (and pulls, src/client/sync/live/socket.ts); the new socket gets deltas again.
    const again = await openSocket(server.url);
    again.send({ type: 'subscribe', channels: ['TOUR_UPDATE'], userId: '' });
    await again.next((m) => m.type === 'subscribed');
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const slot = { excursionID: excursion._id, date: addDays(crimeaToday(new Date()), 81), time: '12:25' };
    const created = (
      (await (await seller.send('POST', '/api/tours', { tours: [slot] })).json()) as {
        tours: { _id: string }[];
      }
    ).tours[0];
    await again.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour_id === created?._id);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
    again.close();
  });
});
