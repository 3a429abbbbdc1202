import './profile.css';
import './info.css';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { ProfileIcon } from './icons';
import { FAQ_PAGE } from './strings';

/** /profile/faq: common questions as an accordion (native details/summary, no script needed). */
export function FaqPage() {
  return (
    <div className="faq-page">
      <PageHeader title={FAQ_PAGE.title} />
      <p className="profile-lead">{FAQ_PAGE.lead}</p>
      <div className="profile-card profile-faq-list">
        {FAQ_PAGE.items.map((item) => (
          <details key={item.question} className="profile-faq">
            <summary>
              <span>{item.question}</span>
              <ProfileIcon name="chevron" size={20} />
            </summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
      <Link className="button faq-contacts" to="/profile/contacts">
        {FAQ_PAGE.contactsLink}
      </Link>
    </div>
  );
}
