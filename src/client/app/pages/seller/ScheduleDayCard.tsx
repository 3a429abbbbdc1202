import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { dayTitle, formatDisplayDate, formatDayMonth } from '../../../../domain/dates';
import { canAddTime, type ScheduleDate } from '../../../../domain/schedule-editor';
import { TourChip, type ChipState } from './TourChip';
import { SCHEDULE as TEXT } from './strings';

export interface ChipInfo {
  state: ChipState;
  sold: number;
  /** False for a chip that cannot be deleted now (a deletion already waiting for the server). */
  removable: boolean;
  /** Its deletion was just refused by the server (the notice below says why). */
  refused: boolean;
}

export interface ScheduleDayCardProps {
  day: ScheduleDate;
  today: string;
  /** Deletions waiting for the server, shown struck out on their day. */
  deleting: readonly { _id: string; time: string }[];
  chipInfo: (id: string) => ChipInfo;
  /** Adds the time; false when the day already has it. */
  onAdd: (time: string) => boolean;
  onRemove: (id: string) => void;
  /** Just opened with 'Добавить дату': the time field takes the focus. */
  focusOnMount: boolean;
}

/** One date of the seller's schedule: its time chips, a time field and an add button (SPEC §2). */
export function ScheduleDayCard({
  day,
  today,
  deleting,
  chipInfo,
  onAdd,
  onRemove,
  focusOnMount,
}: ScheduleDayCardProps) {
  const [time, setTime] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const headingId = useId();
  const name = formatDayMonth(day.date);

  useEffect(() => {
    if (!focusOnMount) return;
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus();
  }, [focusOnMount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: a time must be entered before adding.
    if (!canAddTime(time)) return;
    if (onAdd(time)) {
      setTime('');
      setDuplicate(false);
    } else setDuplicate(true);
  };

  const title = dayTitle(day.date, today);
  const chips = [
    ...day.tours.map((tour) => ({ id: tour._id, time: tour.time, info: chipInfo(tour._id) })),
    ...deleting.map((tour) => ({
      id: tour._id,
      time: tour.time,
      info: { state: 'deleting', sold: 0, removable: false, refused: false } satisfies ChipInfo,
    })),
  ].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));

  return (
    <section className="sched-day" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="sched-day-date">{formatDisplayDate(day.date)}</span>
      </h2>
      {chips.length > 0 && (
        <ul className="sched-chips" aria-label={`${TEXT.tours}, ${name}`}>
          {chips.map(({ id, time: chipTime, info }) => (
            <TourChip
              key={id}
              time={chipTime}
              state={info.state}
              sold={info.sold}
              refused={info.refused}
              removeLabel={info.removable ? TEXT.removeTour(chipTime, name) : null}
              blockedReason={TEXT.waitToRemove}
              onRemove={() => onRemove(id)}
            />
          ))}
        </ul>
      )}
      <form className="sched-add" noValidate onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          {TEXT.timeLabel(name)}
        </label>
        <input
          ref={input}
          id={inputId}
          type="time"
          value={time}
          aria-invalid={duplicate}
          aria-describedby={duplicate ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setTime(event.target.value);
            setDuplicate(false);
          }}
        />
        <button
          type="submit"
          className="button sched-add-button"
          aria-label={TEXT.addTimeLabel(name)}
          disabled={!canAddTime(time)}
        >
          {TEXT.addTime}
        </button>
      </form>
      {duplicate && (
        <p className="sched-error" id={`${inputId}-error`} role="alert">
          {TEXT.duplicateTime}
        </p>
      )}
    </section>
  );
}
