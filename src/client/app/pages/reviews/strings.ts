// Every user-facing text of reviews: the review form, the excursion page's section, the cards' rating,
// the profile's trips waiting for a review, the seller's replies and the admin's hiding.
import { pluralize } from '../../../../domain/plural';

const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;
const STAR_FORMS = ['звезда', 'звезды', 'звёзд'] as const;

/** '12 отзывов' */
export const reviewsCount = (count: number) => `${count} ${pluralize(count, REVIEW_FORMS)}`;
/** '4 звезды' */
export const starsLabel = (count: number) => `${count} ${pluralize(count, STAR_FORMS)}`;

export const RATING = {
  /** A card's rating as a screen reader says it. */
  label: (average: string, count: number) => `Рейтинг ${average} из 5, ${reviewsCount(count)}`,
} as const;

export const REVIEW_FORM = {
  title: 'Отзыв о поездке',
  loading: 'Загрузка...',
  notFound: 'Билет не найден',
  notFoundHint: 'Отзыв можно оставить только по своему билету.',
  notAllowed: 'Отзыв можно оставить после поездки по оплаченному билету.',
  backToTicket: 'К билету',
  trip: (title: string, date: string) => `${title} · ${date}`,
  rating: 'Оценка',
  chooseRating: 'Поставьте оценку от 1 до 5 звёзд',
  text: 'Расскажите о поездке',
  textHint: 'Что понравилось, что стоит улучшить. Можно оставить только оценку.',
  counter: (length: number, max: number) => `${length} / ${max}`,
  save: 'Сохранить отзыв',
  saveChanges: 'Сохранить изменения',
  saved: 'Отзыв сохранён',
  queued: 'Отзыв сохранён на телефоне и будет отправлен, когда появится подключение к интернету.',
  pending: 'Ожидает отправки на сервер',
  editableUntil: (date: string) => `Изменить отзыв можно до ${date}.`,
  readOnly: (date: string) => `Изменить отзыв можно было до ${date}. Теперь он доступен только для чтения.`,
  hidden: 'Отзыв скрыт администратором и не виден другим путешественникам.',
  hiddenReason: (reason: string) => `Причина: ${reason}`,
  rejected: (reason: string) => `Отзыв не принят: ${reason}`,
  photos: 'Фотографии',
  photosHint: (max: number) => `До ${max} фото с телефона.`,
  photosOffline: 'Чтобы добавить фото, нужно подключение к интернету.',
  photosAfterSave: 'Фото можно добавить, когда отзыв сохранится на сервере.',
  addPhotos: 'Выбрать фото',
  uploading: 'Загрузка фото...',
  uploadFailed: 'Не удалось загрузить фото',
  removePhoto: (n: number) => `Удалить фото ${n}`,
  removeFailed: 'Не удалось удалить фото',
  photo: (n: number) => `Фото ${n}`,
  reply: 'Ответ организатора',
} as const;

export const REVIEW_LINK = {
  write: 'Оставить отзыв',
  yours: 'Ваш отзыв',
} as const;

export const REVIEWS = {
  title: 'Отзывы',
  average: (average: string) => `Средняя оценка ${average} из 5`,
  distribution: 'Распределение оценок',
  bar: (stars: number, count: number) => `${starsLabel(stars)}: ${reviewsCount(count)}`,
  list: 'Отзывы путешественников',
  stars: (rating: number) => `Оценка: ${starsLabel(rating)} из 5`,
  trip: (date: string) => `Поездка ${date}`,
  photo: (author: string, n: number) => `Фото из отзыва: ${author}, ${n}`,
  reply: 'Ответ организатора',
  pending: 'Ожидает отправки',
  hidden: 'Скрыт',
  hiddenReason: (reason: string) => `Скрыт администратором. Причина: ${reason}`,
  hide: 'Скрыть',
  hideReason: 'Причина скрытия',
  hideConfirm: 'Скрыть отзыв',
  show: 'Показать',
  cancel: 'Отмена',
  working: 'Отправка...',
  hideOffline: 'Чтобы скрыть отзыв, нужно подключение к интернету.',
  showOffline: 'Чтобы показать отзыв, нужно подключение к интернету.',
  hideFailed: 'Не удалось скрыть отзыв',
  showFailed: 'Не удалось показать отзыв',
} as const;

export const SELLER_REVIEWS = {
  title: 'Отзывы',
  none: 'Отзывов пока нет.',
  answer: 'Ответить',
  replyLabel: 'Ваш ответ',
  send: 'Отправить ответ',
  sending: 'Отправка...',
  cancel: 'Отмена',
  replyOffline: 'Чтобы ответить, нужно подключение к интернету. Текст ответа сохранится на экране.',
  replyFailed: 'Не удалось отправить ответ',
} as const;

export const AWAITING = {
  title: 'Ждут отзыва',
  write: 'Оставить отзыв',
  trip: (date: string) => `Поездка ${date}`,
  unknownExcursion: 'Экскурсия',
} as const;
