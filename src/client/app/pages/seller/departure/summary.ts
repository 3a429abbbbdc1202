import { awaitsBoarding, partySize } from '../../../../../domain/boarding';
import type { ManifestEntry } from '../../../../../domain/types';

// The manifest's counts, in people (each adult and child takes a place on the bus).

export interface ManifestSummary {
  /** People on live tickets: held or paid. */
  booked: number;
  paid: number;
  boarded: number;
  /** Paid and not on the bus yet. */
  notBoarded: number;
  /** People on live tickets per assembly point, in the order the points first appear. */
  byPoint: { name: string; people: number }[];
  /** People on live tickets who chose each service. */
  byService: { name: string; people: number }[];
}

function add(totals: Map<string, number>, name: string, people: number): void {
  totals.set(name, (totals.get(name) ?? 0) + people);
}

const listed = (totals: Map<string, number>) => [...totals].map(([name, people]) => ({ name, people }));

export function manifestSummary(entries: readonly ManifestEntry[]): ManifestSummary {
  const summary = { booked: 0, paid: 0, boarded: 0, notBoarded: 0 };
  const points = new Map<string, number>();
  const services = new Map<string, number>();
  for (const entry of entries) {
    if (entry.status === 'cancelled') continue;
    const people = partySize(entry);
    summary.booked += people;
    if (entry.status === 'confirmed') summary.paid += people;
    if (entry.status === 'confirmed' && entry.checkedInAt) summary.boarded += people;
    if (awaitsBoarding(entry)) summary.notBoarded += people;
    add(points, entry.assemblyPoint, people);
    for (const service of entry.services) if (service.selected) add(services, service.name, people);
  }
  return { ...summary, byPoint: listed(points), byService: listed(services) };
}
