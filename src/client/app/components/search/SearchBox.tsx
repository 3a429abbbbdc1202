import './search.css';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { lazyExport } from '../lazy-component';
import { isSearchActive } from '../../../../domain/search';
import { Icon } from '../../shell/icons';
import { ErrorBoundary } from './ErrorBoundary';
import { Glyph } from './glyphs';
import { SEARCH } from './strings';

// The results read the replica; their code (and Dexie) loads when the box first opens.
const SearchResults = lazyExport(() => import('./SearchResults'), 'SearchResults');

/** The form's field name, read back as the box's first text. */
const QUERY_PARAM = 'q';

/**
 * SPEC §2 'Search box': idle under 3 characters, then a dropdown (max 400px high) of matches grouped
 * as excursions, historical places and cities. Escape or a tap outside closes it; typing or focusing
 * the field opens it again. Arrow keys move between the results.
 *
 * The field sits in a GET form: before the app's code has run, Enter reloads the page with ?q= and the
 * server draws the box holding the text; the app then shows the matches. With the app running the
 * dropdown already shows them as the user types, so the form is never sent.
 */
export function SearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get(QUERY_PARAM) ?? '');
  const [dismissed, setDismissed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const open = isSearchActive(query) && !dismissed;

  // Text typed into the server's drawing of the field before the app took it over is the user's
  // query: it is kept, and its matches shown (the same text as the state changes nothing).
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined) setQuery(typed);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setDismissed(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = (): HTMLAnchorElement[] => [
    ...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.search-panel a') ?? []),
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setDismissed(true);
      inputRef.current?.focus();
      return;
    }
    if (!open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    const items = links();
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') items[Math.min(at + 1, items.length - 1)]?.focus();
    else if (at <= 0) inputRef.current?.focus();
    else items[at - 1]?.focus();
  };

  return (
    <div className="search" ref={rootRef} onKeyDown={onKeyDown}>
      <form
        className="search-field"
        role="search"
        method="get"
        action={pathname}
        onSubmit={(event) => event.preventDefault()}
      >
        <Glyph name="search" size={22} />
        <input
          ref={inputRef}
          type="search"
          name={QUERY_PARAM}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          aria-label={SEARCH.label}
          placeholder={SEARCH.placeholder}
          aria-controls={open ? panelId : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setDismissed(false);
          }}
          onFocus={() => setDismissed(false)}
        />
        {query !== '' && (
          <button
            type="button"
            className="icon-button search-clear"
            aria-label={SEARCH.clear}
            onClick={() => {
              setQuery('');
              inputRef.current?.focus();
            }}
          >
            <Icon name="close" size={20} />
          </button>
        )}
      </form>
      {open && (
        <div id={panelId} className="search-panel" role="region" aria-label={SEARCH.results}>
          {/* Inside the open panel, so closing and reopening the box retries a failed read. */}
          <ErrorBoundary fallback={() => <p className="search-status">{SEARCH.error}</p>}>
            <Suspense fallback={<p className="search-status">{SEARCH.loading}</p>}>
              <SearchResults query={query} idPrefix={panelId} />
            </Suspense>
          </ErrorBoundary>
        </div>
      )}
    </div>
  );
}
