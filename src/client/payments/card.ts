// Card form rules of the test widget: what is typed is reformatted from its digits, so the spaces and
// the slash can never be typed in the wrong place and backspace never gets stuck on them.

export const CARD_DIGITS = { min: 12, max: 19 } as const;

export const digitsOf = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);

/** '4242 4242 4242 4242' */
export function formatCardNumber(value: string): string {
  return digitsOf(value, CARD_DIGITS.max).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM/YY'; the slash appears with the third digit. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries: it catches a mistyped digit before the bank does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function isCardNumberValid(value: string): boolean {
  const digits = digitsOf(value, CARD_DIGITS.max + 1);
  return digits.length >= CARD_DIGITS.min && digits.length <= CARD_DIGITS.max && passesLuhn(digits);
}

/** A real month, and not a month that has already ended (a card is valid through its last day). */
export function isExpiryValid(value: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

export function isCvcValid(value: string): boolean {
  return /^\d{3,4}$/.test(value);
}
