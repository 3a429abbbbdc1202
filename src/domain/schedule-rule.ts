// A season schedule: departures by rule (weekdays × times × a date range, minus excluded dates),
// expanded into the date-time slots the schedule editor and the wizard add in one step.

import { addDays, daysBetween, isIsoDate, mondayFirstWeekday, normaliseTime, tourDateTimeKey } from './dates';

/** Monday = 1 … Sunday = 7 (ISO weekday numbers). */
export const RULE_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A season is at most a year: a longer range is more likely a typo in the year than a plan. */
export const MAX_RULE_DAYS = 366;

export interface ScheduleRule {
  /** ISO weekday numbers, Monday = 1 … Sunday = 7. */
  weekdays: readonly number[];
  /** HH:mm departure times of each chosen day. */
  times: readonly string[];
  /** First and last day of the season, yyyy-MM-dd, both included. */
  from: string;
  to: string;
  /** Days of the range without departures (holidays, a day off), yyyy-MM-dd. */
  except: readonly string[];
}

export interface RuleSlot {
  date: string;
  time: string;
}

/** Why a rule makes no departures, for the form to say. */
export type RuleProblem = 'weekdays' | 'times' | 'range' | 'past' | 'rangeTooLong';

export interface RuleExpansion {
  /** The slots to add, in date-then-time order, at most `limit` of them. */
  slots: RuleSlot[];
  /** How many the rule makes in all (after skipping taken slots); more than `slots` when capped. */
  total: number;
  /** Slots the rule makes that the schedule already has, left out. */
  skipped: number;
}

export const EMPTY_RULE: ScheduleRule = { weekdays: [], times: [], from: '', to: '', except: [] };

const isWeekday = (day: number) => Number.isInteger(day) && day >= 1 && day <= 7;

/** The rule's times as HH:mm, each once, in clock order; malformed ones are left out. */
export function ruleTimes(times: readonly string[]): string[] {
  const valid = times.flatMap((time) => normaliseTime(time) ?? []);
  return [...new Set(valid)].sort();
}

/** The first thing wrong with the rule, or null when it makes departures from `today` on. */
export function ruleProblem(rule: ScheduleRule, today: string): RuleProblem | null {
  if (!rule.weekdays.some(isWeekday)) return 'weekdays';
  if (ruleTimes(rule.times).length === 0) return 'times';
  if (!isIsoDate(rule.from) || !isIsoDate(rule.to) || rule.to < rule.from) return 'range';
  if (rule.to < today) return 'past';
  if (daysBetween(rule.from, rule.to) >= MAX_RULE_DAYS) return 'rangeTooLong';
  return null;
}

/**
 * The slots a rule makes: every chosen weekday of the range from `today` on (never a past day),
 * except the excluded dates, at each time, in date-then-time order. Slots in `taken` (the schedule
 * already has them) are left out, and at most `limit` are returned; `total` says how many there are.
 */
export function expandScheduleRule(
  rule: ScheduleRule,
  today: string,
  options: { limit?: number; taken?: Iterable<RuleSlot> } = {},
): RuleExpansion {
  const limit = Math.max(0, options.limit ?? Number.POSITIVE_INFINITY);
  if (ruleProblem(rule, today) !== null) return { slots: [], total: 0, skipped: 0 };
  const weekdays = new Set(rule.weekdays);
  const except = new Set(rule.except);
  const times = ruleTimes(rule.times);
  const taken = new Set(
    [...(options.taken ?? [])].map((slot) =>
      tourDateTimeKey(slot.date, normaliseTime(slot.time) ?? slot.time),
    ),
  );
  const slots: RuleSlot[] = [];
  let total = 0;
  let skipped = 0;
  const start = rule.from < today ? today : rule.from;
  for (let date = start; date <= rule.to; date = addDays(date, 1)) {
    if (!weekdays.has(mondayFirstWeekday(date) + 1) || except.has(date)) continue;
    for (const time of times) {
      if (taken.has(tourDateTimeKey(date, time))) {
        skipped += 1;
        continue;
      }
      total += 1;
      if (slots.length < limit) slots.push({ date, time });
    }
  }
  return { slots, total, skipped };
}

/** Toggles a weekday in the rule's set, keeping Monday-first order. */
export function toggleWeekday(weekdays: readonly number[], day: number): number[] {
  const next = weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day];
  return next.sort((a, b) => a - b);
}

/** Adds a time (HH:mm) to the rule's list; the same list back when it is malformed or already there. */
export function addRuleTime(times: readonly string[], time: string): readonly string[] {
  const normalised = normaliseTime(time);
  if (normalised === null || times.includes(normalised)) return times;
  return ruleTimes([...times, normalised]);
}

/** Adds an excluded date; the same list back when it is malformed or already there. */
export function addExceptDate(except: readonly string[], date: string): readonly string[] {
  if (!isIsoDate(date) || except.includes(date)) return except;
  return [...except, date].sort();
}
