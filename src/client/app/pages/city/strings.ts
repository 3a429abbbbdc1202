// Texts of the destination page (/city/{id}); SPEC §8 texts verbatim.

export const CITY = {
  loading: 'Loading...',
  notFound: 'city not found',
  fallbackTitle: 'Направление',
  excursions: 'Экскурсии',
  otherCities: 'Другие направления',
  toExcursions: 'Все экскурсии',
} as const;
