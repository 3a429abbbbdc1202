// Home-page banners and special offers. Links are in-app routes of SPEC §2.
import type { BannerSeed, OfferSeed } from '../model';

export const BANNER_SEEDS: BannerSeed[] = [
  {
    id: 1,
    title: 'Горный Крым',
    subtitle: 'Ай-Петри, каньоны и Долина привидений — маршруты для тех, кто любит высоту',
    link: '/excursions/mountains',
    art: { motif: 'cablecar' },
  },
  {
    id: 2,
    title: 'Морские прогулки',
    subtitle: 'Ласточкино гнездо, Фиолент и Карадаг с палубы — от 1 200 ₽',
    link: '/excursions/seawalks',
    art: { motif: 'sailboat' },
  },
  {
    id: 3,
    title: 'Дворцы Южного берега',
    subtitle: 'Ливадия, Алупка и Массандра: императорская Ривьера за один день',
    link: '/excursions/castles',
    art: { motif: 'palace', variant: 'livadia' },
  },
  {
    id: 4,
    title: 'Сады и парки',
    subtitle: 'Никитский сад, Айвазовское и кипарисы Симеиза',
    link: '/excursions/parks',
    art: { motif: 'garden', variant: 'palms' },
  },
];

export const OFFER_SEEDS: OfferSeed[] = [
  {
    id: 1,
    title: 'Раннее бронирование',
    description: 'Скидка 10% на Воронцовский дворец при покупке за неделю до поездки.',
    discount: 10,
    excursionKey: 'vorontsov',
    art: { motif: 'palace', variant: 'vorontsov' },
  },
  {
    id: 2,
    title: 'Закатный рейс',
    description: 'Вечерняя морская прогулка по Севастопольским бухтам на 15% дешевле.',
    discount: 15,
    excursionKey: 'sevastopol-bays',
    art: { motif: 'ship' },
  },
  {
    id: 3,
    title: 'Пещеры и водопады',
    description: 'Мраморная пещера по специальной цене — прохлада в самый жаркий день.',
    discount: 12,
    excursionKey: 'marble-cave',
    art: { motif: 'cave' },
  },
  {
    id: 4,
    title: 'Семейная поездка',
    description: 'Скидка 5% на любую экскурсию для компании от четырёх человек.',
    discount: 5,
    excursionKey: null,
    art: { motif: 'lighthouse' },
  },
];
