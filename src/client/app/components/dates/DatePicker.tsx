import './date-picker.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, formatDayMonth, parseIsoDate } from '../../../../domain/dates';
import {
  canGoToPreviousMonth,
  isPickableDate,
  monthGrid,
  shiftMonth,
  yearMonthOf,
} from '../../../../domain/date-picker';
import { Icon } from '../../shell/icons';
import { DATE_PICKER } from './strings';

export interface DatePickerProps {
  /** The date shown selected when the sheet opens (yyyy-MM-dd). */
  value: string;
  /** yyyy-MM-dd; earlier days are greyed and cannot be picked. */
  today: string;
  /** 'Выбрать дату' pressed: the chosen day as yyyy-MM-dd. */
  onSelect: (date: string) => void;
  onClose: () => void;
}

/** Focuses the day's button; false when it is not on screen (another month). */
function focusDay(dialog: HTMLDialogElement | null, date: string): boolean {
  const button = dialog?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);
  button?.focus();
  return button !== null && button !== undefined;
}

const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * SPEC §2 'Date picker': the 'Выбор даты' bottom sheet. A native modal <dialog> gives the dialog role,
 * keeps focus inside and closes on Escape; arrow keys move between days, across months too.
 */
export function DatePicker({ value, today, onSelect, onClose }: DatePickerProps) {
  const initial = isPickableDate(value, today) ? value : today;
  const [selected, setSelected] = useState(initial);
  const [month, setMonth] = useState(() => yearMonthOf(initial));
  // A day the keyboard moved to in another month, focused once that month is rendered.
  const focusDate = useRef<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const grid = monthGrid(month, today);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first button (close); the selected day is where the user wants to be.
    dialog?.querySelector<HTMLButtonElement>('.picker-day[aria-pressed="true"]')?.focus();
    return () => {
      dialog?.close();
      // Back to the button that opened the sheet, as a native dialog would if it closed in place.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (focusDate.current !== null && focusDay(dialogRef.current, focusDate.current))
      focusDate.current = null;
  }, [month]);

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = ARROW_STEPS[event.key];
    const from = (event.target as HTMLElement).dataset.date;
    if (step === undefined || from === undefined) return;
    event.preventDefault();
    const next = addDays(from, step);
    if (!isPickableDate(next, today)) return;
    if (focusDay(dialogRef.current, next)) return;
    focusDate.current = next;
    setMonth(yearMonthOf(next));
  };

  return (
    <dialog
      ref={dialogRef}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the dimmed backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="sheet-body">
        <div className="sheet-head">
          <h2 id={titleId}>{DATE_PICKER.title}</h2>
          <button type="button" className="icon-button" aria-label={DATE_PICKER.close} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="picker-month">
          <button
            type="button"
            className="icon-button"
            aria-label={DATE_PICKER.previousMonth}
            disabled={!canGoToPreviousMonth(month, today)}
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            <Icon name="back" />
          </button>
          <p className="picker-month-title" aria-live="polite">
            {grid.title}
          </p>
          <button
            type="button"
            className="icon-button picker-next"
            aria-label={DATE_PICKER.nextMonth}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          >
            <Icon name="back" />
          </button>
        </div>
        <div className="picker-grid" role="group" aria-label={grid.title} onKeyDown={onGridKeyDown}>
          {grid.weekdayLabels.map((label) => (
            <span key={label} className="picker-weekday" aria-hidden="true">
              {label}
            </span>
          ))}
          {grid.weeks.flat().map((day, index) =>
            day === null ? (
              <span key={`pad-${index}`} />
            ) : (
              <button
                key={day.date}
                type="button"
                data-date={day.date}
                className={`picker-day${day.isToday ? ' today' : ''}`}
                aria-label={`${formatDayMonth(day.date)} ${parseIsoDate(day.date)?.year ?? ''}`}
                aria-pressed={day.date === selected}
                aria-current={day.isToday ? 'date' : undefined}
                disabled={day.disabled}
                onClick={() => setSelected(day.date)}
              >
                {day.day}
              </button>
            ),
          )}
        </div>
        <button
          type="button"
          className="button button-accent sheet-action"
          onClick={() => onSelect(selected)}
        >
          {DATE_PICKER.choose}
        </button>
      </div>
    </dialog>
  );
}
