// Every user-facing text of the add-excursion wizard and the excursion editor. Texts quoted by
// SPEC.md are kept verbatim.

import type { FileProblem } from '../../../../domain/excursion-form-files';
import type { ServicesProblem } from '../../../../domain/excursion-form-values';
import { formatRoubles } from '../../../../domain/pricing';

export const WIZARD = {
  title: 'Новая экскурсия',
  stepOf: (step: number, total: number) => `Шаг ${step} из ${total}`,
  steps: [
    'Название и описание',
    'Маршрут',
    'Дополнительная информация',
    'Стоимость',
    'Расписание',
    'Места',
    'Галерея',
  ],
  back: 'Назад',
  next: 'Далее',
  submit: 'Отправить заявку',
  loading: 'Загрузка...',
  success: 'Вы успешно оставили заявку. В ближайшее время, с вами свяжется наш менеджер',
  home: 'На главную',
  fixStep: 'Заполните обязательные поля, чтобы перейти дальше.',
  failed: 'Не удалось отправить заявку',
  offline: 'Нет подключения к интернету',
  offlineDetail:
    'Для отправки заявки нужно подключение к интернету. Всё введённое и выбранные файлы сохранены: отправьте заявку ещё раз, когда связь появится.',
  offlineNote: 'Сейчас нет сети. Заполнять форму можно, а для отправки понадобится подключение.',
  sellersOnly: 'Добавлять экскурсии могут только продавцы и администраторы.',
  toProfile: 'Вернуться в профиль',
  close: 'Закрыть сообщение',
  restored: 'Мы восстановили введённые данные. Файлы нужно выбрать заново.',
} as const;

export const EDITOR = {
  title: 'Редактирование',
  notFound: 'Excursion not found',
  loading: 'Загрузка...',
  allExcursions: 'Все экскурсии',
  tabs: ['Основное', 'Дополнительно', 'Маршрут', 'Места', 'Фотографии', 'Стоимость'],
  tabList: 'Разделы экскурсии',
  save: 'Сохранить',
  saving: 'Сохранение...',
  saved: 'Сохранено!',
  saveFailed: 'Ошибка сохранения',
  offline: 'Нет подключения к интернету. Изменения остались в форме: сохраните их, когда связь появится.',
  invalid: (tab: string) => `Проверьте раздел «${tab}»: не все обязательные поля заполнены.`,
  pending: 'На проверке',
  pendingText: 'Менеджер проверит экскурсию и опубликует её. До этого её не видят туристы.',
  rejected: 'Отклонена',
  rejectedText: (reason: string) => `Причина: ${reason}`,
  view: 'Открыть страницу экскурсии',
  revisionSent: 'Изменения отправлены на проверку. Сейчас в каталоге прежняя версия.',
  revisionWaiting: 'Ваши изменения ждут проверки. В форме — ваша версия, в каталоге пока прежняя.',
  revisionRejected: (reason: string) =>
    `${reason ? `Изменения отклонены: ${reason}` : 'Изменения отклонены'}. В форме — ваша версия, в каталоге прежняя.`,
} as const;

export const FIELDS = {
  required: 'обязательное поле',
  title: 'Название',
  description: 'Описание',
  directions: 'Этапы маршрута',
  direction: (n: number) => `Этап ${n}`,
  addDirection: 'Добавить этап',
  assemblyPoints: 'Места сбора',
  assemblyPoint: (n: number) => `Место сбора ${n}`,
  addAssemblyPoint: 'Добавить место сбора',
  remove: (what: string) => `Удалить: ${what}`,
  duration: 'Продолжительность',
  durationPlaceholder: 'Например, 8 часов',
  lunch: 'Обед',
  lunchHint: 'Если обеда нет — оставьте пустым',
  lunchPlaceholder: 'Например, 1 час',
  difficulty: 'Сложность',
  category: 'Категория',
  categoryPlaceholder: 'Выберите категорию',
  city: 'Город',
  cityPlaceholder: 'Выберите город',
  place: 'Достопримечательность',
  placePlaceholder: 'Выберите достопримечательность',
  listsLoading: 'Загрузка списков...',
  children: 'Можно с детьми',
  included: 'Что включено',
  includedItem: (n: number) => `Включено ${n}`,
  addIncluded: 'Добавить пункт',
  notIncluded: 'Что не включено',
  notIncludedItem: (n: number) => `Не включено ${n}`,
  addNotIncluded: 'Добавить пункт',
} as const;

export const PRICES = {
  adultPrice: 'Цена для взрослого, ₽',
  kidPrice: 'Цена для ребёнка, ₽',
  kidHint: 'Детские цены появляются, если на экскурсию можно с детьми.',
  noEntryTickets: 'Нет входных билетов',
  adultEntryPrice: 'Входной билет для взрослого, ₽',
  kidEntryPrice: 'Входной билет для ребёнка, ₽',
  entryHint: 'Входные билеты оплачиваются наличными на месте.',
  services: 'Дополнительные услуги',
  serviceName: (n: number) => `Услуга ${n}: название`,
  servicePrice: (n: number) => `Услуга ${n}: цена, ₽`,
  namePlaceholder: 'Например, обед',
  addService: 'Добавить услугу',
  removeService: (n: number) => `Удалить услугу ${n}`,
  noServices: 'Дополнительных услуг нет.',
  servicesProblem: {
    unnamed: 'У каждой услуги должно быть название.',
    price: 'Цена услуги — целое число рублей.',
    duplicate: 'Названия услуг не должны повторяться.',
  } satisfies Record<ServicesProblem, string>,
  rub: (n: number) => formatRoubles(n),
  freeCancelHours: 'Бесплатная отмена, часов до начала',
  freeCancelHint:
    'До этого срока турист может отменить оплаченный билет и получить деньги обратно. 0 — без бесплатной отмены.',
  freeCancelProblem: 'Укажите целое число часов от 0 до 720.',
} as const;

export const SCHEDULE = {
  lead: 'Добавьте хотя бы одну дату и время первой поездки. Остальные можно добавить позже в расписании.',
  time: 'Время',
  add: 'Добавить',
  list: 'Даты и время',
  empty: 'Пока ни одной даты.',
  remove: (when: string) => `Удалить ${when}`,
  duplicate: 'Такая дата и время уже добавлены.',
} as const;

export const SEATS_FORM = {
  busType: 'Транспорт',
  coach: 'Автобус',
  van: 'Микроавтобус',
  none: 'Без схемы мест',
  hint: 'Нажмите на место, чтобы снять его с продажи или вернуть в продажу.',
  onSale: 'В продаже',
  reserved: 'Снято с продажи',
  rows: (n: number) => `Рядов: ${n}`,
  addRow: 'Добавить ряд',
  removeRow: 'Убрать ряд',
  maxPeople: (n: number) => `Мест в продаже: ${n}`,
  visitorCount: 'Количество туристов',
  visitorHint: 'Сколько человек может поехать на одну экскурсию.',
  map: 'Схема мест: нажмите на место, чтобы снять его с продажи',
} as const;

export const MEDIA = {
  covers: 'Обложки',
  coversHint: 'От 1 до 3 фото. Первая — на карточке экскурсии.',
  gallery: 'Фото для галереи',
  newCovers: 'Новые обложки',
  newGallery: 'Новые фото для галереи',
  galleryHint: 'До 50 фото.',
  video: 'Видео',
  videoHint: 'Одно видео в формате MP4 или WebM, до 200 МБ.',
  pickCovers: 'Выбрать обложки',
  pickGallery: 'Выбрать фото',
  pickVideo: 'Выбрать видео',
  replaceVideo: 'Заменить видео',
  count: (n: number, max: number) => `${n} из ${max}`,
  room: (n: number) => `можно добавить ещё ${n}`,
  removeFile: (name: string) => `Убрать ${name}`,
  cut: (max: number) => `Можно не больше ${max}: лишние файлы не добавлены.`,
  refused: (name: string, problem: FileProblem, kind: 'image' | 'video') =>
    problem === 'too-big'
      ? `Файл «${name}» слишком большой: ${kind === 'image' ? 'фото до 15 МБ' : 'видео до 200 МБ'}.`
      : `Файл «${name}» не ${kind === 'image' ? 'изображение' : 'видео MP4 или WebM'}.`,
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`
      : `${Math.max(1, Math.round(bytes / 1024))} КБ`,
  current: 'Загруженные',
  currentCovers: 'Загруженные обложки',
  currentGallery: 'Загруженные фото галереи',
  newFiles: 'Новые',
  mark: (what: string) => `Отметить для удаления: ${what}`,
  cover: (n: number) => `Обложка ${n}`,
  photo: (n: number) => `Фото ${n}`,
  deleteMarked: (n: number) => `Удалить ${n} фото`,
  currentVideo: 'Видео загружено',
  removeVideo: 'Удалить видео',
  keepVideo: 'Оставить видео',
  videoRemoved: 'Видео будет удалено при сохранении.',
  noCovers: 'Нужна хотя бы одна обложка.',
} as const;
