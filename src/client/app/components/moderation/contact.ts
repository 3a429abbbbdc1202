import { nationalDigits } from '../../../../domain/phone';

/** A Russian number (kept as 8XXXXXXXXXX) dialled in the international form; anything else as it is. */
export function telHref(phone: string): string {
  const national = nationalDigits(phone);
  return national.length === 10 ? `tel:+7${national}` : `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
