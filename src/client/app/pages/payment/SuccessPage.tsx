import './payment.css';
import { Link } from 'react-router-dom';
import { SUCCESS } from './strings';

/** /success (SPEC §2): the payment went through; a button leads home. */
export function SuccessPage() {
  return (
    <section className="payment-success-page" role="status">
      <svg className="payment-success-mark" width="72" height="72" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#ffffff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <h1>{SUCCESS.title}</h1>
      <Link className="button button-accent" to="/">
        {SUCCESS.home}
      </Link>
      <Link className="payment-success-link" to="/profile/tickets">
        {SUCCESS.tickets}
      </Link>
    </section>
  );
}
