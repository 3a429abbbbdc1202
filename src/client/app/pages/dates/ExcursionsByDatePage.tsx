import './dates.css';
import { Suspense, useState } from 'react';
import { lazyExport } from '../../components/lazy-component';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { excursionsForDateTitle } from '../../../../domain/dates';
import { PageHeader } from '../../components/PageHeader';
import { preloadDatePicker } from '../../components/dates/DateField';
import { excursionsByDateHref, readDateQuery, type DateQuery } from '../../components/dates/date-link';
import { PartySizeInput } from '../../components/dates/PartySizeInput';
import { ErrorBoundary } from '../../components/search/ErrorBoundary';
import { useToday } from '../../hooks/now';
import { Icon } from '../../shell/icons';
import { AvailableList } from './AvailableList';
import { DATES_PAGE } from './strings';

const DatePicker = lazyExport(() => import('../../components/dates/DatePicker'), 'DatePicker');

/**
 * SPEC §2 'Excursions by date': the excursions with a tour on the day and room for the party. The day
 * and size come as navigation state or as ?date=&qty=; changing either rewrites both in place.
 */
export function ExcursionsByDatePage() {
  const today = useToday();
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [pickerOpen, setPickerOpen] = useState(false);
  const query = readDateQuery(location.state, params, today);

  const go = (next: DateQuery) => navigate(excursionsByDateHref(next), { replace: true, state: next });

  return (
    <div className="dates-page">
      <PageHeader title={excursionsForDateTitle(query.date)} />
      <div className="dates-controls">
        <PartySizeInput value={query.quantity} onChange={(quantity) => go({ ...query, quantity })} />
        <button
          type="button"
          className="button dates-change"
          aria-haspopup="dialog"
          onPointerEnter={preloadDatePicker}
          onFocus={preloadDatePicker}
          onClick={() => setPickerOpen(true)}
        >
          <Icon name="calendar" size={22} />
          {DATES_PAGE.changeDate}
        </button>
      </div>
      <ErrorBoundary fallback={(error) => <p className="dates-status">{DATES_PAGE.error(error.message)}</p>}>
        <AvailableList date={query.date} quantity={query.quantity} />
      </ErrorBoundary>
      {pickerOpen && (
        <Suspense fallback={null}>
          <DatePicker
            value={query.date}
            today={today}
            onClose={() => setPickerOpen(false)}
            onSelect={(date) => {
              setPickerOpen(false);
              go({ ...query, date });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
