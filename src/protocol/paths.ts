// URL paths of SPEC §7, built in one place so the client cannot misspell one the server serves.
// Ids are URL-encoded even though valid ids never need it: a bad id then fails as a 4xx, not as a
// request to some other path.
const seg = (value: string | number) => encodeURIComponent(String(value));

export const HEALTH_PATH = '/api/health';

export const apiPaths = {
  me: () => '/api/users/me',
  excursions: () => '/api/excursions',
  excursion: (id: string) => `/api/excursions/${seg(id)}`,
  tours: () => '/api/tours',
  tour: (tourId: string) => `/api/tours/${seg(tourId)}`,
  userTickets: (userId: number) => `/api/users/${seg(userId)}/tickets`,
  tickets: () => '/api/tickets',
  ticket: (id: string) => `/api/tickets/${seg(id)}`,
  /** The guide's boarding check-in of a ticket (queued offline). */
  ticketCheckIn: (id: string) => `/api/tickets/${seg(id)}/checkin`,
  /** The seller cancels a departure, cancelling and refunding its tickets (online only). */
  tourCancel: (tourId: string) => `/api/tours/${seg(tourId)}/cancel`,
  /** The seller moves a departure to another date and time, with its tickets (online only). */
  tourMove: (tourId: string) => `/api/tours/${seg(tourId)}/move`,
  cities: () => '/api/cities',
  banners: () => '/api/banners',
  places: () => '/api/places',
  specialOffers: () => '/api/special-offers',
  favorite: (userId: number, excursionId: string) =>
    `/api/users/${seg(userId)}/favorites/${seg(excursionId)}`,
  register: () => '/auth/register',
  login: () => '/auth/login',
  verifyCode: () => '/auth/verify-2fa',
  /** Revokes the calling token only. */
  logout: () => '/auth/logout',
  // The trailing slash is part of the spec's path.
  uploadFile: () => '/api/uploadfile/',
  user: (id: number) => `/api/users/${seg(id)}`,
  /** The new e-mail waiting for its code, and its confirmation. */
  userEmail: (id: number) => `/api/users/${seg(id)}/email`,
  confirmEmail: (id: number) => `/api/users/${seg(id)}/email/confirm`,
  promoteToSeller: (id: number) => `/api/users/${seg(id)}/promote-to-seller`,
  demoteToUser: (id: number) => `/api/users/${seg(id)}/demote-to-user`,
  /** Excursion images, gallery, video and avatars. */
  image: (mediaId: string) => `/api/images/${seg(mediaId)}`,
  /** Place and city images. */
  appMedia: (mediaId: string) => `/api/app_media/${seg(mediaId)}`,
  /** `cursor` omitted pulls everything. */
  sync: (cursor?: string, limit?: number) => {
    const query = new URLSearchParams();
    if (cursor) query.set('cursor', cursor);
    if (limit !== undefined) query.set('limit', String(limit));
    const text = query.toString();
    return text ? `/api/sync?${text}` : '/api/sync';
  },
} as const;
