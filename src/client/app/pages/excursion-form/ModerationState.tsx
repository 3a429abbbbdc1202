import type { ExcursionModeration } from '../../../../domain/types';
import { EDITOR } from './strings';

/** A seller's excursion waiting for review, or refused with the admin's reason, says so at the top. */
export function ModerationState({ moderation }: { moderation: ExcursionModeration | undefined }) {
  if (!moderation) return null;
  const pending = moderation.status === 'pending';
  return (
    <div className={`xf-moderation xf-moderation-${moderation.status}`} role="status">
      <p className="xf-moderation-title">{pending ? EDITOR.pending : EDITOR.rejected}</p>
      <p>{pending ? EDITOR.pendingText : EDITOR.rejectedText(moderation.reason)}</p>
    </div>
  );
}
