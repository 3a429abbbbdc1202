import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { User } from '../../../../../domain/types';
import { ListStatus } from '../../../components/lists/ListStatus';
import { itemPhase } from '../../../components/lists/phase';
import { useCurrentUser } from '../../../hooks/account';
import { SESSION } from '../../../strings';
import { canManage } from '../ownership';
import { useDeparture } from './hooks';
import type { DepartureView } from './queries';
import { MANIFEST as TEXT } from './strings';
import { SellerNotFound } from '../SellerNotFound';

/** A departure the signed-in user may see: its excursion's owner (a seller) or an admin. */
export interface OwnDeparture {
  user: User;
  departure: DepartureView;
}

/**
 * Reads the departure of the route's :tourId and hands it to `children` once it is known to be the
 * user's to see; anyone else gets 'not found', as for another seller's excursion (ownership.ts).
 */
export function WithDeparture({ children }: { children: (own: OwnDeparture) => ReactNode }) {
  const tourId = useParams().tourId ?? '';
  const user = useCurrentUser();
  const departure = useDeparture(tourId);
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  const phase = itemPhase(departure);
  if (phase === 'loading') return <ListStatus>{TEXT.loading}</ListStatus>;
  if (!departure?.excursion || !canManage(user, departure.excursion, { adminExempt: true })) {
    return <SellerNotFound title={TEXT.notFound} hint={TEXT.notFoundHint} back={TEXT.backToList} />;
  }
  return children({ user, departure });
}
