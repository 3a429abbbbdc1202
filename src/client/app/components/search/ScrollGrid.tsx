import './grids.css';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

export type GridRows = 1 | 2;

/**
 * A sideways-scrolling grid of cards in one row or two. With two rows the first half of the cards
 * fills the first row and the rest the second (SPEC §2: "two rows by half the count"). Each card is
 * put in its row by a class, not by a column count in a style attribute: the server draws this grid
 * on a first screen, and the Content-Security-Policy refuses style attributes in HTML.
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
  const firstRow = Math.max(1, Math.ceil(count / rows));
  const cards = Children.toArray(children).map((card, index) =>
    isValidElement<{ className?: string }>(card)
      ? cloneElement(card as ReactElement<{ className?: string }>, {
          className: `${card.props.className ?? ''} grid-row-${index < firstRow ? 1 : 2}`.trim(),
        })
      : card,
  );
  return (
    <ul className="h-scroll scroll-grid" aria-label={label} aria-busy={busy || undefined}>
      {cards}
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
