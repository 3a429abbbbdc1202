import { pluralize } from '../../../domain/plural';

export { HOLD_MINUTES } from '../../../domain/cancellation';

/**
 * The most unpaid bookings (holds not run out) one account may have at once: more would let one
 * account keep a coach's seats from everyone else, hold after hold. book_ticket (migration 9) has
 * the same number, and RATE_RULES.bookingPerAccount's.
 */
export const MAX_UNPAID_HOLDS = 3;

/** The longest a booking, a cancellation or a payment waits for a row lock before answering 409. */
export const LOCK_TIMEOUT_MS = 5000;

const HOLD_FORMS = ['неоплаченная бронь', 'неоплаченные брони', 'неоплаченных броней'] as const;

export const BOOKING_TEXTS = {
  tourNotFound: 'Тур не найден',
  tourPast: 'Этот тур уже прошёл, выберите другую дату',
  excursionClosed: 'Экскурсия сейчас недоступна для бронирования',
  noAdults: 'Нужен хотя бы один взрослый',
  noChildren: 'Эта экскурсия не рассчитана на детей: выберите только взрослых',
  tooManyHolds: (holds: number) =>
    `У вас уже ${holds} ${pluralize(holds, HOLD_FORMS)}: оплатите или отмените одну из них`,
  tooManyBookings: 'Слишком много бронирований подряд: попробуйте через несколько минут',
  notEnoughPlaces: (left: number) => `Недостаточно свободных мест: осталось ${left}`,
  seatCount: 'Выберите столько мест, сколько человек едет',
  noSeatsExpected: 'Для этой экскурсии места не выбираются',
  seatMissing: (seat: number) => `Места ${seat} нет в этом автобусе`,
  seatReserved: (seat: number) => `Место ${seat} недоступно для бронирования`,
  seatsTaken: 'Места уже заняты',
  assemblyPoint: 'Выберите место сбора из списка',
  service: (name: string) => `Услуга «${name}» недоступна или изменилась цена`,
  priceChanged: 'Цена изменилась: обновите страницу и проверьте сумму',
  forOther: 'Можно бронировать только для себя',
  userNotFound: 'Пользователь не найден',
  ticketNotFound: 'Билет не найден',
  notYourTicket: 'Это не ваш билет',
  confirmOnlyByPayment: 'Билет подтверждается только после оплаты',
  cannotCancelPaid: 'Для этой экскурсии нет бесплатной отмены: оплаченный билет не возвращается',
  freeCancelOver: (deadline: string) =>
    `Бесплатная отмена была возможна до ${deadline}: теперь оплаченный билет отменить и вернуть нельзя`,
  transition: (from: string, to: string) => `Нельзя сменить статус «${from}» на «${to}»`,
  busy: 'Места на этот тур сейчас бронируют другие покупатели, попробуйте ещё раз',
} as const;
