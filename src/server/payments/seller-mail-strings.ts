// The Russian texts of the seller's e-mails about the bookings on their departures (seller-mail.ts).

export const SELLER_MAIL_STRINGS = {
  paidSubject: (title: string) => `Новая оплата: ${title}`,
  cancelledSubject: (title: string) => `Отмена оплаченного билета: ${title}`,
  paidHeading: 'На вашу экскурсию купили билет',
  cancelledHeading: 'Оплаченный билет на вашу экскурсию отменён, деньги возвращаются покупателю',
  excursion: 'Экскурсия',
  when: 'Дата и время',
  seats: 'Места',
  people: 'Пассажиров',
  adults: 'взрослых',
  kids: 'детей',
  assemblyPoint: 'Место сбора',
  services: 'Услуги',
  buyer: 'Покупатель',
  phone: 'Телефон',
  email: 'Почта',
  price: 'Оплачено картой',
  ticket: 'Билет №',
  manifestLink: 'Список пассажиров',
} as const;
