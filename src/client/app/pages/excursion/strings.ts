// Every user-facing text of the excursion page. Texts quoted by SPEC.md are kept verbatim.

import { NO_AVAILABLE_DATES } from '../../../../domain/strings';
import type { Difficulty } from '../../../../domain/types';

export const EXCURSION = {
  loading: 'Loading...',
  notFound: 'Excursion not found',
  notFoundHint: 'Возможно, экскурсия снята с продажи. Посмотрите другие маршруты по Крыму.',
  allExcursions: 'Все экскурсии',
  photos: 'Фотографии экскурсии',
  nearestDate: 'Ближайшая дата',
  noDates: NO_AVAILABLE_DATES,
  place: 'Достопримечательность',
  about: 'Об экскурсии',
  difficulty: 'Сложность',
  groupSize: 'Человек в группе',
  groupRange: (max: number) => `от 1 до ${max}`,
  duration: 'Длительность',
  lunch: 'Обед',
  children: 'Дети',
  withChildren: 'Можно с детьми',
  route: 'Маршрут',
  assemblyPoints: 'Места сбора',
  included: 'Включено',
  notIncluded: 'Не включено',
  faq: 'Частые вопросы',
  gallery: 'Галерея',
  galleryPhoto: (title: string, n: number, total: number) => `${title} — фото ${n} из ${total}`,
  enlarge: 'Открыть фото',
  closePhoto: 'Закрыть фото',
  video: 'Видео',
  similar: 'Похожие экскурсии',
  book: 'Забронировать',
  from: 'от',
  fromNote: 'за взрослого',
  fromNoteWithEntry: 'за взрослого, с входным билетом',
} as const;

export const PRICE = {
  title: 'Стоимость',
  audience: 'Тариф',
  adult: 'Взрослый',
  child: 'Детский',
  perAdult: 'за взрослого',
  perChild: 'за ребёнка',
  oldPrice: 'Старая цена',
  entry: 'Входной билет',
  entryNote: 'оплачивается наличными на месте',
  entryFree: 'бесплатно',
  services: 'Дополнительные услуги',
  perPerson: 'за человека',
} as const;

/** Difficulty is coloured, but the word itself is always shown too (never colour alone). */
export const DIFFICULTY_TONE: Record<Difficulty, 'easy' | 'moderate' | 'hard'> = {
  Легко: 'easy',
  Умеренно: 'moderate',
  Тяжело: 'hard',
};

/** The fixed FAQ of every excursion page: practical answers that promise nothing the service does not do. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Что взять с собой?',
    answer:
      'Удобную закрытую обувь на нескользящей подошве, головной убор, солнцезащитный крем и воду. ' +
      'В горы и пещеры захватите кофту или ветровку: там заметно прохладнее, чем на побережье. ' +
      'Наличные понадобятся для входных билетов и сувениров, а документ на льготу — если вы ' +
      'рассчитываете на льготный входной билет.',
  },
  {
    question: 'Когда приходить на место сбора?',
    answer:
      'За 10–15 минут до отправления. Место сбора вы выбираете при бронировании, дата и время ' +
      'указаны в билете. Автобус не может долго ждать опоздавших, чтобы не задерживать всю группу.',
  },
  {
    question: 'Можно ли вернуть билет или перенести поездку?',
    answer:
      'Условия возврата и переноса зависят от организатора экскурсии и от того, сколько времени ' +
      'осталось до отправления. Если планы изменились, позвоните нам как можно раньше — по номеру ' +
      'в шапке сайта — и мы подскажем, что можно сделать в вашем случае.',
  },
  {
    question: 'Можно ли поехать с детьми?',
    answer:
      'Да, если на странице экскурсии есть отметка «Можно с детьми»: для ребёнка действует детский ' +
      'тариф, его видно в блоке «Стоимость». Каждому ребёнку нужно отдельное место в автобусе. ' +
      'Сложные и горные маршруты без этой отметки не рассчитаны на детей.',
  },
  {
    question: 'Что будет, если испортится погода?',
    answer:
      'Экскурсии проходят и в дождь — возьмите зонт или дождевик. Если погода делает маршрут ' +
      'опасным (шторм на море, туман или гололёд в горах), организатор вправе изменить программу ' +
      'или перенести поездку. Если сомневаетесь, позвоните нам накануне.',
  },
  {
    question: 'Как оплачиваются входные билеты?',
    answer:
      'Входные билеты в музеи, парки и заповедники не входят в цену экскурсии: их оплачивают ' +
      'наличными на месте. Если они нужны, сумма указана в блоке «Стоимость».',
  },
];
