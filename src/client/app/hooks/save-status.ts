import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §9: saved-status messages reset after 2 s. */
export const STATUS_RESET_MS = 2000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * A Save button's states (SPEC §4 "Profile save", "Edit excursion save"): idle, saving, then saved or
 * error, and back to idle 2 s later. A new save cancels a pending reset so it cannot cut the next
 * message short.
 */
export function useSaveStatus(): {
  state: SaveState;
  start: () => void;
  settle: (result: 'saved' | 'error') => void;
} {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    setState('saving');
  }, []);
  const settle = useCallback((result: 'saved' | 'error') => {
    window.clearTimeout(timer.current);
    setState(result);
    timer.current = window.setTimeout(() => setState('idle'), STATUS_RESET_MS);
  }, []);
  return { state, start, settle };
}
