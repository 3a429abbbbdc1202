// Type-level drift check: each entity schema's output must be exactly its domain type, both ways and
// key for key. `tsc --noEmit` (npm run typecheck) fails to compile this file if either side drifts;
// the runtime test only keeps vitest from reporting an empty file.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  Banner,
  City,
  Excursion,
  ManifestEntry,
  Place,
  ReplicaExcursion,
  Service,
  SpecialOffer,
  Ticket,
  TicketService,
  TicketTourInfo,
  Tour,
  TourNotice,
  User,
} from '../../../src/domain/types';
import type {
  bannerSchema,
  citySchema,
  excursionSchema,
  manifestEntrySchema,
  placeSchema,
  serviceSchema,
  specialOfferSchema,
  ticketSchema,
  ticketServiceSchema,
  ticketTourInfoSchema,
  tourNoticeSchema,
  tourSchema,
  userSchema,
} from '../../../src/protocol/entities';
import type { SyncRow } from '../../../src/protocol/sync';

/** true only when A and B are assignable to each other and have the same keys. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
/** Compiles only when given `true`. */
function assertSame<T extends true>(): T | undefined {
  return undefined;
}

assertSame<Same<z.output<typeof excursionSchema>, Excursion>>();
assertSame<Same<z.output<typeof tourSchema>, Tour>>();
assertSame<Same<z.output<typeof ticketSchema>, Ticket>>();
assertSame<Same<z.output<typeof ticketServiceSchema>, TicketService>>();
assertSame<Same<z.output<typeof ticketTourInfoSchema>, TicketTourInfo>>();
assertSame<Same<z.output<typeof serviceSchema>, Service>>();
assertSame<Same<z.output<typeof userSchema>, User>>();
assertSame<Same<z.output<typeof placeSchema>, Place>>();
assertSame<Same<z.output<typeof citySchema>, City>>();
assertSame<Same<z.output<typeof bannerSchema>, Banner>>();
assertSame<Same<z.output<typeof specialOfferSchema>, SpecialOffer>>();
assertSame<Same<z.output<typeof manifestEntrySchema>, ManifestEntry>>();
assertSame<Same<z.output<typeof tourNoticeSchema>, TourNotice>>();
// Entity schemas do not transform, so what goes in is what comes out.
assertSame<Same<z.input<typeof excursionSchema>, Excursion>>();
assertSame<Same<z.input<typeof ticketSchema>, Ticket>>();
assertSame<Same<z.input<typeof userSchema>, User>>();
// Sync rows are the domain entities themselves, but for two id lists the replica does not keep.
assertSame<Same<SyncRow<'excursions'>, ReplicaExcursion>>();
assertSame<Same<SyncRow<'excursions'>, Omit<Excursion, 'tours'>>>();
assertSame<Same<SyncRow<'tours'>, Omit<Tour, 'tickets'>>>();
assertSame<Same<SyncRow<'tickets'>, Ticket>>();
assertSame<Same<SyncRow<'user'>, User>>();
assertSame<Same<SyncRow<'manifest'>, ManifestEntry>>();

// @ts-expect-error: the check itself must be able to fail (a field missing from one side).
assertSame<Same<Omit<Excursion, 'video'>, Excursion>>();
// @ts-expect-error: an extra optional key is drift too.
assertSame<Same<Place & { extra?: string }, Place>>();

describe('entity schemas and domain types', () => {
  it('have identical shapes (checked by the compiler)', () => {
    expectTypeOf<z.output<typeof excursionSchema>>().toEqualTypeOf<Excursion>();
    expectTypeOf<z.output<typeof tourSchema>>().toEqualTypeOf<Tour>();
    expectTypeOf<z.output<typeof userSchema>>().toEqualTypeOf<User>();
    expectTypeOf<z.output<typeof ticketSchema>>().toEqualTypeOf<Ticket>();
    expectTypeOf<z.output<typeof placeSchema>>().toEqualTypeOf<Place>();
    expectTypeOf<z.output<typeof citySchema>>().toEqualTypeOf<City>();
    expectTypeOf<z.output<typeof bannerSchema>>().toEqualTypeOf<Banner>();
    expectTypeOf<z.output<typeof specialOfferSchema>>().toEqualTypeOf<SpecialOffer>();
    expect(true).toBe(true);
  });
});
