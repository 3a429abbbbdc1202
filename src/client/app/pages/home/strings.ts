// User-facing texts of the home screen (SPEC §2, §8 verbatim where quoted).

export const HOME_PAGE = {
  heroTitle: 'Онлайн-сервис экскурсий по Крыму',
  heroText:
    'Дворцы, горы, водопады и морские прогулки. Выбирайте дату, бронируйте места в автобусе и платите картой.',
  heroButton: 'Смотреть экскурсии',
  heroPoints: ['Места в автобусе', 'Оплата картой', 'Работает без сети'],
  popular: 'Популярные экскурсии',
  places: 'Исторические места',
  cities: 'Популярные направления',
  dateForm: 'Когда едем?',
  dateFormText: 'Выберите день и количество человек — покажем экскурсии со свободными местами.',
  all: 'Все',
  loadingExcursions: 'Loading excursions...',
  noExcursions: 'No available excursions',
  excursionsError: (message: string) => `Error loading excursions: ${message}`,
  placesError: 'Error loading places',
} as const;
