import type { ReactNode } from 'react';
import { BackIcon } from './icons';
import { BOOKING } from './strings';

interface ActionBarProps {
  /** What the next press buys: the online total, or the seats counter. */
  summary: ReactNode;
  action: { label: string; disabled: boolean; onClick: () => void };
  onBack?: () => void;
  submitting: boolean;
}

/** The booking's next step, always within thumb reach above the tab bar. */
export function ActionBar({ summary, action, onBack, submitting }: ActionBarProps) {
  return (
    <div className="booking-actions" data-testid="booking-actions">
      {onBack && (
        <button type="button" className="dock-back" onClick={onBack} disabled={submitting}>
          <BackIcon />
          {BOOKING.back}
        </button>
      )}
      <div className="booking-actions-summary">{summary}</div>
      <button
        type="button"
        className="button button-accent booking-primary"
        disabled={submitting || action.disabled}
        onClick={action.onClick}
      >
        {submitting ? BOOKING.wait : action.label}
      </button>
    </div>
  );
}
