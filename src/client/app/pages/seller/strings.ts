// Texts of the seller's screens: 'Мои экскурсии', the seller excursion page and the schedule editor.
// SPEC §2, §4 and §8 texts verbatim.

import { pluralize } from '../../../../domain/plural';

export const MY_EXCURSIONS = {
  title: 'Мои экскурсии',
  add: 'Добавить экскурсию',
  list: 'Ваши экскурсии',
  empty: 'У вас пока нет экскурсий',
  emptyHint: 'Добавьте первую: после проверки менеджером она появится в каталоге.',
  loading: 'Loading...',
} as const;

export const MODERATION_BADGE = {
  pending: 'На проверке',
  rejected: (reason: string) => (reason ? `Отклонена: ${reason}` : 'Отклонена'),
  published: 'Опубликована',
} as const;

export const SELLER_EXCURSION = {
  notFound: 'Excursion not found',
  notFoundHint: 'Такой экскурсии нет среди ваших.',
  backToList: 'Мои экскурсии',
  loading: 'Loading...',
  editDescription: 'Редактировать описание',
  editHint: 'Текст, маршрут, фото, цены и места',
  schedule: 'Расписание',
  scheduleHint: 'Даты и время выездов, работает без сети',
  openPublic: 'Страница экскурсии',
  openPublicHint: 'Как её видят туристы',
  summary: 'Сводка',
  upcomingTours: 'Предстоящих выездов',
  soldPlaces: 'Продано мест',
  nextTour: 'Ближайший выезд',
  noTours: 'Нет доступных дат',
  pendingNote: 'Экскурсия появится в каталоге после проверки менеджером.',
  rejectedTitle: 'Экскурсия не прошла проверку',
  rejectedReason: 'Причина',
  rejectedHint: 'Исправьте описание и отправьте экскурсию на проверку ещё раз.',
  resubmit: 'Отправить на проверку',
  resubmitting: 'Отправляем…',
  resubmitted: 'Экскурсия снова отправлена на проверку',
  resubmitOffline: 'Нет сети: отправьте, когда появится связь',
  resubmitFailed: 'Не удалось отправить экскурсию на проверку',
} as const;

export const SCHEDULE = {
  title: 'Расписание',
  notFound: 'Excursion not found',
  notFoundHint: 'Менять расписание можно только у своих экскурсий.',
  backToList: 'Мои экскурсии',
  loading: 'Loading...',
  offline: 'Изменения сохранятся на телефоне и отправятся, когда появится сеть',
  empty: 'Дат пока нет. Нажмите «Добавить дату», чтобы назначить первый выезд.',
  addDate: 'Добавить дату',
  save: 'Сохранить изменения',
  saved: 'Сохранено!',
  noChanges: 'Нет изменений',
  saveFailed: 'Ошибка сохранения',
  discard: 'Отменить правки',
  timeLabel: (day: string) => `Время выезда, ${day}`,
  addTime: 'Добавить',
  addTimeLabel: (day: string) => `Добавить время, ${day}`,
  duplicateTime: 'Это время уже есть в расписании',
  removeTour: (time: string, day: string) => `Удалить ${time}, ${day}`,
  waitToRemove: 'Удалить можно после отправки на сервер',
  pending: 'ждёт отправки',
  pendingLabel: 'Изменение ждёт отправки на сервер',
  deleting: 'удаление ждёт отправки',
  unsaved: 'не сохранено',
  sold: (n: number) => `продано ${n}`,
  unsavedCount: (n: number) => `Несохранённых правок: ${n}`,
  queuedCount: (n: number) => `Ждут отправки на сервер: ${n}`,
  refused: 'Сервер отклонил изменение расписания',
  refusedChip: 'не удалён',
  dismiss: 'Понятно',
  tours: 'Выезды',
} as const;

const DEPARTURE_FORMS = ['отправление', 'отправления', 'отправлений'] as const;
const departures = (n: number) => `${n} ${pluralize(n, DEPARTURE_FORMS)}`;

/** The 'Добавить по правилу' panel of the schedule editor and the wizard's schedule step. */
export const SCHEDULE_RULE = {
  open: 'Добавить по правилу',
  openHint: 'Дни недели, время и период сезона',
  title: 'Добавить по правилу',
  close: 'Свернуть',
  weekdays: 'Дни недели',
  weekdayShort: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const,
  weekdayFull: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'] as const,
  times: 'Время выезда',
  timeLabel: 'Время выезда по правилу',
  addTime: 'Добавить время',
  removeTime: (time: string) => `Убрать время ${time}`,
  period: 'Период',
  from: 'С',
  to: 'По',
  fromLabel: 'Первый день периода',
  toLabel: 'Последний день периода',
  pick: 'Выбрать',
  except: 'Без выездов в эти дни',
  addExcept: 'Исключить дату',
  removeExcept: (date: string) => `Вернуть ${date}`,
  preview: 'Будут добавлены',
  previewChip: 'новое',
  noWeekdays: 'Выберите хотя бы один день недели',
  noTimes: 'Добавьте хотя бы одно время выезда',
  noRange: 'Укажите период: первый и последний день',
  pastRange: 'Этот период уже прошёл',
  longRange: 'Период длиннее года: проверьте даты',
  nothing: 'По этому правилу нет новых дат: все дни исключены или уже есть в расписании',
  skipped: (n: number) => `Уже есть в расписании и не повторяются: ${n}`,
  capped: (total: number, limit: number) =>
    `Правило даёт ${departures(total)}; за один раз добавляется не больше ${limit}. Ниже первые ${limit}, остальные добавьте ещё раз, начав период позже.`,
  moreDays: (n: number) => `Ещё дней: ${n}`,
  showAll: 'Показать все',
  submit: (n: number) => `Добавить ${departures(n)}`,
  added: (n: number) => `Добавлено ${departures(n)}`,
} as const;

/** A published excursion's changes waiting for review or refused, on the seller excursion page. */
export const REVISION_NOTICE = {
  pendingTitle: 'Изменения ждут проверки',
  pendingSent: (date: string) => `Отправлены ${date}`,
  pendingHint: 'В каталоге сейчас прежняя версия. Туристы увидят изменения, когда менеджер их опубликует.',
  rejected: (reason: string) => (reason ? `Изменения отклонены: ${reason}` : 'Изменения отклонены'),
  rejectedHint:
    'В каталоге прежняя версия. Исправьте описание и сохраните его ещё раз — изменения снова уйдут на проверку.',
  edit: 'Исправить изменения',
} as const;
