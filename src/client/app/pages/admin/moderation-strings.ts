// Texts of a moderation queue card's seller block: who submitted the excursion, how to reach them and
// when it was sent.

export const MODERATION_REVIEW = {
  seller: 'Продавец',
  sellerName: (name: string, surname: string, id: number) =>
    [name, surname]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || `Продавец ID ${id}`,
  call: (phone: string) => `Позвонить ${phone}`,
  noPhone: 'Телефон не указан',
  write: (email: string) => `Написать на ${email}`,
  submittedAt: (date: string) => `Отправлена ${date}`,
} as const;

// Texts both review queues share (ReviewQueue.tsx): the decision and its answers.
export const REVIEW_ACTIONS = {
  offline:
    'Нет сети: очередь показана такой, какой была при последней связи. Решения можно принять, когда сеть появится.',
  reject: 'Отклонить',
  cancel: 'Отмена',
  reason: 'Причина отказа',
  reasonRequired: 'Укажите причину отказа',
  working: 'Подождите...',
  actionFailed: 'Не удалось выполнить действие',
  networkError: 'Ошибка сети',
} as const;

// Texts of the admin's queue of published excursions' changes.
export const REVISIONS = {
  title: 'Изменения на проверке',
  lead: 'Продавцы изменили опубликованные экскурсии. Пока изменения не опубликованы, в каталоге прежняя версия. При отказе укажите причину — продавец увидит её у себя.',
  loading: 'Загрузка...',
  empty: 'Нет изменений, ожидающих проверки',
  view: 'Открыть в каталоге',
  approve: 'Опубликовать изменения',
  reasonPlaceholder: 'Например, цена указана с ошибкой',
  submittedAt: (date: string) => `Изменена ${date}`,
  approved: (title: string) => `Изменения экскурсии «${title}» опубликованы`,
  rejected: (title: string) => `Изменения экскурсии «${title}» отклонены`,
} as const;
