import type { Category } from '../../../../domain/types';

// The four category routes of SPEC §2 and the category each one lists. Links pass the name as
// navigation state as the spec describes, but the page reads it from the path, which survives a reload
// or a shared link where navigation state does not.

/** Each category's colour (shown when no banner picture is at hand) is in styles.css, by data-category. */
export interface CategoryPageInfo {
  slug: 'castles' | 'seawalks' | 'parks' | 'mountains';
  category: Category;
}

export const CATEGORY_PAGES: readonly CategoryPageInfo[] = [
  { slug: 'castles', category: 'Дворцы' },
  { slug: 'seawalks', category: 'Морские прогулки' },
  { slug: 'parks', category: 'Парки' },
  { slug: 'mountains', category: 'Горы' },
];

export function categoryPath(info: CategoryPageInfo): string {
  return `/excursions/${info.slug}`;
}

/** The navigation state category links send (SPEC §2: the name arrives as state). */
export interface CategoryState {
  category: Category;
}

/** The category page of a path such as '/excursions/parks' (a trailing slash allowed), or null. */
export function categoryPageOf(pathname: string): CategoryPageInfo | null {
  const slug = pathname.replace(/\/+$/, '').split('/').pop();
  return CATEGORY_PAGES.find((info) => info.slug === slug) ?? null;
}
