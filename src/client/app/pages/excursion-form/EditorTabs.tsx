import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { EDITOR } from './strings';

/** The editor's six tabs in SPEC §2 order: Основное, Дополнительно, Маршрут, Места, Фотографии, Стоимость. */
export const TAB = { basics: 0, more: 1, route: 2, seats: 3, photos: 4, prices: 5 } as const;
export type Tab = (typeof TAB)[keyof typeof TAB];

const TABS = EDITOR.tabs.map((label, index) => ({ label, index: index as Tab }));

/**
 * A tab list that scrolls sideways on a phone, with the panel below. Arrow keys move between tabs
 * (the WAI-ARIA tabs pattern); only the chosen tab is in the Tab order.
 */
export function EditorTabs({
  tab,
  onTab,
  children,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = ((tab + step + TABS.length) % TABS.length) as Tab;
    onTab(next);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div className="xf-tabs" role="tablist" aria-label={EDITOR.tabList} ref={list} onKeyDown={move}>
        {TABS.map(({ label, index }) => (
          <button
            key={label}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === tab}
            aria-controls={`${id}-panel`}
            tabIndex={index === tab ? 0 : -1}
            className={index === tab ? 'active' : undefined}
            onClick={() => onTab(index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="xf-panel">
        {children}
      </div>
    </>
  );
}
