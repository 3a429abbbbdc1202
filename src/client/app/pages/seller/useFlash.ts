import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4 and §9: 'Нет изменений' and the saved-status messages show for 2 s. */
export const FLASH_MS = 2000;

/** A message that replaces a button's label for 2 s; a new one restarts the clock. */
export function useFlash<K extends string>(): { flash: K | null; show: (key: K) => void } {
  const [flash, setFlash] = useState<K | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((key: K) => {
    window.clearTimeout(timer.current);
    setFlash(key);
    timer.current = window.setTimeout(() => setFlash(null), FLASH_MS);
  }, []);
  return { flash, show };
}
