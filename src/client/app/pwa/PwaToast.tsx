import { useLayoutEffect, useRef } from 'react';
import { install, dismissInstall } from './install';
import { OfflineReadyLine } from './OfflineReadyLine';
import { applyUpdate } from './register';
import { setPwaState, usePwaState } from './state';
import { PWA } from './strings';
import './pwa.css';

/** The CSS variables the shell reads to make room for the toast under the top bar (pwa.css). */
const HEIGHT_VAR = '--pwa-toast-height';
const BOTTOM_VAR = '--pwa-toast-bottom';

/**
 * SPEC §1 and §4: the service-worker toast ('App ready to work offline', a line that goes by itself
 * (OfflineReadyLine), or 'New content available…' with Reload and Close; Close clears both states)
 * and, when the browser offers one, the install card. It sits under the top bar and the page moves
 * down by its height, so it covers nothing of the page; the update one stays until the person
 * reloads or closes it.
 */
export function PwaToast() {
  const { offlineReady, needRefresh, canInstall } = usePwaState();
  const box = useRef<HTMLDivElement>(null);
  const worker = offlineReady || needRefresh;
  const shown = worker || canInstall;

  // Measured before the browser paints, so the page moves down in the same frame the toast appears
  // (never a frame with the toast over the page), and again when its text wraps differently.
  useLayoutEffect(() => {
    const element = box.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const { height, bottom } = element.getBoundingClientRect();
      root.style.setProperty(HEIGHT_VAR, `${height}px`);
      root.style.setProperty(BOTTOM_VAR, `${bottom}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
      root.style.removeProperty(BOTTOM_VAR);
    };
  }, [shown, worker, needRefresh]);

  if (worker) {
    return (
      // Keyed apart from the install card, so one replacing the other is a new element rather than
      // the same box changing height.
      <div
        key="worker"
        ref={box}
        // The offline-ready line is slim: it comes on a first visit, and the less the page moves for it
        // the less that first visit's layout shifts.
        className={needRefresh ? 'pwa-toast' : 'pwa-toast pwa-toast-slim'}
        role="alert"
        aria-label={PWA.toastLabel}
      >
        {needRefresh ? (
          <>
            <p className="pwa-toast-text">{PWA.needRefresh}</p>
            <div className="pwa-toast-actions">
              <button
                type="button"
                className="pwa-button pwa-button-primary"
                onClick={() => void applyUpdate()}
              >
                {PWA.reload}
              </button>
              <button
                type="button"
                className="pwa-button"
                onClick={() => setPwaState({ offlineReady: false, needRefresh: false })}
              >
                {PWA.close}
              </button>
            </div>
          </>
        ) : (
          <OfflineReadyLine />
        )}
      </div>
    );
  }
  if (!canInstall) return null;
  return (
    <div key="install" ref={box} className="pwa-toast" role="dialog" aria-label={PWA.installTitle}>
      <p className="pwa-toast-text">
        <strong>{PWA.installTitle}</strong>
        <br />
        {PWA.installText}
      </p>
      <div className="pwa-toast-actions">
        <button type="button" className="pwa-button pwa-button-primary" onClick={() => void install()}>
          {PWA.install}
        </button>
        <button type="button" className="pwa-button" onClick={dismissInstall}>
          {PWA.notNow}
        </button>
      </div>
    </div>
  );
}
