import './date-form.css';
import { Suspense, useState } from 'react';
import { lazyExport } from '../lazy-component';
import { useNavigate } from 'react-router-dom';
import { isPickableDate } from '../../../../domain/date-picker';
import { showExcursionsLabel } from '../../../../domain/plural';
import { useReplicaHasSynced } from '../../hooks/account';
import { useAvailableCount } from '../../hooks/availability';
import { useToday } from '../../hooks/now';
import { DateField } from './DateField';
import { EXCURSIONS_BY_DATE_PATH, excursionsByDateHref } from './date-link';
import { PartySizeInput } from './PartySizeInput';
import { DATE_FORM } from './strings';

// The sheet is code-split: the home screen is the first paint and most visitors never open it.
const DatePicker = lazyExport(() => import('./DatePicker'), 'DatePicker');

/**
 * SPEC §2 'Date form': a day (today by default) and a party size; the button counts the excursions
 * with room on that day ('Показать N экскурсий') and opens /excursions/date with both, as navigation
 * state and in the URL.
 *
 * Before the app's code has run the form is sent as a plain GET to that same address (?date=&qty=, the
 * names readDateQuery reads): the day is the one drawn, the size what was typed.
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
  const synced = useReplicaHasSynced();
  const ready = synced === true && count !== undefined;

  return (
    <form
      className="date-form"
      aria-labelledby={labelledBy}
      method="get"
      action={EXCURSIONS_BY_DATE_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        navigate(excursionsByDateHref({ date, quantity }), { state: { date, quantity } });
      }}
    >
      <input type="hidden" name="date" value={date} />
      <div className="date-form-fields">
        <DateField date={date} today={today} onOpen={() => setPickerOpen(true)} />
        <PartySizeInput name="qty" value={quantity} onChange={setQuantity} />
      </div>
      {/* aria-disabled, not disabled: the page the server draws has no count yet, and its button must
          still send the form before the app's code has run. The app waits for the count. */}
      <button type="submit" className="button button-accent date-form-submit" aria-disabled={!ready}>
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
