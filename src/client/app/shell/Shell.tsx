import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { lazyComponent } from '../components/lazy-component';
import { firstScreenDrawn } from '../first-screen';
import { spreadModulePreloads } from '../spread-preloads';
import { PwaToastSlot } from '../pwa/PwaToastSlot';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
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

/** How long a restored position is pursued while the screen's list grows back under it. */
const RESTORE_MS = 3_000;
/** A person's own scrolling ends the pursuit: the app never pulls the page from under a finger. */
const USER_SCROLL = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * SPEC §2: the shell scrolls to the top on every navigation forward (a link, a redirect), and Back or
 * Forward returns to where that screen was left, as a browser does between documents. Not on the first
 * screen: the page has just loaded, and a tourist may already be reading and scrolling the server's
 * drawing of it. Returns whether the app has navigated since its first screen.
 *
 * The positions are the app's own (the browser's restoration is turned off while the app runs): the
 * browser restores at once, before the screen it returns to has been drawn, so a long list comes back
 * at its top. A list draws its cards as they near the screen (ExcursionCardList), so the position is
 * pursued frame by frame while the list grows back to it.
 */
function useScrollOnNavigation(key: string, pathname: string): boolean {
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(key);
  const shownPath = useRef(pathname);
  const [navigated, setNavigated] = useState(false);

  useEffect(() => {
    const remember = () => positions.current.set(current.current, window.scrollY);
    // A reload, or leaving for another site, is the browser's to restore: it is a document of its own.
    const leave = () => (history.scrollRestoration = 'auto');
    const stay = () => (history.scrollRestoration = 'manual');
    stay();
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', stay);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', stay);
    };
  }, []);

  // Before paint, and before a scroll event can file the new screen's position under the old entry.
  useLayoutEffect(() => {
    current.current = key;
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setNavigated(true);
    const saved = navigationType === 'POP' ? positions.current.get(key) : undefined;
    if (!saved) {
      window.scrollTo(0, 0);
      return;
    }
    return pursue(saved);
  }, [key, pathname, navigationType]);

  return navigated;
}

/** Scrolls to `top` each frame until it is reached, a person scrolls, or RESTORE_MS pass. */
function pursue(top: number): () => void {
  const deadline = performance.now() + RESTORE_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL) window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of USER_SCROLL) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}
