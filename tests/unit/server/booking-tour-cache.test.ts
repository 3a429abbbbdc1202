import { describe, expect, it } from 'vitest';
import { createBookingTourCache, type BookingTour } from '../../../src/server/services/booking';

// The tour rows a server process keeps for the short way of booking (services/booking.ts).

function row(id: string, excursion = 'e1', version = 1): BookingTour {
  return {
    id,
    excursion_id: excursion,
    title: 'Ай-Петри',
    date: '2026-12-01',
    time: '09:00',
    excursion_status: 'published',
    bus_type: 'coach',
    available_seats: [1, 2, 3],
    reserved_seats: [1],
    max_attendants: 0,
    adult_price: 1000,
    kid_price: 500,
    adult_entry_price: 0,
    kid_entry_price: 0,
    children_allowed: true,
    services: [{ name: 'Обед', price: 300 }] as BookingTour['services'],
    assembly_points: ['Ялта, набережная'],
    owner_id: 7,
    free_cancel_hours: 24,
    excursion_version: version,
  };
}

describe('the booking tour cache', () => {
  it('forgets the least recently used row at its limit and keeps the ones in use', () => {
    const cache = createBookingTourCache(3);
    for (const id of ['a', 'b', 'c']) cache.set(row(id));
    expect(cache.get('a')?.id).toBe('a');
    cache.set(row('d'));
    // b was used least recently: a was read after it, c and d written after it.
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => cache.get(id)?.id)).toEqual(['a', 'c', 'd']);
    cache.set(row('e'));
    cache.set(row('f'));
    expect(['a', 'c', 'd', 'e', 'f'].map((id) => cache.get(id)?.id)).toEqual([
      undefined,
      undefined,
      'd',
      'e',
      'f',
    ]);
  });

  it('a row written again replaces the old one and counts once', () => {
    const cache = createBookingTourCache(2);
    cache.set(row('a'));
    cache.set({ ...row('a'), time: '10:00' });
    cache.set(row('b'));
    expect(cache.get('a')?.time).toBe('10:00');
    expect(cache.get('b')?.id).toBe('b');
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it("keeps one copy of an excursion version's fields for all its tours, a new version apart", () => {
    const cache = createBookingTourCache();
    cache.set(row('a'));
    cache.set(row('b'));
    cache.set(row('c', 'e1', 2));
    cache.set(row('d', 'e2'));
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => cache.get(id) as BookingTour);
    expect(b?.available_seats).toBe(a?.available_seats);
    expect(b?.services).toBe(a?.services);
    expect(b?.assembly_points).toBe(a?.assembly_points);
    // Shared, yet each row still reads as its own tour with its excursion's values.
    expect(b).toEqual(row('b'));
    expect(c?.available_seats).not.toBe(a?.available_seats);
    expect(c).toEqual(row('c', 'e1', 2));
    expect(d?.services).not.toBe(a?.services);
    // A tour read after the new version shares the new version's fields.
    cache.set(row('e', 'e1', 2));
    expect(cache.get('e')?.services).toBe(c?.services);
  });
});
