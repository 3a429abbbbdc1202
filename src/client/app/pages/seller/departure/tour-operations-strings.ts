// Texts of a departure's cancel and move actions (the manifest page's foot).

import { formatDisplayDate } from '../../../../../domain/dates';
import { pluralCategory, pluralize } from '../../../../../domain/plural';

/** '12.07 в 09:00', as the buyer's letter and ticket name a departure. */
export const slotText = (date: string, time: string) => `${formatDisplayDate(date).slice(0, 5)} в ${time}`;

const passengers = (n: number) => `${n} ${pluralize(n, ['пассажир', 'пассажира', 'пассажиров'])}`;
const one = (n: number) => pluralCategory(n) === 'one';
const willGet = (n: number) => (one(n) ? 'получит' : 'получат');
const willBe = (n: number) => (one(n) ? 'будет перенесён' : 'будут перенесены');

export const TOUR_OPERATIONS = {
  title: 'Отмена и перенос',
  hint: 'Каждый пассажир получит письмо с причиной; отмена возвращает оплату полностью.',
  cancel: 'Отменить рейс',
  move: 'Перенести рейс',
  reason: 'Причина',
  reasonHint: 'Её увидят пассажиры в письме и в билете',
  quickReasons: ['Непогода', 'Недостаточно участников'] as const,
  newDate: 'Новая дата',
  newTime: 'Новое время',
  pickDate: 'Выбрать',
  next: 'Далее',
  back: 'Изменить',
  close: 'Не менять',
  yesCancel: 'Да, отменить',
  yesMove: 'Да, перенести',
  wait: 'Подождите…',
  reasonShort: 'Укажите причину: не меньше 3 символов',
  reasonLong: 'Причина слишком длинная: не больше 300 символов',
  dateMissing: 'Укажите новую дату и время',
  datePast: 'Новая дата уже прошла',
  sameSlot: 'Это те же дата и время, что и сейчас',
  offline:
    'Нет подключения к интернету. Отменить или перенести рейс можно только онлайн; введённое сохранится.',
  offlineNote: 'Сейчас нет сети: отмена и перенос рейса работают только онлайн.',
  failed: 'Не удалось выполнить. Попробуйте ещё раз.',
  cancelQuestion: (date: string, time: string, people: number) =>
    people > 0
      ? `Отменить рейс ${slotText(date, time)}? ${passengers(people)} ${willGet(people)} письмо и полный возврат оплаты`
      : `Отменить рейс ${slotText(date, time)}? Пассажиров на нём нет`,
  moveQuestion: (from: { date: string; time: string }, to: { date: string; time: string }, people: number) =>
    people > 0
      ? `Перенести рейс ${slotText(from.date, from.time)} на ${slotText(to.date, to.time)}? ${passengers(people)} ${willBe(people)} на ${slotText(to.date, to.time)} и ${willGet(people)} письмо`
      : `Перенести рейс ${slotText(from.date, from.time)} на ${slotText(to.date, to.time)}? Пассажиров на нём нет`,
  cancelled: (tickets: number, refunds: number) =>
    `Рейс отменён. Билетов отменено: ${tickets}, возвратов оплаты: ${refunds}.`,
  moved: (date: string, time: string, tickets: number) =>
    `Рейс перенесён на ${slotText(date, time)}. Билетов перенесено: ${tickets}.`,
} as const;
