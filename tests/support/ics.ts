import { expect } from 'vitest';
import { tripMinutes } from '../../src/domain/trip-time';
import type { Excursion, Tour } from '../../src/domain/types';

// Reads an iCalendar file back the way a calendar app reads it: lines unfolded, each split into its
// name, parameters and value, text values unescaped on request (a raw value shows the escaping).

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** As written, escaping kept: see `unescapeIcsText`. */
  value: string;
}

/** The logical lines: folded continuations joined, empty lines dropped. */
export function unfoldIcs(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

export function parseIcsLine(line: string): IcsProperty {
  const colon = line.indexOf(':');
  const [name = '', ...params] = line.slice(0, colon).split(';');
  return {
    name,
    params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
    value: line.slice(colon + 1),
  };
}

export function unescapeIcsText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Every line of `ics` as a property, in order. */
export function icsLines(ics: string): IcsProperty[] {
  return unfoldIcs(ics).map(parseIcsLine);
}

/** The properties of the first component named `componentName` ('VEVENT'), in order. */
export function icsComponent(ics: string, componentName: string): IcsProperty[] {
  const lines = icsLines(ics);
  const start = lines.findIndex((p) => p.name === 'BEGIN' && p.value === componentName);
  const end = lines.findIndex((p, i) => i > start && p.name === 'END' && p.value === componentName);
  if (start < 0 || end < 0) throw new Error(`no ${componentName} in:\n${ics}`);
  return lines.slice(start + 1, end);
}

/** The property `name` of a component; throws when it has none. */
export function icsProperty(props: IcsProperty[], name: string): IcsProperty {
  const found = props.find((p) => p.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

/** The first VEVENT's properties by name, text values unescaped. */
export function icsEvent(ics: string): Map<string, { params: Record<string, string>; value: string }> {
  return new Map(
    icsComponent(ics, 'VEVENT').map((p) => [p.name, { params: p.params, value: unescapeIcsText(p.value) }]),
  );
}

/** '20260701T123000': the iCalendar local time `minutes` after the Crimean wall-clock `date` `time`. */
export function icsLocalTime(date: string, time: string, minutes = 0): string {
  const wall = new Date(Date.parse(`${date}T${time}:00Z`) + minutes * 60_000);
  return wall.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** What a ticket's calendar file must tell, wherever it comes from (the receipt mail, the app). */
export interface TicketEventExpected {
  ticketId: string;
  excursion: Pick<Excursion, 'title' | 'duration' | 'assemblyPoints'>;
  tour: Pick<Tour, 'date' | 'time'>;
  seats: number[];
  /** The description's party line as the buyer reads it: 'Взрослые: 2, дети: 0'. */
  party: string;
  ticketUrl: string;
}

/**
 * Checks that `ics` is a calendar in Crimean time with one event for the ticket: its id, title,
 * start and end in Crimean wall-clock time, first assembly point, link, and seats and party in the text.
 */
export function expectTicketCalendar(ics: string, ticket: TicketEventExpected): void {
  const { excursion, tour } = ticket;
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics).toContain('\r\nTZID:Europe/Simferopol\r\n');
  const event = icsEvent(ics);
  expect(event.get('UID')?.value).toBe(`${ticket.ticketId}@krym-excursions`);
  expect(event.get('SUMMARY')?.value).toBe(excursion.title);
  expect(event.get('DTSTART')).toEqual({
    params: { TZID: 'Europe/Simferopol' },
    value: icsLocalTime(tour.date, tour.time),
  });
  expect(event.get('DTEND')).toEqual({
    params: { TZID: 'Europe/Simferopol' },
    value: icsLocalTime(tour.date, tour.time, tripMinutes(excursion.duration)),
  });
  expect(event.get('LOCATION')?.value).toBe(excursion.assemblyPoints[0]);
  expect(event.get('URL')?.value).toBe(ticket.ticketUrl);
  expect(event.get('DESCRIPTION')?.value.split('\n')).toEqual([
    `Места: № ${[...ticket.seats].sort((a, b) => a - b).join(', ')}`,
    ticket.party,
    `Билет: ${ticket.ticketUrl}`,
  ]);
}
