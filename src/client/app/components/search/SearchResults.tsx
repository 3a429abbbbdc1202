import { Link } from 'react-router-dom';
import { searchStatus } from '../../../../domain/search';
import { useSearch } from '../../hooks/search';
import type { ReactNode } from 'react';
import { Icon } from '../../shell/icons';
import { Glyph } from './glyphs';
import { Highlight } from './Highlight';
import { SEARCH } from './strings';

interface ResultItem {
  key: string;
  to: string;
  name: string;
  detail?: string;
}

function ResultGroup({
  id,
  title,
  icon,
  items,
  query,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  items: ResultItem[];
  query: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="search-group">
      <h3 id={id} className="search-group-title">
        {title} <span className="search-group-count">{items.length}</span>
      </h3>
      <ul aria-labelledby={id}>
        {items.map((item) => (
          <li key={item.key}>
            <Link className="search-item" to={item.to}>
              <span className="search-item-icon">{icon}</span>
              <span className="search-item-text">
                <span className="search-item-name">
                  <Highlight text={item.name} query={query} />
                </span>
                {item.detail && <span className="search-item-detail">{item.detail}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The open dropdown's content: 'Loading...', the grouped matches, or the no-match text. */
export function SearchResults({ query, idPrefix }: { query: string; idPrefix: string }) {
  const results = useSearch(query);
  if (results === undefined) return <p className="search-status">{SEARCH.loading}</p>;
  if (searchStatus(query, results) === 'empty') {
    return (
      <p className="search-status" role="status">
        {SEARCH.noResults}
      </p>
    );
  }
  const total = results.excursions.length + results.places.length + results.cities.length;
  return (
    <>
      <p className="search-sr-only" role="status">
        {SEARCH.found(total)}
      </p>
      <ResultGroup
        id={`${idPrefix}-excursions`}
        title={SEARCH.excursions}
        icon={<Icon name="bus" size={20} />}
        query={query}
        items={results.excursions.map((e) => ({
          key: e._id,
          to: `/excursion/${e._id}`,
          name: e.title,
          detail: e.city,
        }))}
      />
      <ResultGroup
        id={`${idPrefix}-places`}
        title={SEARCH.places}
        icon={<Icon name="columns" size={20} />}
        query={query}
        items={results.places.map((p) => ({
          key: String(p.id),
          to: `/place/${p.id}`,
          name: p.name,
          detail: p.preview,
        }))}
      />
      <ResultGroup
        id={`${idPrefix}-cities`}
        title={SEARCH.cities}
        icon={<Glyph name="pin" size={20} />}
        query={query}
        items={results.cities.map((c) => ({ key: String(c.id), to: `/city/${c.id}`, name: c.name }))}
      />
    </>
  );
}
