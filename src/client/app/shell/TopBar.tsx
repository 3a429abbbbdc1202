import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY, SHELL } from '../strings';
import { Icon } from './icons';

export function TopBar({
  menuOpen,
  onToggleMenu,
  menuButton,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The menu toggle, where the side menu returns the focus when it closes. */
  menuButton: Ref<HTMLButtonElement>;
}) {
  return (
    <header className="topbar">
      <button
        ref={menuButton}
        type="button"
        className="icon-button"
        aria-label={menuOpen ? SHELL.closeMenu : SHELL.openMenu}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onToggleMenu}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
      </button>
      <Link to="/" className="logo" aria-label={`${COMPANY.brand}. ${SHELL.home}`}>
        <Logo />
        <span>{COMPANY.brand}</span>
      </Link>
      <a
        className="icon-button"
        href={COMPANY.phoneHref}
        aria-label={`${SHELL.call}: ${COMPANY.phoneDisplay}`}
      >
        <Icon name="phone" />
      </a>
    </header>
  );
}

/**
 * The app's mark (public/favicon.svg), drawn in the page. As an <img> an SVG is a document of its
 * own that the browser parses on the page's main thread, a long task on a slow phone's first visit.
 */
function Logo() {
  return (
    <svg className="logo-mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b6e8f" />
      <circle cx="42" cy="22" r="9" fill="#ff9a58" />
      <path d="M6 46 22 26l10 12 8-8 18 16v8H6z" fill="#e8f4f8" />
      <path d="M6 50c6-3 10-3 16 0s10 3 16 0 10-3 20 0v8H6z" fill="#5fc3e4" />
    </svg>
  );
}
