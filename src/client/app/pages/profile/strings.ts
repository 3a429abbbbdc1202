// Texts of the profile screens (/profile and its sub-pages); SPEC §2, §4 and §8 texts verbatim.

export const PROFILE = {
  title: 'Профиль',
  noName: 'Имя не указано',
  roles: { admin: 'Администратор', seller: 'Продавец', user: 'Путешественник' },
  balance: 'Баланс',
  balanceHint: 'Реферальные бонусы',
  favoritesBanner: 'Избранное',
  favoritesHint: 'Экскурсии, отмеченные сердечком',
  ticketsBanner: 'Мои билеты',
  ticketsHint: 'Оплаченные поездки, доступны без сети',
  menu: 'Меню профиля',
  contacts: 'Контакты',
  certificates: 'Сертификаты',
  faq: 'FAQ',
  myExcursions: 'Мои экскурсии',
  addExcursion: 'Добавить экскурсию',
  adminPanel: 'Панель',
} as const;

export const ACCOUNT = {
  heading: (id: number) => `USER ${id}`,
  avatar: 'Аватар',
  changeAvatar: 'Сменить фото',
  uploading: 'Загрузка...',
  avatarFailed: 'Failed to upload avatar',
  avatarOffline: 'Чтобы загрузить фото, нужно подключение к интернету',
  name: 'Имя',
  surname: 'Фамилия',
  middlename: 'Отчество',
  phone: 'Телефон',
  email: 'Электронная почта',
  phoneIncomplete: 'Введите номер телефона полностью: 8(999)999-99-99',
  emailInvalid: 'Введите корректный адрес электронной почты',
  save: 'Сохранить',
  saving: 'Сохранение...',
  saved: 'Сохранено!',
  saveFailed: 'Ошибка сохранения',
  updateFailed: 'Failed to update user data',
  queued: 'Изменения сохранены на телефоне и будут отправлены, когда появится подключение к интернету.',
  // The new e-mail takes effect once the code mailed to it is entered.
  emailCodeSent: (address: string) => `Код отправлен на ${address}`,
  emailCode: 'Код из письма',
  emailConfirm: 'Подтвердить',
  emailConfirming: 'Проверка...',
  emailCodeInvalid: 'Введите шестизначный код из письма',
  emailConfirmFailed: 'Ошибка подтверждения кода',
  emailConfirmOffline: 'Чтобы подтвердить код, нужно подключение к интернету',
  emailChanged: 'Электронная почта изменена',
  signOut: 'Выйти из аккаунта',
} as const;

export const REFERRAL = {
  title: 'Реферальная ссылка',
  text: 'Поделитесь ссылкой или покажите QR-код. Тот, кто зарегистрируется по ней, будет закреплён за вами, а реферальные бонусы поступят на ваш баланс.',
  link: 'Ссылка для приглашения',
  copy: 'Копировать',
  copied: 'Ссылка скопирована',
  copyFailed: 'Не удалось скопировать — выделите ссылку и скопируйте вручную',
  qr: 'QR-код реферальной ссылки',
} as const;

export const WALLET = {
  title: 'Кошелёк',
  balance: 'Бонусный баланс',
  explanation:
    'Сюда поступают реферальные бонусы за туристов, которые зарегистрировались по вашей ссылке. Ссылка и QR-код — на странице аккаунта.',
  faqTitle: 'Как вывести бонусы?',
  faqAnswer:
    'Чтобы вывести бонусы, свяжитесь с администратором — по телефону, почте или в Telegram. Он уточнит реквизиты и переведёт деньги.',
  contactTitle: 'Связаться с администратором',
} as const;

export const CONTACTS = {
  title: 'Контакты',
  lead: 'Ответим на вопросы о маршрутах, бронировании и оплате: позвоните, напишите на почту или в соцсетях.',
  phone: 'Телефон',
  email: 'Почта',
  social: 'Мы в соцсетях',
} as const;

export const CERTIFICATES = {
  title: 'Сертификаты',
  text: 'Есть подарочный сертификат? Введите его номер.',
  number: 'Номер сертификата',
  placeholder: 'Например, KRYM-2024-0001',
  confirm: 'Подтвердить',
  // Submission only logs (SPEC §2): say honestly that nothing was checked online.
  received: (number: string) =>
    `Номер ${number} никуда не отправлен: онлайн-проверка сертификатов пока недоступна — назовите номер менеджеру при бронировании.`,
} as const;

export const FAQ_PAGE = {
  title: 'FAQ',
  lead: 'Ответы на частые вопросы. Не нашли свой — напишите нам на странице контактов.',
  contactsLink: 'Контакты',
  items: [
    {
      question: 'Как забронировать экскурсию?',
      answer:
        'Откройте экскурсию, нажмите «Забронировать», выберите дату, точку сбора, число взрослых и детей, а затем места в автобусе.',
    },
    {
      question: 'Как оплатить?',
      answer:
        'Банковской картой на странице оплаты сразу после бронирования. Чек придёт на вашу почту. Входные билеты, если они есть, оплачиваются на месте наличными.',
    },
    {
      question: 'Можно ли показать билет без интернета?',
      answer:
        'Да. Оплаченные билеты сохраняются на телефоне и открываются в разделе «Мои билеты» даже без сети.',
    },
    {
      question: 'Как отменить поездку?',
      answer:
        'Позвоните или напишите нам и назовите номер билета — менеджер отменит бронь и расскажет об условиях возврата.',
    },
    {
      question: 'Как вывести реферальный бонус?',
      answer:
        'Свяжитесь с администратором по телефону, почте или в Telegram — он уточнит реквизиты и переведёт бонусы.',
    },
  ],
} as const;
