import './grids.css';
import type { CSSProperties, ReactNode } from 'react';

export type GridRows = 1 | 2;

/**
 * A sideways-scrolling grid of cards in one row or two. With two rows the first half of the cards
 * fills the first row and the rest the second (SPEC §2: "two rows by half the count").
 */
export function ScrollGrid({
  count,
  rows,
  label,
  busy,
  children,
}: {
  count: number;
  rows: GridRows;
  label?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const columns = Math.max(1, Math.ceil(count / rows));
  const style = { '--grid-columns': columns } as CSSProperties;
  return (
    <ul className="h-scroll scroll-grid" style={style} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/** Grey cards of the final size, so nothing below moves when the real ones arrive. */
export function SkeletonCards({ count, className }: { count: number; className: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={`${className} grid-skeleton`} aria-hidden="true" />
      ))}
    </>
  );
}
