import './lists.css';
import type { ReactNode } from 'react';

/** The loading / empty / missing line of a list or detail screen, announced politely. */
export function ListStatus({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="list-status" role="status">
      <p>{children}</p>
      {action}
    </div>
  );
}
