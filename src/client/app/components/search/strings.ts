// User-facing texts of the search box and the place / city grids (SPEC §2, §8 verbatim where quoted).

export const SEARCH = {
  label: 'Поиск по экскурсиям, местам и городам',
  placeholder: 'Куда поедем? Например, «дворец»',
  clear: 'Очистить поиск',
  results: 'Результаты поиска',
  excursions: 'Экскурсии',
  places: 'Исторические места',
  cities: 'Города',
  noResults: 'По вашему запросу ничего не найдено',
  /** Announced to screen readers as the results change. */
  found: (count: number) => `Найдено: ${count}`,
  loading: 'Loading...',
  error: 'Error loading data',
} as const;

export const GRIDS = {
  noCities: 'No cities available',
  loading: 'Loading...',
  /** SPEC §2: a failed city load shows 'Error: {message}'. */
  error: (message: string) => `Error: ${message}`,
} as const;
