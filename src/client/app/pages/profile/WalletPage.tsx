import './profile.css';
import './info.css';
import { formatRoubles } from '../../../../domain/pricing';
import { useCurrentUser } from '../../hooks/account';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { SESSION } from '../../strings';
import { ContactLinks } from './ContactLinks';
import { ProfileIcon } from './icons';
import { WALLET } from './strings';

/** /profile/wallet (SPEC §2): the referral bonus balance and how to withdraw it. */
export function WalletPage() {
  const user = useCurrentUser();
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;

  return (
    <div className="wallet-page">
      <PageHeader title={WALLET.title} />
      <section className="wallet-balance" aria-labelledby="wallet-balance-label">
        <ProfileIcon name="wallet" size={32} />
        <p id="wallet-balance-label">{WALLET.balance}</p>
        <p className="wallet-amount">{formatRoubles(user.balance)}</p>
      </section>
      <p className="profile-lead">{WALLET.explanation}</p>
      <details className="profile-faq profile-card" open>
        <summary>
          <span>{WALLET.faqTitle}</span>
          <ProfileIcon name="chevron" size={20} />
        </summary>
        <p>{WALLET.faqAnswer}</p>
      </details>
      <section className="profile-card contacts-card" aria-labelledby="wallet-contact">
        <h2 id="wallet-contact">{WALLET.contactTitle}</h2>
        <ContactLinks social="telegram" />
      </section>
    </div>
  );
}
