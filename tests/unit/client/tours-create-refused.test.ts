import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import { latestTourRejection } from '../../../src/client/db/queries/seller';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { addTours, deleteTours } from '../../../src/client/sync/outbox/actions';
import { flushOutbox, wakeOutbox } from '../../../src/client/sync/outbox/flush';
import { hexId, makeTour } from '../domain/fixtures';
import { openReplica, rowExcursion } from './fixtures';

// A queued schedule save the server answers in part: it creates the valid tours and lists the refused
// ones (a date already past). The created tours replace their temporary ones by slot, the refused ones
// leave the replica, and the seller's schedule notice says why in the server's words.

const SELLER = 2;
const EXCURSION = hexId(1);
const PAST = 'Дата 28.11.2026 уже прошла: выезд не создан';

/** The server's side of the schedule calls, answering in turn and keeping what it was sent. */
function server(answers: { status: number; body: unknown }[]) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    requests.push({ method: init?.method ?? 'GET', url: String(url), body: JSON.parse(String(init?.body)) });
    const answer = answers.shift() ?? { status: 500, body: { message: 'no answer' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { http: createHttpClient('http://server', fetchImpl as typeof fetch), requests };
}

const created = (n: number, date: string, time: string) =>
  makeTour({ _id: hexId(n), excursionID: EXCURSION, date, time });

const slots = [
  { excursionID: EXCURSION, date: '2026-11-28', time: '09:00' },
  { excursionID: EXCURSION, date: '2026-12-01', time: '09:00' },
  { excursionID: EXCURSION, date: '2026-12-02', time: '10:30' },
];

let db: ReplicaDb;
afterEach(() => db?.close());

async function seed(): Promise<string[]> {
  db = openReplica();
  await db.excursions.put(rowExcursion({ _id: EXCURSION, ownerID: SELLER }));
  return addTours(db, SELLER, slots);
}

const flush = (http: ReturnType<typeof server>['http']) =>
  flushOutbox({ db, http, token: 'token', userId: SELLER });

describe('a schedule save the server answers in part', () => {
  it('keeps the created tours under their slots, drops the refused one and says why', async () => {
    const temps = await seed();
    expect(await db.tours.count()).toBe(3);

    // Only the created tours come back: matched by index, the past date would take 01.12's id.
    const { http, requests } = server([
      {
        status: 201,
        body: {
          tours: [created(501, '2026-12-01', '09:00'), created(502, '2026-12-02', '10:30')],
          refused: [{ ...slots[0], message: PAST }],
        },
      },
    ]);
    expect(await flush(http)).toEqual({ state: 'idle' });
    expect(requests[0]?.body).toEqual({ tours: slots });

    const tours = await db.tours.ofExcursion(EXCURSION);
    expect(
      tours.map(({ _id, date, time }) => ({ _id, date, time })).sort((a, b) => a.date.localeCompare(b.date)),
    ).toEqual([
      { _id: hexId(501), date: '2026-12-01', time: '09:00' },
      { _id: hexId(502), date: '2026-12-02', time: '10:30' },
    ]);
    expect(await db.tours.bulkGet(temps)).toEqual([undefined, undefined, undefined]);
    expect(tours.every((tour) => tour._pending === undefined && tour._deleted === undefined)).toBe(true);

    const rejection = await latestTourRejection(db, EXCURSION);
    expect(rejection).toMatchObject({ kind: 'tours.create', reason: PAST, seen: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('lists every refusal once and records none when all are created', async () => {
    await seed();
    const other = 'Дата 02.12.2026: у экскурсии уже есть выезд в 10:30';
    const { http } = server([
      {
        status: 201,
        body: {
          tours: [created(501, '2026-12-01', '09:00')],
          refused: [
            { ...slots[0], message: PAST },
            { ...slots[2], message: other },
          ],
        },
      },
    ]);
    await flush(http);
    expect((await latestTourRejection(db, EXCURSION))?.reason).toBe(`${PAST}\n${other}`);
    expect((await db.tours.ofExcursion(EXCURSION)).map((tour) => tour._id)).toEqual([hexId(501)]);

    await db.rejections.clear();
    await addTours(db, SELLER, [{ excursionID: EXCURSION, date: '2026-12-05', time: '08:00' }]);
    const { http: next } = server([{ status: 201, body: { tours: [created(503, '2026-12-05', '08:00')] } }]);
    await flush(next);
    expect(await db.rejections.count()).toBe(0);
    expect(await db.tours.get(hexId(503))).toMatchObject({ date: '2026-12-05', time: '08:00' });
  });

  it('sends a deletion queued meanwhile under the real id, and drops one of a refused tour', async () => {
    const [pastTemp, keptTemp] = (await seed()) as [string, string, string];
    // The first attempt fails on the server's side, so the create counts as sent and stays as it is.
    const first = server([{ status: 503, body: { message: 'busy' } }]);
    await flush(first.http);
    await deleteTours(db, SELLER, [pastTemp]);
    await deleteTours(db, SELLER, [keptTemp]);
    expect((await db.tours.get(keptTemp))?._deleted).toBe(1);

    await wakeOutbox(db);
    const { http, requests } = server([
      {
        status: 201,
        body: {
          tours: [created(501, '2026-12-01', '09:00'), created(502, '2026-12-02', '10:30')],
          refused: [{ ...slots[0], message: PAST }],
        },
      },
      { status: 200, body: { tour_ids: [hexId(501)] } },
    ]);
    expect(await flush(http)).toEqual({ state: 'idle' });
    // The refused tour's deletion has nothing to delete; the other goes out under its real id.
    expect(requests.map((r) => [r.method, r.body])).toEqual([
      ['POST', { tours: slots }],
      ['DELETE', { tour_ids: [hexId(501)] }],
    ]);
    expect((await db.tours.ofExcursion(EXCURSION)).map((tour) => tour._id)).toEqual([hexId(502)]);
  });
});
