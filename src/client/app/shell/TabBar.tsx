import { NavLink } from 'react-router-dom';
import { SHELL, TABS } from '../strings';
import { Icon } from './icons';

/** The bottom tab menu; NavLink marks the active tab (aria-current="page" and the .active class). */
export function TabBar() {
  return (
    <nav className="tabbar" aria-label={SHELL.mainNavigation}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.to === '/'} className="tab">
          <Icon name={tab.icon} />
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
