import { useEffect, useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { APP_NAME, PAGE_TITLES as T } from '../strings';

// Every screen's document title, from its route (App.tsx), so a tab, a history entry, a bookmark and a
// screen reader's announcement of a navigation each name the screen. The shell sets a route's title on
// every navigation; a screen about one thing adds the thing's name once its replica row is read.

interface RouteTitle {
  path: string;
  title: string;
  /** The title once the screen knows the name of what it shows. */
  named?: (name: string) => string;
}

/** In App.tsx's order; the first pattern matching the whole path wins. */
const ROUTE_TITLES: readonly RouteTitle[] = [
  { path: '/', title: '' },
  { path: '/excursions', title: T.excursions },
  { path: '/excursions/castles', title: T.castles },
  { path: '/excursions/seawalks', title: T.seawalks },
  { path: '/excursions/parks', title: T.parks },
  { path: '/excursions/mountains', title: T.mountains },
  { path: '/excursions/date', title: T.byDate },
  { path: '/excursion/:id', title: T.excursion, named: T.named },
  { path: '/schedule', title: T.schedule },
  { path: '/stories', title: T.stories },
  { path: '/place/:id', title: T.place, named: T.named },
  { path: '/city/:id', title: T.city, named: T.named },
  { path: '/about', title: T.about },
  { path: '/profile/login/:refId?', title: T.login },
  { path: '/favorite', title: T.favorite },
  { path: '/profile', title: T.profile },
  { path: '/profile/account', title: T.account },
  { path: '/profile/wallet', title: T.wallet },
  { path: '/profile/contacts', title: T.contacts },
  { path: '/profile/certificates', title: T.certificates },
  { path: '/profile/faq', title: T.faq },
  { path: '/profile/admin-panel', title: T.adminPanel },
  { path: '/profile/myexcursions', title: T.myExcursions },
  { path: '/profile/myexcursion/:id', title: T.myExcursion },
  { path: '/profile/schedule/:id', title: T.tourSchedule },
  { path: '/profile/departure/:tourId', title: T.departure },
  { path: '/profile/departure/:tourId/boarding', title: T.boarding },
  { path: '/profile/addexcursion', title: T.addExcursion },
  { path: '/profile/edit/:id', title: T.editExcursion },
  { path: '/booking/:id', title: T.booking },
  { path: '/payment', title: T.payment },
  { path: '/success', title: T.success },
  { path: '/profile/tickets', title: T.tickets },
  { path: '/profile/tickets/ticket/:id', title: T.ticket, named: T.ticketFor },
  { path: '/profile/tickets/ticket/:id/review', title: T.review },
];

/**
 * The document title of the screen at `pathname`: the app's name alone on the home screen, else the
 * screen's title (with `name`, on a screen about one named thing) followed by the app's name.
 */
export function documentTitle(pathname: string, name?: string): string {
  const title = screenTitle(pathname, name);
  return title === '' ? APP_NAME : `${title} — ${APP_NAME}`;
}

/** The title of the screen at `pathname` (with `name`, on a screen about one named thing); '' for home. */
export function screenTitle(pathname: string, name?: string): string {
  const route = ROUTE_TITLES.find(({ path }) => matchPath(path, pathname));
  if (!route) return T.notFound;
  return name && route.named ? route.named(name) : route.title;
}

/**
 * Sets the route's title on every navigation. A layout effect: it runs before the screen's own
 * effects (useDocumentTitle), so the named title a screen sets at once is not overwritten.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}

/** Names the screen's subject in the document title once it is known (undefined while it is not). */
export function useDocumentTitle(name: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (name) document.title = documentTitle(pathname, name);
  }, [pathname, name]);
}
