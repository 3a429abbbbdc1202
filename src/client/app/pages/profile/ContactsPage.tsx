import './profile.css';
import './info.css';
import { PageHeader } from '../../components/PageHeader';
import { COMPANY } from '../../strings';
import { ContactLinks } from './ContactLinks';
import { CONTACTS } from './strings';

/** /profile/contacts: how to reach the company. */
export function ContactsPage() {
  return (
    <div className="contacts-page">
      <PageHeader title={CONTACTS.title} />
      <p className="profile-lead">{CONTACTS.lead}</p>
      <section className="profile-card contacts-card">
        <ContactLinks social="all" />
      </section>
      <p className="contacts-legal">{COMPANY.legalName}</p>
    </div>
  );
}
