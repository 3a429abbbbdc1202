import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BookingRequest } from '../../../../domain/booking';
import { bookTicket } from '../../../commands/booking';
import { useReplica } from '../../hooks/replica';

export type SubmitState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'failed'; detail: string | undefined }
  | { phase: 'offline' };

const IDLE: SubmitState = { phase: 'idle' };

/** What /payment receives in its navigation state (SPEC §2 Payment). */
export interface PaymentState {
  ticket_id: string;
  confirmationid: string;
}

/**
 * Sends the booking and, on success, goes to /payment. The booking is never queued (the server
 * decides about seats), so offline it only reports; the page keeps every choice for the next press.
 */
export function useBookTicket(): {
  state: SubmitState;
  submit: (body: BookingRequest) => Promise<void>;
  clear: () => void;
} {
  const db = useReplica();
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>(IDLE);
  const running = useRef(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (body: BookingRequest) => {
      if (running.current) return;
      running.current = true;
      const json = JSON.stringify(body);
      // Pressing again for the very same booking reuses the key, so a request whose answer was lost on
      // a weak network cannot book twice; any change to the booking makes it a new attempt.
      if (attempt.current?.body !== json) attempt.current = { key: crypto.randomUUID(), body: json };
      setState({ phase: 'submitting' });
      try {
        const outcome = await bookTicket({ db }, body, attempt.current.key);
        if (outcome.ok) {
          attempt.current = null;
          const payment: PaymentState = {
            ticket_id: outcome.value.ticketId,
            confirmationid: outcome.value.confirmationId,
          };
          navigate('/payment', { state: payment });
          return;
        }
        setState(outcome.offline ? { phase: 'offline' } : { phase: 'failed', detail: outcome.error });
      } catch (error) {
        console.error('booking failed', error);
        setState({ phase: 'failed', detail: undefined });
      } finally {
        running.current = false;
      }
    },
    [db, navigate],
  );

  const clear = useCallback(
    () => setState((current) => (current.phase === 'submitting' ? current : IDLE)),
    [],
  );

  return { state, submit, clear };
}
