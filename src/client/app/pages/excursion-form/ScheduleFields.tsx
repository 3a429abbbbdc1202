import { Suspense, useId, useState } from 'react';
import { lazyExport } from '../../components/lazy-component';
import { isPickableDate } from '../../../../domain/date-picker';
import { formatDisplayDate } from '../../../../domain/dates';
import {
  addScheduledDateTime,
  canScheduleDateTime,
  removeScheduledDateTime,
} from '../../../../domain/excursion-form';
import { MAX_TOURS_PER_REQUEST } from '../../../../domain/schedule-editor';
import { DateField } from '../../components/dates/DateField';
import { useToday } from '../../hooks/now';
import type { SectionProps } from './form-props';
import { ScheduleRulePanel } from '../seller/ScheduleRulePanel';
import { FormIcon } from './icons';
import { SCHEDULE } from './strings';

// The sheet is the app's 'Выбор даты' picker, loaded when first opened.
const DatePicker = lazyExport(() => import('../../components/dates/DatePicker'), 'DatePicker');

/**
 * Wizard step 4 (SPEC §5): at least one date-time. A date from today on (past days cannot be picked)
 * and a time are added to the list, or a whole season by rule; each listed run can be removed.
 */
export function ScheduleFields({ values, update }: SectionProps) {
  const today = useToday();
  const timeId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const date = picked !== null && isPickableDate(picked, today) ? picked : today;
  const slot = { date, time };
  const canAdd = canScheduleDateTime(values.tours, slot, today);
  const duplicate = time !== '' && !canAdd && values.tours.some((t) => t.date === date && t.time === time);

  return (
    <>
      <p className="xf-lead">{SCHEDULE.lead}</p>
      <div className="xf-schedule-add">
        <DateField date={date} today={today} onOpen={() => setPickerOpen(true)} />
        <div className="xf-field xf-time">
          <label className="xf-label" htmlFor={timeId}>
            {SCHEDULE.time}
          </label>
          <input
            id={timeId}
            className="xf-input"
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="button xf-schedule-button"
          disabled={!canAdd}
          onClick={() => {
            update({ tours: addScheduledDateTime(values.tours, slot, today) });
            // Ready for the next run; the added one is in the list below.
            setTime('');
          }}
        >
          <FormIcon name="plus" />
          {SCHEDULE.add}
        </button>
      </div>
      {duplicate && (
        <p className="xf-error" role="status">
          {SCHEDULE.duplicate}
        </p>
      )}
      {/* A season at once; the excursion's first save carries at most MAX_TOURS_PER_REQUEST runs. */}
      <ScheduleRulePanel
        today={today}
        taken={values.tours}
        limit={Math.max(0, MAX_TOURS_PER_REQUEST - values.tours.length)}
        onAdd={(slots) =>
          update({
            tours: slots.reduce((tours, slot) => addScheduledDateTime(tours, slot, today), values.tours),
          })
        }
      />
      <h3 className="xf-subtitle">{SCHEDULE.list}</h3>
      {values.tours.length === 0 ? (
        <p className="xf-hint">{SCHEDULE.empty}</p>
      ) : (
        <ul className="xf-slots" aria-label={SCHEDULE.list}>
          {values.tours.map((tour) => {
            const when = `${formatDisplayDate(tour.date)}, ${tour.time}`;
            return (
              <li key={`${tour.date}T${tour.time}`} className={tour.date < today ? 'past' : undefined}>
                <span>{when}</span>
                <button
                  type="button"
                  className="xf-icon-button"
                  aria-label={SCHEDULE.remove(when)}
                  onClick={() => update({ tours: removeScheduledDateTime(values.tours, tour) })}
                >
                  <FormIcon name="cross" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pickerOpen && (
        <Suspense fallback={null}>
          <DatePicker
            value={date}
            today={today}
            onClose={() => setPickerOpen(false)}
            onSelect={(day) => {
              setPicked(day);
              setPickerOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
