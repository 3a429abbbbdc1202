import { Link } from 'react-router-dom';
import type { EntityId } from '../../../domain/types';
import { setFavorite } from '../../sync/outbox/actions';
import { useFavoriteIds } from '../hooks/account';
import { useReplica } from '../hooks/replica';
import { useSession } from '../hooks/session';
import { CARD } from '../strings';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3.1 4.5 6.8 4.5c2 0 3.4 1.1 4.2 2.4.8-1.3 2.2-2.4 4.2-2.4 3.7 0 5.9 3.7 4.4 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * The heart on cards and details. It flips at once (the replica and the outbox change together) and
 * works offline; a refusal by the server reverts it and the shell shows why. Anonymous users go to login.
 */
export function FavoriteButton({ excursionId, className }: { excursionId: EntityId; className?: string }) {
  const db = useReplica();
  const { userId } = useSession();
  const favorites = useFavoriteIds();
  const active = favorites?.has(excursionId) ?? false;

  // Nobody is signed in on the page the server draws either: there the heart is a plain link to the
  // login screen, which a tap follows before the app's code has run.
  if (userId === null) {
    return (
      <Link
        className={`favorite-button ${className ?? ''}`}
        to="/profile/login"
        aria-label={CARD.addFavorite}
      >
        <Heart filled={false} />
      </Link>
    );
  }

  const toggle = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    // Persistent storage is asked for by the PWA layer once the replica holds a favourite.
    void setFavorite(db, userId, excursionId, !active);
  };

  return (
    <button
      type="button"
      className={`favorite-button${active ? ' active' : ''} ${className ?? ''}`}
      aria-pressed={active}
      aria-label={active ? CARD.removeFavorite : CARD.addFavorite}
      onClick={toggle}
    >
      <Heart filled={active} />
    </button>
  );
}
