import { Link, matchPath, useLocation } from 'react-router-dom';
import { SHELL, TABS } from '../strings';
import { Icon } from './icons';

type TabPath = (typeof TABS)[number]['to'];

/**
 * The screens each tab stands for, beyond its own path (SPEC §2 routes): an excursion and the purchase
 * started from it belong to Экскурсии, a historical place and a destination to Истории (the list of
 * both), favourites, tickets and the rest of a person's own screens to Профиль. A screen in none of them
 * (О нас, a missing page) highlights no tab.
 */
const TAB_SECTIONS: Record<TabPath, readonly string[]> = {
  '/': [],
  '/excursions': ['/excursions/*', '/excursion/:id', '/booking/:id', '/payment', '/success'],
  '/schedule': [],
  '/stories': ['/place/:id', '/city/:id'],
  '/profile': ['/profile/*', '/favorite'],
};

/**
 * The tab of the screen at `pathname`: 'page' when it is the tab's own screen, 'section' when it is a
 * screen under it, undefined for the other tabs.
 */
export function tabState(tab: TabPath, pathname: string): 'page' | 'section' | undefined {
  if (matchPath(tab, pathname)) return 'page';
  return TAB_SECTIONS[tab].some((pattern) => matchPath(pattern, pathname)) ? 'section' : undefined;
}

/**
 * The bottom tab menu. The tab of the current screen is highlighted (the .active class) and announced:
 * aria-current="page" on the tab's own screen, "true" on a screen under it.
 */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav className="tabbar" aria-label={SHELL.mainNavigation}>
      {TABS.map((tab) => {
        const state = tabState(tab.to, pathname);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={state ? 'tab active' : 'tab'}
            aria-current={state === 'page' ? 'page' : state === 'section' ? 'true' : undefined}
          >
            <Icon name={tab.icon} />
            <span>{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
