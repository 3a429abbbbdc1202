import { describe, expect, it } from 'vitest';
import { awaitsBoarding, boardingCount, checkBoarding, crimeaClock } from '../../../src/domain/boarding';
import type { ManifestEntry } from '../../../src/domain/types';
import { hexId } from './fixtures';

const TOUR = hexId(500);
const OTHER_TOUR = hexId(501);

/** A check code shaped as the server signs them: T1.{ticket id}.{22-character MAC}. */
const codeOf = (ticket: string, mac = 'Qm9hcmRpbmctY29kZS1tYWM') => `T1.${ticket}.${mac.slice(0, 22)}`;

function entry(n: number, overrides: Partial<ManifestEntry> = {}): ManifestEntry {
  const id = hexId(n);
  return {
    _id: id,
    tourID: TOUR,
    excursionID: hexId(1),
    date: '2026-07-14',
    time: '08:30',
    buyer: { name: 'Ирина', surname: 'Ковальчук', phone: '79780000000', email: 'irina@example.ru' },
    adults: 2,
    kids: 1,
    seats: [5, 6, 7],
    assemblyPoint: 'Ялта, автовокзал',
    services: [],
    status: 'confirmed',
    checkCode: codeOf(id),
    ...overrides,
  };
}

const paid = entry(1);
const boarded = entry(2, { checkedInAt: '2026-07-14T05:12:40.000Z' });
const cancelled = entry(3, { status: 'cancelled', cancelReason: 'user' });
const held = entry(4, { status: 'to payment' });
const elsewhere = entry(5, { tourID: OTHER_TOUR, date: '2026-07-15', time: '10:00' });
const manifest = [paid, boarded, cancelled, held, elsewhere];

describe('checking a ticket at the bus door', () => {
  it('lets a paid passenger who has not boarded yet on, by the code their QR carries', () => {
    expect(checkBoarding(manifest, TOUR, paid.checkCode)).toEqual({ kind: 'ok', entry: paid });
  });

  it('accepts a typed code with stray spaces and line breaks around it', () => {
    expect(checkBoarding(manifest, TOUR, `  ${paid.checkCode}\n`)).toEqual({ kind: 'ok', entry: paid });
  });

  it('says when a passenger already boarded', () => {
    expect(checkBoarding(manifest, TOUR, boarded.checkCode)).toEqual({
      kind: 'already',
      entry: boarded,
      at: '2026-07-14T05:12:40.000Z',
    });
  });

  it('refuses a cancelled ticket and a ticket held but not paid', () => {
    expect(checkBoarding(manifest, TOUR, cancelled.checkCode).kind).toBe('cancelled');
    expect(checkBoarding(manifest, TOUR, held.checkCode).kind).toBe('unpaid');
  });

  it('names the date and time of the departure a ticket of another tour is for', () => {
    expect(checkBoarding(manifest, TOUR, elsewhere.checkCode)).toEqual({
      kind: 'other-tour',
      entry: elsewhere,
      date: '2026-07-15',
      time: '10:00',
    });
  });

  it('refuses a forged code: right ticket id, altered signature', () => {
    const forged = codeOf(paid._id, 'Rm9yZ2VkLXNpZ25hdHVyZS0');
    expect(forged).not.toBe(paid.checkCode);
    expect(checkBoarding(manifest, TOUR, forged)).toEqual({ kind: 'unknown' });
  });

  it('refuses the ticket id alone, a code in other letter case and a code cut short', () => {
    expect(checkBoarding(manifest, TOUR, paid._id).kind).toBe('unknown');
    expect(checkBoarding(manifest, TOUR, paid.checkCode.toLowerCase()).kind).toBe('unknown');
    expect(checkBoarding(manifest, TOUR, paid.checkCode.slice(0, -1)).kind).toBe('unknown');
  });

  it('matches nothing with an empty code even where a row has none', () => {
    const codeless = entry(6, { checkCode: '' });
    expect(checkBoarding([codeless], TOUR, '   ')).toEqual({ kind: 'empty' });
    expect(checkBoarding([codeless], TOUR, 'T1')).toEqual({ kind: 'unknown' });
  });

  it('refuses every code when the phone holds no manifest', () => {
    expect(checkBoarding([], TOUR, paid.checkCode)).toEqual({ kind: 'unknown' });
  });
});

describe('the boarding count', () => {
  it('counts the people of paid tickets, and those of them already on the bus', () => {
    // Paid: 3 people waiting, 3 boarded, and 3 on the other tour's ticket (the caller passes one tour).
    expect(boardingCount([paid, boarded, cancelled, held])).toEqual({ boarded: 3, expected: 6 });
  });

  it('leaves only paid tickets not yet boarded as waiting', () => {
    expect(manifest.filter(awaitsBoarding)).toEqual([paid, elsewhere]);
  });
});

describe('the check-in time', () => {
  it('is shown on the Crimean clock', () => {
    expect(crimeaClock('2026-07-14T05:12:40.000Z')).toBe('08:12');
    expect(crimeaClock('2026-07-14T22:05:00Z')).toBe('01:05');
  });
});
