import { useNavigate } from 'react-router-dom';
import type { ReplicaExcursion } from '../../../../domain/types';
import { Carousel } from '../../components/Carousel';
import { FavoriteButton } from '../../components/FavoriteButton';
import { Icon } from '../../shell/icons';
import { SHELL } from '../../strings';
import { EXCURSION } from './strings';

/** The cover pictures edge to edge, with the back button and the heart laid over them. */
export function ExcursionHero({ excursion }: { excursion: ReplicaExcursion }) {
  const navigate = useNavigate();
  const back = () => {
    // Same rule as PageHeader: a deep link has no in-app history, so go home instead of leaving the app.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate('/');
  };
  return (
    <div className="excursion-hero">
      {/* The first picture is the largest paint of the page: 1280 variant, loaded eagerly. */}
      <Carousel
        images={excursion.images}
        alt={excursion.title}
        width={1280}
        height={853}
        variant={1280}
        eager
        label={EXCURSION.photos}
      />
      <button type="button" className="excursion-hero-back" aria-label={SHELL.back} onClick={back}>
        <Icon name="back" />
      </button>
      <FavoriteButton excursionId={excursion._id} className="excursion-hero-favorite" />
    </div>
  );
}
