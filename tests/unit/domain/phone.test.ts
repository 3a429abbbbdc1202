import { describe, it, expect } from 'vitest';
import {
  formatPhone,
  isPhoneComplete,
  nationalDigits,
  phoneToDigits,
  toImaskPattern,
} from '../../../src/domain/phone';

describe('formatPhone', () => {
  it('fills the mask 8(999)999-99-99 with a full number', () => {
    expect(formatPhone('89781234567')).toBe('8(978)123-45-67');
  });

  it('reads +7 as the trunk prefix', () => {
    expect(formatPhone('+7 978 123 45 67')).toBe('8(978)123-45-67');
  });

  it('puts the 8 in front of a number typed without it', () => {
    expect(formatPhone('9781234567')).toBe('8(978)123-45-67');
  });

  it('fills the mask only as far as the digits go', () => {
    expect(formatPhone('9')).toBe('8(9');
    expect(formatPhone('978')).toBe('8(978');
    expect(formatPhone('9781')).toBe('8(978)1');
    expect(formatPhone('978123')).toBe('8(978)123');
    expect(formatPhone('9781234')).toBe('8(978)123-4');
    expect(formatPhone('978123456')).toBe('8(978)123-45-6');
  });

  it('is empty when there are no digits, so the field can be cleared', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('()--')).toBe('');
    expect(formatPhone('8')).toBe('');
  });

  it('drops digits beyond the mask', () => {
    expect(formatPhone('8978123456799')).toBe('8(978)123-45-67');
  });

  it('gives the same text when formatting an already formatted value', () => {
    for (const input of ['9', '978123', '89781234567', '8(978)123-4']) {
      expect(formatPhone(formatPhone(input))).toBe(formatPhone(input));
    }
  });
});

describe('saving digits only', () => {
  it('strips the mask', () => {
    expect(phoneToDigits('8(978)123-45-67')).toBe('89781234567');
  });

  it('saves nothing for an empty field', () => {
    expect(phoneToDigits('')).toBe('');
  });

  it('round-trips a saved phone through the mask', () => {
    expect(phoneToDigits(formatPhone('89781234567'))).toBe('89781234567');
    expect(nationalDigits('89781234567')).toBe('9781234567');
  });
});

describe('isPhoneComplete', () => {
  it('is valid only with all 11 digits', () => {
    expect(isPhoneComplete('8(978)123-45-67')).toBe(true);
    expect(isPhoneComplete('8(978)123-45-6')).toBe(false);
    expect(isPhoneComplete('')).toBe(false);
  });
});

describe('toImaskPattern', () => {
  it("writes SPEC's digit slots as imask's zeros, keeping the fixed 8 and separators", () => {
    expect(toImaskPattern()).toBe('8(000)000-00-00');
    expect(toImaskPattern('8(999)999-99-99')).toBe('8(000)000-00-00');
  });

  it('leaves a mask without digit slots unchanged', () => {
    expect(toImaskPattern('+7 ()')).toBe('+7 ()');
  });
});
