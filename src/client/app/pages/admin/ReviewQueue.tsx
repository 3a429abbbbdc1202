import './moderation.css';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPhone } from '../../../../domain/phone';
import type { Excursion } from '../../../../domain/types';
import type { ModerationSeller } from '../../../../protocol/moderation';
import type { Outcome } from '../../../commands/online';
import { MediaImage } from '../../components/MediaImage';
import { telHref } from '../../components/moderation/contact';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { MODERATION_REVIEW as REVIEW, REVIEW_ACTIONS as ACTIONS } from './moderation-strings';

// What the admin's two review queues share (new excursions in ModerationList, changes to published
// ones in RevisionList): the list, the card with the seller to call, and the decision — publish, or
// refuse with a reason the seller sees. The lists are the admin's replica, kept current by the sync
// engine, so they read offline; a decision is an online call, since it must reach the server before
// anyone else sees it. A decided item leaves the list at once; the replica drops it with the next pull.

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

export interface ReviewQueueTexts {
  title: string;
  lead: string;
  loading: string;
  empty: string;
  approve: string;
  reasonPlaceholder: string;
  approved: (title: string) => string;
  rejected: (title: string) => string;
}

export interface ReviewQueueProps<T> {
  texts: ReviewQueueTexts;
  /** The queue as the replica holds it; undefined while it is read or the first sync runs. */
  items: readonly T[] | undefined;
  decide: (
    deps: { db: ReturnType<typeof useReplica> },
    item: T,
    decision: ReviewDecision,
  ) => Promise<Outcome<unknown>>;
  keyOf: (item: T) => string;
  /** The title the answer names once decided (a change approved is named by its new title). */
  titleOf: (item: T, decision: ReviewDecision) => string;
  /** The card above the decision buttons; `titleId` names the list item. */
  card: (item: T, titleId: string) => ReactNode;
}

export function ReviewQueue<T>({ texts, items, decide, keyOf, titleOf, card }: ReviewQueueProps<T>) {
  const db = useReplica();
  const online = useOnline();
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  // Decided here and still in the replica until its pull: hidden meanwhile.
  const [decided, setDecided] = useState<ReadonlySet<string>>(() => new Set());
  const headingId = useId();

  // Once the replica has dropped a decided item, forget it: should it come back (a resubmission), it shows.
  useEffect(() => {
    if (!items || decided.size === 0) return;
    const present = new Set(items.map(keyOf));
    if ([...decided].some((key) => !present.has(key)))
      setDecided((current) => new Set([...current].filter((key) => present.has(key))));
  }, [items, decided, keyOf]);

  const shown = items?.filter((item) => !decided.has(keyOf(item)));

  async function decideItem(item: T, decision: ReviewDecision): Promise<boolean> {
    setMessage(null);
    const outcome = await decide({ db }, item, decision);
    if (!outcome.ok) {
      setMessage({
        text: outcome.offline ? ACTIONS.networkError : (outcome.error ?? ACTIONS.actionFailed),
        ok: false,
      });
      return false;
    }
    const key = keyOf(item);
    setDecided((current) => new Set(current).add(key));
    const title = titleOf(item, decision);
    setMessage({ text: decision.approve ? texts.approved(title) : texts.rejected(title), ok: true });
    return true;
  }

  return (
    <section className="moderation" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <p className="moderation-lead">{texts.lead}</p>
      {!online && <p className="moderation-offline">{ACTIONS.offline}</p>}
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
      {shown === undefined ? (
        <p role="status">{texts.loading}</p>
      ) : shown.length === 0 ? (
        <p className="moderation-empty" role="status">
          {texts.empty}
        </p>
      ) : (
        <ul className="moderation-list" aria-label={texts.title}>
          {shown.map((item) => (
            <ReviewItem
              key={keyOf(item)}
              card={(titleId) => card(item, titleId)}
              texts={texts}
              online={online}
              onDecide={(decision) => decideItem(item, decision)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({
  card,
  texts,
  online,
  onDecide,
}: {
  card: (titleId: string) => ReactNode;
  texts: ReviewQueueTexts;
  /** Decisions are online calls: offline the card reads, its buttons wait for the network. */
  online: boolean;
  onDecide: (decision: ReviewDecision) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const reasonId = useId();
  const titleId = useId();

  async function run(decision: ReviewDecision) {
    setBusy(true);
    const done = await onDecide(decision);
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
      {card(titleId)}
      {rejecting ? (
        <form className="moderation-reject" noValidate onSubmit={submitReject}>
          <label htmlFor={reasonId}>{ACTIONS.reason}</label>
          <textarea
            id={reasonId}
            rows={2}
            value={reason}
            placeholder={texts.reasonPlaceholder}
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
              {ACTIONS.reasonRequired}
            </p>
          )}
          <div className="moderation-actions">
            <button type="button" className="button moderation-secondary" onClick={() => setRejecting(false)}>
              {ACTIONS.cancel}
            </button>
            <button type="submit" className="button moderation-danger" disabled={busy || !online}>
              {busy ? ACTIONS.working : ACTIONS.reject}
            </button>
          </div>
        </form>
      ) : (
        <div className="moderation-actions">
          <button
            type="button"
            className="button"
            disabled={busy || !online}
            onClick={() => void run({ approve: true })}
          >
            {busy ? ACTIONS.working : texts.approve}
          </button>
          <button
            type="button"
            className="button moderation-secondary"
            disabled={busy || !online}
            onClick={() => setRejecting(true)}
          >
            {ACTIONS.reject}
          </button>
        </div>
      )}
    </li>
  );
}

/** A card's head: the cover, the title (naming the list item), the city, a date line and a link. */
export function ReviewCardHead({
  excursion,
  titleId,
  dateLine,
  linkText,
}: {
  excursion: Pick<Excursion, '_id' | 'title' | 'city' | 'images'>;
  titleId: string;
  dateLine: string;
  linkText: string;
}) {
  return (
    <div className="moderation-card">
      <MediaImage id={excursion.images[0]} alt="" width={112} height={84} className="moderation-cover" />
      <div className="moderation-text">
        <h3 id={titleId}>{excursion.title}</h3>
        <p>{excursion.city}</p>
        <p>{dateLine}</p>
        <Link to={`/excursion/${excursion._id}`}>{linkText}</Link>
      </div>
    </div>
  );
}

/** Who sent the excursion or its change and how to reach them: a tap calls, another writes. */
export function SellerContacts({ seller }: { seller: ModerationSeller }) {
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
