import { useLocation } from 'react-router-dom';
import { APP_NAME, STATUS } from '../strings';
import { screenTitle } from './titles';

/**
 * A screen whose code could not be fetched (offline on a first visit, before the service worker has
 * stored the app), under the screen's name. The screen opens by itself once its code arrives
 * (components/lazy-component.tsx, until-loaded.ts).
 */
export function ScreenAwaitsNetwork() {
  const { pathname } = useLocation();
  return (
    <section className="empty-state" role="status">
      <h1>{screenTitle(pathname) || APP_NAME}</h1>
      <p>{STATUS.screenAwaitsNetwork}</p>
    </section>
  );
}
