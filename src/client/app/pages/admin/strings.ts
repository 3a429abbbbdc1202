// Texts of /profile/admin-panel; SPEC §2 and §8 texts verbatim.

export const ADMIN = {
  title: 'Панель администратора',
  lead: 'Назначьте пользователя продавцом или верните продавца в обычные пользователи. ID указан в заголовке страницы аккаунта пользователя после слова USER.',
  userId: 'ID пользователя',
  placeholder: 'Например, 42',
  promote: 'Повысить до продавца',
  demote: 'Понизить до пользователя',
  working: 'Подождите...',
  promoted: 'Пользователь успешно повышен до продавца',
  demoted: 'Продавец успешно понижен до пользователя',
  promoteFailed: 'Ошибка при повышении пользователя',
  demoteFailed: 'Ошибка при понижении пользователя',
  networkError: 'Ошибка сети',
  badId: 'ID пользователя — целое положительное число',
  onlyAdmins: 'Эта страница доступна только администраторам.',
  backToProfile: 'Вернуться в профиль',
} as const;

export const MODERATION = {
  title: 'Экскурсии на проверке',
  lead: 'Новые экскурсии продавцов попадают в каталог только после публикации. При отказе укажите причину — продавец увидит её у себя.',
  loading: 'Loading...',
  empty: 'Нет экскурсий, ожидающих проверки',
  view: 'Посмотреть',
  approve: 'Опубликовать',
  reasonPlaceholder: 'Например, нет фотографий маршрута',
  approved: (title: string) => `Экскурсия «${title}» опубликована`,
  rejected: (title: string) => `Экскурсия «${title}» отклонена`,
} as const;

export const USER_SEARCH = {
  title: 'Найти пользователя',
  label: 'E-mail, имя или ID',
  placeholder: 'Например, ivan@mail.ru',
  results: 'Найденные пользователи',
  searching: 'Ищем...',
  found: (total: number) => `Найдено: ${total}`,
  nothing: 'Никого не нашли',
  loadFailed: 'Не удалось загрузить пользователей',
  more: 'Ещё',
  noName: 'Без имени',
  id: (id: number) => `ID ${id}`,
  excursions: (count: number) => `Экскурсий: ${count}`,
  roles: { user: 'Пользователь', seller: 'Продавец', admin: 'Администратор' },
  makeSeller: 'Сделать продавцом',
  makeUser: 'Сделать пользователем',
  working: 'Подождите...',
} as const;

export type RoleTarget = 'seller' | 'user';

/** What a role change says, by the role it gives (SPEC §8). */
export const ROLE_CHANGE: Record<RoleTarget, { success: string; failure: string }> = {
  seller: { success: ADMIN.promoted, failure: ADMIN.promoteFailed },
  user: { success: ADMIN.demoted, failure: ADMIN.demoteFailed },
};
