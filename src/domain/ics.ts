// A ticket as an iCalendar file (RFC 5545), so the buyer can put the trip into the phone's calendar.
// The confirmation e-mail attaches it and the ticket page builds it offline from the replica; both
// call this one pure function, so the two files never differ.
import { departureInstant } from './cancellation';
import { CRIMEA_UTC_OFFSET_MINUTES, isIsoDate } from './dates';
import { ICS_STRINGS as S } from './ics-strings';
import { tripMinutes } from './trip-time';

/** The media type of the file, with the method calendar apps read to import rather than reply. */
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

export const CALENDAR_TZID = 'Europe/Simferopol';

/** A content line is at most 75 octets; longer ones continue on lines that begin with a space. */
const MAX_LINE_OCTETS = 75;

export interface TicketCalendarData {
  ticketId: string;
  /** The excursion's title. */
  title: string;
  /** yyyy-MM-dd, Crimean calendar date of the departure */
  date: string;
  /** HH:mm, Crimean local time of the departure */
  time: string;
  /** The excursion's duration as its seller wrote it ('8 часов'). */
  duration: string;
  assemblyPoint: string;
  seats: readonly number[];
  adults: number;
  kids: number;
  /** Absolute link to the ticket in the app. */
  ticketUrl: string;
}

/**
 * Crimea keeps UTC+3 all year (see dates.ts), so the zone has one standard observance and no DST
 * rule. Sending it in the file lets calendars that lack or misplace the zone still show the right time.
 */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALENDAR_TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:MSK',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The .ics text of one ticket: a calendar with the zone and one event from the departure for the
 * trip's length. `now` is the DTSTAMP. Null when the date or time is not a real one.
 */
export function ticketCalendar(ticket: TicketCalendarData, now: Date): string | null {
  const start = departureInstant(ticket.date, ticket.time);
  if (!start) return null;
  const end = new Date(start.getTime() + tripMinutes(ticket.duration) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Krym Excursions//Tickets//RU',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    // The same UID every time, so importing the file again updates the event instead of adding one.
    `UID:${escapeText(ticket.ticketId)}@krym-excursions`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${CALENDAR_TZID}:${crimeaStamp(start)}`,
    `DTEND;TZID=${CALENDAR_TZID}:${crimeaStamp(end)}`,
    `SUMMARY:${escapeText(ticket.title)}`,
    `LOCATION:${escapeText(ticket.assemblyPoint)}`,
    `DESCRIPTION:${escapeText(description(ticket))}`,
    `URL:${uriValue(ticket.ticketUrl)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** 'ekskursiya-2026-07-01.ics': ASCII only, as some mail clients and phones mangle other names. */
export function ticketCalendarFileName(date: string): string {
  return isIsoDate(date) ? `ekskursiya-${date}.ics` : 'ekskursiya.ics';
}

function description(ticket: TicketCalendarData): string {
  return [
    ticket.seats.length > 0 ? S.seats(ticket.seats) : S.people(ticket.adults + ticket.kids),
    S.party(ticket.adults, ticket.kids),
    S.ticketLink(ticket.ticketUrl),
  ].join('\n');
}

/** TEXT per RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks escaped, other controls dropped. */
export function escapeText(text: string): string {
  return dropControls(
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  );
}

/** A URI value is not escaped, but a line break in it would end the property. */
function uriValue(uri: string): string {
  return dropControls(uri.replace(/[\r\n]/g, ''));
}

/** Control characters other than tab are not allowed in a content line. */
function dropControls(text: string): string {
  return [...text]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 9 || (code >= 32 && code !== 127);
    })
    .join('');
}

/**
 * Folds a content line at 75 octets of UTF-8 (§3.1): a break never falls inside a character's
 * bytes, and each continuation line's leading space counts toward its 75.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** The UTF-8 length of one code point (a lone surrogate is written as U+FFFD: 3 octets). */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

/** 20260701T060000Z */
function utcStamp(instant: Date): string {
  return `${basicFormat(instant)}Z`;
}

/** The Crimean wall-clock time of an instant, 20260701T090000, for a TZID=Europe/Simferopol value. */
function crimeaStamp(instant: Date): string {
  return basicFormat(new Date(instant.getTime() + CRIMEA_UTC_OFFSET_MINUTES * 60_000));
}

function basicFormat(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace(/[-:]/g, '');
}
