// What other screens show of reviews. The ticket page places TicketReviewLink under its ticket.
export { TicketReviewLink } from './TicketReviewLink';
