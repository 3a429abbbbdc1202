// Every user-facing text of the add-excursion wizard and the excursion editor. Texts quoted by
// SPEC.md are kept verbatim.

import {
  EXCURSION_FORM_MAX_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_VIDEO_FILE_BYTES,
} from '../../../../domain/excursion-form-files';
import type { MediaFileProblem } from '../../../../domain/media-check';
import type { ServicesProblem } from '../../../../domain/excursion-form-values';
import { formatRoubles } from '../../../../domain/pricing';

/** A size cap in whole megabytes, as the texts name it. */
const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);

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
  close: 'Закрыть сообщение',
  restored: 'Мы восстановили введённые данные и выбранные файлы.',
} as const;

/** What a tourist sees on the seller screens (SPEC §1, §6: an admin makes a user a seller). */
export const SELLERS_ONLY = {
  title: 'Раздел для продавцов',
  text: 'Добавлять экскурсии и управлять ими могут только продавцы. Вы вошли как турист.',
  howTo: 'Чтобы стать продавцом, свяжитесь с администратором сервиса: он переведёт ваш аккаунт в продавцы.',
  contacts: 'Контакты',
  toProfile: 'Вернуться в профиль',
} as const;

/** The upload of a form's files: how far it is, and stopping it. */
export const UPLOAD = {
  progress: 'Загрузка файлов',
  sentOf: (sent: number, total: number) => `${MEDIA.size(sent)} из ${MEDIA.size(total)}`,
  processing: 'Файлы загружены, сервер их проверяет...',
  cancel: 'Отменить загрузку',
  cancelled:
    'Загрузка отменена. Всё введённое и выбранные файлы остались в форме: отправьте, когда будете готовы.',
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
  videoHint: `Одно видео в формате MP4 или WebM, до ${mb(MAX_VIDEO_FILE_BYTES)} МБ.`,
  pickCovers: 'Выбрать обложки',
  pickGallery: 'Выбрать фото',
  pickVideo: 'Выбрать видео',
  replaceVideo: 'Заменить видео',
  count: (n: number, max: number) => `${n} из ${max}`,
  room: (n: number) => `можно добавить ещё ${n}`,
  removeFile: (name: string) => `Убрать ${name}`,
  cut: (max: number) => `Можно не больше ${max}: лишние файлы не добавлены.`,
  /** A picked file refused in the browser, in the server's words for the same file (routes/excursions.ts). */
  refused: (name: string, problem: MediaFileProblem) => `Файл «${name}»: ${MEDIA_PROBLEMS[problem]}`,
  cannotRead: (name: string) => `Не удалось прочитать файл «${name}»: выберите его ещё раз.`,
  formTooLarge: `Слишком большая форма: фото и видео вместе должны быть не больше ${mb(EXCURSION_FORM_MAX_BYTES)} МБ. Уберите часть файлов.`,
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

/**
 * The server's refusal texts of a file (server/media/errors.ts MEDIA_REJECTION_MESSAGES), word for
 * word, so a file refused here reads as it would after the upload.
 */
export const MEDIA_PROBLEMS: Record<MediaFileProblem, string> = {
  empty: 'Файл пустой',
  not_image: 'Файл не является изображением',
  image_format: 'Неподдерживаемый формат изображения: загрузите JPEG, PNG, WebP, AVIF или GIF',
  heic: 'Формат HEIC не поддерживается: сохраните фото как JPEG',
  video_format: 'Неподдерживаемый формат видео: загрузите MP4 или WebM',
  image_too_large: `Файл слишком большой: изображение должно быть не больше ${mb(MAX_IMAGE_FILE_BYTES)} МБ`,
  video_too_large: `Файл слишком большой: видео должно быть не больше ${mb(MAX_VIDEO_FILE_BYTES)} МБ`,
};
