import { usePayTicket } from '../../components/money/pay-ticket';
import { MONEY } from '../../components/money/strings';
import { CancelConfirm, useTicketCancel } from './CancelConfirm';
import { TICKET } from './strings';

/**
 * A held, unpaid ticket: pay it (the server hands over the payment, so this works from any tab), with
 * the minutes the hold has left, and the cancellation after a confirm step.
 */
export function UnpaidActions({ ticketId, minutesLeft }: { ticketId: string; minutesLeft: number | null }) {
  const payment = usePayTicket();
  const { step, setStep, error, setError, cancel } = useTicketCancel(ticketId, {
    offline: TICKET.cancelOffline,
    failed: TICKET.cancelFailed,
  });
  const paying = payment.busy === ticketId;
  const shownError = error ?? payment.error?.text ?? null;

  function pay() {
    setError(null);
    void payment.pay(ticketId);
  }

  return (
    <section className="ticket-unpaid" aria-label={TICKET.unpaid}>
      <p>{TICKET.unpaid}</p>
      {minutesLeft !== null && (
        <p className="ticket-hold-left" role="timer" aria-live="off">
          {MONEY.holdLeft(minutesLeft)}
        </p>
      )}
      {step === 'idle' && (
        <div className="ticket-actions">
          <button type="button" className="button button-accent" disabled={paying} onClick={pay}>
            {paying ? MONEY.paying : MONEY.pay}
          </button>
          <button
            type="button"
            className="button ticket-button-quiet"
            disabled={paying}
            onClick={() => setStep('confirm')}
          >
            {TICKET.cancel}
          </button>
        </div>
      )}
      {step !== 'idle' && (
        <CancelConfirm
          id="ticket-cancel-question"
          question={TICKET.cancelQuestion}
          step={step}
          onYes={() => void cancel()}
          onNo={() => setStep('idle')}
        />
      )}
      {shownError && (
        <p className="ticket-error" role="alert">
          {shownError}
        </p>
      )}
    </section>
  );
}
