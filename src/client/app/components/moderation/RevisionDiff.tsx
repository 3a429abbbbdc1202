import './revision-diff.css';
import { useMemo } from 'react';
import { excursionDiff, type DiffExcursion, type ExcursionChange } from '../../../../domain/excursion-diff';
import { usePlaces } from '../../hooks/places';
import { MediaImage } from '../MediaImage';
import { REVISION_DIFF as TEXT } from './strings';

/**
 * A published excursion's live listing against the proposed changes, one row per changed field
 * ('Поле / Было / Стало'); changed photos show as thumbnails on each side.
 */
export function RevisionDiff({ live, proposed }: { live: DiffExcursion; proposed: DiffExcursion }) {
  const places = usePlaces();
  const changes = useMemo(() => {
    const names = new Map((places ?? []).map((place) => [place.id, place.name]));
    return excursionDiff(live, proposed, { placeName: (id) => names.get(id) });
  }, [live, proposed, places]);
  if (changes.length === 0) return <p>{TEXT.noChanges}</p>;
  return (
    <table className="revision-diff">
      <caption>{TEXT.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{TEXT.field}</th>
          <th scope="col">{TEXT.before}</th>
          <th scope="col">{TEXT.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-field={change.field}>
            <th scope="row">{change.label}</th>
            <td className="revision-diff-before">
              <Value change={change} side="before" />
            </td>
            <td className="revision-diff-after">
              <Value change={change} side="after" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Value({ change, side }: { change: ExcursionChange; side: 'before' | 'after' }) {
  if (!change.media) return <span>{change[side]}</span>;
  const ids = change.media[side];
  if (ids.length === 0) return <span>{change[side]}</span>;
  return (
    <ul aria-label={`${change.label}: ${TEXT[side]}`}>
      {ids.map((id) => (
        <li key={id}>
          <MediaImage id={id} alt="" width={64} height={48} className="revision-diff-photo" />
        </li>
      ))}
    </ul>
  );
}
