import './profile.css';
import './forms.css';
import { Link, useNavigate } from 'react-router-dom';
import { logOut } from '../../../commands/logout';
import { useCurrentUser } from '../../hooks/account';
import { useReplica } from '../../hooks/replica';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { LOGIN_PATH } from '../../components/RequireAuth';
import { SESSION } from '../../strings';
import { AccountForm } from './AccountForm';
import { ProfileIcon } from './icons';
import { ReferralCard } from './ReferralCard';
import { ACCOUNT } from './strings';

/** /profile/account (SPEC §2): the user's details, the seller's referral link, and logout. */
export function AccountPage() {
  const db = useReplica();
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;

  return (
    <div className="account-page">
      <PageHeader title={ACCOUNT.heading(user.id)} />
      {/* Keyed by user: another login on this phone starts a fresh form. */}
      <AccountForm key={user.id} user={user} />
      {user.role === 'seller' && <ReferralCard userId={user.id} />}
      <Link
        className="account-signout"
        to={LOGIN_PATH}
        onClick={(event) => {
          event.preventDefault();
          // Forgets the token here at once; the server is told to revoke it now or once online.
          void logOut({ db }).then(() => navigate(LOGIN_PATH, { replace: true }));
        }}
      >
        <ProfileIcon name="logout" size={20} />
        {ACCOUNT.signOut}
      </Link>
    </div>
  );
}
