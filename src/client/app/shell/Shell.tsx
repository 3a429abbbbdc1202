import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { lazyComponent } from '../components/lazy-component';
import { firstScreenDrawn } from '../first-screen';
import { spreadModulePreloads } from '../spread-preloads';
import { PwaToastSlot } from '../pwa/PwaToastSlot';
import { Footer } from './Footer';
import { BrowserOfflineLine } from './OfflineLine';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { useScrollOnNavigation } from './scroll-on-navigation';
import { useRouteTitle } from './titles';
import { TopBar } from './TopBar';

// The status pieces read the replica; they load with Dexie just after the first paint.
// The status banners and the connection widget follow the first screen (first-screen.ts): on a cold
// start their chunks and replica reads would come between the screen and its data.
const StatusBanners = lazyComponent(async () => {
  await firstScreenDrawn();
  return (await spreadModulePreloads(() => import('./StatusBanners'))).StatusBanners;
});
const ConnectionWidget = lazyComponent(async () => {
  await firstScreenDrawn();
  return (await spreadModulePreloads(() => import('./ConnectionWidget'))).ConnectionWidget;
});
const KeepStaffScreens = lazyComponent(async () => {
  await firstScreenDrawn();
  return (await spreadModulePreloads(() => import('./KeepStaffScreens'))).KeepStaffScreens;
});

/** The frame of every screen: top bar, page, footer and the bottom tab menu. */
export function Shell() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useRouteTitle();

  const navigated = useScrollOnNavigation(location.key, location.pathname);
  useEffect(() => {
    if (!navigated) return;
    document.documentElement.classList.remove('handoff');
    setMenuOpen(false);
  }, [navigated, location.pathname]);

  return (
    <div className="shell">
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} menuButton={menuButton} />
      <SideMenu open={menuOpen} onClose={closeMenu} toggle={menuButton} />
      <BrowserOfflineLine />
      <StatusBanners />
      {/* Keyed by path so the 0.15 s page transition replays on each navigation. */}
      <main className="page" key={location.pathname}>
        {/* Screens load without suspending (components/lazy-component); a lazy part inside one (a date
            picker, search results) suspends here, inside the frame, so the shell never blinks. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ConnectionWidget />
      <KeepStaffScreens />
      <TabBar />
      <PwaToastSlot />
    </div>
  );
}
