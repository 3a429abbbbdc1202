import { describe, it, expect } from 'vitest';
import { isEntityId, isPositiveIntId, parsePositiveIntId } from '../../../src/domain/ids';

describe('isEntityId', () => {
  it('accepts 24 lowercase hex characters', () => {
    expect(isEntityId('65a1f0c2b3d4e5f601234567')).toBe(true);
    expect(isEntityId('000000000000000000000000')).toBe(true);
  });

  it('rejects uppercase hex, wrong lengths and other characters', () => {
    expect(isEntityId('65A1F0C2B3D4E5F601234567')).toBe(false);
    expect(isEntityId('65a1f0c2b3d4e5f60123456')).toBe(false);
    expect(isEntityId('65a1f0c2b3d4e5f6012345678')).toBe(false);
    expect(isEntityId('65a1f0c2b3d4e5f60123456g')).toBe(false);
    expect(isEntityId(' 65a1f0c2b3d4e5f601234567')).toBe(false);
    expect(isEntityId('65a1f0c2b3d4e5f601234567\n')).toBe(false);
    expect(isEntityId('')).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isEntityId(123)).toBe(false);
    expect(isEntityId(null)).toBe(false);
    expect(isEntityId(undefined)).toBe(false);
  });
});

describe('isPositiveIntId', () => {
  it('accepts safe integers above zero', () => {
    expect(isPositiveIntId(1)).toBe(true);
    expect(isPositiveIntId(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('rejects zero, negatives, fractions, non-numbers and unsafe integers', () => {
    expect(isPositiveIntId(0)).toBe(false);
    expect(isPositiveIntId(-5)).toBe(false);
    expect(isPositiveIntId(1.5)).toBe(false);
    expect(isPositiveIntId(Number.NaN)).toBe(false);
    expect(isPositiveIntId('7')).toBe(false);
    expect(isPositiveIntId(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
  });
});

describe('parsePositiveIntId', () => {
  it('reads a route segment of digits', () => {
    expect(parsePositiveIntId('12')).toBe(12);
    expect(parsePositiveIntId('1')).toBe(1);
  });

  it('rejects text that only starts like a number', () => {
    expect(parsePositiveIntId('12abc')).toBeNull();
    expect(parsePositiveIntId('1e3')).toBeNull();
    expect(parsePositiveIntId('1.0')).toBeNull();
    expect(parsePositiveIntId(' 12')).toBeNull();
  });

  it('rejects zero, signs and leading zeros', () => {
    expect(parsePositiveIntId('0')).toBeNull();
    expect(parsePositiveIntId('-3')).toBeNull();
    expect(parsePositiveIntId('+3')).toBeNull();
    expect(parsePositiveIntId('012')).toBeNull();
    expect(parsePositiveIntId('')).toBeNull();
  });

  it('rejects numbers beyond the safe-integer range', () => {
    expect(parsePositiveIntId('9007199254740993')).toBeNull();
    expect(parsePositiveIntId('9007199254740991')).toBe(9007199254740991);
  });
});
