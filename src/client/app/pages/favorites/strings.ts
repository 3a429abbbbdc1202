// Texts of /favorite (Избранное); SPEC §2 texts verbatim.

export const FAVORITES = {
  title: 'Избранное',
  text: 'Экскурсии, которые вы отметили сердечком. Список хранится на телефоне и открывается даже без сети.',
  list: 'Избранные экскурсии',
  loading: 'Loading...',
  empty: 'Вы не лайкнули ни одной экскурсии',
  browse: 'Смотреть экскурсии',
} as const;
