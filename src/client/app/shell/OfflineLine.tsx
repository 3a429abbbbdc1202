import { useOnline } from '../hooks/online';
import { STATUS } from '../strings';

/** The line that says the app shows what it stored because there is no network. */
export function OfflineLine() {
  return (
    <div className="banner banner-offline" role="status">
      {STATUS.offline}
    </div>
  );
}

/**
 * The line on the browser's own word, in the shell's first code: a phone that loses its network before
 * the status parts' chunk has arrived still says so. The replica's word (a request that failed while
 * the browser believed itself online) is shown by StatusBanners.
 */
export function BrowserOfflineLine() {
  return useOnline() ? null : <OfflineLine />;
}
