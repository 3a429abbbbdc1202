import './about.css';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { COMPANY } from '../../strings';
import { ABOUT } from './strings';

/** /about (О нас): who runs the service, what it offers and how to reach the company. */
export function AboutPage() {
  return (
    <article className="about-page">
      <PageHeader title={ABOUT.title} />
      <p className="about-brand">{COMPANY.brand}</p>
      <p className="lead-text">{ABOUT.lead}</p>

      <section className="about-card" aria-labelledby="about-offer">
        <h2 id="about-offer">{ABOUT.offerTitle}</h2>
        <ul>
          {ABOUT.offer.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="about-card" aria-labelledby="about-how">
        <h2 id="about-how">{ABOUT.howTitle}</h2>
        <ol>
          {ABOUT.how.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <p className="about-note">{ABOUT.ticketsNote}</p>
      </section>

      <section className="about-card" aria-labelledby="about-contacts">
        <h2 id="about-contacts">{ABOUT.contactsTitle}</h2>
        <dl className="about-contacts">
          <dt>{ABOUT.phone}</dt>
          <dd>
            <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
          </dd>
          <dt>{ABOUT.email}</dt>
          <dd>
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </dd>
        </dl>
        <p className="about-legal">{COMPANY.legalName}</p>
        <Link to="/profile/contacts">{ABOUT.contactsLink}</Link>
      </section>

      <Link className="button button-accent about-cta" to="/excursions">
        {ABOUT.catalogue}
      </Link>
    </article>
  );
}
