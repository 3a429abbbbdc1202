import { Link } from 'react-router-dom';
import { COMPANY, FOOTER_LINKS, SHELL, SOCIAL_LINKS } from '../strings';

export function Footer() {
  return (
    <footer className="footer">
      <nav className="footer-links" aria-label={SHELL.footerMenu}>
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="footer-social" aria-label={SHELL.social}>
        {SOCIAL_LINKS.map((link) => (
          <a key={link.name} href={link.href} rel="noopener noreferrer" target="_blank">
            {link.name}
          </a>
        ))}
      </p>
      <p>
        <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
      </p>
      <p className="footer-legal">
        © {COMPANY.legalName}. {SHELL.rights}
      </p>
    </footer>
  );
}
