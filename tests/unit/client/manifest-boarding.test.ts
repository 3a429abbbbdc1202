import { afterEach, describe, expect, it } from 'vitest';
import type { CheckInPayload } from '../../../src/client/sync/outbox/checkin';
import { checkAndBoard } from '../../../src/client/app/pages/seller/departure/check-in';
import {
  boardingConflicts,
  departureView,
  upcomingDepartures,
} from '../../../src/client/app/pages/seller/departure/queries';
import { manifestSummary } from '../../../src/client/app/pages/seller/departure/summary';
import type { ReplicaDb, Replicated } from '../../../src/client/db/schema';
import type { ManifestEntry } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { openReplica, rowExcursion, rowTour } from './fixtures';

// A departure's manifest and the boarding check as the guide's phone runs them: read from the replica
// alone, and a check-in queued in the outbox with nothing sent.

const SELLER = 2;
const excursion = rowExcursion({ _id: hexId(1), title: 'Большой каньон Крыма', ownerID: SELLER });
const tour = rowTour({ _id: hexId(300), excursionID: excursion._id, date: '2026-06-12', time: '08:00' });
const laterTour = rowTour({ _id: hexId(301), excursionID: excursion._id, date: '2026-06-13', time: '10:30' });
const pastTour = rowTour({ _id: hexId(302), excursionID: excursion._id, date: '2026-06-01', time: '08:00' });

let serial = 400;
function booking(overrides: Partial<Replicated<ManifestEntry>> = {}): Replicated<ManifestEntry> {
  serial += 1;
  const id = hexId(serial);
  return {
    _id: id,
    tourID: tour._id,
    excursionID: excursion._id,
    date: tour.date,
    time: tour.time,
    buyer: { name: 'Анна', surname: 'Белова', phone: '89781234567', email: 'anna@example.ru' },
    adults: 1,
    kids: 0,
    seats: [],
    assemblyPoint: 'Ялта, автовокзал',
    services: [],
    status: 'confirmed',
    checkCode: `T1.${id}.QUJDREVGR0hJSktMTU5PUFFS`,
    _v: 5,
    ...overrides,
  };
}

const paid = booking({
  buyer: { name: 'Пётр', surname: 'Яковлев', phone: '89780001122', email: 'p@example.ru' },
  adults: 2,
  kids: 1,
  seats: [3, 4, 5],
  services: [{ name: 'Обед', price: 500, selected: true }],
});
const boarded = booking({
  buyer: { name: 'Вера', surname: 'Антонова', phone: '', email: 'v@example.ru' },
  checkedInAt: '2026-06-12T04:40:00.000Z',
  assemblyPoint: 'Алушта, набережная',
});
const held = booking({
  status: 'to payment',
  buyer: { name: 'Илья', surname: 'Быков', phone: '89785556677', email: 'i@example.ru' },
});
const cancelled = booking({
  status: 'cancelled',
  buyer: { name: 'Олег', surname: 'Абрамов', phone: '', email: 'o@example.ru' },
});
const onLater = booking({ tourID: laterTour._id, date: laterTour.date, time: laterTour.time, adults: 4 });

let db: ReplicaDb;
afterEach(() => db?.close());

async function seeded(): Promise<ReplicaDb> {
  db = openReplica();
  await db.excursions.put(excursion);
  await db.tours.bulkPut([tour, laterTour, pastTour]);
  await db.manifest.bulkPut([paid, boarded, held, cancelled, onLater]);
  return db;
}

describe('the manifest of a departure', () => {
  it('lists its bookings paid first, then held, then cancelled, each by surname', async () => {
    const view = await departureView(await seeded(), tour._id);
    expect(view?.excursion?.title).toBe('Большой каньон Крыма');
    expect(view?.rows.map((row) => row.buyer.surname)).toEqual(['Антонова', 'Яковлев', 'Быков', 'Абрамов']);
    expect(view?.rows.every((row) => !row.pending)).toBe(true);
  });

  it('still shows a cancelled departure from its tickets once its tour is gone', async () => {
    db = await seeded();
    await db.tours.delete(laterTour._id);
    const view = await departureView(db, laterTour._id);
    expect(view).toMatchObject({ tour: null, date: '2026-06-13', time: '10:30', excursionID: excursion._id });
    expect(view?.rows).toHaveLength(1);
  });

  it('knows nothing of a departure with neither a tour nor bookings on the phone', async () => {
    expect(await departureView(await seeded(), hexId(999))).toBeNull();
  });

  it('counts people booked, paid, boarded and not boarded, per assembly point and per service', async () => {
    const view = await departureView(await seeded(), tour._id);
    expect(manifestSummary(view?.rows ?? [])).toEqual({
      booked: 5,
      paid: 4,
      boarded: 1,
      notBoarded: 3,
      byPoint: [
        { name: 'Алушта, набережная', people: 1 },
        { name: 'Ялта, автовокзал', people: 4 },
      ],
      byService: [{ name: 'Обед', people: 3 }],
    });
  });

  it('lists the upcoming departures of the excursion with people booked and boarded', async () => {
    const lines = await upcomingDepartures(await seeded(), excursion._id, '2026-06-10');
    expect(lines.map((line) => [line.tour._id, line.booked, line.boarded])).toEqual([
      [tour._id, 5, 1],
      [laterTour._id, 4, 0],
    ]);
  });
});

describe('boarding on the phone', () => {
  it('checks a paid passenger in, queues it, and says "already" on a second scan', async () => {
    db = await seeded();
    const at = new Date('2026-06-12T04:55:00.000Z');
    const first = await checkAndBoard(db, SELLER, tour._id, `${paid.checkCode}\n`, at);
    expect(first).toMatchObject({ kind: 'ok', entry: { _id: paid._id } });
    const queued = await db.outbox.toArray();
    expect(queued.map((row) => [row.kind, row.userId, row.payload])).toEqual([
      [
        'ticket.checkin',
        SELLER,
        { ticketId: paid._id, code: paid.checkCode, at: at.toISOString() } satisfies CheckInPayload,
      ],
    ]);
    const row = (await departureView(db, tour._id))?.rows.find((one) => one._id === paid._id);
    expect(row).toMatchObject({ checkedInAt: at.toISOString(), pending: true });

    const again = await checkAndBoard(db, SELLER, tour._id, paid.checkCode, new Date('2026-06-12T05:00:00Z'));
    expect(again).toMatchObject({ kind: 'already', at: at.toISOString() });
    expect(await db.outbox.count()).toBe(1);
  });

  it('refuses a forged code, a held and a cancelled ticket, and queues nothing', async () => {
    db = await seeded();
    const forged = `T1.${paid._id}.Rk9SR0VELUZPUkdFRC1GT1JH`;
    expect((await checkAndBoard(db, SELLER, tour._id, forged)).kind).toBe('unknown');
    expect((await checkAndBoard(db, SELLER, tour._id, held.checkCode)).kind).toBe('unpaid');
    expect((await checkAndBoard(db, SELLER, tour._id, cancelled.checkCode)).kind).toBe('cancelled');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.manifest.get(paid._id))?.checkedInAt).toBeUndefined();
  });

  it('names the departure a ticket of another tour is for', async () => {
    const verdict = await checkAndBoard(await seeded(), SELLER, tour._id, onLater.checkCode);
    expect(verdict).toMatchObject({ kind: 'other-tour', date: '2026-06-13', time: '10:30' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a refused check-in as a conflict on its own departure only', async () => {
    db = await seeded();
    await db.rejections.bulkPut([
      {
        id: 'a',
        kind: 'ticket.checkin',
        payload: { ticketId: paid._id },
        reason: 'Билет отменён',
        at: 1,
        seen: 0,
      },
      {
        id: 'b',
        kind: 'ticket.checkin',
        payload: { ticketId: onLater._id },
        reason: 'Билет отменён',
        at: 2,
        seen: 0,
      },
      {
        id: 'c',
        kind: 'ticket.checkin',
        payload: { ticketId: held._id },
        reason: 'Не оплачен',
        at: 3,
        seen: 1,
      },
    ]);
    expect((await boardingConflicts(db, tour._id)).map((row) => row.id)).toEqual(['a']);
  });
});
