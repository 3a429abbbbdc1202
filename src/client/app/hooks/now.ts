import { useEffect, useState } from 'react';
import { crimeaToday } from '../../../domain/dates';
import { useFirstScreenSnapshot } from './first-screen-data';

/**
 * The current instant, refreshed on every whole `intervalMs` (by default each minute, when a tour
 * departs and stops being "nearest", and at midnight, when "today" moves), so lists roll over without a
 * reload.
 */
export function useNow(intervalMs = 60_000): Date {
  // A page drawn by the server starts at the instant it was drawn for, so that its hydration matches.
  const drawnAt = useFirstScreenSnapshot()?.now;
  const [now, setNow] = useState(() => new Date(drawnAt ?? Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (): void => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        intervalMs - (Date.now() % intervalMs),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [intervalMs]);
  return now;
}

/** Today's date in Crimea (yyyy-MM-dd), changing at Crimean midnight. */
export function useToday(): string {
  return crimeaToday(useNow());
}
