import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripMinutes } from '../../../src/domain/trip-time';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { ENGINES, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, subjectOf, type CapturedMail, type TestSmtp } from '../../support/smtp';

// A paid ticket's confirmation e-mail carries the trip as an .ics file: the receipt's text and HTML
// stay an alternative pair, the calendar file sits beside them, and a calendar reading it gets the
// excursion, its Crimean departure time, the assembly point and the link back to the ticket.

const PUBLIC_URL = 'http://excursions.example:8080';

interface MimePart {
  headers: string;
  contentType: string;
  body: string;
}

/** The leaf parts of a raw message, following nested multipart boundaries, bodies decoded. */
function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!contentType.startsWith('multipart/') || !boundary)
    return [{ headers, contentType, body: decode(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => mimeParts(chunk.replace(/^\r?\n/, '')));
}

function decode(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The VEVENT's properties by name: lines unfolded, parameters kept, text values unescaped. */
function eventOf(ics: string): Map<string, { params: string; value: string }> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const start = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  const props = new Map<string, { params: string; value: string }>();
  for (const line of lines.slice(start + 1, end)) {
    const colon = line.indexOf(':');
    const [name = '', ...params] = line.slice(0, colon).split(';');
    const value = line
      .slice(colon + 1)
      .replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    props.set(name, { params: params.join(';'), value });
  }
  return props;
}

/** '20260701T123000' for a Crimean wall-clock time `minutes` after `date` `time`. */
function localStamp(date: string, time: string, minutes = 0): string {
  const wall = new Date(Date.parse(`${date}T${time}:00Z`) + minutes * 60_000);
  return wall.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

describe.each(ENGINES)('the confirmation e-mail’s calendar file on %s', (engine) => {
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
    const calendar = parts.find((p) => p.contentType === 'text/calendar') as MimePart;
    expect(calendar.headers).toMatch(/content-type:\s*text\/calendar;[^\r\n]*charset=utf-8/i);
    expect(calendar.headers).toMatch(/content-type:[^\r\n]*method=PUBLISH/i);
    expect(calendar.headers).toMatch(
      new RegExp(`content-disposition:\\s*attachment;\\s*filename="?ekskursiya-${tour.date}\\.ics"?`, 'i'),
    );

    const ics = calendar.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nTZID:Europe/Simferopol\r\n');
    const event = eventOf(ics);
    const ticketUrl = `${PUBLIC_URL}/profile/tickets/ticket/${ticketId}`;
    expect(event.get('UID')?.value).toBe(`${ticketId}@krym-excursions`);
    expect(event.get('SUMMARY')?.value).toBe(excursion.title);
    expect(event.get('DTSTART')).toEqual({
      params: 'TZID=Europe/Simferopol',
      value: localStamp(tour.date, tour.time),
    });
    expect(event.get('DTEND')).toEqual({
      params: 'TZID=Europe/Simferopol',
      value: localStamp(tour.date, tour.time, tripMinutes(excursion.duration)),
    });
    expect(event.get('LOCATION')?.value).toBe(excursion.assemblyPoints[0]);
    expect(event.get('URL')?.value).toBe(ticketUrl);
    expect(event.get('DESCRIPTION')?.value.split('\n')).toEqual([
      `Места: № ${[...seats].sort((a, b) => a - b).join(', ')}`,
      'Взрослые: 2, дети: 0',
      `Билет: ${ticketUrl}`,
    ]);

    // The receipt itself still reads as before, with the same link.
    const text = parts.find((p) => p.contentType === 'text/plain')?.body ?? '';
    expect(text).toContain(excursion.title);
    expect(text).toContain(ticketUrl);
  });
});
