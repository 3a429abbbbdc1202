// Entity shapes of SPEC §3, exactly as they travel on the wire and live in the client replica.
// Field names (including the spec's own spellings such as `attendantsRegistred`) are kept verbatim.

/** Excursion, tour and ticket ids: 24 lowercase hex characters (the `_id` of SPEC §3). */
export type EntityId = string;

export const BUS_TYPES = ['coach', 'van', 'none'] as const;
export type BusType = (typeof BUS_TYPES)[number];

export const DIFFICULTIES = ['Легко', 'Умеренно', 'Тяжело'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Categories a seller can pick in the editor (SPEC §3). */
export const EDITOR_CATEGORIES = ['Дворцы', 'Морские прогулки', 'Парки', 'Горы', 'Другое'] as const;
/** Every category the product knows; the category page also knows the last four (SPEC §3). */
export const CATEGORIES = [...EDITOR_CATEGORIES, 'Дегустации', 'Храмы', 'Водопады', 'Пещеры'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Service {
  name: string;
  price: number;
}

export const MODERATION_STATUSES = ['pending', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export interface ExcursionModeration {
  status: ModerationStatus;
  reason: string;
}

export interface Excursion {
  _id: EntityId;
  title: string;
  description: string;
  /** City name (SPEC §3 keeps the name, not the id). */
  city: string;
  /** Historical place id. */
  place: number;
  category: Category;
  popularity: number;
  bestseller: boolean;
  ownerID: number;

  adultPrice: number;
  kidPrice: number;
  adultInitPrice: number;
  kidInitPrice: number;
  adultEntryPrice: number;
  kidEntryPrice: number;
  /** Entrance tickets exist (paid in cash on site). */
  entryTickets: boolean;
  services: Service[];

  maxAttendants: number;
  busType: BusType;
  numberOfRows: number;
  /** Seat numbers offered for sale. */
  availableSeats: number[];
  /** Seat numbers the seller keeps out of sale. */
  reservedSeats: number[];

  duration: string;
  /** Free text; empty when there is no lunch. */
  lunchDuration: string;
  difficulty: Difficulty;
  childrenAllowed: boolean;
  /**
   * Hours before departure until which a paid ticket is cancelled with a full refund
   * (DEFAULT_FREE_CANCEL_HOURS when absent).
   */
  freeCancelHours?: number;

  directions: string[];
  assemblyPoints: string[];
  included: string[];
  notIncluded: string[];

  /** Cover image ids, at most 3; the first is the thumbnail. */
  images: string[];
  /** Gallery image ids, at most 50. */
  gallery: string[];
  /** Video media id, empty when there is none. */
  video: string;

  similarExcursionIDs: EntityId[];
  /** Tour ids of this excursion. */
  tours: EntityId[];
  /** Only on an excursion not in the public catalogue: waiting for an admin, or refused with a reason. */
  moderation?: ExcursionModeration;
}

/** A dated run of an excursion. The last four fields are derived from the tour's live tickets. */
export interface Tour {
  _id: EntityId;
  excursionID: EntityId;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  attendantsRegistred: number;
  tickets: EntityId[];
  /** Seat numbers taken; its length is the number of seats taken. */
  takenSeats: number[];
  /** Free seat numbers. */
  emptySeats: number[];
}

/**
 * An excursion as the phone's replica holds it: without the ids of its tours, which the replica holds
 * as rows of their own (see protocol/sync.ts).
 */
export type ReplicaExcursion = Omit<Excursion, 'tours'>;
/** A tour as the phone's replica holds it: without the ids of the tickets sold on it. */
export type ReplicaTour = Omit<Tour, 'tickets'>;

export const TICKET_STATUSES = ['to payment', 'confirmed', 'cancelled'] as const;
export type KnownTicketStatus = (typeof TICKET_STATUSES)[number];

export interface TicketService extends Service {
  selected: boolean;
}

export interface TicketTourInfo {
  date: string;
  time: string;
  excursionID: EntityId;
}

export interface Ticket {
  _id: EntityId;
  userID: number;
  tourID: EntityId;
  /** Attached after loading. */
  tour?: TicketTourInfo;
  adults: number;
  kids: number;
  seats: number[];
  assemblyPoint: string;
  services: TicketService[];
  excursionPrice: number;
  entryPrice: number;
  /** A known status or any other server value, shown as it is. */
  status: string;
  /** The server-signed code on the ticket's QR, checked by the guide (never made by the client). */
  checkCode?: string;
  /** While the ticket waits for payment: when its hold on the seats ends (an ISO instant). */
  holdUntil?: string;
  /** Why a cancelled ticket was cancelled (CANCEL_REASONS, or another server value). */
  cancelReason?: string;
  /** Until when the owner may cancel a paid ticket for a full refund (an ISO instant). */
  freeCancelUntil?: string;
  /** The refund of a cancelled paid ticket, once one is made. */
  refund?: TicketRefund;
  /** When the guide checked the ticket in at boarding (an ISO instant). */
  checkedInAt?: string;
  /** The seller cancelled or moved the departure: what the buyer is told. */
  tourNotice?: TourNotice;
}

/**
 * Why a cancelled ticket was cancelled: its hold lapsed unpaid, its owner or an admin cancelled it, or
 * the seller cancelled the whole departure (`tourNotice` then says why).
 */
export const CANCEL_REASONS = ['hold_expired', 'owner', 'admin', 'tour_cancelled'] as const;

export const TOUR_NOTICE_KINDS = ['cancelled', 'moved'] as const;
/** The longest reason a seller may give for cancelling or moving a departure. */
export const MAX_TOUR_NOTICE_REASON = 300;
export type TourNoticeKind = (typeof TOUR_NOTICE_KINDS)[number];

/** A seller's cancellation or move of a departure, as its tickets carry it. */
export interface TourNotice {
  kind: TourNoticeKind;
  /** The seller's reason, as typed (weather, too few passengers). */
  reason: string;
  /** When it was announced (an ISO instant). */
  at: string;
  /** A moved departure's former date and time. */
  from?: { date: string; time: string };
}

/**
 * One booking on a seller's departure, as the seller's replica holds it (the `manifest` collection):
 * the ticket with its buyer's contact data, which only that excursion's seller and admins receive.
 */
export interface ManifestEntry {
  /** The ticket id. */
  _id: EntityId;
  tourID: EntityId;
  excursionID: EntityId;
  /** The departure's date and time. */
  date: string;
  time: string;
  buyer: ManifestBuyer;
  adults: number;
  kids: number;
  seats: number[];
  assemblyPoint: string;
  services: TicketService[];
  /** The ticket's status: 'to payment' (held), 'confirmed' (paid) or 'cancelled'. */
  status: string;
  /**
   * The server-signed code the ticket's QR carries: check-in compares a scanned code with it. Empty
   * for a ticket sold without one (the demo's box-office sales), which no scan matches.
   */
  checkCode: string;
  checkedInAt?: string;
  cancelReason?: string;
}

export interface ManifestBuyer {
  name: string;
  surname: string;
  /** Digits only. */
  phone: string;
  email: string;
}

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface TicketRefund {
  /** Whole roubles. */
  amount: number;
  status: RefundStatus;
}

export const ROLES = ['user', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: number;
  name: string;
  surname: string;
  middlename: string;
  /** Digits only. */
  phone: string;
  email: string;
  /** Avatar file name, empty when none. */
  avatar: string;
  role: Role;
  balance: number;
  tickets: EntityId[];
  favorites: EntityId[];
  userExcursions: EntityId[];
  isAuthenticated: boolean;
}

export interface Place {
  id: number;
  name: string;
  /** Short teaser text shown on cards. */
  preview: string;
  /** Media id (served by /api/app_media/{id}). */
  image: string;
  description: string;
  /** Media ids of the gallery. */
  gallery: string[];
}

export interface City {
  id: number;
  name: string;
  image: string;
  description: string;
}

/** SPEC §3 shows only lists of banners; these fields are this product's choice. */
export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  /** In-app route the banner leads to. */
  link: string;
}

/** SPEC §3 shows only lists of special offers; these fields are this product's choice. */
export interface SpecialOffer {
  id: number;
  title: string;
  description: string;
  image: string;
  /** Discount in percent. */
  discount: number;
  excursionID: EntityId | null;
}
