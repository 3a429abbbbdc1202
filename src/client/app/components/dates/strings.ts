// User-facing texts of the date form and the date picker (SPEC §2 verbatim where quoted).

export const DATE_FORM = {
  date: 'Дата',
  partySize: 'Количество человек',
  fewer: 'Меньше человек',
  more: 'Больше человек',
  loading: 'Loading...',
} as const;

export const DATE_PICKER = {
  title: 'Выбор даты',
  choose: 'Выбрать дату',
  close: 'Закрыть',
  previousMonth: 'Предыдущий месяц',
  nextMonth: 'Следующий месяц',
} as const;
