import './sellers-only.css';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { SELLERS_ONLY } from './strings';

/**
 * What a tourist sees instead of a seller screen (/profile/myexcursions, /profile/addexcursion): the
 * section is for sellers, and an admin makes a user a seller (SPEC §1, §6), so the way there is the
 * company's contacts. Nothing to fill in: the server would refuse it anyway.
 */
export function SellersOnly({ title }: { title: string }) {
  return (
    <div className="sellers-only-page">
      <PageHeader title={title} />
      <section className="empty-state sellers-only" aria-labelledby="sellers-only-title">
        <h2 id="sellers-only-title">{SELLERS_ONLY.title}</h2>
        <p>{SELLERS_ONLY.text}</p>
        <p>{SELLERS_ONLY.howTo}</p>
        <div className="sellers-only-actions">
          <Link className="button" to="/profile/contacts">
            {SELLERS_ONLY.contacts}
          </Link>
          <Link className="button sellers-only-back" to="/profile">
            {SELLERS_ONLY.toProfile}
          </Link>
        </div>
      </section>
    </div>
  );
}
