import { formatCrimeaInstant } from '../../../../domain/cancellation';
import { formatRoubles } from '../../../../domain/pricing';
import { CancelConfirm, useTicketCancel } from './CancelConfirm';
import { TICKET } from './strings';

interface PaidCancelProps {
  ticketId: string;
  /** The free-cancellation deadline, still ahead. */
  until: Date;
  /** What was paid by card and comes back (entry tickets are paid on site). */
  amount: number;
}

/**
 * A paid ticket inside its free-cancellation window: the deadline and the cancellation with a full
 * refund, after a confirm step that names the sum. The server decides: a refusal shows its reason.
 */
export function PaidCancel({ ticketId, until, amount }: PaidCancelProps) {
  const { step, setStep, error, cancel } = useTicketCancel(ticketId, {
    offline: TICKET.refundCancelOffline,
    failed: TICKET.refundCancelFailed,
  });

  return (
    <section className="ticket-money" aria-label={TICKET.money}>
      <p className="ticket-money-line">{TICKET.freeCancelUntil(formatCrimeaInstant(until))}</p>
      {step === 'idle' ? (
        <div className="ticket-actions">
          <button type="button" className="button ticket-button-quiet" onClick={() => setStep('confirm')}>
            {TICKET.refundCancel}
          </button>
        </div>
      ) : (
        <CancelConfirm
          id="ticket-refund-question"
          question={TICKET.refundQuestion(formatRoubles(amount))}
          step={step}
          onYes={() => void cancel()}
          onNo={() => setStep('idle')}
        />
      )}
      {error && (
        <p className="ticket-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
