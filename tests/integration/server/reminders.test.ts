import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departureInstant } from '../../../src/domain/cancellation';
import { addDays, crimeaToday, formatTourDate } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard } from '../../support/booking';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { mimePart, startTestSmtp, subjectOf, type CapturedMail, type TestSmtp } from '../../support/smtp';

// Trip reminders: the evening before a departure and two hours before it, each paid ticket's buyer
// is mailed once per reminder, at its time and not before; a cancelled ticket gets none, a moved
// departure gets them at its new time, and two processes running at once send each once. The clock
// is passed to each run, never waited for.

const EVENING_SUBJECT = (title: string) => `Завтра экскурсия: ${title}`;
const SOON_SUBJECT = (title: string) => `Скоро отправление: ${title}`;
const MINUTE = 60_000;

/** When a tour's reminders are due: 19:00 Crimean time the day before, and 120 minutes before it. */
function momentsOf(tour: { date: string; time: string }) {
  const departure = departureInstant(tour.date, tour.time) as Date;
  return {
    departure,
    evening: departureInstant(addDays(tour.date, -1), '19:00') as Date,
    soon: new Date(departure.getTime() - 120 * MINUTE),
  };
}

const before = (at: Date, minutes = 1) => new Date(at.getTime() - minutes * MINUTE);
const after = (at: Date, minutes = 1) => new Date(at.getTime() + minutes * MINUTE);

interface Buyer {
  id: number;
  token: string;
  email: string;
  ticketId: string;
}

/** The demo seller's coach excursion with room for a few seats, and a client signed in as its seller. */
async function sellersExcursion(server: TestServer) {
  const { excursions } = await catalogue(server);
  const excursion = excursions.find(
    (e) => e.ownerID === DEMO.seller && e.busType === 'coach' && e.availableSeats.length >= 4,
  ) as Excursion;
  return { excursion, seller: api(server, await tokenFor(server, DEMO.seller)) };
}

/** A new tour of the excursion `days` ahead, at 10:00, on a slot nobody else uses. */
async function newTour(
  seller: ReturnType<typeof api>,
  excursion: Excursion,
  days: number,
  now = new Date(),
): Promise<Tour> {
  const slot = { excursionID: excursion._id, date: addDays(crimeaToday(now), days), time: '10:00' };
  const response = await seller.send('POST', '/api/tours', { tours: [slot] });
  expect(response.status).toBe(200);
  return ((await response.json()) as { tours: Tour[] }).tours[0] as Tour;
}

/** A new buyer's paid booking of one seat. */
async function paidSeat(server: TestServer, excursion: Excursion, tour: Tour, seat: number): Promise<Buyer> {
  const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
  const booked = await book(
    server,
    buyer.token,
    bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [seat] }),
  );
  expect(booked.status).toBe(200);
  expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);
  const [{ email } = { email: '' }] = await server.db.query<{ email: string }>(
    'SELECT email FROM users WHERE id = $1',
    [buyer.id],
  );
  return { ...buyer, email: email.toLowerCase(), ticketId: booked.body.ticket_id as string };
}

describe.each(ONE_ENGINE)('trip reminders on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let excursion: Excursion;
  let seller: ReturnType<typeof api>;
  /** How far the server's clock runs ahead of the real one while a booking is made. */
  let ahead = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { SMTP_URL: smtp.url },
      now: () => new Date(Date.now() + ahead),
    });
    ({ excursion, seller } = await sellersExcursion(server));
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const mailsTo = (buyer: Buyer) => smtp.messages.filter((m) => m.to.includes(buyer.email));
  const subjectsTo = (buyer: Buyer) => mailsTo(buyer).map((m) => subjectOf(m.raw));
  const remindersTo = (buyer: Buyer) =>
    subjectsTo(buyer).filter(
      (s) => s === EVENING_SUBJECT(excursion.title) || s === SOON_SUBJECT(excursion.title),
    );

  it('mails the evening and the soon reminder once each, at their time and not before', async () => {
    const tour = await newTour(seller, excursion, 30);
    const seat = excursion.availableSeats[0] as number;
    const buyer = await paidSeat(server, excursion, tour, seat);
    const { evening, soon } = momentsOf(tour);

    await server.runReminders(before(evening));
    expect(remindersTo(buyer)).toEqual([]);

    await server.runReminders(evening);
    expect(remindersTo(buyer)).toEqual([EVENING_SUBJECT(excursion.title)]);
    await server.runReminders(after(evening, 30));
    await server.runReminders(before(soon));
    expect(remindersTo(buyer)).toEqual([EVENING_SUBJECT(excursion.title)]);

    await server.runReminders(soon);
    await server.runReminders(after(soon, 5));
    expect(remindersTo(buyer)).toEqual([EVENING_SUBJECT(excursion.title), SOON_SUBJECT(excursion.title)]);

    // What the mail tells: the excursion, its time, where to come, the seat, and the ticket's link.
    const mail = mailsTo(buyer).find(
      (m) => subjectOf(m.raw) === EVENING_SUBJECT(excursion.title),
    ) as CapturedMail;
    const text = mimePart(mail.raw, 'text/plain').body;
    const link = `/profile/tickets/ticket/${buyer.ticketId}`;
    expect(text).toContain(excursion.title);
    expect(text).toContain(formatTourDate(tour.date, tour.time));
    expect(text).toContain(`Место сбора: ${excursion.assemblyPoints[0]}`);
    expect(text).toContain(`Ваши места: ${seat}`);
    expect(text).toContain('Участники: 1 взрослый');
    expect(text).toMatch(new RegExp(`Открыть билет: https?://[^\\s/]+${link}\\n`));
    const html = mimePart(mail.raw, 'text/html').body;
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).toMatch(new RegExp(`href="https?://[^"/]+${link}"`));
  });

  it('sends nothing for a cancelled ticket', async () => {
    const tour = await newTour(seller, excursion, 34);
    const kept = await paidSeat(server, excursion, tour, excursion.availableSeats[0] as number);
    const cancelled = await paidSeat(server, excursion, tour, excursion.availableSeats[1] as number);
    const response = await api(server, cancelled.token).send('PATCH', `/api/tickets/${cancelled.ticketId}`, {
      status: 'cancelled',
    });
    expect(response.status).toBe(200);
    const { evening, soon } = momentsOf(tour);

    await server.runReminders(evening);
    await server.runReminders(soon);
    expect(remindersTo(kept)).toHaveLength(2);
    expect(remindersTo(cancelled)).toEqual([]);
  });

  it('reminds a moved departure at its new time, though the old time was reminded already', async () => {
    const tour = await newTour(seller, excursion, 38);
    const buyer = await paidSeat(server, excursion, tour, excursion.availableSeats[0] as number);
    const old = momentsOf(tour);
    await server.runReminders(old.evening);
    expect(remindersTo(buyer)).toEqual([EVENING_SUBJECT(excursion.title)]);

    const moved = { date: addDays(tour.date, 2), time: '12:30' };
    const response = await seller.send('POST', `/api/tours/${tour._id}/move`, {
      ...moved,
      reason: 'Ремонт дороги',
    });
    expect(response.status).toBe(200);

    // The old time owes nothing any more.
    await server.runReminders(old.soon);
    expect(remindersTo(buyer)).toEqual([EVENING_SUBJECT(excursion.title)]);

    const fresh = momentsOf(moved);
    await server.runReminders(before(fresh.evening));
    expect(remindersTo(buyer)).toHaveLength(1);
    await server.runReminders(fresh.evening);
    await server.runReminders(fresh.soon);
    expect(remindersTo(buyer)).toEqual([
      EVENING_SUBJECT(excursion.title),
      EVENING_SUBJECT(excursion.title),
      SOON_SUBJECT(excursion.title),
    ]);
    const latest = mailsTo(buyer)
      .filter((m) => subjectOf(m.raw) === EVENING_SUBJECT(excursion.title))
      .at(-1);
    expect(mimePart((latest as CapturedMail).raw, 'text/plain').body).toContain(
      formatTourDate(moved.date, moved.time),
    );
  });

  it('skips the evening reminder of a ticket paid after that evening, and sends the soon one', async () => {
    const date = addDays(crimeaToday(new Date()), 44);
    const { evening, soon } = momentsOf({ date, time: '10:00' });
    const tour = await newTour(seller, excursion, 44);
    // The booking and its payment happen at 20:00 the evening before, by the server's clock.
    ahead = after(evening, 60).getTime() - Date.now();
    let buyer: Buyer;
    try {
      buyer = await paidSeat(server, excursion, tour, excursion.availableSeats[0] as number);
    } finally {
      ahead = 0;
    }

    await server.runReminders(after(evening, 90));
    expect(remindersTo(buyer)).toEqual([]);
    await server.runReminders(soon);
    expect(remindersTo(buyer)).toEqual([SOON_SUBJECT(excursion.title)]);
  });
});

if (ONE_ENGINE.includes('postgres')) {
  describe('trip reminders with two server processes on one PostgreSQL', () => {
    let first: TestServer;
    let second: RunningServer;
    let secondDir: string;
    let smtp: TestSmtp;

    beforeAll(async () => {
      smtp = await startTestSmtp();
      first = await startTestServer('postgres', { env: { SMTP_URL: smtp.url } });
      secondDir = await mkdtemp(join(tmpdir(), 'krym-test-'));
      second = await startServer(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: secondDir,
          LOG_LEVEL: 'error',
          DATABASE_URL: first.databaseUrl,
          SMTP_URL: smtp.url,
        }),
      );
    });
    afterAll(async () => {
      await second?.close();
      await first?.destroy();
      await smtp?.close();
      if (secondDir) await rm(secondDir, { recursive: true, force: true });
    });

    it('sends each reminder once when both run at the same moment', async () => {
      const { excursion, seller } = await sellersExcursion(first);
      const tour = await newTour(seller, excursion, 30);
      const buyers: Buyer[] = [];
      for (const seat of excursion.availableSeats.slice(0, 4))
        buyers.push(await paidSeat(first, excursion, tour, seat));
      const { evening, soon } = momentsOf(tour);

      for (const [at, subject] of [
        [evening, EVENING_SUBJECT(excursion.title)],
        [soon, SOON_SUBJECT(excursion.title)],
      ] as const) {
        const runs = await Promise.all([
          first.runReminders(at),
          second.runReminders(at),
          first.runReminders(at),
          second.runReminders(at),
        ]);
        expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(buyers.length);
        for (const buyer of buyers) {
          const mails = smtp.messages.filter((m) => m.to.includes(buyer.email));
          expect(mails.filter((m) => subjectOf(m.raw) === subject)).toHaveLength(1);
        }
      }
    });
  });
}
