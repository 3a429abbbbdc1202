import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { lazyExport } from '../../components/lazy-component';
import {
  addDateEdit,
  addTimeEdit,
  editedSchedule,
  hasScheduleChanges,
  isTemporaryTourId,
  NO_EDITS,
  removeTourEdit,
  scheduleChanges,
  scheduleDays,
  type ScheduleEdits,
} from '../../../../domain/schedule-editor';
import type { RuleSlot } from '../../../../domain/schedule-rule';
import { MAX_TOURS_PER_REQUEST } from '../../../../domain/schedule-editor';
import type { ScheduleRows } from '../../../db/queries/seller';
import { addTours, deleteTours } from '../../../sync/outbox/actions';
import { useToday } from '../../hooks/now';
import { useReplica } from '../../hooks/replica';
import { useSyncStatus } from '../../hooks/status';
import { useTourRejection } from './hooks';
import { SellerIcon } from './icons';
import { RejectionNotice } from './RejectionNotice';
import { ScheduleDayCard, type ChipInfo } from './ScheduleDayCard';
import { ScheduleRulePanel } from './ScheduleRulePanel';
import { SCHEDULE as TEXT } from './strings';
import { useFlash } from './useFlash';

const DatePicker = lazyExport(() => import('../../components/dates/DatePicker'), 'DatePicker');

type Flash = 'saved' | 'noChanges' | 'saveFailed';

export interface ScheduleEditorProps {
  excursionId: string;
  userId: number;
  /** The stored schedule, live from the replica. */
  rows: ScheduleRows;
}

/**
 * The editor itself. Edits stay on the screen until 'Сохранить изменения'; saving writes the replica
 * and the outbox at once (client/sync/outbox/actions), so it works with no network and the queue sends it
 * later. Each chip shows how far its change has got, straight from the replica's marks.
 */
export function ScheduleEditor({ excursionId, userId, rows }: ScheduleEditorProps) {
  const db = useReplica();
  const today = useToday();
  const status = useSyncStatus();
  const rejection = useTourRejection(excursionId);
  const [edits, setEdits] = useState<ScheduleEdits>(NO_EDITS);
  const [picking, setPicking] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const { flash, show } = useFlash<Flash>();
  // When the last save was queued, and the refusal already answered with 'Ошибка сохранения'.
  const savedAt = useRef(0);
  const answered = useRef<string | null>(null);

  // SPEC §8: a refused schedule change turns the button to 'Ошибка сохранения' (online the answer
  // comes within a moment of 'Сохранено!'; offline it comes whenever the queue is sent).
  const refusedId = rejection && rejection.at >= savedAt.current ? rejection.id : null;
  useEffect(() => {
    if (refusedId === null || savedAt.current === 0 || answered.current === refusedId) return;
    answered.current = refusedId;
    show('saveFailed');
  }, [refusedId, show]);

  const stored = rows.tours;
  const edited = editedSchedule(stored, edits);
  const changes = scheduleChanges(stored, edited);
  const unsaved = changes.toCreate.length + changes.toDelete.length;
  const queued = stored.filter((tour) => tour.pending).length + rows.deleting.length;
  const days = scheduleDays(edited, [...edits.dates, ...rows.deleting.map((tour) => tour.date)], today);
  const byId = useMemo(() => new Map(stored.map((tour) => [tour._id, tour])), [stored]);

  const refusedIds = new Set(
    rejection?.kind === 'tours.delete' ? (rejection.payload as { tourIds: string[] }).tourIds : [],
  );

  const chipInfo = (id: string): ChipInfo => {
    const tour = byId.get(id);
    if (!tour) return { state: 'unsaved', sold: 0, removable: true, refused: false };
    const waiting = tour.pending || isTemporaryTourId(tour._id);
    // A queued creation can be deleted too: the outbox sends the deletion after the creation, under
    // the real id the server gives it.
    return {
      state: waiting ? 'queued' : 'stored',
      sold: tour.attendantsRegistred,
      removable: true,
      refused: refusedIds.has(tour._id),
    };
  };

  async function save() {
    if (!hasScheduleChanges(changes)) {
      show('noChanges');
      return;
    }
    // The edits leave the screen at once: the replica shows the same tours, now marked as queued.
    const before = edits;
    setEdits(NO_EDITS);
    savedAt.current = Date.now();
    const answeredBefore = answered.current;
    try {
      if (changes.toCreate.length > 0) {
        await addTours(
          db,
          userId,
          changes.toCreate.map((slot) => ({ excursionID: excursionId, ...slot })),
        );
      }
      // One deletion per tour: the server refuses a batch as a whole, and one tour with sold tickets
      // must not bring the others back.
      for (const tourId of changes.toDelete) await deleteTours(db, userId, [tourId]);
      // A refusal that already came back while the rest was being queued keeps its message.
      if (answered.current === answeredBefore) show('saved');
    } catch {
      setEdits(before);
      show('saveFailed');
    }
  }

  /**
   * A season rule's slots go straight into the queue, one creation of up to MAX_TOURS_PER_REQUEST
   * tours, like a save: they show at once as waiting chips, with or without a network.
   */
  async function addByRule(slots: RuleSlot[]) {
    savedAt.current = Date.now();
    try {
      await addTours(
        db,
        userId,
        slots.map((slot) => ({ excursionID: excursionId, ...slot })),
      );
      show('saved');
    } catch {
      show('saveFailed');
    }
  }

  const pickDate = (date: string) => {
    setPicking(false);
    setEdits((current) => addDateEdit(current, date, today));
    setOpened(date);
  };

  return (
    <>
      {days.length === 0 ? (
        <p className="sched-empty">{TEXT.empty}</p>
      ) : (
        days.map((day) => (
          <ScheduleDayCard
            key={day.date}
            day={day}
            today={today}
            deleting={rows.deleting.filter((tour) => tour.date === day.date)}
            chipInfo={chipInfo}
            focusOnMount={opened === day.date}
            onAdd={(time) => {
              const next = addTimeEdit(stored, edits, day.date, time);
              setEdits(next);
              return next !== edits;
            }}
            onRemove={(id) => setEdits((current) => removeTourEdit(current, id))}
          />
        ))
      )}

      <button type="button" className="button sched-add-date" onClick={() => setPicking(true)}>
        <SellerIcon name="calendar" />
        {TEXT.addDate}
      </button>

      <ScheduleRulePanel today={today} taken={edited} limit={MAX_TOURS_PER_REQUEST} onAdd={addByRule} />

      {/* Sticky above the tab bar: the server's refusal and the offline note stay in sight wherever
          the seller has scrolled, next to the button that caused them. */}
      <div className="sched-footer">
        {rejection && <RejectionNotice rejection={rejection} />}
        {!status.online && (
          <p className="sched-offline" role="status">
            <SellerIcon name="cloudOff" size={20} />
            {TEXT.offline}
          </p>
        )}
        {(unsaved > 0 || queued > 0) && (
          <p className="sched-counts" role="status">
            {unsaved > 0 && <span>{TEXT.unsavedCount(unsaved)}</span>}
            {queued > 0 && <span>{TEXT.queuedCount(queued)}</span>}
          </p>
        )}
        <div className="sched-footer-actions">
          {unsaved > 0 && (
            <button type="button" className="button sched-discard" onClick={() => setEdits(NO_EDITS)}>
              {TEXT.discard}
            </button>
          )}
          <button
            type="button"
            className={`button button-accent sched-save${flash === 'saveFailed' ? ' failed' : ''}`}
            aria-live="polite"
            onClick={() => void save()}
          >
            {flash ? TEXT[flash] : TEXT.save}
          </button>
        </div>
      </div>

      {picking && (
        <Suspense fallback={null}>
          <DatePicker value={today} today={today} onSelect={pickDate} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </>
  );
}
