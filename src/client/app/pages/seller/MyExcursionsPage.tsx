import './seller.css';
import './seller-excursion.css';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../hooks/account';
import { ListStatus } from '../../components/lists/ListStatus';
import { syncedListPhase } from '../../components/lists/phase';
import { MediaImage } from '../../components/MediaImage';
import { PageHeader } from '../../components/PageHeader';
import { SESSION } from '../../strings';
import { SellersOnly } from '../excursion-form/SellersOnly';
import { useOwnExcursions } from './hooks';
import { SellerIcon } from './icons';
import { ModerationBadge } from './ModerationBadge';
import { hasSellerScreens } from './ownership';
import { MY_EXCURSIONS } from './strings';

/**
 * /profile/myexcursions (SPEC §2): the seller's own excursions with where each is in review. A plain
 * user (a seller demoted, or a link opened by hand) is told the section is for sellers and how to
 * become one, and offered nothing to add or change.
 */
export function MyExcursionsPage() {
  const user = useCurrentUser();
  const excursions = useOwnExcursions(user?.id);
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  if (!hasSellerScreens(user)) return <SellersOnly title={MY_EXCURSIONS.title} />;
  const phase = syncedListPhase(excursions);

  return (
    <div className="seller-page">
      <PageHeader title={MY_EXCURSIONS.title} />
      <Link className="button button-accent seller-add" to="/profile/addexcursion">
        <SellerIcon name="plus" />
        {MY_EXCURSIONS.add}
      </Link>
      {phase === 'ready' && excursions ? (
        <ul className="seller-list" aria-label={MY_EXCURSIONS.list}>
          {excursions.map((excursion) => (
            <li key={excursion._id}>
              <Link className="seller-item" to={`/profile/myexcursion/${excursion._id}`}>
                <MediaImage
                  id={excursion.images[0]}
                  alt=""
                  width={96}
                  height={72}
                  className="seller-item-cover"
                />
                <span className="seller-item-text">
                  <span className="seller-item-title">{excursion.title}</span>
                  <span className="seller-item-city">{excursion.city}</span>
                  <ModerationBadge excursion={excursion} />
                </span>
                <SellerIcon name="chevron" />
              </Link>
            </li>
          ))}
        </ul>
      ) : phase === 'empty' ? (
        <section className="empty-state seller-empty">
          <h2>{MY_EXCURSIONS.empty}</h2>
          <p>{MY_EXCURSIONS.emptyHint}</p>
        </section>
      ) : (
        <ListStatus>{MY_EXCURSIONS.loading}</ListStatus>
      )}
    </div>
  );
}
