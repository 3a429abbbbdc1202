import { useEffect, useState } from 'react';
import { parseInstant } from './money-text';

const MINUTE = 60_000;

/**
 * The current instant for a screen that counts whole minutes down to some instants (holds' ends, a
 * free-cancellation deadline). It re-renders each time the minutes left to any of them change and at
 * each instant itself, so "N мин" and an offer that ends there change on time. useNow ticks on the
 * wall clock's minutes, which would show a hold as lasting up to a minute past its end.
 */
export function useCountdownClock(instants: readonly (string | undefined)[]): Date {
  const [now, setNow] = useState(() => new Date());
  // A string key, so a new array with the same instants does not restart the clock.
  const key = instants.filter((instant) => instant !== undefined).join(' ');
  useEffect(() => {
    const ends = key.split(' ').flatMap((instant) => parseInstant(instant)?.getTime() ?? []);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (): void => {
      const at = Date.now();
      setNow(new Date(at));
      // The ceil of the minutes left to an end drops each time the remainder crosses a whole minute.
      const waits = ends.flatMap((end) => (end > at ? [(end - at) % MINUTE || MINUTE] : []));
      if (waits.length > 0) timer = setTimeout(tick, Math.min(...waits));
    };
    // A phone waking from sleep runs late timers late: look at the clock as soon as the page shows.
    const onVisible = (): void => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      tick();
    };
    tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key]);
  return now;
}
