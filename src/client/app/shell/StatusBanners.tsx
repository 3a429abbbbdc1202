import { useReplica } from '../hooks/replica';
import { useSyncStatus, useUnseenRejections } from '../hooks/status';
import { STATUS } from '../strings';

/**
 * The offline indicator, a full-storage warning (never swallowed), and the message for an offline
 * change the server refused and that was therefore rolled back.
 */
export function StatusBanners() {
  const db = useReplica();
  const status = useSyncStatus();
  const rejections = useUnseenRejections();
  const latest = rejections.at(-1);
  return (
    <>
      {!status.online && (
        <div className="banner banner-offline" role="status">
          {STATUS.offline}
        </div>
      )}
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
