import { describe, expect, it } from 'vitest';
import {
  ICS_CONTENT_TYPE,
  ticketCalendar,
  ticketCalendarFileName,
  type TicketCalendarData,
} from '../../../src/domain/ics';
import { icsComponent, icsLines, icsProperty, unescapeIcsText, unfoldIcs } from '../../support/ics';

// The calendar file is read back the way a calendar app reads it: lines unfolded, each split into
// its name, parameters and value, text values unescaped.

const TICKET: TicketCalendarData = {
  ticketId: '6650f1a2b3c4d5e6f7a8b9c0',
  title: 'Ласточкино гнездо',
  date: '2026-07-01',
  time: '09:00',
  duration: '3 часа 30 минут',
  assemblyPoint: 'Ялта, набережная',
  seats: [7, 8],
  adults: 2,
  kids: 1,
  ticketUrl: 'https://krym.example/profile/tickets/ticket/6650f1a2b3c4d5e6f7a8b9c0',
};
const NOW = new Date('2026-06-20T12:34:56.789Z');

function build(overrides: Partial<TicketCalendarData> = {}): string {
  const ics = ticketCalendar({ ...TICKET, ...overrides }, NOW);
  if (ics === null) throw new Error('no calendar');
  return ics;
}

describe('a ticket as an iCalendar file', () => {
  it('is a published Gregorian calendar with the Crimean zone and one event', () => {
    const ics = build();
    const lines = icsLines(ics);
    expect(lines[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(lines.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
    const calendar = lines.slice(
      1,
      lines.findIndex((p) => p.name === 'BEGIN' && p.value !== 'VCALENDAR'),
    );
    expect(icsProperty(calendar, 'VERSION').value).toBe('2.0');
    expect(icsProperty(calendar, 'CALSCALE').value).toBe('GREGORIAN');
    expect(icsProperty(calendar, 'METHOD').value).toBe('PUBLISH');
    expect(icsProperty(calendar, 'PRODID').value).not.toBe('');

    const zone = icsComponent(ics, 'VTIMEZONE');
    expect(icsProperty(zone, 'TZID').value).toBe('Europe/Simferopol');
    const standard = icsComponent(ics, 'STANDARD');
    expect(icsProperty(standard, 'TZOFFSETFROM').value).toBe('+0300');
    expect(icsProperty(standard, 'TZOFFSETTO').value).toBe('+0300');
    expect(icsProperty(standard, 'TZNAME').value).toBe('MSK');
    expect(ics).not.toContain('DAYLIGHT');

    expect(lines.filter((p) => p.name === 'BEGIN' && p.value === 'VEVENT')).toHaveLength(1);
    expect(ICS_CONTENT_TYPE).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  });

  it('says what, where, when and for whom, with a link back to the ticket', () => {
    const event = icsComponent(build(), 'VEVENT');
    expect(icsProperty(event, 'UID').value).toBe('6650f1a2b3c4d5e6f7a8b9c0@krym-excursions');
    expect(icsProperty(event, 'DTSTAMP').value).toBe('20260620T123456Z');
    expect(icsProperty(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Europe/Simferopol' },
      value: '20260701T090000',
    });
    expect(icsProperty(event, 'DTEND')).toEqual({
      name: 'DTEND',
      params: { TZID: 'Europe/Simferopol' },
      value: '20260701T123000',
    });
    expect(unescapeIcsText(icsProperty(event, 'SUMMARY').value)).toBe('Ласточкино гнездо');
    expect(unescapeIcsText(icsProperty(event, 'LOCATION').value)).toBe('Ялта, набережная');
    expect(unescapeIcsText(icsProperty(event, 'DESCRIPTION').value).split('\n')).toEqual([
      'Места: № 7, 8',
      'Взрослые: 2, дети: 1',
      `Билет: ${TICKET.ticketUrl}`,
    ]);
    expect(icsProperty(event, 'URL').value).toBe(TICKET.ticketUrl);
  });

  it('counts the people of a trip without numbered seats', () => {
    const event = icsComponent(build({ seats: [], adults: 3, kids: 2 }), 'VEVENT');
    expect(unescapeIcsText(icsProperty(event, 'DESCRIPTION').value).split('\n').slice(0, 2)).toEqual([
      'Количество человек: 5',
      'Взрослые: 3, дети: 2',
    ]);
  });

  it('ends the event the trip’s length later, past midnight too, and a default length without a number', () => {
    const late = icsComponent(build({ time: '22:00', duration: '8 часов' }), 'VEVENT');
    expect(icsProperty(late, 'DTSTART').value).toBe('20260701T220000');
    expect(icsProperty(late, 'DTEND').value).toBe('20260702T060000');
    const vague = icsComponent(build({ duration: 'весь день' }), 'VEVENT');
    expect(icsProperty(vague, 'DTEND').value).toBe('20260701T120000');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text, and reads them back', () => {
    const title = 'Севастополь; Балаклава, Инкерман \\ «вино»\nс дегустацией\r\nи обедом';
    const ics = build({ title, assemblyPoint: 'Симферополь,\nЖД вокзал; у часов' });
    const event = icsComponent(ics, 'VEVENT');
    const summary = icsProperty(event, 'SUMMARY').value;
    expect(summary).toBe('Севастополь\\; Балаклава\\, Инкерман \\\\ «вино»\\nс дегустацией\\nи обедом');
    expect(unescapeIcsText(summary)).toBe(title.replace(/\r\n/g, '\n'));
    expect(unescapeIcsText(icsProperty(event, 'LOCATION').value)).toBe('Симферополь,\nЖД вокзал; у часов');
    // No raw line break of a value can end up splitting a property.
    expect(unfoldIcs(ics).every((line) => /^[A-Z-]+[;:]/.test(line))).toBe(true);
  });

  it('folds a long Cyrillic title at 75 octets without splitting a character, and unfolds to it', () => {
    const title = `${'Большое путешествие по Южному берегу Крыма: '.repeat(4)}🚌 и обратно`;
    const ics = build({ title });
    const bytes = new TextEncoder().encode(ics);
    const physical: Uint8Array[] = [];
    let from = 0;
    for (let i = 0; i < bytes.length - 1; i++) {
      if (bytes[i] === 13 && bytes[i + 1] === 10) {
        physical.push(bytes.slice(from, i));
        from = i + 2;
      }
    }
    expect(from).toBe(bytes.length);
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const line of physical) {
      expect(line.length).toBeLessThanOrEqual(75);
      // A fatal decoder throws on a line that begins or ends inside a character's bytes.
      expect(() => strict.decode(line)).not.toThrow();
    }
    const summaryLines = ics.split('\r\n');
    const first = summaryLines.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(summaryLines[first + 1]?.startsWith(' ')).toBe(true);
    expect(unescapeIcsText(icsProperty(icsComponent(ics, 'VEVENT'), 'SUMMARY').value)).toBe(title);
  });

  it('ends every line with CRLF and has no bare line feed', () => {
    const ics = build();
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives no file for a date or time that does not exist', () => {
    expect(ticketCalendar({ ...TICKET, date: '2026-02-30' }, NOW)).toBeNull();
    expect(ticketCalendar({ ...TICKET, time: '25:00' }, NOW)).toBeNull();
  });

  it('names the file in ASCII after the departure date', () => {
    expect(ticketCalendarFileName('2026-07-01')).toBe('ekskursiya-2026-07-01.ics');
    expect(ticketCalendarFileName('не дата')).toBe('ekskursiya.ics');
  });
});
