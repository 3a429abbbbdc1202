// User-facing texts of the schedule (SPEC §2, §8 verbatim where quoted).

export const SCHEDULE_PAGE = {
  title: 'Расписание',
  intro: 'Ближайшие выезды по дням. Нажмите на экскурсию, чтобы выбрать места.',
  showMore: 'Показать еще',
  loading: 'Loading...',
  empty: 'No available excursions',
  from: 'от',
  error: (message: string) => `Error loading tours: ${message}`,
} as const;
