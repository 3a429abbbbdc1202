import { formatDisplayDate } from '../../../../domain/dates';
import { preloadDatePicker } from '../../components/dates/DateField';
import { SellerIcon } from './icons';
import { SCHEDULE_RULE as TEXT } from './strings';

// The small fields of the 'Добавить по правилу' form (ScheduleRulePanel.tsx).

/** A day of the rule's period as the app shows dates (DD.MM.YYYY), opening the 'Выбор даты' sheet. */
export function RuleDate({
  label,
  name,
  date,
  onOpen,
}: {
  label: string;
  name: string;
  date: string;
  onOpen: () => void;
}) {
  return (
    <div className="sched-rule-date">
      <span aria-hidden="true">{label}</span>
      <button
        type="button"
        className="date-field"
        aria-haspopup="dialog"
        aria-label={`${name}: ${date ? formatDisplayDate(date) : TEXT.pick}`}
        onPointerEnter={preloadDatePicker}
        onFocus={preloadDatePicker}
        onClick={onOpen}
      >
        <SellerIcon name="calendar" />
        <span className="date-field-value">{date ? formatDisplayDate(date) : TEXT.pick}</span>
      </button>
    </div>
  );
}

/** Removable tags: the rule's times or its excluded dates. */
export function Tags({
  items,
  label,
  onRemove,
  show = (item) => item,
}: {
  items: readonly string[];
  label: (shown: string) => string;
  onRemove: (item: string) => void;
  show?: (item: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="sched-rule-tags">
      {items.map((item) => (
        <li key={item}>
          <span>{show(item)}</span>
          <button type="button" aria-label={label(show(item))} onClick={() => onRemove(item)}>
            <SellerIcon name="close" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
