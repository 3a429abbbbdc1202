import { describe, it, expect } from 'vitest';
import {
  addTime,
  canAddTime,
  groupByDate,
  hasScheduleChanges,
  isTemporaryTourId,
  removeTour,
  scheduleChanges,
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
