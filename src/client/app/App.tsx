import type { ComponentType } from 'react';
import { BrowserRouter, createRoutesFromChildren, matchRoutes, Route, Routes } from 'react-router-dom';
import { lazyComponent, type LazyComponent } from './components/lazy-component';
import { RequireAuth } from './components/RequireAuth';
import { ScreenAwaitsNetwork } from './shell/ScreenAwaitsNetwork';
import { HomePage } from './pages/home/HomePage';
import { Shell } from './shell/Shell';

// Home is in the first bundle (it is the first paint); every other screen loads lazily by route.
// The declarative router is used on purpose: the data router adds ~20 KB gzip to the home budget.

/** The longest a screen's code waits for its primed data before it shows without it. */
const PRIME_WAIT_MS = 300;

/**
 * A screen loaded by route. `prime` reads the screen's data from the replica alongside its code, so
 * the first render already shows it (capped at PRIME_WAIT_MS; without it the screen says 'Загрузка').
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  prime?: () => Promise<void>,
): LazyComponent<object> {
  return lazyComponent(
    async () => {
      // No replica to prime where the server draws a first screen (there is no window).
      const primed = typeof window === 'undefined' ? undefined : prime?.().catch(() => undefined);
      const module = await load();
      if (typeof window !== 'undefined') await replicaApart();
      if (primed) await Promise.race([primed, new Promise((resolve) => setTimeout(resolve, PRIME_WAIT_MS))]);
      return module[name];
    },
    null,
    <ScreenAwaitsNetwork />,
  );
}

/**
 * Creates the replica's handle in a task of its own before a screen's first render reads it (in
 * the render it made one of React's slices long; see replicaDbApart). Dexie's chunk is among the
 * screen's own files, so this asks for nothing new.
 */
async function replicaApart(): Promise<void> {
  await (await import('../db/schema')).replicaDbApart();
}

const ExcursionsPage = page(
  () => import('./pages/excursions/ExcursionsPage'),
  'ExcursionsPage',
  async () => (await import('./hooks/catalogue')).primeCatalogue(),
);
const CategoryPage = page(() => import('./pages/category/CategoryPage'), 'CategoryPage');
const ExcursionsByDatePage = page(() => import('./pages/dates/ExcursionsByDatePage'), 'ExcursionsByDatePage');
const ExcursionPage = page(() => import('./pages/excursion/ExcursionPage'), 'ExcursionPage');
const SchedulePage = page(() => import('./pages/schedule/SchedulePage'), 'SchedulePage');
const StoriesPage = page(() => import('./pages/stories/StoriesPage'), 'StoriesPage');
const PlacePage = page(() => import('./pages/place/PlacePage'), 'PlacePage');
const CityPage = page(() => import('./pages/city/CityPage'), 'CityPage');
const FavoritesPage = page(() => import('./pages/favorites/FavoritesPage'), 'FavoritesPage');
const AboutPage = page(() => import('./pages/about/AboutPage'), 'AboutPage');
const LoginPage = page(() => import('./pages/login/LoginPage'), 'LoginPage');
const ProfilePage = page(() => import('./pages/profile/ProfilePage'), 'ProfilePage');
const AccountPage = page(() => import('./pages/profile/AccountPage'), 'AccountPage');
const WalletPage = page(() => import('./pages/profile/WalletPage'), 'WalletPage');
const ContactsPage = page(() => import('./pages/profile/ContactsPage'), 'ContactsPage');
const CertificatesPage = page(() => import('./pages/profile/CertificatesPage'), 'CertificatesPage');
const FaqPage = page(() => import('./pages/profile/FaqPage'), 'FaqPage');
const AdminPanelPage = page(() => import('./pages/admin/AdminPanelPage'), 'AdminPanelPage');
const MyExcursionsPage = page(() => import('./pages/seller/MyExcursionsPage'), 'MyExcursionsPage');
const SellerExcursionPage = page(() => import('./pages/seller/SellerExcursionPage'), 'SellerExcursionPage');
const ScheduleEditorPage = page(() => import('./pages/seller/ScheduleEditorPage'), 'ScheduleEditorPage');
const ManifestPage = page(() => import('./pages/seller/departure/ManifestPage'), 'ManifestPage');
const BoardingPage = page(() => import('./pages/seller/departure/BoardingPage'), 'BoardingPage');
const AddExcursionPage = page(() => import('./pages/excursion-form/AddExcursionPage'), 'AddExcursionPage');
const EditExcursionPage = page(() => import('./pages/excursion-form/EditExcursionPage'), 'EditExcursionPage');
const BookingPage = page(() => import('./pages/booking/BookingPage'), 'BookingPage');
const PaymentPage = page(() => import('./pages/payment/PaymentPage'), 'PaymentPage');
const SuccessPage = page(() => import('./pages/payment/SuccessPage'), 'SuccessPage');
const TicketsPage = page(() => import('./pages/tickets/TicketsPage'), 'TicketsPage');
const TicketPage = page(() => import('./pages/tickets/TicketPage'), 'TicketPage');
const ReviewPage = page(() => import('./pages/reviews/ReviewPage'), 'ReviewPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** The four category routes of SPEC §2; the page reads which one from the path. */
export const CATEGORY_PATHS = ['castles', 'seawalks', 'parks', 'mountains'] as const;

/** Every screen under the shell (SPEC §2). */
const ROUTES = (
  <Route element={<Shell />}>
    <Route index element={<HomePage />} />
    <Route path="excursions" element={<ExcursionsPage />} />
    {CATEGORY_PATHS.map((slug) => (
      <Route key={slug} path={`excursions/${slug}`} element={<CategoryPage />} />
    ))}
    <Route path="excursions/date" element={<ExcursionsByDatePage />} />
    <Route path="excursion/:id" element={<ExcursionPage />} />
    <Route path="schedule" element={<SchedulePage />} />
    <Route path="stories" element={<StoriesPage />} />
    <Route path="place/:id" element={<PlacePage />} />
    <Route path="city/:id" element={<CityPage />} />
    <Route path="about" element={<AboutPage />} />
    <Route path="profile/login" element={<LoginPage />} />
    <Route path="profile/login/:refId" element={<LoginPage />} />
    <Route element={<RequireAuth />}>
      <Route path="favorite" element={<FavoritesPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="profile/account" element={<AccountPage />} />
      <Route path="profile/wallet" element={<WalletPage />} />
      <Route path="profile/contacts" element={<ContactsPage />} />
      <Route path="profile/certificates" element={<CertificatesPage />} />
      <Route path="profile/faq" element={<FaqPage />} />
      <Route path="profile/admin-panel" element={<AdminPanelPage />} />
      <Route path="profile/myexcursions" element={<MyExcursionsPage />} />
      <Route path="profile/myexcursion/:id" element={<SellerExcursionPage />} />
      <Route path="profile/schedule/:id" element={<ScheduleEditorPage />} />
      <Route path="profile/departure/:tourId" element={<ManifestPage />} />
      <Route path="profile/departure/:tourId/boarding" element={<BoardingPage />} />
      <Route path="profile/addexcursion" element={<AddExcursionPage />} />
      <Route path="profile/edit/:id" element={<EditExcursionPage />} />
      <Route path="booking/:id" element={<BookingPage />} />
      <Route path="payment" element={<PaymentPage />} />
      <Route path="success" element={<SuccessPage />} />
      <Route path="profile/tickets" element={<TicketsPage />} />
      <Route path="profile/tickets/ticket/:id" element={<TicketPage />} />
      <Route path="profile/tickets/ticket/:id/review" element={<ReviewPage />} />
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function App() {
  return (
    <BrowserRouter>
      <Routes>{ROUTES}</Routes>
    </BrowserRouter>
  );
}

/** Every screen's routes, for the server's rendering of a first screen (ssr/render.tsx). */
export function AppRoutes() {
  return <Routes>{ROUTES}</Routes>;
}

/**
 * Starts loading the code of the screen at `pathname` before the first render, so it is fetched while
 * the entry still runs instead of after React reaches the screen.
 */
export function preloadRoute(pathname: string): void {
  void loadRoute(pathname).catch(() => undefined);
}

/** Loads the code of the screen at `pathname`; resolves when it has loaded. */
export async function loadRoute(pathname: string): Promise<void> {
  const loads = (matchRoutes(createRoutesFromChildren(ROUTES), pathname) ?? []).map(({ route }) => {
    const type = (route.element as { type?: { preload?: () => Promise<unknown> } } | undefined)?.type;
    return type?.preload?.();
  });
  await Promise.all(loads);
}
