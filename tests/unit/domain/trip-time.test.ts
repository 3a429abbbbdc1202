import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIP_MINUTES, tripEnd, tripMinutes } from '../../../src/domain/trip-time';

describe('the length of a trip from its duration text', () => {
  it('reads hours, minutes and both, in the ways sellers write them', () => {
    expect(tripMinutes('8 часов')).toBe(480);
    expect(tripMinutes('1 час')).toBe(60);
    expect(tripMinutes('6 ч')).toBe(360);
    expect(tripMinutes('1,5 часа')).toBe(90);
    expect(tripMinutes('2.5 часа')).toBe(150);
    expect(tripMinutes('3 часа 30 минут')).toBe(210);
    expect(tripMinutes('90 минут')).toBe(90);
    expect(tripMinutes('45 мин')).toBe(45);
  });

  it('takes a default for text with no number, and caps a typo of days', () => {
    expect(tripMinutes('')).toBe(DEFAULT_TRIP_MINUTES);
    expect(tripMinutes('весь день')).toBe(DEFAULT_TRIP_MINUTES);
    expect(tripMinutes('800 часов')).toBe(48 * 60);
  });

  it('ends a trip its length after the departure, in Crimean time', () => {
    expect(tripEnd('2026-07-01', '08:00', '8 часов')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(tripEnd('2026-07-01', '23:30', '1 час')?.toISOString()).toBe('2026-07-01T21:30:00.000Z');
    expect(tripEnd('2026-02-30', '08:00', '1 час')).toBeNull();
  });
});
