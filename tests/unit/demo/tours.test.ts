// Tours and pre-sold bookings: the schedule window, links between excursions and tours, the
// derived seat fields matching the bookings exactly, "nearly full" tours and determinism.
import { describe, expect, it } from 'vitest';
import type { Excursion, Tour } from '../../../src/domain/types';
import { buildDemoCatalogue } from '../../../src/server/demo/catalogue';
import { addDays, mondayFirstWeekday as weekdayIndex } from '../../../src/domain/dates';
import type { DemoBooking } from '../../../src/server/demo/model';

const TODAY = '2025-06-10';
const catalogue = buildDemoCatalogue(TODAY);
const excursionById = new Map(catalogue.excursions.map((e) => [e._id, e]));
const bookingsByTour = new Map<string, DemoBooking[]>();
for (const b of catalogue.bookings)
  bookingsByTour.set(b.tourID, [...(bookingsByTour.get(b.tourID) ?? []), b]);

function excursionOf(tour: Tour): Excursion {
  const e = excursionById.get(tour.excursionID);
  if (!e) throw new Error(`unknown excursion ${tour.excursionID}`);
  return e;
}

function freePlaces(tour: Tour): number {
  const e = excursionOf(tour);
  return e.busType === 'none' ? e.maxAttendants - tour.attendantsRegistred : tour.emptySeats.length;
}

describe('demo tours: schedule', () => {
  const last = addDays(TODAY, 59);

  it('stays within [today, today + 59] at HH:mm times', () => {
    expect(catalogue.tours.length).toBeGreaterThan(0);
    for (const t of catalogue.tours) {
      expect(t.date >= TODAY && t.date <= last, t.date).toBe(true);
      expect(t.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(t._id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(catalogue.tours.some((t) => t.date === TODAY)).toBe(true);
    expect(catalogue.tours.some((t) => t.date === last)).toBe(true);
  });

  it('has unique tour ids, and each excursion lists exactly its own tours', () => {
    const ids = catalogue.tours.map((t) => t._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of catalogue.excursions) {
      const own = catalogue.tours.filter((t) => t.excursionID === e._id).map((t) => t._id);
      expect(own.length, e.title).toBeGreaterThan(0);
      expect([...e.tours].sort()).toEqual([...own].sort());
    }
    for (const t of catalogue.tours) expect(excursionById.has(t.excursionID)).toBe(true);
  });

  it('runs each excursion 2–5 days a week, sea trips more often, never twice at one time', () => {
    for (const e of catalogue.excursions) {
      const tours = catalogue.tours.filter((t) => t.excursionID === e._id);
      const firstWeek = new Set(
        tours.filter((t) => t.date < addDays(TODAY, 7)).map((t) => weekdayIndex(t.date)),
      );
      const seaTrip = e.category === 'Морские прогулки' && e.busType === 'none';
      if (seaTrip) expect(firstWeek.size, e.title).toBeGreaterThanOrEqual(5);
      else if (e.busType !== 'none') {
        expect(firstWeek.size, e.title).toBeGreaterThanOrEqual(2);
        expect(firstWeek.size, e.title).toBeLessThanOrEqual(5);
      }
      const slots = tours.map((t) => `${t.date} ${t.time}`);
      expect(new Set(slots).size).toBe(slots.length);
    }
  });

  it('is sorted chronologically', () => {
    const keys = catalogue.tours.map((t) => `${t.date} ${t.time}`);
    expect(keys).toEqual([...keys].sort());
  });
});

describe('demo tours: bookings and derived fields', () => {
  it('keeps takenSeats, emptySeats and attendantsRegistred consistent with the bookings', () => {
    for (const t of catalogue.tours) {
      const e = excursionOf(t);
      const bookings = bookingsByTour.get(t._id) ?? [];
      const people = bookings.reduce((sum, b) => sum + b.adults + b.kids, 0);
      expect(t.tickets).toEqual([]);
      expect(t.attendantsRegistred).toBe(people);
      if (e.busType === 'none') {
        expect(t.emptySeats).toEqual([]);
        expect(t.takenSeats).toEqual(Array.from({ length: people }, (_, i) => i + 1));
        expect(people).toBeLessThan(e.maxAttendants);
        for (const b of bookings) expect(b.seats).toEqual([]);
      } else {
        const sold = bookings.flatMap((b) => b.seats).sort((a, b) => a - b);
        expect(new Set(sold).size).toBe(sold.length);
        expect(t.takenSeats).toEqual(sold);
        expect(t.emptySeats).toEqual(e.availableSeats.filter((s) => !sold.includes(s)));
        for (const s of sold) expect(e.availableSeats).toContain(s);
        expect(t.emptySeats.length).toBeGreaterThan(0);
      }
    }
  });

  it('makes every booking a plausible party', () => {
    const tourIds = new Set(catalogue.tours.map((t) => t._id));
    for (const b of catalogue.bookings) {
      expect(tourIds).toContain(b.tourID);
      const tour = catalogue.tours.find((t) => t._id === b.tourID);
      const e = tour ? excursionOf(tour) : undefined;
      expect(b.adults).toBeGreaterThanOrEqual(1);
      expect(b.adults + b.kids).toBeLessThanOrEqual(4);
      if (e && !e.childrenAllowed) expect(b.kids).toBe(0);
      if (e && e.busType !== 'none') expect(b.seats.length).toBe(b.adults + b.kids);
      if (e) expect(e.assemblyPoints).toContain(b.assemblyPoint);
    }
  });

  it('has some nearly full tours (1–4 free places) in the coming days and several partly sold ones', () => {
    const soon = catalogue.tours.filter((t) => t.date <= addDays(TODAY, 10));
    const nearlyFull = soon.filter((t) => freePlaces(t) <= 4);
    expect(nearlyFull.length).toBeGreaterThanOrEqual(5);
    for (const t of nearlyFull) expect(freePlaces(t)).toBeGreaterThanOrEqual(1);
    const partly = catalogue.tours.filter((t) => t.attendantsRegistred > 0 && freePlaces(t) > 4);
    expect(partly.length).toBeGreaterThanOrEqual(10);
    // Far-off tours are still empty, as real sales would be.
    expect(
      catalogue.tours.filter((t) => t.date > addDays(TODAY, 30)).every((t) => t.attendantsRegistred === 0),
    ).toBe(true);
  });
});

describe('demo catalogue: determinism', () => {
  it('gives deep-equal output for the same day', () => {
    expect(buildDemoCatalogue(TODAY)).toEqual(catalogue);
  });

  it('moves the schedule with the day but keeps entity ids and media stable', () => {
    const later = buildDemoCatalogue('2028-02-20');
    expect(later.excursions.map((e) => e._id)).toEqual(catalogue.excursions.map((e) => e._id));
    expect(later.media).toEqual(catalogue.media);
    expect(later.tours.every((t) => t.date >= '2028-02-20' && t.date <= '2028-04-19')).toBe(true);
    expect(later.tours.some((t) => t.date === '2028-02-29')).toBe(true);
  });

  it('keeps the id of a tour that is still in the window on a later day', () => {
    const tomorrow = buildDemoCatalogue(addDays(TODAY, 1));
    const ids = new Set(tomorrow.tours.map((t) => t._id));
    const overlap = catalogue.tours.filter((t) => t.date > TODAY);
    expect(overlap.every((t) => ids.has(t._id))).toBe(true);
  });
});
