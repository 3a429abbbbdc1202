import './lists.css';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_SORT, SORT_KEYS, sortTabLabel, type SortKey } from '../../../../domain/sorting';
import { LISTS } from './strings';

/**
 * The address of the list in `key`'s order: the current one with ?sort= as useSortParam reads it (no
 * parameter for the default tab), other parameters kept. A tap before the app's code has run follows
 * it, and the list opens in that order.
 */
function sortHref(pathname: string, search: string, key: SortKey): string {
  const params = new URLSearchParams(search);
  if (key === DEFAULT_SORT) params.delete('sort');
  else params.set('sort', key);
  const query = params.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

/** A click the browser handles itself: a new tab or window, a download, not the left button. */
function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export interface SortTabsProps {
  value: SortKey;
  onChange: (key: SortKey) => void;
  /** id of the list the tabs order, for aria-controls. */
  controls: string;
}

/** Ближайшие / Популярные / Подешевле / Подороже (SPEC §2), as an ARIA tab list with arrow keys. */
export function SortTabs({ value, onChange, controls }: SortTabsProps) {
  const { pathname, search } = useLocation();
  const listRef = useRef<HTMLDivElement>(null);
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);

  // On a narrow phone the row scrolls sideways: keep the chosen tab (from the URL, too) in view.
  // The row itself is scrolled, not the page, so a restored page position is left alone.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[SORT_KEYS.indexOf(value)];
    if (!list || !tab) return;
    const margin = 16;
    if (tab.offsetLeft - margin < list.scrollLeft) list.scrollLeft = tab.offsetLeft - margin;
    else if (tab.offsetLeft + tab.offsetWidth + margin > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth + margin - list.clientWidth;
    }
  }, [value]);

  // A new order is read from its first card: when the list's start has scrolled up under the sticky
  // tabs, the page scrolls back to it (the list also redraws from its first cards, see
  // ExcursionCardList's `order`).
  const choose = (key: SortKey) => {
    const tabs = listRef.current;
    const panel = document.getElementById(controls);
    if (key !== value && tabs && panel) {
      const gap = panel.getBoundingClientRect().top - tabs.getBoundingClientRect().bottom;
      const natural = parseFloat(getComputedStyle(tabs).marginBottom) || 0;
      if (gap < natural) window.scrollBy({ top: gap - natural });
    }
    onChange(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Space chooses a tab, as it presses a button (ARIA tabs), instead of scrolling the page.
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      event.preventDefault();
      event.target.click();
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = (SORT_KEYS.indexOf(value) + step + SORT_KEYS.length) % SORT_KEYS.length;
    const key = SORT_KEYS[index];
    if (key === undefined) return;
    choose(key);
    refs.current[index]?.focus();
  };

  return (
    <div
      ref={listRef}
      className="sort-tabs"
      role="tablist"
      aria-label={LISTS.sortLabel}
      onKeyDown={onKeyDown}
    >
      {SORT_KEYS.map((key, index) => {
        const selected = key === value;
        return (
          <a
            key={key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            href={sortHref(pathname, search, key)}
            role="tab"
            className="sort-tab"
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            onClick={(event) => {
              if (opensElsewhere(event)) return;
              // The app re-sorts in place and writes the address itself, without a page load.
              event.preventDefault();
              choose(key);
            }}
          >
            {sortTabLabel(key)}
          </a>
        );
      })}
    </div>
  );
}
