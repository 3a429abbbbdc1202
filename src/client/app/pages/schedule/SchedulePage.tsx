import './schedule.css';
import { useLocation, useNavigate } from 'react-router-dom';
import { canShowMoreDays, visibleScheduleDays } from '../../../../domain/availability';
import { ErrorBoundary } from '../../components/search/ErrorBoundary';
import { useFirstScreenDrawn } from '../../first-screen';
import { useHasSynced } from '../../hooks/account';
import { useToday } from '../../hooks/now';
import { useScheduleDays } from '../../hooks/schedule';
import { ScheduleDay } from './ScheduleDay';
import { SCHEDULE_PAGE } from './strings';

/** 'Показать еще' presses live in the history entry, so coming back from a tour keeps the days open. */
function pressesOf(state: unknown): number {
  const presses = (state as { presses?: unknown } | null)?.presses;
  return typeof presses === 'number' && presses > 0 ? Math.floor(presses) : 0;
}

function ScheduleDays() {
  const days = useScheduleDays();
  const synced = useHasSynced();
  const today = useToday();
  const location = useLocation();
  const navigate = useNavigate();
  const presses = pressesOf(location.state);
  const loading = days === undefined || (days.length === 0 && synced !== true);
  useFirstScreenDrawn(!loading, synced);

  if (loading) {
    return <p className="schedule-status">{SCHEDULE_PAGE.loading}</p>;
  }
  if (days.length === 0) return <p className="schedule-status">{SCHEDULE_PAGE.empty}</p>;
  return (
    <>
      {visibleScheduleDays(days, presses).map((day) => (
        <ScheduleDay key={day} date={day} today={today} />
      ))}
      <button
        type="button"
        className="button schedule-more"
        disabled={!canShowMoreDays(days.length, presses)}
        onClick={() =>
          navigate(
            { search: location.search, hash: location.hash },
            { replace: true, state: { presses: presses + 1 } },
          )
        }
      >
        {SCHEDULE_PAGE.showMore}
      </button>
    </>
  );
}

/** SPEC §2 'Schedule': the days from today that have tours, two at first, one more per press. */
export function SchedulePage() {
  return (
    <div className="schedule">
      <h1 className="schedule-title">{SCHEDULE_PAGE.title}</h1>
      <p className="schedule-intro">{SCHEDULE_PAGE.intro}</p>
      <ErrorBoundary
        fallback={(error) => <p className="schedule-status">{SCHEDULE_PAGE.error(error.message)}</p>}
      >
        <ScheduleDays />
      </ErrorBoundary>
    </div>
  );
}
