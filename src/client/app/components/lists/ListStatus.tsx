import './lists.css';
import type { ReactNode } from 'react';

/**
 * The loading / empty / missing line of a list or detail screen, announced politely. While a list
 * is `loading` it holds a screen's height, so the sections below it start off-screen and do not jump
 * down when the list arrives.
 */
export function ListStatus({
  children,
  action,
  loading = false,
}: {
  children: ReactNode;
  action?: ReactNode;
  loading?: boolean;
}) {
  return (
    <div className={loading ? 'list-status list-status--loading' : 'list-status'} role="status">
      <p>{children}</p>
      {action}
    </div>
  );
}
