import { describe, it, expect } from 'vitest';
import {
  addExceptDate,
  addRuleTime,
  EMPTY_RULE,
  expandScheduleRule,
  MAX_RULE_DAYS,
  ruleProblem,
  ruleTimes,
  toggleWeekday,
  type ScheduleRule,
} from '../../../src/domain/schedule-rule';
import { MAX_TOURS_PER_REQUEST } from '../../../src/protocol/tours';

// 2026-11-29 is a Sunday; 2026-11-30 a Monday.
const today = '2026-11-29';

const rule = (over: Partial<ScheduleRule>): ScheduleRule => ({
  weekdays: [1, 3],
  times: ['09:00'],
  from: '2026-11-30',
  to: '2026-12-13',
  except: [],
  ...over,
});

describe('expanding a season rule', () => {
  it('makes every chosen weekday of the range at each time, in date-then-time order', () => {
    const { slots, total } = expandScheduleRule(rule({ times: ['14:30', '09:00'] }), today);
    expect(slots).toEqual([
      { date: '2026-11-30', time: '09:00' },
      { date: '2026-11-30', time: '14:30' },
      { date: '2026-12-02', time: '09:00' },
      { date: '2026-12-02', time: '14:30' },
      { date: '2026-12-07', time: '09:00' },
      { date: '2026-12-07', time: '14:30' },
      { date: '2026-12-09', time: '09:00' },
      { date: '2026-12-09', time: '14:30' },
    ]);
    expect(total).toBe(8);
  });

  it('takes Sunday as 7 and includes both ends of the range', () => {
    const { slots } = expandScheduleRule(
      rule({ weekdays: [7], from: '2026-12-06', to: '2026-12-13' }),
      today,
    );
    expect(slots.map((s) => s.date)).toEqual(['2026-12-06', '2026-12-13']);
  });

  it('leaves out the excluded dates', () => {
    const { slots } = expandScheduleRule(rule({ except: ['2026-12-02', '2026-12-07'] }), today);
    expect(slots.map((s) => s.date)).toEqual(['2026-11-30', '2026-12-09']);
  });

  it('never makes a day before today, even when the range starts earlier', () => {
    const { slots } = expandScheduleRule(
      rule({ weekdays: [1, 2, 3, 4, 5, 6, 7], from: '2026-11-20', to: '2026-11-30' }),
      today,
    );
    expect(slots.map((s) => s.date)).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('skips the slots the schedule already has and counts them', () => {
    const result = expandScheduleRule(rule({}), today, {
      taken: [
        { date: '2026-12-02', time: '09:00' },
        { date: '2026-12-02', time: '10:00' },
      ],
    });
    expect(result.slots.map((s) => s.date)).toEqual(['2026-11-30', '2026-12-07', '2026-12-09']);
    expect(result.skipped).toBe(1);
    expect(result.total).toBe(3);
  });

  it('caps the slots at the limit and says how many the rule makes', () => {
    const everyDay = rule({
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: ['08:00', '10:00', '12:00'],
      from: '2026-12-01',
      to: '2027-03-31',
    });
    const result = expandScheduleRule(everyDay, today, { limit: MAX_TOURS_PER_REQUEST });
    expect(result.slots).toHaveLength(MAX_TOURS_PER_REQUEST);
    expect(result.total).toBe(121 * 3);
    expect(result.slots[0]).toEqual({ date: '2026-12-01', time: '08:00' });
    expect(result.slots.at(-1)).toEqual({ date: '2027-02-05', time: '10:00' });
  });

  it('normalises and de-duplicates the times', () => {
    expect(ruleTimes(['9:05', '09:05', '25:00', '07:30'])).toEqual(['07:30', '09:05']);
  });
});

describe('a rule that makes nothing says why', () => {
  it('needs a weekday, a time and a real range', () => {
    expect(ruleProblem(EMPTY_RULE, today)).toBe('weekdays');
    expect(ruleProblem(rule({ weekdays: [0, 8] }), today)).toBe('weekdays');
    expect(ruleProblem(rule({ times: ['99:99'] }), today)).toBe('times');
    expect(ruleProblem(rule({ from: '' }), today)).toBe('range');
    expect(ruleProblem(rule({ from: '2026-12-10', to: '2026-12-01' }), today)).toBe('range');
    expect(ruleProblem(rule({ from: '2026-11-01', to: '2026-11-28' }), today)).toBe('past');
    expect(expandScheduleRule(rule({ from: '2026-11-01', to: '2026-11-28' }), today).slots).toEqual([]);
  });

  it('refuses a range longer than a season', () => {
    const to = '2027-12-01';
    expect(ruleProblem(rule({ to }), today)).toBe('rangeTooLong');
    expect(ruleProblem(rule({ to: '2027-11-30' }), today)).toBeNull();
    expect(MAX_RULE_DAYS).toBe(366);
  });
});

describe('editing a rule', () => {
  it('toggles weekdays in Monday-first order', () => {
    expect(toggleWeekday([3, 1], 2)).toEqual([1, 2, 3]);
    expect(toggleWeekday([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('adds a time or an excluded date once, and refuses malformed ones', () => {
    const times = ['10:00'];
    expect(addRuleTime(times, '9:00')).toEqual(['09:00', '10:00']);
    expect(addRuleTime(times, '10:00')).toBe(times);
    expect(addRuleTime(times, '')).toBe(times);
    const except = ['2026-12-09'];
    expect(addExceptDate(except, '2026-12-02')).toEqual(['2026-12-02', '2026-12-09']);
    expect(addExceptDate(except, '2026-12-09')).toBe(except);
    expect(addExceptDate(except, '2026-02-30')).toBe(except);
  });
});
