// Texts of the place page (/place/{id}); SPEC §8 texts verbatim.

export const PLACE = {
  loading: 'Loading...',
  notFound: 'place not found',
  noExcursion: 'Нет доступных экскурсий для этой достопримечательности',
  fallbackTitle: 'Историческое место',
  excursion: 'Ближайшая экскурсия',
  gallery: 'Галерея',
  photo: (name: string, index: number, total: number) => `${name} — фото ${index} из ${total}`,
  similar: 'Похожие места',
  toStories: 'Все исторические места',
} as const;
