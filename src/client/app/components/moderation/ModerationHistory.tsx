import './moderation-history.css';
import { useId } from 'react';
import type { ModerationEvent } from '../../../../protocol/moderation';
import { crimeaDisplayDate, moderationEventText } from './history';
import { MODERATION_HISTORY as TEXT } from './strings';

/**
 * An excursion's review history, oldest first: each submission, refusal (with the admin's reason),
 * resubmission and publication with its Crimean date.
 */
export function ModerationHistory({
  history,
  compact = false,
  ofId,
}: {
  history: ModerationEvent[];
  compact?: boolean;
  /**
   * The id of the element naming what the history is of (a card's title), added to the region's
   * name: in a list of cards each history is then a landmark of its own, not one name repeated.
   */
  ofId?: string;
}) {
  const headingId = useId();
  if (history.length === 0) return null;
  const Heading = compact ? 'h4' : 'h3';
  return (
    <section
      className={`moderation-history${compact ? ' moderation-history--compact' : ''}`}
      aria-labelledby={ofId ? `${headingId} ${ofId}` : headingId}
    >
      <Heading id={headingId}>{TEXT.title}</Heading>
      <ol>
        {history.map((event, index) => (
          <li key={`${event.at}-${index}`} className={`moderation-history-${event.kind}`}>
            <time dateTime={event.at}>{crimeaDisplayDate(event.at)}</time>
            <span>{moderationEventText(event)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
