// The phone field's mask 8(999)999-99-99 (SPEC §5). The field shows the mask; the user record keeps
// digits only.

export const PHONE_MASK = '8(999)999-99-99';
export const PHONE_DIGITS = 11;
const NATIONAL_DIGITS = 10;

/**
 * The 10 digits after the trunk prefix. A leading 8 or 7 is read as the prefix (8 as in the mask, 7 as
 * in +7), which also makes formatting idempotent: the masked text always starts with the 8 it adds.
 */
export function nationalDigits(input: string): string {
  const digits = input.replace(/[^0-9]/g, '');
  const national = digits.startsWith('8') || digits.startsWith('7') ? digits.slice(1) : digits;
  return national.slice(0, NATIONAL_DIGITS);
}

/**
 * The text the field shows while typing: '' for no digits, then the mask filled as far as the digits
 * go ('8(978', '8(978)123-4'), the separators appearing once a digit follows them.
 */
export function formatPhone(input: string): string {
  const n = nationalDigits(input);
  if (n === '') return '';
  let out = `8(${n.slice(0, 3)}`;
  if (n.length > 3) out += `)${n.slice(3, 6)}`;
  if (n.length > 6) out += `-${n.slice(6, 8)}`;
  if (n.length > 8) out += `-${n.slice(8, 10)}`;
  return out;
}

/** Digits only for saving ('8(978)123-45-67' → '89781234567'); '' when nothing was entered. */
export function phoneToDigits(input: string): string {
  const n = nationalDigits(input);
  return n === '' ? '' : `8${n}`;
}

/** The phone is required: valid only with all 11 digits. */
export function isPhoneComplete(input: string): boolean {
  return nationalDigits(input).length === NATIONAL_DIGITS;
}

/**
 * The mask in imask's pattern language ('8(000)000-00-00'): SPEC writes a digit slot as '9', imask as
 * '0'. Every other character, the leading 8 included, stays fixed.
 */
export function toImaskPattern(mask: string = PHONE_MASK): string {
  return mask.replace(/9/g, '0');
}
