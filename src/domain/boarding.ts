import { CRIMEA_UTC_OFFSET_MINUTES } from './dates';
import type { EntityId, ManifestBuyer, ManifestEntry } from './types';

// The guide's check at the bus door, decided on the phone with no network. The ticket's QR carries a
// code the server signed; the phone holds each ticket's genuine code in its manifest and accepts only
// an exact match, so a forged or altered code matches nothing and is refused. The ticket page shows
// the QR alone (no shorter form to read aloud), so a typed code is the full code too.

export type BoardingVerdict =
  /** Paid and not yet on the bus: the guide may let them board. */
  | { kind: 'ok'; entry: ManifestEntry }
  /** Already checked in, at `at` (an ISO instant). */
  | { kind: 'already'; entry: ManifestEntry; at: string }
  | { kind: 'cancelled'; entry: ManifestEntry }
  /** Held and not paid. */
  | { kind: 'unpaid'; entry: ManifestEntry }
  /** A genuine ticket of another departure, on `date` at `time`. */
  | { kind: 'other-tour'; entry: ManifestEntry; date: string; time: string }
  /** No ticket on the phone carries this code. */
  | { kind: 'unknown' }
  /** Nothing was entered. */
  | { kind: 'empty' };

/** What a scanned or typed text means for the departure `tourId`, judged against the phone's manifest. */
export function checkBoarding(
  manifest: readonly ManifestEntry[],
  tourId: EntityId,
  text: string,
): BoardingVerdict {
  const code = text.trim();
  if (code === '') return { kind: 'empty' };
  const entry = manifest.find((row) => row.checkCode !== '' && row.checkCode === code);
  if (!entry) return { kind: 'unknown' };
  if (entry.tourID !== tourId) return { kind: 'other-tour', entry, date: entry.date, time: entry.time };
  if (entry.status === 'cancelled') return { kind: 'cancelled', entry };
  if (entry.status !== 'confirmed') return { kind: 'unpaid', entry };
  if (entry.checkedInAt) return { kind: 'already', entry, at: entry.checkedInAt };
  return { kind: 'ok', entry };
}

/** Whether the ticket is paid and has not boarded yet (the manifest's 'Не сели'). */
export function awaitsBoarding(entry: ManifestEntry): boolean {
  return entry.status === 'confirmed' && !entry.checkedInAt;
}

/** People on a ticket: adults and children each take a place. */
export function partySize(entry: ManifestEntry): number {
  return entry.adults + entry.kids;
}

/** How many people of the departure's paid tickets there are, and how many of them have boarded. */
export function boardingCount(manifest: readonly ManifestEntry[]): { boarded: number; expected: number } {
  let boarded = 0;
  let expected = 0;
  for (const entry of manifest) {
    if (entry.status !== 'confirmed') continue;
    expected += partySize(entry);
    if (entry.checkedInAt) boarded += partySize(entry);
  }
  return { boarded, expected };
}

/** 'HH:MM' of an ISO instant in Crimean time (the guide's clock); the text as it is if it is no instant. */
export function crimeaClock(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  const shifted = new Date(ms + CRIMEA_UTC_OFFSET_MINUTES * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/**
 * The ticket id a code names ('T1.{ticket id}.{signature}'), only to find the phone's row quickly:
 * the verdict still needs the whole code to equal the row's.
 */
export function ticketIdHint(text: string): string | null {
  const parts = text.trim().split('.');
  return parts.length === 3 && parts[1] ? parts[1] : null;
}

/** How the guide knows a passenger: surname and name, or the e-mail of an account that gave none. */
export function passengerName(buyer: ManifestBuyer): string {
  return `${buyer.surname} ${buyer.name}`.trim() || buyer.email;
}
