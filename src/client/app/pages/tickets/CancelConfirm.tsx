import { useState } from 'react';
import { cancelTicket } from '../../../commands/booking';
import { useReplica } from '../../hooks/replica';
import { TICKET } from './strings';

export type CancelStep = 'idle' | 'confirm' | 'busy';

/**
 * A ticket's cancellation as its page runs it: asked, confirmed, sent. On success the replica holds the
 * cancelled ticket and the page shows that; a refusal or a missing network leaves an error to show.
 */
export function useTicketCancel(ticketId: string, texts: { offline: string; failed: string }) {
  const db = useReplica();
  const [step, setStep] = useState<CancelStep>('idle');
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setStep('busy');
    setError(null);
    const outcome = await cancelTicket({ db }, ticketId);
    if (outcome.ok) return;
    setStep('idle');
    setError(outcome.offline ? texts.offline : (outcome.error ?? texts.failed));
  }

  return { step, setStep, error, setError, cancel };
}

/** The confirm step of a cancellation: the question, then 'Да, отменить' or 'Нет'. */
export function CancelConfirm({
  id,
  question,
  step,
  onYes,
  onNo,
}: {
  id: string;
  question: string;
  step: CancelStep;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div className="ticket-confirm" role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="ticket-actions">
        <button
          type="button"
          className="button ticket-button-danger"
          disabled={step === 'busy'}
          onClick={onYes}
        >
          {step === 'busy' ? TICKET.wait : TICKET.cancelYes}
        </button>
        <button
          type="button"
          className="button ticket-button-quiet"
          disabled={step === 'busy'}
          onClick={onNo}
        >
          {TICKET.cancelNo}
        </button>
      </div>
    </div>
  );
}
