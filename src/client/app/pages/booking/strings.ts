// Every user-facing text of the booking page. Texts quoted by SPEC.md are kept verbatim (including
// the spec's own spelling of 'Рассчет стоимости').

import { seatsLabel } from '../../../../domain/plural';
import { formatRoubles } from '../../../../domain/pricing';

export const BOOKING = {
  title: 'Бронирование',
  loading: 'Loading...',
  notFound: 'Excursion not found',
  noTours: 'No available tours found',
  noToursHint: 'Новых дат пока нет. Загляните позже или выберите другую экскурсию.',
  allExcursions: 'Все экскурсии',
  stepOf: (step: number, total: number) => `Шаг ${step} из ${total}`,
  countStep: 'Рассчет стоимости',
  seatStep: 'Выбор мест',
  tour: 'Дата и время',
  assemblyPoint: 'Место сбора',
  adults: 'Взрослые',
  kids: 'Дети',
  perPerson: (price: number) => `${formatRoubles(price)} за человека`,
  fewer: (who: string) => `${who}: меньше`,
  more: (who: string) => `${who}: больше`,
  noChildren: 'Эта экскурсия не рассчитана на детей.',
  soldOut: 'На эту дату мест нет. Выберите другую дату.',
  services: 'Дополнительные услуги',
  servicePrice: (price: number) => `+${formatRoubles(price)} за человека`,
  sumWithEntry: (sum: number) => `Сумма с входными билетами: ${formatRoubles(sum)}`,
  sum: (sum: number) => `Сумма: ${formatRoubles(sum)}`,
  entryCash: (entry: number, online: number) =>
    `Из них ${formatRoubles(entry)} — входные билеты: они оплачиваются наличными на месте. ` +
    `Онлайн оплачивается ${formatRoubles(online)}.`,
  total: 'К оплате онлайн',
  toSeats: 'К выбору мест',
  pay: 'Оплатить',
  back: 'Назад',
  wait: 'Подождите...',
  failed: 'Ошибка при создании билета',
  offline: 'Нет подключения к интернету',
  offlineDetail:
    'Бронирование работает только онлайн. Ваш выбор сохранён: нажмите кнопку ещё раз, когда связь появится.',
  close: 'Закрыть сообщение',
  offlineNote: 'Сейчас нет сети. Выбор можно сделать, а для бронирования понадобится подключение.',
} as const;

export const SEATS = {
  chosen: (chosen: number, needed: number) => `Выбрано мест: ${chosen} из ${needed}`,
  chosenShort: (chosen: number, needed: number) => `${chosen} из ${needed}`,
  chosenLabel: 'Выбрано',
  hint: (needed: number) =>
    needed === 1
      ? 'Выберите место на схеме.'
      : `Выберите ${seatsLabel(needed)} на схеме — по одному на каждого.`,
  notFree: (n: number) => `Место ${n} занято. Выберите свободное место.`,
  /** Chosen seats another buyer took while this one was choosing (the live update). */
  takenMeanwhile: (seats: readonly number[]) =>
    seats.length === 1
      ? `Место ${seats[0]} заняли, пока вы выбирали`
      : `Места ${seats.join(', ')} заняли, пока вы выбирали`,
  chooseAnother: (count: number) =>
    count === 1 ? 'Выберите другое место на схеме.' : 'Выберите другие места на схеме.',
  partyFull: (needed: number) =>
    `Все места уже выбраны (${needed}). Чтобы выбрать другое, сначала снимите выбор с одного из выбранных.`,
} as const;
