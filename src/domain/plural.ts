import type { PluralForms } from './strings';
import { EXCURSION_ACCUSATIVE_FORMS, SEAT_FORMS, SHOW_PREFIX } from './strings';

export type PluralCategory = 'one' | 'few' | 'many';

/**
 * Russian plural category of a count. The teens (11–14) take 'many' even though they end in 1–4,
 * which is why the rule looks at the last two digits. Hand-written rather than Intl.PluralRules so the
 * result cannot depend on the browser's ICU data.
 */
export function pluralCategory(count: number): PluralCategory {
  const n = Math.abs(count);
  // Fractions (1,5 места) take the genitive singular, which is the 'few' form.
  if (!Number.isInteger(n)) return 'few';
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 'many';
  if (last === 1) return 'one';
  if (last >= 2 && last <= 4) return 'few';
  return 'many';
}

export function pluralize(count: number, forms: PluralForms): string {
  const category = pluralCategory(count);
  if (category === 'one') return forms[0];
  if (category === 'few') return forms[1];
  return forms[2];
}

/** 'место' / 'места' / 'мест' for the count. */
export function seatWord(count: number): string {
  return pluralize(count, SEAT_FORMS);
}

/** '3 места', as on the ticket detail. */
export function seatsLabel(count: number): string {
  return `${count} ${seatWord(count)}`;
}

/** The date form's button: 'Показать 1 экскурсию', 'Показать 5 экскурсий'. */
export function showExcursionsLabel(count: number): string {
  return `${SHOW_PREFIX} ${count} ${pluralize(count, EXCURSION_ACCUSATIVE_FORMS)}`;
}
