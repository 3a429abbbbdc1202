// The Russian texts of the ticket e-mails (payments/emails.ts builds both parts from them).

export const RECEIPT_SUBJECT = 'Чек: оплата экскурсии';
export const REFUND_SUBJECT = 'Возврат оплаты за экскурсию';

export const EMAIL_STRINGS = {
  paidHeading: 'Оплата прошла, билет подтверждён',
  ticketNo: 'Билет №',
  ticket: 'Билет',
  excursion: 'Экскурсия',
  when: 'Дата и время',
  assemblyPoint: 'Место сбора',
  seats: 'Места',
  adults: 'Взрослых',
  kids: 'Детей',
  lines: 'Состав заказа',
  total: 'Итого оплачено картой',
  entryPrice: 'На месте наличными (входной билет)',
  policyHeading: 'Условия отмены',
  freeCancelUntil: (deadline: string) =>
    `Бесплатная отмена с полным возвратом — до ${deadline} (по времени Крыма). После этого билет не возвращается.`,
  noFreeCancel: 'Бесплатная отмена для этого билета уже недоступна: билет не возвращается.',
  ticketLink: 'Открыть билет',
  contacts: 'Вопросы? Свяжитесь с нами',
  phone: 'Телефон',
  email: 'Почта',
  refundHeading: (amount: string) => `Возврат ${amount} оформлен`,
  refundFor: 'Возврат за экскурсию',
  refundTiming:
    'Деньги вернутся на карту, которой вы платили. Банку обычно нужно на это до нескольких рабочих дней.',
} as const;
