import type { Ticket } from '../../domain/types';
import type { ServerEvent } from '../realtime/events';
import type { Versioned } from '../storage/catalogue';

/** The ticket as its buyer's replica should see it now, addressed to the buyer. */
export function ticketUpdate(userId: number, ticket: Versioned<Ticket>): ServerEvent {
  return {
    channel: 'TICKET_UPDATE',
    userId,
    data: { user_id: userId, ticket: ticket.row, version: ticket.version },
  };
}
