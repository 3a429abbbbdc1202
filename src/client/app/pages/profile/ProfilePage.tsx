import './profile.css';
import { Link } from 'react-router-dom';
import { formatRoubles } from '../../../../domain/pricing';
import { useCurrentUser } from '../../hooks/account';
import { ListStatus } from '../../components/lists/ListStatus';
import { SESSION } from '../../strings';
import { ProfileIcon, type ProfileIconName } from './icons';
import { PROFILE } from './strings';
import { UserAvatar } from './UserAvatar';
import { AwaitingReviews } from '../reviews/AwaitingReviews';
import { OfflineTripOffer } from '../../../offline-pictures/OfflineTripOffer';

interface MenuItem {
  to: string;
  label: string;
  icon: ProfileIconName;
}

const COMMON_MENU: MenuItem[] = [
  { to: '/profile/contacts', label: PROFILE.contacts, icon: 'contacts' },
  { to: '/profile/certificates', label: PROFILE.certificates, icon: 'gift' },
  { to: '/profile/faq', label: PROFILE.faq, icon: 'question' },
];
const SELLER_MENU: MenuItem[] = [
  { to: '/profile/myexcursions', label: PROFILE.myExcursions, icon: 'bus' },
  { to: '/profile/addexcursion', label: PROFILE.addExcursion, icon: 'plus' },
];
const ADMIN_MENU: MenuItem[] = [{ to: '/profile/admin-panel', label: PROFILE.adminPanel, icon: 'shield' }];

/** /profile (SPEC §2): who is signed in, shortcuts, and the menu; sellers and admins see more. */
export function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;

  const seller = user.role === 'seller' || user.role === 'admin';
  const fullName = [user.name, user.surname].filter((part) => part.trim()).join(' ');
  const menu = [...(seller ? SELLER_MENU : []), ...(user.role === 'admin' ? ADMIN_MENU : []), ...COMMON_MENU];

  return (
    <div className="profile-page">
      <h1 className="profile-title">{PROFILE.title}</h1>
      <Link className="profile-card profile-identity" to="/profile/account">
        <UserAvatar user={user} alt="" size={64} />
        <span className="profile-identity-text">
          <span className="profile-name">{fullName || PROFILE.noName}</span>
          <span className="profile-meta">
            {PROFILE.roles[user.role]} · {user.email}
          </span>
        </span>
        <ProfileIcon name="chevron" />
      </Link>

      {seller && (
        <Link className="profile-card profile-balance" to="/profile/wallet">
          <ProfileIcon name="wallet" size={28} />
          <span className="profile-balance-text">
            <span className="profile-balance-label">{PROFILE.balance}</span>
            <span className="profile-balance-hint">{PROFILE.balanceHint}</span>
          </span>
          <strong className="profile-balance-amount">{formatRoubles(user.balance)}</strong>
        </Link>
      )}

      <div className="profile-banners">
        <Link className="profile-banner profile-banner-favorites" to="/favorite">
          <ProfileIcon name="heart" size={28} />
          <strong>{PROFILE.favoritesBanner}</strong>
          <span>{PROFILE.favoritesHint}</span>
        </Link>
        <Link className="profile-banner profile-banner-tickets" to="/profile/tickets">
          <ProfileIcon name="ticket" size={28} />
          <strong>{PROFILE.ticketsBanner}</strong>
          <span>{PROFILE.ticketsHint}</span>
        </Link>
      </div>

      <AwaitingReviews userId={user.id} />

      <OfflineTripOffer />

      <nav aria-label={PROFILE.menu}>
        <ul className="profile-card profile-menu">
          {menu.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>
                <span className="profile-menu-icon">
                  <ProfileIcon name={item.icon} />
                </span>
                <span className="profile-menu-label">{item.label}</span>
                <ProfileIcon name="chevron" size={20} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
