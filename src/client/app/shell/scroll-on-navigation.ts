import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigationType } from 'react-router-dom';

/**
 * Where a screen was left: its scroll position and, when a link was in the middle of the screen,
 * that link and its distance from the top of the screen. The link is what a person looked at: the
 * list drawn again on Back may differ above it by a few pixels (a card not yet laid out keeps an
 * estimated height), and the link is put back where it was.
 */
interface Place {
  top: number;
  anchor?: { href: string; nth: number; offset: number };
}

/**
 * How long a restored place is pursued after the page last grew: a list draws its cards a batch per
 * idle moment, and on a busy phone those moments come up to half a second apart.
 */
const RESTORE_QUIET_MS = 3_000;
/** The longest pursuit, however the page grows: past it the page stays where it is. */
const RESTORE_MAX_MS = 15_000;
/**
 * How long a reached place is held: the cards that come near the screen there are laid out in the
 * next frames, and their real heights replace the estimated ones above the link.
 */
const HOLD_MS = 500;
/** A person's own scrolling ends the pursuit: the app never pulls the page from under a finger. */
const USER_SCROLL = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * SPEC §2: the shell scrolls to the top on every navigation forward (a link, a redirect), and Back or
 * Forward returns to where that screen was left, as a browser does between documents. Not on the first
 * screen: the page has just loaded, and a tourist may already be reading and scrolling the server's
 * drawing of it. Returns whether the app has navigated since its first screen.
 *
 * The places are the app's own (the browser's restoration is turned off while the app runs): the
 * browser restores at once, before the screen it returns to has been drawn, so a long list comes back
 * at its top. A list draws its cards as they near the screen (ExcursionCardList), so the place is
 * pursued frame by frame while the list grows back to it.
 */
export function useScrollOnNavigation(key: string, pathname: string): boolean {
  const navigationType = useNavigationType();
  const places = useRef(new Map<string, Place>());
  const current = useRef(key);
  const shownPath = useRef(pathname);
  const [navigated, setNavigated] = useState(false);

  useEffect(() => {
    let anchorFrame = 0;
    const remember = () => {
      const entry = current.current;
      const top = window.scrollY;
      // The link is looked up once a frame, not per scroll event; until then the last one stands,
      // moved on the screen by the scroll since.
      const last = places.current.get(entry);
      const anchor = last?.anchor && { ...last.anchor, offset: last.anchor.offset - (top - last.top) };
      places.current.set(entry, { top, anchor });
      if (anchorFrame) return;
      anchorFrame = requestAnimationFrame(() => {
        anchorFrame = 0;
        const place = places.current.get(entry);
        if (place && current.current === entry) place.anchor = linkInView();
      });
    };
    // A reload, or leaving for another site, is the browser's to restore: it is a document of its own.
    const leave = () => (history.scrollRestoration = 'auto');
    const stay = () => (history.scrollRestoration = 'manual');
    stay();
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', stay);
    return () => {
      cancelAnimationFrame(anchorFrame);
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
    const saved = navigationType === 'POP' ? places.current.get(key) : undefined;
    if (!saved?.top) {
      window.scrollTo(0, 0);
      return;
    }
    return pursue(saved);
  }, [key, pathname, navigationType]);

  return navigated;
}

/**
 * The link of what is in the middle of the screen (a card's picture belongs to the card, whose link
 * is beside it), inside the page and not the bars, and how far down the screen it is.
 */
function linkInView(): Place['anchor'] {
  const main = document.querySelector('main');
  let node = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  for (; node && node !== main && main?.contains(node); node = node.parentElement) {
    const link = node.matches('a[href]') ? node : node.querySelector('a[href]');
    const href = link?.getAttribute('href');
    if (!link || !href) continue;
    // The same address may be linked twice on a screen (a row of favourites above the list).
    const nth = [...linksTo(href)].indexOf(link);
    return { href, nth, offset: link.getBoundingClientRect().top };
  }
  return undefined;
}

const linksTo = (href: string) => document.querySelectorAll(`main a[href="${CSS.escape(href)}"]`);

/** The scroll position that puts the place's link where it was, once the link is on the page. */
function anchoredTop(place: Place): number | undefined {
  const { anchor } = place;
  if (!anchor) return place.top;
  const link = linksTo(anchor.href)[anchor.nth];
  if (!link) return undefined;
  return window.scrollY + link.getBoundingClientRect().top - anchor.offset;
}

/**
 * Scrolls to the place each frame until it has held there for HOLD_MS, a person scrolls, or the page
 * has not grown for RESTORE_QUIET_MS (RESTORE_MAX_MS at most).
 */
function pursue(place: Place): () => void {
  const start = performance.now();
  let grewAt = start;
  let reachedAt: number | undefined;
  let height = document.documentElement.scrollHeight;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL) window.removeEventListener(type, stop);
  };
  const step = () => {
    const target = anchoredTop(place);
    // Until its link is drawn, the place's own position brings the list's drawing near it.
    window.scrollTo(0, target ?? place.top);
    const now = performance.now();
    const grown = document.documentElement.scrollHeight;
    if (grown !== height) [height, grewAt] = [grown, now];
    const reached = target !== undefined && Math.abs(window.scrollY - target) < 1;
    reachedAt = reached ? (reachedAt ?? now) : undefined;
    const held = reachedAt !== undefined && now - reachedAt >= HOLD_MS;
    const given = now - grewAt > RESTORE_QUIET_MS || now - start > RESTORE_MAX_MS;
    if (held || given) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of USER_SCROLL) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}
