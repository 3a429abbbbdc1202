import './tour-operations.css';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDisplayDate, isIsoDate, isTime } from '../../../../../domain/dates';
import type { ReplicaTour } from '../../../../../domain/types';
import { MAX_TOUR_NOTICE_REASON } from '../../../../../domain/types';
import { cancelTour, moveTour } from '../../../../commands/tours';
import { preloadDatePicker } from '../../../components/dates/DateField';
import { lazyExport } from '../../../components/lazy-component';
import { useOnline } from '../../../hooks/online';
import { useReplica } from '../../../hooks/replica';
import { useToday } from '../../../hooks/now';
import { TOUR_OPERATIONS as TEXT } from './tour-operations-strings';

type Mode = 'cancel' | 'move';
type Step = 'form' | 'confirm' | 'busy';

const MIN_REASON = 3;

// The app's 'Выбор даты' sheet, loaded when first opened.
const DatePicker = lazyExport(() => import('../../../components/dates/DatePicker'), 'DatePicker');

/** The navigation state a cancellation leaves for the excursion page: what was done, to show there. */
export interface TourOutcomeState {
  tourOutcome: string;
}

/** The outcome a cancellation left in the navigation state, if any (the page shows it once). */
export function readTourOutcome(state: unknown): string | null {
  const outcome = (state as Partial<TourOutcomeState> | null)?.tourOutcome;
  return typeof outcome === 'string' ? outcome : null;
}

/**
 * A departure's cancel and move actions: a reason (and for a move the new date and time), then a
 * confirmation naming how many people it affects, then the online call. The server decides; a refusal
 * or a missing network leaves the form as typed, with the reason why.
 */
export function TourOperations({ tour, people }: { tour: ReplicaTour; people: number }) {
  const db = useReplica();
  const online = useOnline();
  const today = useToday();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode | null>(null);
  const [step, setStep] = useState<Step>('form');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  // One key per confirmed request: a retry after a lost answer repeats it, an edited form is a new one.
  const attemptKey = useRef('');

  function open(next: Mode) {
    setMode(next);
    setStep('form');
    setError(null);
    setResult(null);
  }

  function close() {
    setMode(null);
    setError(null);
  }

  function check(): string | null {
    const trimmed = reason.trim();
    if (trimmed.length < MIN_REASON) return TEXT.reasonShort;
    if (trimmed.length > MAX_TOUR_NOTICE_REASON) return TEXT.reasonLong;
    if (mode !== 'move') return null;
    if (!isIsoDate(date) || !isTime(time)) return TEXT.dateMissing;
    if (date < today) return TEXT.datePast;
    if (date === tour.date && time === tour.time) return TEXT.sameSlot;
    return null;
  }

  function toConfirm(event: FormEvent) {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem) return;
    attemptKey.current = crypto.randomUUID();
    setStep('confirm');
  }

  async function send() {
    setStep('busy');
    setError(null);
    const deps = { db };
    const outcome =
      mode === 'move'
        ? await moveTour(deps, tour._id, { date, time, reason: reason.trim() }, attemptKey.current)
        : await cancelTour(deps, tour._id, { reason: reason.trim() }, attemptKey.current);
    if (!outcome.ok) {
      setStep('confirm');
      setError(outcome.offline ? TEXT.offline : (outcome.error ?? TEXT.failed));
      return;
    }
    const { tickets, refunds } = outcome.value;
    if (mode === 'cancel') {
      navigate(`/profile/myexcursion/${encodeURIComponent(tour.excursionID)}`, {
        state: { tourOutcome: TEXT.cancelled(tickets, refunds) } satisfies TourOutcomeState,
      });
      return;
    }
    setResult(TEXT.moved(date, time, tickets));
    setMode(null);
    setReason('');
  }

  const question =
    mode === 'move'
      ? TEXT.moveQuestion(tour, { date, time }, people)
      : TEXT.cancelQuestion(tour.date, tour.time, people);

  return (
    <section className="tour-ops" aria-labelledby="tour-ops-title">
      <h2 id="tour-ops-title">{TEXT.title}</h2>
      {!online && (
        <p className="tour-ops-note" role="status">
          {TEXT.offlineNote}
        </p>
      )}
      {result && (
        <p className="tour-ops-result" role="status">
          {result}
        </p>
      )}
      {mode === null ? (
        <>
          <p className="tour-ops-hint">{TEXT.hint}</p>
          <div className="tour-ops-actions">
            <button type="button" className="button tour-ops-quiet" onClick={() => open('move')}>
              {TEXT.move}
            </button>
            <button type="button" className="button tour-ops-danger" onClick={() => open('cancel')}>
              {TEXT.cancel}
            </button>
          </div>
        </>
      ) : step === 'form' ? (
        <form className="tour-ops-form" onSubmit={toConfirm} noValidate aria-label={TEXT[mode]}>
          <h3>{TEXT[mode]}</h3>
          {mode === 'move' && (
            <div className="tour-ops-slot">
              <div className="tour-ops-date">
                <span aria-hidden="true">{TEXT.newDate}</span>
                <button
                  type="button"
                  className="date-field"
                  aria-haspopup="dialog"
                  aria-label={`${TEXT.newDate}: ${date ? formatDisplayDate(date) : TEXT.pickDate}`}
                  onPointerEnter={preloadDatePicker}
                  onFocus={preloadDatePicker}
                  onClick={() => setPicking(true)}
                >
                  <span className="date-field-value">{date ? formatDisplayDate(date) : TEXT.pickDate}</span>
                </button>
              </div>
              <label>
                <span>{TEXT.newTime}</span>
                <input
                  type="time"
                  value={time}
                  onChange={(e) => {
                    setTime(e.target.value);
                    setError(null);
                  }}
                />
              </label>
            </div>
          )}
          {picking && (
            <Suspense fallback={null}>
              <DatePicker
                value={date || tour.date}
                today={today}
                onClose={() => setPicking(false)}
                onSelect={(day) => {
                  setPicking(false);
                  setDate(day);
                  setError(null);
                }}
              />
            </Suspense>
          )}
          <label className="tour-ops-reason">
            <span>{TEXT.reason}</span>
            <textarea
              value={reason}
              maxLength={MAX_TOUR_NOTICE_REASON}
              rows={3}
              aria-describedby="tour-ops-reason-hint"
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
          </label>
          <p id="tour-ops-reason-hint" className="tour-ops-hint">
            {TEXT.reasonHint}
          </p>
          <div className="tour-ops-picks">
            {TEXT.quickReasons.map((pick) => (
              <button
                key={pick}
                type="button"
                className="tour-ops-pick"
                aria-pressed={reason.trim() === pick}
                onClick={() => {
                  setReason(pick);
                  setError(null);
                }}
              >
                {pick}
              </button>
            ))}
          </div>
          <Problem error={error} />
          <div className="tour-ops-actions">
            <button type="button" className="button tour-ops-quiet" onClick={close}>
              {TEXT.close}
            </button>
            <button type="submit" className="button">
              {TEXT.next}
            </button>
          </div>
        </form>
      ) : (
        <div className="tour-ops-confirm" role="group" aria-labelledby="tour-ops-question">
          <p id="tour-ops-question">{question}</p>
          <p className="tour-ops-quote">{reason.trim()}</p>
          <Problem error={error} />
          <div className="tour-ops-actions">
            <button
              type="button"
              className="button tour-ops-quiet"
              disabled={step === 'busy'}
              onClick={() => {
                setStep('form');
                setError(null);
              }}
            >
              {TEXT.back}
            </button>
            <button
              type="button"
              className="button tour-ops-danger"
              disabled={step === 'busy'}
              onClick={() => void send()}
            >
              {step === 'busy' ? TEXT.wait : mode === 'move' ? TEXT.yesMove : TEXT.yesCancel}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function Problem({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="tour-ops-error" role="alert">
      {error}
    </p>
  );
}
