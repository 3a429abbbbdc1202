import { useState } from 'react';
import { dayTitle, formatDisplayDate } from '../../../../domain/dates';
import { groupByDate } from '../../../../domain/schedule-editor';
import type { RuleSlot } from '../../../../domain/schedule-rule';
import { SCHEDULE_RULE as TEXT } from './strings';
import { TourChip } from './TourChip';

/** Days of the preview shown before 'Показать все': a season is many weeks of the same chips. */
const PREVIEW_DAYS = 10;

interface RulePreviewProps {
  /** Why the rule makes nothing yet, in place of the chips. */
  message: string | null;
  slots: readonly RuleSlot[];
  /** How many the rule makes before the cap. */
  total: number;
  /** Slots the schedule already has, left out. */
  skipped: number;
  limit: number;
  today: string;
}

/** The departures a rule will add, drawn as the schedule's own chips, day by day. */
export function RulePreview({ message, slots, total, skipped, limit, today }: RulePreviewProps) {
  const [showAll, setShowAll] = useState(false);
  const days = groupByDate(slots.map((slot) => ({ _id: `${slot.date}T${slot.time}`, ...slot })));
  const shownDays = showAll ? days : days.slice(0, PREVIEW_DAYS);
  return (
    <div className="sched-rule-preview" aria-live="polite">
      {message ? (
        <p className="sched-rule-message">{message}</p>
      ) : (
        <>
          <h3>{TEXT.preview}</h3>
          {total > slots.length && <p className="sched-rule-warn">{TEXT.capped(total, limit)}</p>}
          {skipped > 0 && <p className="sched-rule-note">{TEXT.skipped(skipped)}</p>}
          {shownDays.map((day) => (
            <div key={day.date} className="sched-rule-day">
              <h4>
                {dayTitle(day.date, today)}{' '}
                <span className="sched-day-date">{formatDisplayDate(day.date)}</span>
              </h4>
              <ul className="sched-chips" aria-label={formatDisplayDate(day.date)}>
                {day.tours.map((tour) => (
                  <TourChip key={tour._id} time={tour.time} state="preview" sold={0} removeLabel={null} />
                ))}
              </ul>
            </div>
          ))}
          {days.length > shownDays.length && (
            <button type="button" className="sched-rule-more" onClick={() => setShowAll(true)}>
              {TEXT.moreDays(days.length - shownDays.length)} · {TEXT.showAll}
            </button>
          )}
        </>
      )}
    </div>
  );
}
