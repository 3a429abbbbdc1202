import './payment.css';
import './payment-held.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { rememberPayment } from '../../../payments/pending';
import type { CheckoutWidget } from '../../../payments/checkout-api';
import { loadCheckoutWidget } from '../../../payments/widget';
import { paymentConfig } from '../../../commands/booking';
import { PageHeader } from '../../components/PageHeader';
import { useTicket } from '../../hooks/account';
import { HeldTicketsOrMissing } from './HeldTickets';
import { PaymentSummary } from './PaymentSummary';
import { PAYMENT } from './strings';

/** The element the provider's widget draws into (YooKassa's render() takes its id). */
const CONTAINER_ID = 'payment-form';

interface PaymentState {
  ticketId: string;
  confirmationId: string;
}

/** SPEC §2: ticket_id and confirmationid arrive as navigation state from the booking page. */
function readState(state: unknown): PaymentState | null {
  if (!state || typeof state !== 'object') return null;
  const { ticket_id: ticketId, confirmationid: confirmationId } = state as Record<string, unknown>;
  if (typeof ticketId !== 'string' || ticketId === '') return null;
  if (typeof confirmationId !== 'string' || confirmationId === '') return null;
  return { ticketId, confirmationId };
}

/** SPEC §2: the widget returns the buyer to the ticket; the flag lets the ticket say the payment went through. */
function returnPath(ticketId: string): string {
  return `/profile/tickets/ticket/${encodeURIComponent(ticketId)}?from=payment`;
}

/**
 * /payment (SPEC §2 "Payment"): the ticket's summary and the provider's card widget; opened without a
 * booking in hand, the user's held tickets to pay.
 */
export function PaymentPage() {
  const payment = readState(useLocation().state);
  return (
    <div className="payment-page">
      <PageHeader title={PAYMENT.title} />
      {payment ? <Payment key={payment.ticketId} {...payment} /> : <HeldTicketsOrMissing />}
    </div>
  );
}

type Phase = 'loading' | 'ready' | 'offline' | 'failed';

function Payment({ ticketId, confirmationId }: PaymentState) {
  const view = useTicket(ticketId);
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('loading');
  const [attempt, setAttempt] = useState(0);
  const widgetShown = useRef(false);
  const status = view?.ticket.status;
  // A paid or cancelled ticket has nothing left to pay: no widget for it.
  const closed = status === 'confirmed' || status === 'cancelled';

  useEffect(() => rememberPayment(ticketId, confirmationId), [ticketId, confirmationId]);

  // Paid through the widget shown here: the socket may tell the replica before the widget gets its
  // own answer, and tearing the widget down would lose its redirect, so this page goes on itself.
  useEffect(() => {
    if (status === 'confirmed' && widgetShown.current) navigate(returnPath(ticketId), { replace: true });
  }, [status, ticketId, navigate]);

  useEffect(() => {
    if (closed) return;
    let cancelled = false;
    let widget: CheckoutWidget | null = null;
    setPhase('loading');
    const mount = async () => {
      const config = await paymentConfig();
      if (cancelled) return;
      if (!config.ok) return setPhase(config.offline ? 'offline' : 'failed');
      const Widget = await loadCheckoutWidget(config.value.provider, config.value.widgetUrl);
      if (cancelled) return;
      widget = new Widget({
        confirmation_token: confirmationId,
        return_url: `${window.location.origin}${returnPath(ticketId)}`,
        error_callback: (error) => {
          console.warn('The payment widget failed', error);
          if (!cancelled) setPhase('failed');
        },
      });
      setPhase('ready');
      widgetShown.current = true;
      await widget.render(CONTAINER_ID);
    };
    mount().catch((error: unknown) => {
      console.warn('The payment form was not shown', error);
      if (!cancelled) setPhase(navigator.onLine ? 'failed' : 'offline');
    });
    return () => {
      cancelled = true;
      widget?.destroy();
    };
  }, [ticketId, confirmationId, closed, attempt]);

  // Back online: try again by itself, the person only has to wait (the seats are held meanwhile).
  useEffect(() => {
    if (phase !== 'offline') return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [phase]);

  const retryButton = (
    <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
      {PAYMENT.retry}
    </button>
  );

  return (
    <>
      {view && <PaymentSummary view={view} />}
      {status === 'confirmed' && (
        <section className="payment-note" role="status">
          <p>{PAYMENT.paid}</p>
          <Link className="button" to={`/profile/tickets/ticket/${encodeURIComponent(ticketId)}`}>
            {PAYMENT.openTicket}
          </Link>
        </section>
      )}
      {status === 'cancelled' && (
        <section className="payment-note payment-note-error" role="alert">
          <p>{PAYMENT.cancelled}</p>
          {view?.excursion && (
            <Link className="button" to={`/booking/${encodeURIComponent(view.excursion._id)}`}>
              {PAYMENT.bookAgain}
            </Link>
          )}
        </section>
      )}
      {!closed && (
        <>
          {phase !== 'offline' && <p className="payment-hold">{PAYMENT.hold}</p>}
          {phase === 'loading' && (
            <p className="payment-loading" role="status">
              {PAYMENT.loading}
            </p>
          )}
          {phase === 'offline' && (
            <section className="payment-note payment-note-offline" role="alert">
              <p>{PAYMENT.offline}</p>
              <p>{PAYMENT.hold}</p>
              {retryButton}
            </section>
          )}
          {phase === 'failed' && (
            <section className="payment-note payment-note-error" role="alert">
              <p>{PAYMENT.failed}</p>
              {retryButton}
            </section>
          )}
          <div id={CONTAINER_ID} className="payment-form" aria-label={PAYMENT.formLabel} role="region" />
        </>
      )}
    </>
  );
}
