import { describe, it, expect } from 'vitest';
import {
  addDateEdit,
  addTime,
  addTimeEdit,
  editedSchedule,
  canAddTime,
  groupByDate,
  hasScheduleChanges,
  isTemporaryTourId,
  NO_EDITS,
  removeTour,
  removeTourEdit,
  scheduleChanges,
  scheduleDays,
  temporaryTourId,
} from '../../../src/domain/schedule-editor';
import { hexId } from './fixtures';

const stored = [
  { _id: hexId(1), date: '2026-11-23', time: '15:00' },
  { _id: hexId(2), date: '2026-11-23', time: '09:00' },
  { _id: hexId(3), date: '2026-11-22', time: '10:00' },
];

describe('adding a time', () => {
  it('needs a time to be entered first', () => {
    expect(canAddTime('')).toBe(false);
    expect(canAddTime('  ')).toBe(false);
    expect(canAddTime('09:30')).toBe(true);
  });

  it('refuses an empty time, returning the same list', () => {
    expect(addTime(stored, '2026-11-23', '', 1)).toBe(stored);
  });

  it('refuses a malformed date or time', () => {
    expect(addTime(stored, '2026-11-31', '10:00', 1)).toBe(stored);
    expect(addTime(stored, '2026-11-23', '25:00', 1)).toBe(stored);
  });

  it('refuses a time the date already has', () => {
    expect(addTime(stored, '2026-11-23', '9:00', 1)).toBe(stored);
  });

  it("adds a new tour with a temporary id starting with 'tour'", () => {
    const next = addTime(stored, '2026-11-24', '8:15', 7);
    expect(next).toHaveLength(4);
    expect(next.at(-1)).toEqual({ _id: 'tour-7', date: '2026-11-24', time: '08:15' });
    expect(isTemporaryTourId(temporaryTourId(7))).toBe(true);
    expect(isTemporaryTourId(hexId(1))).toBe(false);
  });
});

describe('groupByDate', () => {
  it('groups tours by date, dates and times in order', () => {
    expect(groupByDate(stored)).toEqual([
      { date: '2026-11-22', tours: [stored[2]] },
      { date: '2026-11-23', tours: [stored[1], stored[0]] },
    ]);
  });

  it('does not reorder the input list', () => {
    const input = [...stored];
    groupByDate(input);
    expect(input).toEqual(stored);
  });
});

describe('saving', () => {
  it('creates new tours and deletes removed stored ones', () => {
    let edited = addTime(stored, '2026-11-25', '09:00', 1);
    edited = removeTour(edited, hexId(2));
    const changes = scheduleChanges(stored, edited);
    expect(changes).toEqual({ toCreate: [{ date: '2026-11-25', time: '09:00' }], toDelete: [hexId(2)] });
    expect(hasScheduleChanges(changes)).toBe(true);
  });

  it('sends nothing for a tour added and removed again before saving', () => {
    const added = addTime(stored, '2026-11-25', '09:00', 1);
    const changes = scheduleChanges(stored, removeTour(added, 'tour-1'));
    expect(changes).toEqual({ toCreate: [], toDelete: [] });
  });

  it("reports no changes, for 'Нет изменений', when nothing was edited", () => {
    expect(hasScheduleChanges(scheduleChanges(stored, stored))).toBe(false);
  });
});

describe('saving after an earlier save is still queued', () => {
  // A queued creation sits in the replica with the outbox's temporary id ('tour-<uuid>').
  const queued = { _id: 'tour-5b7c', date: '2026-11-24', time: '11:00' };
  const withQueued = [...stored, queued];

  it('does not create a queued tour a second time', () => {
    const changes = scheduleChanges(withQueued, withQueued);
    expect(changes).toEqual({ toCreate: [], toDelete: [] });
    expect(hasScheduleChanges(changes)).toBe(false);
  });

  it('creates only the tours added since, next to the queued one', () => {
    const edited = addTime(withQueued, '2026-11-24', '12:00', 1);
    expect(scheduleChanges(withQueued, edited)).toEqual({
      toCreate: [{ date: '2026-11-24', time: '12:00' }],
      toDelete: [],
    });
  });
});

describe('edits laid over a live stored schedule', () => {
  it('adds, removes a new and a stored tour, and saves exactly the difference', () => {
    let edits = addTimeEdit(stored, NO_EDITS, '2026-11-25', '10:00');
    edits = addTimeEdit(stored, edits, '2026-11-25', '14:30');
    edits = removeTourEdit(edits, 'tour-1');
    edits = removeTourEdit(edits, hexId(3));
    expect(editedSchedule(stored, edits)).toEqual([
      stored[0],
      stored[1],
      { _id: 'tour-2', date: '2026-11-25', time: '14:30' },
    ]);
    expect(scheduleChanges(stored, editedSchedule(stored, edits))).toEqual({
      toCreate: [{ date: '2026-11-25', time: '14:30' }],
      toDelete: [hexId(3)],
    });
  });

  it('keeps the edits when the stored list changes underneath (a tour accepted or rolled back)', () => {
    const edits = removeTourEdit(addTimeEdit(stored, NO_EDITS, '2026-11-25', '10:00'), hexId(1));
    const later = [...stored, { _id: hexId(9), date: '2026-11-26', time: '08:00' }];
    expect(editedSchedule(later, edits).map((t) => t._id)).toEqual([hexId(2), hexId(3), hexId(9), 'tour-1']);
  });

  it('refuses a time a stored tour already has, giving the same edits back', () => {
    expect(addTimeEdit(stored, NO_EDITS, '2026-11-23', '09:00')).toBe(NO_EDITS);
    expect(addTimeEdit(stored, NO_EDITS, '2026-11-23', '')).toBe(NO_EDITS);
  });

  it('removes a stored tour once, however often its chip is pressed', () => {
    const once = removeTourEdit(NO_EDITS, hexId(1));
    expect(removeTourEdit(once, hexId(1))).toBe(once);
  });
});

describe("'Добавить дату'", () => {
  const today = '2026-11-22';

  it('opens a future date, once', () => {
    const edits = addDateEdit(NO_EDITS, '2026-12-01', today);
    expect(edits.dates).toEqual(['2026-12-01']);
    expect(addDateEdit(edits, '2026-12-01', today)).toBe(edits);
  });

  it('refuses a past day or a malformed date', () => {
    expect(addDateEdit(NO_EDITS, '2026-11-21', today)).toBe(NO_EDITS);
    expect(addDateEdit(NO_EDITS, '2026-13-01', today)).toBe(NO_EDITS);
  });

  it('lists tour dates from today and opened dates in calendar order, an opened date empty', () => {
    const past = { _id: hexId(4), date: '2026-11-20', time: '09:00' };
    const days = scheduleDays([...stored, past], ['2026-11-30', '2026-11-23', '2026-11-01'], today);
    expect(days.map((d) => [d.date, d.tours.length])).toEqual([
      ['2026-11-22', 1],
      ['2026-11-23', 2],
      ['2026-11-30', 0],
    ]);
  });
});
