import { Link } from 'react-router-dom';

/** What a seller's page shows for something that is not theirs or not there: back to their list. */
export function SellerNotFound({ title, hint, back }: { title: string; hint: string; back: string }) {
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      <p>{hint}</p>
      <Link className="button" to="/profile/myexcursions">
        {back}
      </Link>
    </section>
  );
}
