import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HOME_PAGE } from './strings';

/** A titled block of the home screen, with an optional 'Все' link to the full list. */
export function HomeSection({
  id,
  title,
  text,
  to,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  to?: string;
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section-head">
        <h2 id={id}>{title}</h2>
        {to && (
          <Link className="home-section-link" to={to} aria-label={`${HOME_PAGE.all}: ${title}`}>
            {HOME_PAGE.all}
          </Link>
        )}
      </div>
      {text && <p className="home-section-text">{text}</p>}
      {children}
    </section>
  );
}
