import { Link } from 'react-router-dom';
import { FOOTER_LINKS, SHELL, TABS } from '../strings';

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <>
      <div className={`scrim${open ? ' open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        id="side-menu"
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
