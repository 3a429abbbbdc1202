// The Russian user-facing texts of the domain layer, verbatim from SPEC.md, kept in one place so a
// wording change or a translation touches a single file.

import type { KnownTicketStatus } from './types';

/** Plural forms in the order one / few / many (1 место, 2 места, 5 мест). */
export type PluralForms = readonly [one: string, few: string, many: string];

export const SEAT_FORMS = ['место', 'места', 'мест'] as const satisfies PluralForms;
export const EXCURSION_ACCUSATIVE_FORMS = [
  'экскурсию',
  'экскурсии',
  'экскурсий',
] as const satisfies PluralForms;

export const SHOW_PREFIX = 'Показать';
export const PLACES_LEFT_PREFIX = 'Осталось мест:';
export const EXCURSIONS_FOR_DATE_PREFIX = 'Экскурсии за';

export const TICKET_STATUS_LABELS = {
  'to payment': 'Обрабатывается',
  confirmed: 'Оплачен',
  cancelled: 'Отменен',
} as const satisfies Record<KnownTicketStatus, string>;

export const SORT_TAB_LABELS = {
  nearest: 'Ближайшие',
  popular: 'Популярные',
  cheaper: 'Подешевле',
  pricier: 'Подороже',
} as const;

export const TODAY = 'Сегодня';
export const TOMORROW = 'Завтра';
export const NO_AVAILABLE_DATES = 'Нет доступных дат';

/** Genitive month names, as in '23 ноября'. */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** Nominative month names, for the date picker's month heading. */
export const MONTHS_NOMINATIVE = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

/** Monday-first, as the date picker shows them. */
export const WEEKDAY_LABELS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export const ROUBLE_SIGN = '₽';

export const ENTER_USER_ID = 'Введите ID пользователя';
/** Admin-panel messages containing this word are shown as success, all others as errors (SPEC §8). */
export const SUCCESS_MARKER = 'успешно';

export const NO_SEARCH_RESULTS = 'По вашему запросу ничего не найдено';
