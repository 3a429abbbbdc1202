import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  formatExpiry,
  isCardNumberValid,
  isCvcValid,
  isExpiryValid,
  passesLuhn,
} from '../../../src/client/payments/card';

// The test widget's card form rules: formatting from digits and the checks before anything is sent.

describe('card form rules', () => {
  it('formats the number in groups of four from whatever was typed, up to 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 4')).toBe('4242 4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('puts the slash of MM/YY in with the third digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('checks the Luhn sum: the test cards pass, one changed digit fails', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(isCardNumberValid('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumberValid('4242 4242 4242 4243')).toBe(false);
    expect(isCardNumberValid('4242 42')).toBe(false);
    expect(isCardNumberValid('4'.repeat(20))).toBe(false);
  });

  it('accepts a card through the last day of its month, not after', () => {
    const now = new Date(2026, 10, 22);
    expect(isExpiryValid('11/26', now)).toBe(true);
    expect(isExpiryValid('10/26', now)).toBe(false);
    expect(isExpiryValid('01/27', now)).toBe(true);
    expect(isExpiryValid('13/27', now)).toBe(false);
    expect(isExpiryValid('00/27', now)).toBe(false);
    expect(isExpiryValid('1/27', now)).toBe(false);
  });

  it('takes a CVC of three or four digits', () => {
    expect(isCvcValid('123')).toBe(true);
    expect(isCvcValid('1234')).toBe(true);
    expect(isCvcValid('12')).toBe(false);
    expect(isCvcValid('12a')).toBe(false);
  });
});
