import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

describe.each(ONE_ENGINE)('schedule writes on %s', (engine) => {
  let server: TestServer;
  let ownExcursion: Excursion;
  let otherExcursion: Excursion;
  const slot = (days: number, time: string, excursion = ownExcursion) => ({
    excursionID: excursion._id,
    date: addDays(crimeaToday(new Date()), days),
    time,
  });

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { excursions } = await catalogue(server);
    ownExcursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    otherExcursion = excursions.find((e) => e.ownerID === DEMO.seller2) as Excursion;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lets the owner add tours, which then appear in the catalogue with their free seats', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const response = await seller.send('POST', '/api/tours', {
      tours: [slot(70, '06:45'), slot(71, '06:45')],
    });
    expect(response.status).toBe(200);
    const { tours } = (await response.json()) as { tours: Tour[] };
    expect(tours).toHaveLength(2);
    expect(tours[0]).toMatchObject({ excursionID: ownExcursion._id, time: '06:45', attendantsRegistred: 0 });
    expect(tours[0]?.emptySeats).toEqual(ownExcursion.availableSeats);
    const excursion = await api(server).json<Excursion>(`/api/excursions/${ownExcursion._id}`);
    expect(excursion.tours).toEqual(expect.arrayContaining(tours.map((t) => t._id)));
  });

  it('adds the same slot only once', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const first = (await (
      await seller.send('POST', '/api/tours', { tours: [slot(72, '07:10')] })
    ).json()) as {
      tours: Tour[];
    };
    const second = (await (
      await seller.send('POST', '/api/tours', { tours: [slot(72, '07:10')] })
    ).json()) as {
      tours: Tour[];
    };
    expect(second.tours[0]?._id).toBe(first.tours[0]?._id);
  });

  it('replays a request with the same Idempotency-Key without writing again', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const key = randomUUID();
    const first = await seller.send(
      'POST',
      '/api/tours',
      { tours: [slot(73, '08:20')] },
      { 'Idempotency-Key': key },
    );
    const { tours } = (await first.json()) as { tours: Tour[] };
    const created = tours[0] as Tour;
    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [created._id] })).status).toBe(200);

    const replay = await seller.send(
      'POST',
      '/api/tours',
      { tours: [slot(73, '08:20')] },
      { 'Idempotency-Key': key },
    );
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { tours: Tour[] }).tours[0]?._id).toBe(created._id);
    expect((await api(server).get(`/api/tours/${created._id}`)).status).toBe(404);

    const reused = await seller.send(
      'DELETE',
      '/api/tours',
      { tour_ids: [created._id] },
      { 'Idempotency-Key': key },
    );
    expect(reused.status).toBe(422);
    const badKey = await seller.send(
      'POST',
      '/api/tours',
      { tours: [slot(74, '08:20')] },
      { 'Idempotency-Key': 'x' },
    );
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toHaveProperty('message');
  });

  it('refuses strangers, other sellers, bad bodies and past dates with {message}', async () => {
    const anonymous = await api(server).send('POST', '/api/tours', { tours: [slot(75, '09:00')] });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty('message');

    const other = api(server, await tokenFor(server, DEMO.seller2));
    const foreign = await other.send('POST', '/api/tours', { tours: [slot(75, '09:00')] });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toContain('своих экскурсий');

    const seller = api(server, await tokenFor(server, DEMO.seller));
    for (const body of [
      {},
      { tours: [] },
      { tours: [{ ...slot(75, '25:00') }] },
      '{broken',
      { tours: 'x' },
    ]) {
      const response = await seller.send('POST', '/api/tours', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('message');
    }
    // A past date is refused by name, not with the batch: its valid tours are still created.
    const past = await seller.send('POST', '/api/tours', { tours: [slot(-1, '09:00'), slot(75, '09:00')] });
    expect(past.status).toBe(200);
    const partial = (await past.json()) as { tours: Tour[]; refused: { date: string; message: string }[] };
    expect(partial.tours.map((t) => t.date)).toEqual([slot(75, '09:00').date]);
    expect(partial.refused).toEqual([
      {
        ...slot(-1, '09:00'),
        message: expect.stringMatching(/^Нельзя добавить тур на прошедшую дату: \d\d\.\d\d\.\d{4}$/),
      },
    ]);
    const unknown = await seller.send('POST', '/api/tours', {
      tours: [{ ...slot(75, '09:00'), excursionID: 'f'.repeat(24) }],
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const response = await seller.send('POST', '/api/tours', `{"tours":"${'x'.repeat(300 * 1024)}"}`);
    expect(response.status).toBe(413);
    expect(await response.json()).toHaveProperty('detail');
  });

  it('refuses an admin the schedule of an excursion they do not own (SPEC §6)', async () => {
    const admin = api(server, await tokenFor(server, DEMO.admin));
    const response = await admin.send('POST', '/api/tours', { tours: [slot(76, '10:00', otherExcursion)] });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain('своих экскурсий');
  });

  it('refuses to delete a tour with sold tickets and changes nothing', async () => {
    const { tours, excursions } = await catalogue(server);
    const sold = tours.find(
      (t) => t.tickets.length > 0 && excursions.find((e) => e._id === t.excursionID)?.ownerID === DEMO.seller,
    ) as Tour;
    const unsold = await unsoldTourOf(server, DEMO.seller);
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const response = await seller.send('DELETE', '/api/tours', { tour_ids: [unsold.tour._id, sold._id] });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toContain('проданы билеты');
    expect((await api(server).get(`/api/tours/${sold._id}`)).status).toBe(200);
    expect((await api(server).get(`/api/tours/${unsold.tour._id}`)).status).toBe(200);
  });

  it('answers 404 {message} for an unknown tour and 403 for another seller’s tour', async () => {
    const seller = api(server, await tokenFor(server, DEMO.seller));
    const unknown = await seller.send('DELETE', '/api/tours', { tour_ids: ['a'.repeat(24)] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('message');
    const theirs = await unsoldTourOf(server, DEMO.seller2);
    expect((await seller.send('DELETE', '/api/tours', { tour_ids: [theirs.tour._id] })).status).toBe(403);
  });
});
