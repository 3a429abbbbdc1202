import { describe, it, expect } from 'vitest';
import {
  SCHEDULE_INITIAL_DAYS,
  canShowMoreDays,
  clampPartySize,
  excursionsAvailableOn,
  freePlaces,
  groupToursByExcursion,
  isAvailableOn,
  nearestTour,
  nearestToursByExcursion,
  scheduleDays,
  shownDayCount,
  upcomingTours,
  visibleScheduleDays,
} from '../../../src/domain/availability';
import { NOW, TODAY, hexId, makeExcursion, makeTour } from './fixtures';

const excursion = makeExcursion({ _id: hexId(1), maxAttendants: 10 });
const other = makeExcursion({ _id: hexId(2), maxAttendants: 4 });

describe('clampPartySize', () => {
  it('keeps a party size of 1 or more', () => {
    expect(clampPartySize(1)).toBe(1);
    expect(clampPartySize(7)).toBe(7);
  });

  it('never goes below 1, so minus on 1 stays at 1', () => {
    expect(clampPartySize(1 - 1)).toBe(1);
    expect(clampPartySize(-3)).toBe(1);
  });

  it('turns a typed fraction or a non-number into a whole number of at least 1', () => {
    expect(clampPartySize(2.9)).toBe(2);
    expect(clampPartySize(Number.NaN)).toBe(1);
  });
});

describe('freePlaces', () => {
  it('is maxAttendants minus the seats taken', () => {
    expect(freePlaces(excursion, makeTour({ takenSeats: [1, 2, 3, 4, 5] }))).toBe(5);
  });

  it('never goes below zero when the tour is overbooked', () => {
    expect(freePlaces(other, makeTour({ takenSeats: [1, 2, 3, 4, 5] }))).toBe(0);
  });
});

describe('availability for a date', () => {
  const tours = [
    makeTour({
      _id: hexId(101),
      excursionID: excursion._id,
      date: '2026-11-23',
      takenSeats: [1, 2, 3, 4, 5],
    }),
    makeTour({ _id: hexId(102), excursionID: other._id, date: '2026-11-23', takenSeats: [1, 2] }),
    makeTour({ _id: hexId(103), excursionID: other._id, date: '2026-11-24', takenSeats: [] }),
  ];

  it('counts an excursion when a tour on the date has exactly enough places', () => {
    expect(isAvailableOn(excursion, tours, '2026-11-23', 5)).toBe(true);
  });

  it('rejects a party of six when five places are left', () => {
    expect(isAvailableOn(excursion, tours, '2026-11-23', 6)).toBe(false);
  });

  it('rejects a date without a tour of the excursion', () => {
    expect(isAvailableOn(excursion, tours, '2026-11-24', 1)).toBe(false);
  });

  it('lists only the excursions with room on that date, in the given order', () => {
    expect(excursionsAvailableOn([excursion, other], tours, '2026-11-23', 2)).toEqual([excursion, other]);
    expect(excursionsAvailableOn([excursion, other], tours, '2026-11-23', 3)).toEqual([excursion]);
    expect(excursionsAvailableOn([excursion, other], tours, '2026-11-24', 4)).toEqual([other]);
    expect(excursionsAvailableOn([excursion, other], tours, '2026-11-25', 1)).toEqual([]);
  });

  it('is satisfied by any one tour of the day having room', () => {
    const twoRuns = [
      makeTour({
        _id: hexId(104),
        excursionID: other._id,
        date: '2026-11-26',
        time: '09:00',
        takenSeats: [1, 2, 3, 4],
      }),
      makeTour({
        _id: hexId(105),
        excursionID: other._id,
        date: '2026-11-26',
        time: '15:00',
        takenSeats: [],
      }),
    ];
    expect(excursionsAvailableOn([other], twoRuns, '2026-11-26', 4)).toEqual([other]);
  });

  it('groups tours by excursion', () => {
    const grouped = groupToursByExcursion(tours);
    expect(grouped.get(other._id)?.map((t) => t._id)).toEqual([hexId(102), hexId(103)]);
    expect(grouped.get(hexId(99))).toBeUndefined();
  });
});

describe('nearest tour', () => {
  // NOW is 2026-11-21 12:00 in Crimea.
  const tours = [
    makeTour({ _id: hexId(201), excursionID: excursion._id, date: '2026-11-21', time: '11:00' }),
    makeTour({ _id: hexId(202), excursionID: excursion._id, date: '2026-11-23', time: '09:00' }),
    makeTour({ _id: hexId(203), excursionID: excursion._id, date: '2026-11-21', time: '18:30' }),
    makeTour({ _id: hexId(204), excursionID: other._id, date: '2026-11-22', time: '07:00' }),
  ];

  it('is the earliest tour from now on', () => {
    expect(nearestTour(tours, excursion._id, NOW)?._id).toBe(hexId(203));
  });

  it('is null when the excursion has no upcoming tour', () => {
    expect(nearestTour(tours, hexId(77), NOW)).toBeNull();
    const allPast = [makeTour({ excursionID: excursion._id, date: '2026-11-20', time: '23:59' })];
    expect(nearestTour(allPast, excursion._id, NOW)).toBeNull();
  });

  it('lists upcoming tours of one excursion in date-time order', () => {
    expect(upcomingTours(tours, excursion._id, NOW).map((t) => t._id)).toEqual([hexId(203), hexId(202)]);
  });

  it('finds every excursion’s nearest tour in one pass', () => {
    const nearest = nearestToursByExcursion(tours, NOW);
    expect(nearest.get(excursion._id)?._id).toBe(hexId(203));
    expect(nearest.get(other._id)?._id).toBe(hexId(204));
    expect(nearest.size).toBe(2);
  });

  it('resolves two tours at the same minute to the smaller id', () => {
    const twins = [
      makeTour({ _id: hexId(302), excursionID: excursion._id, date: '2026-11-22', time: '09:00' }),
      makeTour({ _id: hexId(301), excursionID: excursion._id, date: '2026-11-22', time: '09:00' }),
    ];
    expect(nearestTour(twins, excursion._id, NOW)?._id).toBe(hexId(301));
  });
});

describe('schedule days', () => {
  const tours = [
    makeTour({ _id: hexId(1), date: '2026-11-25' }),
    makeTour({ _id: hexId(2), date: '2026-11-20' }),
    makeTour({ _id: hexId(3), date: TODAY }),
    makeTour({ _id: hexId(4), date: '2026-11-25' }),
    makeTour({ _id: hexId(5), date: '2026-12-01' }),
    makeTour({ _id: hexId(6), date: '2026-11-22' }),
  ];

  it('lists distinct days from today onward, in calendar order', () => {
    expect(scheduleDays(tours, TODAY)).toEqual([TODAY, '2026-11-22', '2026-11-25', '2026-12-01']);
  });

  it('shows two days at first', () => {
    const days = scheduleDays(tours, TODAY);
    expect(SCHEDULE_INITIAL_DAYS).toBe(2);
    expect(visibleScheduleDays(days, 0)).toEqual([TODAY, '2026-11-22']);
  });

  it('adds one day per press of Показать еще', () => {
    const days = scheduleDays(tours, TODAY);
    expect(visibleScheduleDays(days, 1)).toHaveLength(3);
    expect(visibleScheduleDays(days, 2)).toHaveLength(4);
  });

  it('disables Показать еще once every day is shown', () => {
    expect(canShowMoreDays(4, 0)).toBe(true);
    expect(canShowMoreDays(4, 1)).toBe(true);
    expect(canShowMoreDays(4, 2)).toBe(false);
    expect(canShowMoreDays(4, 9)).toBe(false);
  });

  it('shows fewer than two days, and no button, when fewer exist', () => {
    expect(shownDayCount(1, 0)).toBe(1);
    expect(canShowMoreDays(1, 0)).toBe(false);
    expect(canShowMoreDays(0, 0)).toBe(false);
  });
});
