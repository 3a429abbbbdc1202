import { Link } from 'react-router-dom';
import { COMPANY, SHELL } from '../strings';
import { Icon } from './icons';

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button"
        aria-label={menuOpen ? SHELL.closeMenu : SHELL.openMenu}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onToggleMenu}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
      </button>
      <Link to="/" className="logo" aria-label={SHELL.home}>
        <img src="/favicon.svg" width="32" height="32" alt="" />
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
