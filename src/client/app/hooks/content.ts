import { useLiveQuery } from './live-query';
import type { Banner, SpecialOffer } from '../../../domain/types';
import { banners, specialOffers } from '../../db/queries/content';
import { useReplica } from './replica';

export function useBanners(): Banner[] | undefined {
  const db = useReplica();
  return useLiveQuery(() => banners(db), [db]);
}

export function useSpecialOffers(): SpecialOffer[] | undefined {
  const db = useReplica();
  return useLiveQuery(() => specialOffers(db), [db]);
}
