// Realistic rows, typed with the domain types so a drift in src/domain also shows up here.
import type {
  Banner,
  City,
  Excursion,
  Place,
  SpecialOffer,
  Ticket,
  Tour,
  User,
} from '../../../src/domain/types';

export const EXCURSION_ID = '65f1a2b3c4d5e6f7a8b9c0d1';
export const SIMILAR_ID = '65f1a2b3c4d5e6f7a8b9c0d2';
export const TOUR_ID = '65f1a2b3c4d5e6f7a8b9c0e1';
export const TOUR_ID_2 = '65f1a2b3c4d5e6f7a8b9c0e2';
export const TICKET_ID = '65f1a2b3c4d5e6f7a8b9c0f1';

export function excursion(overrides: Partial<Excursion> = {}): Excursion {
  return {
    _id: EXCURSION_ID,
    title: 'Ласточкино гнездо и Ливадийский дворец',
    description: 'Обзорная экскурсия по Южному берегу Крыма с посещением двух дворцов.',
    city: 'Ялта',
    place: 3,
    category: 'Дворцы',
    popularity: 42,
    bestseller: true,
    ownerID: 7,
    adultPrice: 2500,
    kidPrice: 1800,
    adultInitPrice: 3000,
    kidInitPrice: 2000,
    adultEntryPrice: 700,
    kidEntryPrice: 350,
    entryTickets: true,
    services: [
      { name: 'Обед', price: 600 },
      { name: 'Аудиогид', price: 200 },
    ],
    maxAttendants: 48,
    busType: 'coach',
    numberOfRows: 13,
    availableSeats: Array.from({ length: 48 }, (_, i) => i + 1),
    reservedSeats: [49, 50],
    duration: '8 часов',
    lunchDuration: '1 час',
    difficulty: 'Умеренно',
    childrenAllowed: true,
    directions: ['Выезд из Алушты', 'Ливадийский дворец', 'Ласточкино гнездо'],
    assemblyPoints: ['Алушта, автовокзал', 'Партенит, у храма'],
    included: ['Трансфер', 'Услуги гида'],
    notIncluded: ['Входные билеты'],
    images: ['cover-1.jpg', 'cover-2.jpg'],
    gallery: ['g1.jpg', 'g2.webp'],
    video: '',
    similarExcursionIDs: [SIMILAR_ID],
    tours: [TOUR_ID, TOUR_ID_2],
    ...overrides,
  };
}

export function tour(overrides: Partial<Tour> = {}): Tour {
  return {
    _id: TOUR_ID,
    excursionID: EXCURSION_ID,
    date: '2026-07-14',
    time: '08:30',
    attendantsRegistred: 3,
    tickets: [TICKET_ID],
    takenSeats: [5, 6, 7],
    emptySeats: [1, 2, 3, 4, 8, 9, 10],
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: TICKET_ID,
    userID: 12,
    tourID: TOUR_ID,
    tour: { date: '2026-07-14', time: '08:30', excursionID: EXCURSION_ID },
    adults: 2,
    kids: 1,
    seats: [5, 6, 7],
    assemblyPoint: 'Алушта, автовокзал',
    services: [{ name: 'Обед', price: 600, selected: true }],
    excursionPrice: 8600,
    entryPrice: 1750,
    status: 'to payment',
    ...overrides,
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 12,
    name: 'Анна',
    surname: 'Иванова',
    middlename: 'Сергеевна',
    phone: '89781234567',
    email: 'anna@example.ru',
    avatar: 'avatar-12.png',
    role: 'user',
    balance: 0,
    tickets: [TICKET_ID],
    favorites: [EXCURSION_ID],
    userExcursions: [],
    isAuthenticated: true,
    ...overrides,
  };
}

export function place(overrides: Partial<Place> = {}): Place {
  return {
    id: 3,
    name: 'Ливадийский дворец',
    preview: 'Летняя резиденция императора',
    image: 'livadia.jpg',
    description: 'Дворец построен в 1911 году.',
    gallery: ['livadia-1.jpg', 'livadia-2.jpg'],
    ...overrides,
  };
}

export function city(overrides: Partial<City> = {}): City {
  return { id: 1, name: 'Ялта', image: 'yalta.jpg', description: 'Курорт на Южном берегу.', ...overrides };
}

export function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    id: 1,
    title: 'Морские прогулки',
    subtitle: 'Скидка 10%',
    image: 'sea.jpg',
    link: '/excursions/seawalks',
    ...overrides,
  };
}

export function specialOffer(overrides: Partial<SpecialOffer> = {}): SpecialOffer {
  return {
    id: 1,
    title: 'Раннее бронирование',
    description: 'Скидка при бронировании за месяц',
    image: 'offer.jpg',
    discount: 15,
    excursionID: EXCURSION_ID,
    ...overrides,
  };
}
