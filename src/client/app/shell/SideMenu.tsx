import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { FOOTER_LINKS, SHELL, TABS } from '../strings';

/**
 * The menu the top bar's toggle opens. Open, it takes the focus (its first link) and Escape closes it;
 * closed while the focus was in it, it hands the focus back to the toggle (`toggle`), so a keyboard or
 * screen reader user is where they were, not at the top of the document.
 */
export function SideMenu({
  open,
  onClose,
  toggle,
}: {
  open: boolean;
  onClose: () => void;
  toggle: RefObject<HTMLElement | null>;
}) {
  const menu = useRef<HTMLElement>(null);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  });

  useEffect(() => {
    const nav = menu.current;
    const button = toggle.current;
    if (!open || !nav) return;
    nav.querySelector('a')?.focus();
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
      const focused = document.activeElement;
      if (focused === null || focused === document.body || nav.contains(focused)) button?.focus();
    };
  }, [open, toggle]);

  return (
    <>
      <div className={`scrim${open ? ' open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        id="side-menu"
        ref={menu}
        className={`side-menu${open ? ' open' : ''}`}
        aria-label={SHELL.menu}
        hidden={!open}
      >
        {[...TABS, ...FOOTER_LINKS.filter((link) => !TABS.some((tab) => tab.to === link.to))].map((link) => (
          <Link key={link.to} to={link.to} onClick={onClose}>
            {link.label}
          </Link>
        ))}
      </nav>
    </>
  );
}
