import { Link } from 'react-router-dom';
import { NOT_FOUND, SHELL } from '../strings';

export function NotFoundPage() {
  return (
    <section className="empty-state">
      <h1>{NOT_FOUND.title}</h1>
      <p>{NOT_FOUND.text}</p>
      <Link className="button" to="/">
        {SHELL.home}
      </Link>
    </section>
  );
}
