// Shapes shared by the demo catalogue generator: what it returns, and the hand-written seed data it
// is built from. Seed data names things by stable keys; the generator turns keys into ids.
import type {
  Banner,
  BusType,
  Category,
  City,
  Difficulty,
  Excursion,
  Place,
  Service,
  SpecialOffer,
  Tour,
} from '../../domain/types';

/** One generated picture. Excursion media are served by /api/images/{id}, the rest by /api/app_media/{id}. */
export interface DemoMedia {
  id: string;
  kind: 'image' | 'app_media';
  contentType: 'image/svg+xml';
  body: string;
}

/**
 * A pre-sold party on a tour; the seeding code turns each into a confirmed ticket.
 * For busType 'none' there are no seat numbers, so `seats` is empty.
 */
export interface DemoBooking {
  tourID: string;
  seats: number[];
  adults: number;
  kids: number;
  /** One of the excursion's assembly points, so the ticket looks like a real one. */
  assemblyPoint: string;
}

export interface DemoCatalogue {
  cities: City[];
  places: Place[];
  excursions: Excursion[];
  /** Tours already carry the derived fields that `bookings` imply (takenSeats, emptySeats, …). */
  tours: Tour[];
  banners: Banner[];
  specialOffers: SpecialOffer[];
  media: DemoMedia[];
  bookings: DemoBooking[];
}

/** Picture subjects the artwork generator knows how to draw. */
export type Motif =
  | 'nest'
  | 'palace'
  | 'castle'
  | 'lighthouse'
  | 'church'
  | 'ruins'
  | 'cave'
  | 'waterfall'
  | 'ship'
  | 'sailboat'
  | 'vineyard'
  | 'cablecar'
  | 'canyon'
  | 'garden'
  | 'ghosts'
  | 'searock'
  | 'seaarch'
  | 'city'
  | 'column'
  | 'cliffcity'
  | 'mosque'
  | 'trail';

/** Style variants some motifs understand (e.g. which palace); others ignore it. */
export type Variant =
  | 'vorontsov'
  | 'livadia'
  | 'massandra'
  | 'khan'
  | 'foros'
  | 'monastery'
  | 'cathedral'
  | 'winery'
  | 'grapes'
  | 'palms'
  | 'rotunda'
  | 'bell';

export interface Subject {
  motif: Motif;
  variant?: Variant;
}

export interface CitySeed {
  id: number;
  key: string;
  name: string;
  description: string;
  art: Subject;
}

export interface PlaceSeed {
  id: number;
  key: string;
  name: string;
  preview: string;
  description: string;
  /** First subject is the main image; the rest (2–4) become the gallery. */
  art: Subject[];
}

export interface ScheduleSeed {
  /** Days of the week the excursion runs, Monday = 0. */
  days: number[];
  /** Departure times, HH:mm; every listed day gets every time. */
  times: string[];
}

export interface ExcursionSeed {
  key: string;
  title: string;
  description: string;
  city: string;
  placeId: number;
  category: Category;
  popularity: number;
  bestseller: boolean;
  ownerID: number;

  adultPrice: number;
  kidPrice: number;
  /** Pre-discount prices; omitted when there is no discount (then they equal the current ones). */
  adultInitPrice?: number;
  kidInitPrice?: number;
  adultEntryPrice: number;
  kidEntryPrice: number;
  services: Service[];

  busType: BusType;
  /** Rows for coach/van, ignored for 'none'. */
  numberOfRows: number;
  reservedSeats: number[];
  /** Only for busType 'none'; buses derive it from the seat layout. */
  maxAttendants?: number;

  duration: string;
  lunchDuration: string;
  difficulty: Difficulty;
  childrenAllowed: boolean;

  directions: string[];
  assemblyPoints: string[];
  included: string[];
  notIncluded: string[];

  similar: string[];
  schedule: ScheduleSeed;
  /** Cover subjects (the first is the thumbnail), then gallery subjects. */
  covers: Subject[];
  gallery: Subject[];
}

export interface BannerSeed {
  id: number;
  title: string;
  subtitle: string;
  link: string;
  art: Subject;
}

export interface OfferSeed {
  id: number;
  title: string;
  description: string;
  discount: number;
  /** Excursion key the offer points at, or null for a general offer. */
  excursionKey: string | null;
  art: Subject;
}
