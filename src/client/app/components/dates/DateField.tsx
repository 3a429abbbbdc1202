import './date-form.css';
import { useId } from 'react';
import { dayTitle, formatDayMonth, formatDisplayDate, mondayFirstWeekday } from '../../../../domain/dates';
import { WEEKDAY_LABELS } from '../../../../domain/strings';
import { Icon } from '../../shell/icons';
import { DATE_FORM } from './strings';

/** Warms the picker's chunk when the user is about to open it, so the sheet appears at once. */
export function preloadDatePicker(): void {
  void import('./DatePicker');
}

/**
 * The form's date "input": the chosen day as DD.MM.YYYY (SPEC §9) with 'Сегодня'/'Завтра' or the
 * weekday beside it. Pressing it opens the 'Выбор даты' sheet.
 */
export function DateField({ date, today, onOpen }: { date: string; today: string; onOpen: () => void }) {
  const labelId = useId();
  const valueId = useId();
  const hintId = useId();
  const title = dayTitle(date, today);
  const weekday = WEEKDAY_LABELS[mondayFirstWeekday(date)] ?? '';
  const hint = title === formatDayMonth(date) ? weekday : `${title}, ${weekday.toLowerCase()}`;
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        {DATE_FORM.date}
      </span>
      <button
        type="button"
        className="date-field"
        aria-haspopup="dialog"
        // The name holds all the text the button shows (the day and its hint), so a person who says
        // what they see to a voice control finds it (WCAG 2.5.3).
        aria-labelledby={`${labelId} ${valueId} ${hintId}`}
        onPointerEnter={preloadDatePicker}
        onFocus={preloadDatePicker}
        onClick={onOpen}
      >
        <Icon name="calendar" size={22} />
        <span className="date-field-text">
          {/* The space after the day takes no room in the grid; it keeps the day and hint two words. */}
          <span className="date-field-value" id={valueId}>
            {formatDisplayDate(date)}
          </span>{' '}
          <span className="date-field-hint" id={hintId}>
            {hint}
          </span>
        </span>
      </button>
    </div>
  );
}
