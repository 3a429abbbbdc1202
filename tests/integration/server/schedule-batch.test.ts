import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday, formatDisplayDate, mondayFirstWeekday } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import type { CreateToursResponse } from '../../../src/protocol/tours';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// A season's schedule saved as one batch (a rule's departures, queued offline and sent later): the
// departures that can be created are, and each one on a date already past is refused by name.

describe.each(ONE_ENGINE)('a schedule batch with past dates on %s', (engine) => {
  let server: TestServer;
  let excursion: Excursion;
  let seller: ReturnType<typeof api>;
  const today = () => crimeaToday(new Date());

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { excursions } = await catalogue(server);
    excursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    seller = api(server, await tokenFor(server, DEMO.seller));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** Mondays and Thursdays at two times from `from` for `days` days, but the excluded date: a rule's chips. */
  function ruleSlots(from: string, days: number, times: string[], excluded: string) {
    const slots: { excursionID: string; date: string; time: string }[] = [];
    for (let i = 0; i < days; i++) {
      const date = addDays(from, i);
      if (date === excluded || ![0, 3].includes(mondayFirstWeekday(date))) continue;
      for (const time of times) slots.push({ excursionID: excursion._id, date, time });
    }
    return slots;
  }

  it('creates the valid departures in request order and names each past date it refused', async () => {
    const from = addDays(today(), -14);
    const excluded = ruleSlots(addDays(today(), 1), 14, ['05:10'], '')[0]?.date as string;
    const slots = ruleSlots(from, 42, ['05:10', '17:50'], excluded);
    const past = slots.filter((slot) => slot.date < today());
    const future = slots.filter((slot) => slot.date >= today());
    expect(past.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);

    const response = await seller.send(
      'POST',
      '/api/tours',
      { tours: slots },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as CreateToursResponse;
    expect(answer.tours.map(({ date, time }) => ({ excursionID: excursion._id, date, time }))).toEqual(
      future,
    );
    expect(answer.refused).toEqual(
      past.map((slot) => ({
        ...slot,
        message: `Нельзя добавить тур на прошедшую дату: ${formatDisplayDate(slot.date)}`,
      })),
    );
    expect(answer.refused?.[0]?.message).toMatch(/: \d\d\.\d\d\.\d{4}$/);

    // The created ones are in the catalogue; the past and the excluded dates are not.
    const { tours } = await catalogue(server);
    const ours = tours.filter((tour) => tour.excursionID === excursion._id);
    for (const tour of answer.tours) expect(ours.map((t) => t._id)).toContain(tour._id);
    const dates = new Set(ours.filter((t) => ['05:10', '17:50'].includes(t.time)).map((t) => t.date));
    for (const slot of past) expect(dates.has(slot.date)).toBe(false);
    expect(dates.has(excluded)).toBe(false);
  });

  it('answers a batch of only past dates with no tours and every date refused, and creates nothing', async () => {
    const slots = [1, 8].map((days) => ({
      excursionID: excursion._id,
      date: addDays(today(), -days),
      time: '05:20',
    }));
    const key = randomUUID();
    const response = await seller.send('POST', '/api/tours', { tours: slots }, { 'Idempotency-Key': key });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as CreateToursResponse;
    expect(answer.tours).toEqual([]);
    expect(answer.refused?.map((r) => r.message)).toEqual(
      slots.map((slot) => `Нельзя добавить тур на прошедшую дату: ${formatDisplayDate(slot.date)}`),
    );
    const [{ n } = { n: -1 }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tours WHERE excursion_id = $1 AND time = '05:20'`,
      [excursion._id],
    );
    expect(n).toBe(0);

    // The outbox's retry of the same batch gets the same answer.
    const replay = await seller.send('POST', '/api/tours', { tours: slots }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(answer);
  });

  it('keeps a batch of valid dates answered as before, without a refused list', async () => {
    const slot = { excursionID: excursion._id, date: addDays(today(), 90), time: '05:30' };
    const response = await seller.send('POST', '/api/tours', { tours: [slot] });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { tours: Tour[]; refused?: unknown };
    expect(answer.tours).toHaveLength(1);
    expect(answer.tours[0]).toMatchObject(slot);
    expect(answer).not.toHaveProperty('refused');
  });

  it('still refuses the whole batch when one excursion is not the seller’s', async () => {
    const { excursions } = await catalogue(server);
    const theirs = excursions.find((e) => e.ownerID === DEMO.seller2) as Excursion;
    const date = addDays(today(), 91);
    const response = await seller.send('POST', '/api/tours', {
      tours: [
        { excursionID: excursion._id, date, time: '05:40' },
        { excursionID: theirs._id, date: addDays(today(), -1), time: '05:40' },
      ],
    });
    expect(response.status).toBe(403);
    const made = await server.db.query(
      'SELECT 1 FROM tours WHERE excursion_id = $1 AND date = $2 AND time = $3',
      [excursion._id, date, '05:40'],
    );
    expect(made).toEqual([]);
  });
});
