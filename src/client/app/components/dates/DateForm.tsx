import './date-form.css';
import { Suspense, useState } from 'react';
import { lazyExport } from '../lazy-component';
import { useNavigate } from 'react-router-dom';
import { isPickableDate } from '../../../../domain/date-picker';
import { showExcursionsLabel } from '../../../../domain/plural';
import { useHasSynced } from '../../hooks/account';
import { useAvailableCount } from '../../hooks/availability';
import { useToday } from '../../hooks/now';
import { DateField } from './DateField';
import { excursionsByDateHref } from './date-link';
import { PartySizeInput } from './PartySizeInput';
import { DATE_FORM } from './strings';

// The sheet is code-split: the home screen is the first paint and most visitors never open it.
const DatePicker = lazyExport(() => import('./DatePicker'), 'DatePicker');

/**
 * SPEC §2 'Date form': a day (today by default) and a party size; the button counts the excursions
 * with room on that day ('Показать N экскурсий') and opens /excursions/date with both, as navigation
 * state and in the URL.
 */
export function DateForm({ labelledBy }: { labelledBy?: string }) {
  const today = useToday();
  const [picked, setPicked] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [pickerOpen, setPickerOpen] = useState(false);
  const navigate = useNavigate();
  // Until a day is picked the form follows today, also across midnight; a picked day that has since
  // passed falls back to today.
  const date = picked !== null && isPickableDate(picked, today) ? picked : today;
  const count = useAvailableCount(date, quantity);
  const synced = useHasSynced();
  const ready = synced === true && count !== undefined;

  return (
    <form
      className="date-form"
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        navigate(excursionsByDateHref({ date, quantity }), { state: { date, quantity } });
      }}
    >
      <div className="date-form-fields">
        <DateField date={date} today={today} onOpen={() => setPickerOpen(true)} />
        <PartySizeInput value={quantity} onChange={setQuantity} />
      </div>
      <button type="submit" className="button button-accent date-form-submit" disabled={!ready}>
        {ready ? showExcursionsLabel(count) : DATE_FORM.loading}
      </button>
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
    </form>
  );
}
