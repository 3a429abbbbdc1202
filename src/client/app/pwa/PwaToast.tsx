import { install, dismissInstall } from './install';
import { applyUpdate } from './register';
import { setPwaState, usePwaState } from './state';
import { PWA } from './strings';
import './pwa.css';

/**
 * SPEC §1 and §4: the service-worker toast ('App ready to work offline' or 'New content available…',
 * with Reload and Close; Close clears both states) and, when the browser offers one, the install card.
 */
export function PwaToast() {
  const { offlineReady, needRefresh, canInstall } = usePwaState();
  if (offlineReady || needRefresh) {
    return (
      // Keyed apart from the install card, so one replacing the other is a new element rather than
      // the same box changing height and moving (a layout shift).
      <div key="worker" className="pwa-toast" role="alert" aria-label={PWA.toastLabel}>
        <p className="pwa-toast-text">{needRefresh ? PWA.needRefresh : PWA.offlineReady}</p>
        <div className="pwa-toast-actions">
          {needRefresh && (
            <button
              type="button"
              className="pwa-button pwa-button-primary"
              onClick={() => void applyUpdate()}
            >
              {PWA.reload}
            </button>
          )}
          <button
            type="button"
            className="pwa-button"
            onClick={() => setPwaState({ offlineReady: false, needRefresh: false })}
          >
            {PWA.close}
          </button>
        </div>
      </div>
    );
  }
  if (!canInstall) return null;
  return (
    <div key="install" className="pwa-toast" role="dialog" aria-label={PWA.installTitle}>
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
