import './schedule-editor.css';
import './schedule-editor-save.css';
import './schedule-editor-rule.css';
import { Suspense, useId, useMemo, useState } from 'react';
import { addDays, formatDisplayDate } from '../../../../domain/dates';
import {
  addExceptDate,
  addRuleTime,
  EMPTY_RULE,
  expandScheduleRule,
  RULE_WEEKDAYS,
  ruleProblem,
  toggleWeekday,
  type RuleProblem,
  type RuleSlot,
  type ScheduleRule,
} from '../../../../domain/schedule-rule';
import { lazyExport } from '../../components/lazy-component';
import { SellerIcon } from './icons';
import { SCHEDULE_RULE as TEXT } from './strings';
import { RuleDate, Tags } from './schedule-rule-fields';
import { RulePreview } from './ScheduleRulePreview';

// The app's 'Выбор даты' sheet, loaded when first opened.
const DatePicker = lazyExport(() => import('../../components/dates/DatePicker'), 'DatePicker');

/** A new rule's period: the next four weeks. */
const DEFAULT_DAYS = 28;

const PROBLEMS: Record<RuleProblem, string> = {
  weekdays: TEXT.noWeekdays,
  times: TEXT.noTimes,
  range: TEXT.noRange,
  past: TEXT.pastRange,
  rangeTooLong: TEXT.longRange,
};

export interface ScheduleRulePanelProps {
  today: string;
  /** Slots the schedule already has: the rule does not make them twice. */
  taken: readonly RuleSlot[];
  /** How many one step may add (the server takes at most this many tours per request). */
  limit: number;
  /** Adds the slots (queues them, or puts them in the form); the panel closes when it resolves. */
  onAdd: (slots: RuleSlot[]) => void | Promise<void>;
}

/**
 * 'Добавить по правилу': weekdays × times × a date range, minus excluded dates, previewed as the chips
 * it will add, then added in one step. Collapsed to a single button until the seller opens it.
 */
export function ScheduleRulePanel({ today, taken, limit, onAdd }: ScheduleRulePanelProps) {
  const [open, setOpen] = useState(false);
  const [rule, setRule] = useState<ScheduleRule>(EMPTY_RULE);
  const [added, setAdded] = useState<number | null>(null);

  if (!open) {
    return (
      <>
        <button
          type="button"
          className="button sched-add-date sched-rule-open"
          onClick={() => {
            // A fresh rule starts with the next four weeks: the seller picks days and times first.
            if (rule === EMPTY_RULE)
              setRule({ ...EMPTY_RULE, from: today, to: addDays(today, DEFAULT_DAYS - 1) });
            setOpen(true);
            setAdded(null);
          }}
        >
          <SellerIcon name="calendar" />
          {TEXT.open}
        </button>
        {added !== null && (
          <p className="sched-rule-added" role="status">
            {TEXT.added(added)}
          </p>
        )}
      </>
    );
  }

  return (
    <RuleForm
      rule={rule}
      setRule={setRule}
      today={today}
      taken={taken}
      limit={limit}
      onClose={() => setOpen(false)}
      onAdd={async (slots) => {
        await onAdd(slots);
        setRule(EMPTY_RULE);
        setAdded(slots.length);
        setOpen(false);
      }}
    />
  );
}

interface RuleFormProps extends ScheduleRulePanelProps {
  rule: ScheduleRule;
  setRule: (update: (rule: ScheduleRule) => ScheduleRule) => void;
  onClose: () => void;
}

function RuleForm({ rule, setRule, today, taken, limit, onAdd, onClose }: RuleFormProps) {
  const id = useId();
  const [time, setTime] = useState('');
  const [picking, setPicking] = useState<'from' | 'to' | 'except' | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = ruleProblem(rule, today);
  const expansion = useMemo(
    () => expandScheduleRule(rule, today, { limit, taken }),
    [rule, today, limit, taken],
  );
  const count = expansion.slots.length;
  const message = problem ? PROBLEMS[problem] : expansion.total === 0 ? TEXT.nothing : null;

  const pickerValue = (picking === 'to' ? rule.to || rule.from : rule.from) || today;

  const set = (patch: Partial<ScheduleRule>) => setRule((current) => ({ ...current, ...patch }));

  async function add() {
    if (count === 0 || busy) return;
    setBusy(true);
    try {
      await onAdd(expansion.slots);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sched-rule" aria-labelledby={`${id}-title`}>
      <div className="sched-rule-head">
        <h2 id={`${id}-title`}>{TEXT.title}</h2>
        <button type="button" className="sched-rule-close" onClick={onClose}>
          {TEXT.close}
        </button>
      </div>

      <fieldset className="sched-rule-group">
        <legend>{TEXT.weekdays}</legend>
        <div className="sched-rule-weekdays">
          {RULE_WEEKDAYS.map((day, i) => (
            <button
              key={day}
              type="button"
              aria-pressed={rule.weekdays.includes(day)}
              // The name begins with what the button shows ('Пн'), so a voice command that says it
              // finds the button (WCAG 2.5.3); the full day follows for a screen reader.
              aria-label={`${TEXT.weekdayShort[i]}, ${TEXT.weekdayFull[i]}`}
              onClick={() => set({ weekdays: toggleWeekday(rule.weekdays, day) })}
            >
              {TEXT.weekdayShort[i]}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="sched-rule-group">
        <legend>{TEXT.times}</legend>
        <form
          className="sched-add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            set({ times: addRuleTime(rule.times, time) });
            setTime('');
          }}
        >
          <input
            type="time"
            aria-label={TEXT.timeLabel}
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
          <button type="submit" className="button sched-add-button" disabled={time === ''}>
            {TEXT.addTime}
          </button>
        </form>
        <Tags
          items={rule.times}
          label={TEXT.removeTime}
          onRemove={(t) => set({ times: rule.times.filter((x) => x !== t) })}
        />
      </fieldset>

      <fieldset className="sched-rule-group sched-rule-range">
        <legend className="visually-hidden">{TEXT.period}</legend>
        <RuleDate
          label={TEXT.from}
          name={TEXT.fromLabel}
          date={rule.from}
          onOpen={() => setPicking('from')}
        />
        <RuleDate label={TEXT.to} name={TEXT.toLabel} date={rule.to} onOpen={() => setPicking('to')} />
      </fieldset>

      <fieldset className="sched-rule-group">
        <legend>{TEXT.except}</legend>
        <button type="button" className="button sched-rule-except" onClick={() => setPicking('except')}>
          <SellerIcon name="calendar" />
          {TEXT.addExcept}
        </button>
        <Tags
          items={rule.except}
          show={formatDisplayDate}
          label={(date) => TEXT.removeExcept(date)}
          onRemove={(d) => set({ except: rule.except.filter((x) => x !== d) })}
        />
      </fieldset>

      <RulePreview
        message={message}
        slots={expansion.slots}
        total={expansion.total}
        skipped={expansion.skipped}
        limit={limit}
        today={today}
      />

      <button
        type="button"
        className="button button-accent sched-rule-submit"
        disabled={count === 0 || busy}
        onClick={() => void add()}
      >
        {TEXT.submit(count)}
      </button>

      {picking && (
        <Suspense fallback={null}>
          <DatePicker
            value={pickerValue}
            today={today}
            onClose={() => setPicking(null)}
            onSelect={(date) => {
              setPicking(null);
              if (picking === 'from') set({ from: date, to: rule.to && rule.to < date ? date : rule.to });
              else if (picking === 'to') set({ to: date });
              else set({ except: addExceptDate(rule.except, date) });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
