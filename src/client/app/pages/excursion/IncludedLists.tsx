import { PageIcon } from './icons';
import { EXCURSION } from './strings';

function List({
  items,
  kind,
  title,
}: {
  items: readonly string[];
  kind: 'included' | 'not-included';
  title: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className={`included-list included-${kind}`} data-testid={kind}>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <PageIcon name={kind === 'included' ? 'check' : 'cross'} size={18} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the price covers and what it does not, side by side on wide screens. */
export function IncludedLists({
  included,
  notIncluded,
}: {
  included: readonly string[];
  notIncluded: readonly string[];
}) {
  if (included.length === 0 && notIncluded.length === 0) return null;
  return (
    <section className="excursion-section included-lists">
      <List items={included} kind="included" title={EXCURSION.included} />
      <List items={notIncluded} kind="not-included" title={EXCURSION.notIncluded} />
    </section>
  );
}
