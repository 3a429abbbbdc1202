import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { recallPayment } from '../../../payments/pending';
import { cancelTicket } from '../../../sync/booking';
import { useReplica } from '../../hooks/replica';
import { TICKET } from './strings';

/**
 * An unpaid ticket: back to the card form when this tab still holds its confirmation token (the ticket
 * itself does not carry it), and always the cancellation, after a confirm step.
 */
export function UnpaidActions({ ticketId }: { ticketId: string }) {
  const db = useReplica();
  const navigate = useNavigate();
  const [token] = useState(() => recallPayment(ticketId));
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setStep('busy');
    setError(null);
    const outcome = await cancelTicket({ db }, ticketId);
    // On success the replica says 'cancelled' and this block gives way to the new status.
    if (outcome.ok) return;
    setStep('idle');
    setError(outcome.offline ? TICKET.cancelOffline : (outcome.error ?? TICKET.cancelFailed));
  }

  return (
    <section className="ticket-unpaid" aria-label={TICKET.unpaid}>
      <p>{TICKET.unpaid}</p>
      {step === 'idle' && (
        <div className="ticket-actions">
          {token && (
            <button
              type="button"
              className="button button-accent"
              onClick={() => navigate('/payment', { state: { ticket_id: ticketId, confirmationid: token } })}
            >
              {TICKET.pay}
            </button>
          )}
          <button type="button" className="button ticket-button-quiet" onClick={() => setStep('confirm')}>
            {TICKET.cancel}
          </button>
        </div>
      )}
      {step !== 'idle' && (
        <div className="ticket-confirm" role="group" aria-labelledby="ticket-cancel-question">
          <p id="ticket-cancel-question">{TICKET.cancelQuestion}</p>
          <div className="ticket-actions">
            <button
              type="button"
              className="button ticket-button-danger"
              disabled={step === 'busy'}
              onClick={cancel}
            >
              {step === 'busy' ? TICKET.wait : TICKET.cancelYes}
            </button>
            <button
              type="button"
              className="button ticket-button-quiet"
              disabled={step === 'busy'}
              onClick={() => setStep('idle')}
            >
              {TICKET.cancelNo}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="ticket-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
