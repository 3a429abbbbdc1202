import { SellerIcon } from './icons';
import { SCHEDULE_RULE as RULE, SCHEDULE as TEXT } from './strings';

/**
 * How far a time on the schedule has got: stored on the server, saved on the phone and waiting to be
 * sent ('queued'), added in the editor and not saved yet ('unsaved'), or removed with the deletion
 * still waiting ('deleting'); or one a schedule rule is about to add ('preview', nothing to remove).
 */
export type ChipState = 'stored' | 'queued' | 'unsaved' | 'deleting' | 'preview';

export interface TourChipProps {
  time: string;
  state: ChipState;
  /** Places already sold; the server refuses to delete such a tour. */
  sold: number;
  /** The server refused to delete it: outlined in red until the refusal is dismissed. */
  refused?: boolean;
  /** The accessible name of the delete button, or null for a chip that cannot be deleted now. */
  removeLabel: string | null;
  /** Why the chip cannot be deleted now (shown as a tooltip on the disabled cross). */
  blockedReason?: string;
  onRemove?: () => void;
}

const NOTES: Partial<Record<ChipState, string>> = {
  queued: TEXT.pending,
  unsaved: TEXT.unsaved,
  deleting: TEXT.deleting,
  preview: RULE.previewChip,
};

export function TourChip({
  time,
  state,
  sold,
  refused,
  removeLabel,
  blockedReason,
  onRemove,
}: TourChipProps) {
  const note = refused ? TEXT.refusedChip : NOTES[state];
  return (
    <li className="sched-chip" data-state={state} data-refused={refused ? 'true' : undefined}>
      <span className="sched-chip-text">
        <span className="sched-chip-time">{time}</span>
        {note && (
          <span className="sched-chip-note">
            {(state === 'queued' || state === 'deleting') && (
              <span role="img" aria-label={TEXT.pendingLabel} className="sched-chip-icon">
                <SellerIcon name="clock" size={14} />
              </span>
            )}
            {note}
          </span>
        )}
        {sold > 0 && state !== 'deleting' && <span className="sched-chip-sold">{TEXT.sold(sold)}</span>}
      </span>
      {state !== 'deleting' && state !== 'preview' && (
        <button
          type="button"
          className="sched-chip-remove"
          aria-label={removeLabel ?? blockedReason}
          title={removeLabel ? undefined : blockedReason}
          disabled={removeLabel === null}
          onClick={onRemove}
        >
          <SellerIcon name="close" size={18} />
        </button>
      )}
    </li>
  );
}
