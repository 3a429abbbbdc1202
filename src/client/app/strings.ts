// Every user-facing text of the app shell, in Russian, in one place (a translation is one file).
// Texts quoted by SPEC.md are kept verbatim.

export const COMPANY = {
  brand: 'Крым Экскурсии',
  legalName: 'ООО «Крым Экскурсии»',
  phoneDisplay: '+7 (978) 555-12-34',
  phoneHref: 'tel:+79785551234',
  email: 'info@krym-excursions.ru',
} as const;

export const SOCIAL_LINKS = [
  { name: 'VK', href: 'https://vk.com/krym_excursions' },
  { name: 'Rutube', href: 'https://rutube.ru/channel/krym_excursions' },
  { name: 'YouTube', href: 'https://youtube.com/@krym_excursions' },
  { name: 'Telegram', href: 'https://t.me/krym_excursions' },
] as const;

export const TABS = [
  { to: '/', label: 'Главная', icon: 'home' },
  { to: '/excursions', label: 'Экскурсии', icon: 'bus' },
  { to: '/schedule', label: 'Расписание', icon: 'calendar' },
  { to: '/stories', label: 'Истории', icon: 'columns' },
  { to: '/profile', label: 'Профиль', icon: 'user' },
] as const;

export const FOOTER_LINKS = [
  { to: '/about', label: 'О нас' },
  { to: '/profile/contacts', label: 'Контакты' },
  { to: '/stories', label: 'Исторические места' },
  { to: '/excursions', label: 'Экскурсии' },
] as const;

export const SHELL = {
  openMenu: 'Открыть меню',
  closeMenu: 'Закрыть меню',
  call: 'Позвонить',
  home: 'На главную',
  back: 'Назад',
  mainNavigation: 'Основные разделы',
  menu: 'Меню',
  footerMenu: 'О компании',
  social: 'Мы в соцсетях',
  rights: 'Все права защищены.',
} as const;

export const NOT_FOUND = {
  title: 'Страница не найдена',
  text: 'Такой страницы нет. Вернитесь на главную и выберите экскурсию.',
} as const;

export const CARD = {
  noDates: 'Нет доступных дат',
  bestseller: 'Хит продаж',
  from: 'от',
  oldPrice: 'Старая цена',
  edit: 'Редактировать экскурсию',
  addFavorite: 'Добавить в избранное',
  removeFavorite: 'Убрать из избранного',
} as const;

export const STATUS = {
  offline: 'Нет сети — показаны сохранённые данные',
  screenAwaitsNetwork: 'Этот экран ещё не сохранён на телефоне. Он откроется сам, когда появится сеть',
  widgetTitle: 'Соединение',
  socket: {
    idle: 'не подключено',
    connecting: 'подключение…',
    open: 'подключено',
    closed: 'переподключение…',
    failed: 'нет связи',
  },
  pending: 'Ожидают отправки',
  lastSync: 'Последняя синхронизация',
  never: 'ещё не было',
  messages: 'Сообщения',
  noMessages: 'Сообщений пока нет',
  storageFull: 'На устройстве закончилось место: новые данные не сохраняются',
  rejected: 'Изменение отменено',
  dismiss: 'Закрыть',
} as const;

/** The session (SPEC §2 "Routes that need login", §4). */
export const SESSION = {
  loading: 'Загрузка...',
} as const;

/** The app's name: the home screen's document title, the manifest's name and every other title's end. */
export const APP_NAME = 'Экскурсии по Крыму';

/** Each screen's document title, before the app name (shell/titles.ts maps the routes to them). */
export const PAGE_TITLES = {
  excursions: 'Все экскурсии',
  castles: 'Дворцы',
  seawalks: 'Морские прогулки',
  parks: 'Парки',
  mountains: 'Горы',
  byDate: 'Экскурсии на дату',
  excursion: 'Экскурсия',
  schedule: 'Расписание',
  stories: 'Исторические места',
  place: 'Историческое место',
  city: 'Направление',
  about: 'О нас',
  login: 'Вход и регистрация',
  favorite: 'Избранное',
  profile: 'Профиль',
  account: 'Личные данные',
  wallet: 'Кошелёк',
  contacts: 'Контакты',
  certificates: 'Сертификаты',
  faq: 'Частые вопросы',
  adminPanel: 'Панель администратора',
  myExcursions: 'Мои экскурсии',
  myExcursion: 'Моя экскурсия',
  tourSchedule: 'Расписание экскурсии',
  departure: 'Пассажиры выезда',
  boarding: 'Посадка',
  addExcursion: 'Новая экскурсия',
  editExcursion: 'Редактирование экскурсии',
  booking: 'Бронирование',
  payment: 'Оплата',
  success: 'Оплата прошла',
  tickets: 'Мои билеты',
  ticket: 'Билет',
  review: 'Отзыв о поездке',
  notFound: 'Страница не найдена',
  /** A screen about one thing (an excursion, a place, a destination) is titled by its name. */
  named: (name: string) => `«${name}»`,
  /** A ticket's screen names its excursion. */
  ticketFor: (name: string) => `Билет: «${name}»`,
} as const;
