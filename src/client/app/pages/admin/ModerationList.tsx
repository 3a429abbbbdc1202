import './moderation.css';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../domain/phone';
import type { ModerationItem as QueueItem } from '../../../../protocol/moderation';
import { moderateExcursion, pendingExcursions } from '../../../commands/excursions';
import { MediaImage } from '../../components/MediaImage';
import { telHref } from '../../components/moderation/contact';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { ModerationHistory } from '../../components/moderation/ModerationHistory';
import { useReplica } from '../../hooks/replica';
import { MODERATION_REVIEW as REVIEW } from './moderation-strings';
import { MODERATION as TEXT } from './strings';

type ListState =
  { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; excursions: QueueItem[] };

type Decision = { publish: true } | { publish: false; reason: string };

/**
 * The admin's moderation queue: sellers' new and resubmitted excursions wait here, oldest submission
 * first as the server orders them, until an admin publishes them or refuses them with a reason the
 * seller sees. Each card names the seller with a phone to call and an address to write to. It is an
 * online list: the decision must reach the server before anyone else sees it.
 */
export function ModerationList() {
  const db = useReplica();
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const headingId = useId();

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const outcome = await pendingExcursions({ db });
    if (outcome.ok) setState({ phase: 'ready', excursions: outcome.value });
    else
      setState({
        phase: 'failed',
        message: outcome.offline ? TEXT.networkError : (outcome.error ?? TEXT.loadFailed),
      });
  }, [db]);

  useEffect(() => {
    void load();
  }, [load]);

  async function decide(excursion: QueueItem, decision: Decision): Promise<boolean> {
    setMessage(null);
    const outcome = await moderateExcursion({ db }, excursion._id, decision);
    if (!outcome.ok) {
      setMessage({
        text: outcome.offline ? TEXT.networkError : (outcome.error ?? TEXT.actionFailed),
        ok: false,
      });
      return false;
    }
    setState((current) =>
      current.phase === 'ready'
        ? { ...current, excursions: current.excursions.filter((e) => e._id !== excursion._id) }
        : current,
    );
    setMessage({
      text: decision.publish ? TEXT.published(excursion.title) : TEXT.rejected(excursion.title),
      ok: true,
    });
    return true;
  }

  return (
    <section className="moderation" aria-labelledby={headingId}>
      <div className="moderation-head">
        <h2 id={headingId}>{TEXT.title}</h2>
        <button type="button" className="moderation-refresh" onClick={() => void load()}>
          {TEXT.refresh}
        </button>
      </div>
      <p className="moderation-lead">{TEXT.lead}</p>
      {message &&
        (message.ok ? (
          <p className="admin-message admin-success" role="status">
            {message.text}
          </p>
        ) : (
          <p className="admin-message admin-error" role="alert">
            {message.text}
          </p>
        ))}
      {state.phase === 'loading' && <p role="status">{TEXT.loading}</p>}
      {state.phase === 'failed' && (
        <p className="admin-message admin-error" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'ready' &&
        (state.excursions.length === 0 ? (
          <p className="moderation-empty" role="status">
            {TEXT.empty}
          </p>
        ) : (
          <ul className="moderation-list" aria-label={TEXT.title}>
            {state.excursions.map((excursion) => (
              <ModerationItem key={excursion._id} excursion={excursion} onDecide={decide} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function ModerationItem({
  excursion,
  onDecide,
}: {
  excursion: QueueItem;
  onDecide: (excursion: QueueItem, decision: Decision) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const reasonId = useId();
  const titleId = useId();

  async function run(decision: Decision) {
    setBusy(true);
    const done = await onDecide(excursion, decision);
    // A decided item leaves the list; only a failed one is still here to update.
    if (!done) setBusy(false);
  }

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setReasonError(true);
      return;
    }
    void run({ publish: false, reason: text });
  };

  return (
    <li className="moderation-item" aria-labelledby={titleId}>
      <div className="moderation-card">
        <MediaImage id={excursion.images[0]} alt="" width={112} height={84} className="moderation-cover" />
        <div className="moderation-text">
          <h3 id={titleId}>{excursion.title}</h3>
          <p>{excursion.city}</p>
          <p>{REVIEW.submittedAt(crimeaDisplayDate(excursion.review.submittedAt))}</p>
          <Link to={`/excursion/${excursion._id}`}>{TEXT.view}</Link>
        </div>
      </div>
      <SellerContacts seller={excursion.review.seller} />
      <ModerationHistory history={excursion.review.history} compact />
      {rejecting ? (
        <form className="moderation-reject" noValidate onSubmit={submitReject}>
          <label htmlFor={reasonId}>{TEXT.reason}</label>
          <textarea
            id={reasonId}
            rows={2}
            value={reason}
            placeholder={TEXT.reasonPlaceholder}
            aria-invalid={reasonError}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            autoFocus
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(false);
            }}
          />
          {reasonError && (
            <p className="moderation-field-error" id={`${reasonId}-error`} role="alert">
              {TEXT.reasonRequired}
            </p>
          )}
          <div className="moderation-actions">
            <button type="button" className="button moderation-secondary" onClick={() => setRejecting(false)}>
              {TEXT.cancel}
            </button>
            <button type="submit" className="button moderation-danger" disabled={busy}>
              {busy ? TEXT.working : TEXT.reject}
            </button>
          </div>
        </form>
      ) : (
        <div className="moderation-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run({ publish: true })}
          >
            {busy ? TEXT.working : TEXT.publish}
          </button>
          <button
            type="button"
            className="button moderation-secondary"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            {TEXT.reject}
          </button>
        </div>
      )}
    </li>
  );
}

/** Who submitted the excursion and how to reach them: a tap calls, another writes. */
function SellerContacts({ seller }: { seller: QueueItem['review']['seller'] }) {
  const phone = formatPhone(seller.phone);
  return (
    <div className="moderation-seller" role="group" aria-label={REVIEW.seller}>
      <p className="moderation-seller-name">
        <span>{REVIEW.seller}</span>
        <strong>{REVIEW.sellerName(seller.name, seller.surname, seller.id)}</strong>
      </p>
      <div className="moderation-contacts">
        {phone ? (
          <a className="moderation-contact" href={telHref(seller.phone)} aria-label={REVIEW.call(phone)}>
            {phone}
          </a>
        ) : (
          <span className="moderation-contact moderation-contact--none">{REVIEW.noPhone}</span>
        )}
        {seller.email && (
          <a
            className="moderation-contact"
            href={`mailto:${seller.email}`}
            aria-label={REVIEW.write(seller.email)}
          >
            {seller.email}
          </a>
        )}
      </div>
    </div>
  );
}
