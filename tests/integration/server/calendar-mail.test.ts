import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { expectTicketCalendar } from '../../support/ics';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import {
  mimePart,
  mimeParts,
  startTestSmtp,
  subjectOf,
  type CapturedMail,
  type TestSmtp,
} from '../../support/smtp';

// A paid ticket's confirmation e-mail carries the trip as an .ics file: the receipt's text and HTML
// stay an alternative pair, the calendar file sits beside them, and a calendar reading it gets the
// excursion, its Crimean departure time, the assembly point and the link back to the ticket.

const PUBLIC_URL = 'http://excursions.example:8080';

describe.each(ONE_ENGINE)('the confirmation e-mail’s calendar file on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const used = new Set<string>();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  async function emailOf(userId: number): Promise<string> {
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    return (row?.email ?? '').toLowerCase();
  }

  async function mailTo(email: string): Promise<CapturedMail> {
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(email))).toBe(true);
    return smtp.messages.find((m) => m.to.includes(email)) as CapturedMail;
  }

  it('attaches the paid trip as an .ics beside the text and HTML of the receipt', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const { excursion, tour } = await sellersCoachTour(server, used, 2);
    const seats = tour.emptySeats.slice(0, 2);
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 2, seats }),
    );
    expect(booked.status).toBe(200);
    const ticketId = booked.body.ticket_id as string;
    expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);

    const mail = await mailTo(await emailOf(buyer.id));
    expect(subjectOf(mail.raw)).toBe('Чек: оплата экскурсии');
    expect(mail.raw).toMatch(/^content-type:\s*multipart\/mixed/im);
    const parts = mimeParts(mail.raw);
    expect(parts.map((p) => p.contentType).sort()).toEqual(['text/calendar', 'text/html', 'text/plain']);
    const calendar = mimePart(mail.raw, 'text/calendar');
    expect(calendar.headers).toMatch(/content-type:\s*text\/calendar;[^\r\n]*charset=utf-8/i);
    expect(calendar.headers).toMatch(/content-type:[^\r\n]*method=PUBLISH/i);
    expect(calendar.headers).toMatch(
      new RegExp(`content-disposition:\\s*attachment;\\s*filename="?ekskursiya-${tour.date}\\.ics"?`, 'i'),
    );

    const ticketUrl = `${PUBLIC_URL}/profile/tickets/ticket/${ticketId}`;
    expectTicketCalendar(calendar.body, {
      ticketId,
      excursion,
      tour,
      seats,
      party: 'Взрослые: 2, дети: 0',
      ticketUrl,
    });

    // The receipt itself still reads as before, with the same link.
    const text = mimePart(mail.raw, 'text/plain').body;
    expect(text).toContain(excursion.title);
    expect(text).toContain(ticketUrl);
  });
});
