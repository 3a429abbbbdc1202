import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReplicaExcursion } from '../../../../domain/types';
import type { ModerationEvent, OwnRevision } from '../../../../protocol/moderation';
import { moderationHistory, ownRevision, resubmitExcursion } from '../../../commands/excursions';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { ModerationHistory } from '../../components/moderation/ModerationHistory';
import { lazyComponent } from '../../components/lazy-component';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { REVISION_NOTICE, SELLER_EXCURSION as TEXT } from './strings';

// A revision is read online only, so its diff is code the seller's phone fetches when one is shown:
// it is built with the admin's screens, out of the precache (vite.config.ts).
const RevisionDiff = lazyComponent(() =>
  import('../../components/moderation/RevisionDiff').then((module) => module.RevisionDiff),
);

type Message = { text: string; ok: boolean };

/**
 * A refused excursion on the seller excursion page says why and offers to send it back to the
 * admin's queue. Sending is an online call; its answer goes into the replica, so the badge turns to
 * 'На проверке' at once and this notice gives way to a confirmation.
 */
export function ResubmitNotice({ excursion }: { excursion: ReplicaExcursion }) {
  const db = useReplica();
  const online = useOnline();
  const status = excursion.moderation?.status ?? 'published';
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const titleId = useId();

  async function resubmit() {
    setBusy(true);
    setMessage(null);
    const outcome = await resubmitExcursion({ db }, excursion._id);
    setBusy(false);
    if (outcome.ok) setMessage({ text: TEXT.resubmitted, ok: true });
    else
      setMessage({
        text: outcome.offline ? TEXT.resubmitOffline : (outcome.error ?? TEXT.resubmitFailed),
        ok: false,
      });
  }

  const reason = excursion.moderation?.reason.trim() ?? '';
  return (
    <>
      {status === 'rejected' && (
        <section className="seller-rejected" aria-labelledby={titleId}>
          <h3 id={titleId}>{TEXT.rejectedTitle}</h3>
          {reason && (
            <p className="seller-rejected-reason">
              <span>{TEXT.rejectedReason}</span>
              <strong>{reason}</strong>
            </p>
          )}
          <p className="seller-rejected-hint">{TEXT.rejectedHint}</p>
          {!online && !message && <p className="seller-rejected-offline">{TEXT.resubmitOffline}</p>}
          {message && !message.ok && (
            <p className="seller-rejected-error" role="alert">
              {message.text}
            </p>
          )}
          <button
            type="button"
            className="button seller-resubmit"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void resubmit()}
          >
            {busy ? TEXT.resubmitting : TEXT.resubmit}
          </button>
        </section>
      )}
      {message?.ok && status === 'pending' && (
        <p className="seller-note seller-note--ok" role="status">
          {message.text}
        </p>
      )}
    </>
  );
}

/** The excursion's review history, when the server can be asked for it; nothing otherwise. */
export function ReviewHistory({ excursion }: { excursion: ReplicaExcursion }) {
  const online = useOnline();
  const history = useHistory(excursion._id, excursion.moderation?.status ?? 'published', online);
  if (!history || history.length === 0) return null;
  return (
    <div className="seller-history">
      <ModerationHistory history={history} />
    </div>
  );
}

/**
 * The review history, asked of the server while online and again whenever the review status changes
 * (a resubmission here, an admin's decision arriving through sync). Offline or refused, it stays
 * hidden: the page works without it.
 */
function useHistory(id: string, status: string, online: boolean): ModerationEvent[] | null {
  const db = useReplica();
  const [history, setHistory] = useState<ModerationEvent[] | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void moderationHistory({ db }, id).then((outcome) => {
      if (live && outcome.ok) setHistory(outcome.value);
    });
    return () => {
      live = false;
    };
  }, [db, id, status, online]);
  return online ? history : null;
}

/**
 * A published excursion's changes waiting for review or refused with the admin's reason, with what
 * they change against the live listing: the seller sees which version the catalogue shows and which
 * waits. Asked of the server while online, again when the live excursion changes (an approval arriving
 * through sync) and when the page comes back into view; offline or refused, it stays hidden.
 */
export function RevisionNotice({ excursion }: { excursion: ReplicaExcursion }) {
  const online = useOnline();
  const published = excursion.moderation === undefined;
  const revision = useOwnRevision(excursion, online && published);
  const titleId = useId();
  if (!online || !published || !revision) return null;
  const pending = revision.status === 'pending';
  return (
    <section
      className={`seller-revision seller-revision--${revision.status}`}
      aria-labelledby={titleId}
      data-testid="seller-revision"
    >
      <h3 id={titleId}>
        {pending ? REVISION_NOTICE.pendingTitle : REVISION_NOTICE.rejected(revision.reason.trim())}
      </h3>
      {pending && <p>{REVISION_NOTICE.pendingSent(crimeaDisplayDate(revision.submittedAt))}</p>}
      <p>{pending ? REVISION_NOTICE.pendingHint : REVISION_NOTICE.rejectedHint}</p>
      <RevisionDiff live={excursion} proposed={revision.proposed} />
      {!pending && (
        <Link className="button seller-resubmit" to={`/profile/edit/${excursion._id}`}>
          {REVISION_NOTICE.edit}
        </Link>
      )}
    </section>
  );
}

function useOwnRevision(excursion: ReplicaExcursion, enabled: boolean): OwnRevision | null {
  const db = useReplica();
  const [revision, setRevision] = useState<OwnRevision | null>(null);
  const [visits, setVisits] = useState(0);
  // The live content as a key: a decision arriving through sync changes it and asks again.
  const liveKey = JSON.stringify(excursion);
  const id = excursion._id;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setVisits((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void ownRevision({ db }, id).then((outcome) => {
      if (live && outcome.ok) setRevision(outcome.value);
    });
    return () => {
      live = false;
    };
  }, [db, id, liveKey, enabled, visits]);
  return enabled ? revision : null;
}
