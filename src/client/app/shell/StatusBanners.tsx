import { useOnline } from '../hooks/online';
import { useReplica } from '../hooks/replica';
import { useSyncStatus, useUnseenRejections } from '../hooks/status';
import { STATUS } from '../strings';
import { OfflineLine } from './OfflineLine';

/**
 * The offline indicator when the sync found no network the browser knows of (the browser's own word
 * is BrowserOfflineLine's), a full-storage warning (never swallowed), and the message for an offline
 * change the server refused and that was therefore rolled back.
 */
export function StatusBanners() {
  const browserOnline = useOnline();
  const db = useReplica();
  const status = useSyncStatus();
  const rejections = useUnseenRejections();
  const latest = rejections.at(-1);
  return (
    <>
      {browserOnline && !status.online && <OfflineLine />}
      {status.storageFull && (
        <div className="banner banner-error" role="alert">
          {STATUS.storageFull}
        </div>
      )}
      {latest && (
        <div className="banner banner-error" role="alert">
          <span>
            {STATUS.rejected}: {latest.reason}
          </span>
          <button
            type="button"
            onClick={() => void db.rejections.where('seen').equals(0).modify({ seen: 1 })}
            className="banner-close"
          >
            {STATUS.dismiss}
          </button>
        </div>
      )}
    </>
  );
}
