// Texts of /payment and /success; SPEC §2 texts verbatim.

export const PAYMENT = {
  title: 'Оплата',
  missingTitle: 'Нечего оплачивать',
  missing:
    'Страница оплаты открывается после бронирования. Неоплаченный билет можно найти в разделе «Мои билеты».',
  toTickets: 'Мои билеты',
  listLoading: 'Загрузка...',
  heldTitle: 'Ожидают оплаты',
  heldLead: 'Места удерживаются 15 минут после бронирования. Оплатите билет, пока бронь действует.',
  summary: 'Ваш заказ',
  when: 'Дата и время',
  people: 'Участники',
  peopleValue: (adults: number, kids: number) =>
    kids > 0 ? `взрослых: ${adults}, детей: ${kids}` : `взрослых: ${adults}`,
  seats: 'Места',
  amount: 'К оплате картой',
  entry: 'Входные билеты, на месте',
  excursionNotFound: 'Excursion not found',
  hold: 'Места удерживаются 15 минут',
  loading: 'Загружаем форму оплаты…',
  offline: 'Для оплаты нужно подключение к интернету. Форма откроется сама, как только связь вернётся.',
  failed: 'Не удалось открыть форму оплаты',
  retry: 'Повторить',
  paid: 'Этот билет уже оплачен',
  cancelled: 'Бронь отменена, оплатить этот билет уже нельзя. Места вернулись в продажу.',
  openTicket: 'Открыть билет',
  bookAgain: 'Забронировать снова',
  formLabel: 'Форма оплаты картой',
} as const;

export const SUCCESS = {
  title: 'Оплата прошла успешно. Чек отправлен на вашу почту',
  home: 'На главную',
  tickets: 'Мои билеты',
} as const;
