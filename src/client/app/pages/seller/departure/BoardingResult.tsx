import { passengerName, crimeaClock, type BoardingVerdict } from '../../../../../domain/boarding';
import type { ManifestEntry } from '../../../../../domain/types';
import { BOARDING as TEXT } from './strings';

/** The answer to one check, as the guide reads it at the bus door: green to board, red to refuse. */
export function BoardingResult({ verdict, offline }: { verdict: BoardingVerdict; offline: boolean }) {
  const { title, tone } = headline(verdict);
  const entry = 'entry' in verdict ? verdict.entry : null;
  return (
    <div className={`boarding-result boarding-result--${tone}`} role="status" aria-live="polite">
      <p className="boarding-result-title">{title}</p>
      {entry && <Passenger entry={entry} />}
      {verdict.kind === 'ok' && offline && <p className="boarding-result-note">{TEXT.queued}</p>}
    </div>
  );
}

function headline(verdict: BoardingVerdict): { title: string; tone: 'ok' | 'warn' | 'refused' } {
  switch (verdict.kind) {
    case 'ok':
      return { title: TEXT.ok, tone: 'ok' };
    case 'already':
      return { title: TEXT.already(crimeaClock(verdict.at)), tone: 'warn' };
    case 'cancelled':
      return { title: TEXT.cancelled, tone: 'refused' };
    case 'unpaid':
      return { title: TEXT.unpaid, tone: 'refused' };
    case 'other-tour':
      return { title: TEXT.otherTour(verdict.date, verdict.time), tone: 'refused' };
    case 'unknown':
      return { title: TEXT.unknown, tone: 'refused' };
    case 'empty':
      return { title: TEXT.emptyCode, tone: 'warn' };
  }
}

function Passenger({ entry }: { entry: ManifestEntry }) {
  return (
    <dl className="boarding-passenger">
      <dt className="visually-hidden">{TEXT.passengerTerm}</dt>
      <dd className="boarding-passenger-name">{passengerName(entry.buyer)}</dd>
      <dt className="visually-hidden">{TEXT.seatsTerm}</dt>
      <dd>
        {TEXT.seats(entry.seats)} · {TEXT.people(entry.adults, entry.kids)}
      </dd>
      <dt className="visually-hidden">{TEXT.pointTerm}</dt>
      <dd>{entry.assemblyPoint}</dd>
    </dl>
  );
}
