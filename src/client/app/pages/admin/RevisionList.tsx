import './moderation.css';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../domain/phone';
import type { ModerationSeller, RevisionItem } from '../../../../protocol/moderation';
import { decideRevision, pendingRevisions } from '../../../commands/excursions';
import { MediaImage } from '../../components/MediaImage';
import { telHref } from '../../components/moderation/contact';
import { crimeaDisplayDate } from '../../components/moderation/history';
import { RevisionDiff } from '../../components/moderation/RevisionDiff';
import { useReplica } from '../../hooks/replica';
import { MODERATION_REVIEW as REVIEW, REVISIONS as TEXT } from './moderation-strings';

type ListState =
  { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; revisions: RevisionItem[] };

type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The admin's queue of published excursions' changes: the catalogue keeps the live version until an
 * admin publishes the changes or refuses them with a reason the seller sees. Each card shows what
 * changes ('Поле / Было / Стало') and the seller with a phone to call and an address to write to. It
 * is an online list: the decision must reach the server before anyone else sees it.
 */
export function RevisionList() {
  const db = useReplica();
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const headingId = useId();

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const outcome = await pendingRevisions({ db });
    if (outcome.ok) setState({ phase: 'ready', revisions: outcome.value });
    else
      setState({
        phase: 'failed',
        message: outcome.offline ? TEXT.networkError : (outcome.error ?? TEXT.loadFailed),
      });
  }, [db]);

  useEffect(() => {
    void load();
  }, [load]);

  async function decide(item: RevisionItem, decision: Decision): Promise<boolean> {
    setMessage(null);
    const outcome = await decideRevision({ db }, item.live._id, decision);
    if (!outcome.ok) {
      setMessage({
        text: outcome.offline ? TEXT.networkError : (outcome.error ?? TEXT.actionFailed),
        ok: false,
      });
      return false;
    }
    setState((current) =>
      current.phase === 'ready'
        ? { ...current, revisions: current.revisions.filter((r) => r.live._id !== item.live._id) }
        : current,
    );
    const title = decision.approve ? item.proposed.title : item.live.title;
    setMessage({ text: decision.approve ? TEXT.approved(title) : TEXT.rejected(title), ok: true });
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
        (state.revisions.length === 0 ? (
          <p className="moderation-empty" role="status">
            {TEXT.empty}
          </p>
        ) : (
          <ul className="moderation-list" aria-label={TEXT.title}>
            {state.revisions.map((item) => (
              <RevisionCard key={item.live._id} item={item} onDecide={decide} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function RevisionCard({
  item,
  onDecide,
}: {
  item: RevisionItem;
  onDecide: (item: RevisionItem, decision: Decision) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const reasonId = useId();
  const titleId = useId();
  const { live, proposed } = item;

  async function run(decision: Decision) {
    setBusy(true);
    const done = await onDecide(item, decision);
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
    void run({ approve: false, reason: text });
  };

  return (
    <li className="moderation-item" aria-labelledby={titleId}>
      <div className="moderation-card">
        <MediaImage id={live.images[0]} alt="" width={112} height={84} className="moderation-cover" />
        <div className="moderation-text">
          <h3 id={titleId}>{live.title}</h3>
          <p>{live.city}</p>
          <p>{TEXT.submittedAt(crimeaDisplayDate(item.submittedAt))}</p>
          <Link to={`/excursion/${live._id}`}>{TEXT.view}</Link>
        </div>
      </div>
      <SellerContacts seller={item.seller} />
      <RevisionDiff live={live} proposed={proposed} />
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
            onClick={() => void run({ approve: true })}
          >
            {busy ? TEXT.working : TEXT.approve}
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

/** Who changed the excursion and how to reach them: a tap calls, another writes. */
function SellerContacts({ seller }: { seller: ModerationSeller }) {
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
