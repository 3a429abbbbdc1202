import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { payTicket } from '../../../commands/booking';
import { useReplica } from '../../hooks/replica';
import { MONEY } from './strings';

/** What /payment receives in its navigation state (SPEC §2 Payment). */
export interface PaymentState {
  ticket_id: string;
  confirmationid: string;
}

export interface PayTicket {
  pay: (ticketId: string) => Promise<void>;
  /** The ticket whose payment is being opened, or null. */
  busy: string | null;
  /** Why the last press did not open the payment: no connection, or the server's refusal. */
  error: { ticketId: string; text: string } | null;
}

/**
 * Opens the card form for a held ticket: the server hands over the ticket's payment token, so any tab
 * or device can pay, not only the one that booked. Online only: offline it says a connection is needed.
 */
export function usePayTicket(): PayTicket {
  const db = useReplica();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<PayTicket['error']>(null);
  const running = useRef(false);

  const pay = useCallback(
    async (ticketId: string) => {
      if (running.current) return;
      running.current = true;
      setBusy(ticketId);
      setError(null);
      try {
        const outcome = await payTicket({ db }, ticketId);
        if (outcome.ok) {
          const state: PaymentState = { ticket_id: ticketId, confirmationid: outcome.value };
          navigate('/payment', { state });
          return;
        }
        setError({ ticketId, text: outcome.offline ? MONEY.payOffline : (outcome.error ?? MONEY.payFailed) });
      } catch (failure) {
        console.error('Opening the payment failed', failure);
        setError({ ticketId, text: MONEY.payFailed });
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [db, navigate],
  );

  return { pay, busy, error };
}
