// Texts of the money rules shown on several screens: the hold on unpaid seats and the free
// cancellation of a paid ticket.

export const MONEY = {
  pay: 'Оплатить',
  paying: 'Открываем оплату...',
  payOffline: 'Чтобы оплатить билет, нужно подключение к интернету',
  payFailed: 'Не удалось открыть оплату. Попробуйте ещё раз.',
  holdLeft: (minutes: number) => `Бронь действует ещё ${minutes} мин`,
  policyTitle: 'Отмена',
  freeCancelHours: (hours: number) => `Бесплатная отмена за ${hours} ч до начала`,
  noFreeCancel: 'Без бесплатной отмены: оплаченный билет не возвращается',
} as const;
