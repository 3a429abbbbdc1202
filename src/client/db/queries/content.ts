import type { Banner, SpecialOffer } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible } from './rows';

/** Banners by id (the server's order). */
export async function banners(db: ReplicaDb): Promise<Banner[]> {
  return visible(await db.banners.toArray());
}

/** Special offers by id (the server's order). */
export async function specialOffers(db: ReplicaDb): Promise<SpecialOffer[]> {
  return visible(await db.specialOffers.toArray());
}
