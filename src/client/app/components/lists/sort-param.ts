import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_SORT, isSortKey, type SortKey } from '../../../../domain/sorting';

// The chosen sort tab lives in the URL (?sort=popular) so a reload, a shared link or the back button
// keeps it. The default tab has no parameter, so /excursions stays a clean address.

const PARAM = 'sort';

export function useSortParam(): [SortKey, (key: SortKey) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PARAM);
  const sortKey = raw !== null && isSortKey(raw) ? raw : DEFAULT_SORT;
  const setSortKey = useCallback(
    (key: SortKey) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (key === DEFAULT_SORT) next.delete(PARAM);
          else next.set(PARAM, key);
          return next;
        },
        // Switching tabs is not a new page: it must not pile up history entries for the back button.
        { replace: true },
      );
    },
    [setParams],
  );
  return [sortKey, setSortKey];
}
