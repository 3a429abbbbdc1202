// User-facing texts of 'Excursions by date' (SPEC §2, §8 verbatim where quoted).

export const DATES_PAGE = {
  changeDate: 'Изменить дату',
  list: 'Экскурсии с местами на эту дату',
  loading: 'Loading excursions...',
  empty: 'No available excursions',
  emptyHint: 'Попробуйте другую дату или меньшую группу.',
  error: (message: string) => `Error loading excursions: ${message}`,
} as const;
