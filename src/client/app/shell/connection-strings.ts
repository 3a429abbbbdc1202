// The debug widget's words for what the sync log holds (SPEC §1): the engine's own notes and the
// socket's messages, which are written in English or as the server's JSON, told in Russian like the
// rest of the app.

const ACTION: Record<string, string> = {
  create: 'добавлена',
  update: 'изменена',
  delete: 'удалена',
};

const TOUR_ACTION: Record<string, string> = {
  create: 'добавлен',
  update: 'изменён',
  delete: 'удалён',
};

const USER_ACTION: Record<string, string> = {
  balance_update: 'изменился баланс',
  ticket_added: 'добавлен билет',
  ticket_removed: 'удалён билет',
  favorite_added: 'добавлено в избранное',
  favorite_removed: 'удалено из избранного',
  profile_update: 'изменён профиль',
};

export const CONNECTION_LOG = {
  /** The engine's notes, by their text. */
  notes: {
    'this tab leads sync': 'Эта вкладка ведёт синхронизацию',
  } as Record<string, string>,
  note: 'Служебная запись',
  excursion: (action: string) => `Экскурсия ${ACTION[action] ?? 'изменена'}`,
  tour: (action: string) => `Рейс ${TOUR_ACTION[action] ?? 'изменён'}`,
  user: (action: string) => `Аккаунт: ${USER_ACTION[action] ?? 'изменения'}`,
  ticket: 'Билет изменён',
  subscribed: 'Подписка на обновления оформлена',
  pong: 'Сервер на связи',
  error: 'Сервер сообщил об ошибке',
  unknown: 'Сообщение сервера',
} as const;
