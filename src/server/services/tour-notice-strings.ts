// The Russian texts of the e-mails that tell buyers their departure was cancelled or moved
// (services/tour-notice-mail.ts builds both parts from them).

export const TOUR_NOTICE_STRINGS = {
  cancelledSubject: (title: string) => `Экскурсия отменена: ${title}`,
  movedSubject: (title: string) => `Экскурсия перенесена: ${title}`,
  cancelledHeading: 'Организатор отменил экскурсию',
  movedHeading: 'Организатор перенёс экскурсию',
  excursion: 'Экскурсия',
  when: 'Дата и время (по времени Крыма)',
  wasWhen: 'Было (по времени Крыма)',
  nowWhen: 'Стало (по времени Крыма)',
  assemblyPoint: 'Место сбора',
  seats: 'Ваши места',
  ticket: 'Билет',
  reason: 'Причина',
  refund: (amount: string) =>
    `Мы вернём вам ${amount} полностью. Деньги придут на карту, которой вы платили; банку обычно нужно на это до нескольких рабочих дней.`,
  unpaid: 'Билет не был оплачен, поэтому деньги с вас не списывались.',
  seatsKept: 'Билет действует на новые дату и время, ваши места за вами сохранены.',
  noSeatsKept: 'Билет действует на новые дату и время.',
  apology: 'Приносим извинения за неудобства.',
  ticketLink: 'Открыть билет',
} as const;
