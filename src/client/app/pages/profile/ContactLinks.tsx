import { COMPANY, SOCIAL_LINKS } from '../../strings';
import { ProfileIcon, type ProfileIconName } from './icons';
import { CONTACTS } from './strings';

interface ContactRow {
  kind: string;
  value: string;
  href: string;
  icon: ProfileIconName;
  external?: boolean;
}

const TELEGRAM = SOCIAL_LINKS.find((link) => link.name === 'Telegram');

const ROWS: ContactRow[] = [
  { kind: CONTACTS.phone, value: COMPANY.phoneDisplay, href: COMPANY.phoneHref, icon: 'contacts' },
  { kind: CONTACTS.email, value: COMPANY.email, href: `mailto:${COMPANY.email}`, icon: 'mail' },
];

const TELEGRAM_ROW: ContactRow[] = TELEGRAM
  ? [
      {
        kind: TELEGRAM.name,
        value: TELEGRAM.href.replace(/^https:\/\//, ''),
        href: TELEGRAM.href,
        icon: 'link',
        external: true,
      },
    ]
  : [];

/**
 * The company's phone and e-mail, then either all its social networks (SPEC §2: VK, Rutube, YouTube,
 * Telegram) or, where a quick reply matters, Telegram alone as a third row.
 */
export function ContactLinks({ social }: { social: 'all' | 'telegram' }) {
  const rows = social === 'telegram' ? [...ROWS, ...TELEGRAM_ROW] : ROWS;
  return (
    <>
      <ul className="contact-list">
        {rows.map((row) => (
          <li key={row.kind}>
            <a href={row.href} {...(row.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className="profile-menu-icon">
                <ProfileIcon name={row.icon} />
              </span>
              <span className="contact-text">
                <span className="contact-kind">{row.kind}</span>
                <span className="contact-value">{row.value}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {social === 'all' && (
        <>
          <h2 className="social-title">{CONTACTS.social}</h2>
          <ul className="social-list">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  <ProfileIcon name="link" size={18} />
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
