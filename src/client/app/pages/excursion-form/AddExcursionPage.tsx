import './excursion-form.css';
import './excursion-form-lists.css';
import './excursion-form-files.css';
import './excursion-form-dock.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ADD_EXCURSION_FORM_STEPS,
  ADD_EXCURSION_SUCCESS_STEP,
  draftOf,
  firstInvalidStep,
  isStepValid,
} from '../../../../domain/excursion-form';
import { newExcursionPayload } from '../../../../domain/excursion-form-submit';
import type { ExcursionFormValues } from '../../../../domain/excursion-form-values';
import { createExcursion, UploadCancelledError } from '../../../commands/excursions';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../hooks/account';
import { useToday } from '../../hooks/now';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { SESSION } from '../../strings';
import { BasicsFields } from './BasicsFields';
import { clearDraft, loadDraft, saveDraft, type StoredDraft } from './draft-storage';
import { FormDock, FormMessage, type Message } from './FormDock';
import { FormIcon } from './icons';
import { MediaFields } from './MediaFields';
import { filesFitForm, filesToSend, NO_FILES, type MediaFiles } from './media-files';
import { PlaceFields } from './PlaceFields';
import { PriceFields } from './PriceFields';
import { RouteFields } from './RouteFields';
import { ScheduleFields } from './ScheduleFields';
import { SeatFields } from './SeatFields';
import { SellersOnly } from './SellersOnly';
import { MEDIA, UPLOAD, WIZARD } from './strings';
import { TripFields } from './TripFields';
import { UploadStatus, useUpload } from './UploadStatus';

/**
 * /profile/addexcursion, the add-excursion wizard (SPEC §2, §4, §5): steps 0–6 are forms, Далее opens
 * only on a valid step, step 6 sends everything, step 7 says the request is with a manager. Sellers and
 * admins only (a tourist is told the section is for sellers); the server checks that as well.
 */
export function AddExcursionPage() {
  const user = useCurrentUser();
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  if (user.role === 'user') return <SellersOnly title={WIZARD.title} />;
  return <DraftWizard key={user.id} userId={user.id} />;
}

/** The wizard, once the user's draft has been read from storage. */
function DraftWizard({ userId }: { userId: number }) {
  const [draft, setDraft] = useState<StoredDraft | null>(null);
  useEffect(() => {
    let live = true;
    void loadDraft(userId).then((loaded) => {
      if (live) setDraft(loaded);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (!draft) return <ListStatus>{SESSION.loading}</ListStatus>;
  return <Wizard userId={userId} initial={draft} />;
}

function Wizard({ userId, initial }: { userId: number; initial: StoredDraft }) {
  const db = useReplica();
  const today = useToday();
  const online = useOnline();
  // The draft, files included, outlives a reload and a closed app (IndexedDB, draft-storage.ts).
  const [values, setValues] = useState<ExcursionFormValues>(initial.values);
  const [step, setStep] = useState(initial.step);
  const [files, setFiles] = useState<MediaFiles>(initial.files);
  const [submitting, setSubmitting] = useState(false);
  const upload = useUpload();
  const [message, setMessage] = useState<Message | null>(
    initial.restored ? { kind: 'info', text: WIZARD.restored } : null,
  );
  // One key per content: resending the same form after a dropped connection cannot create it twice.
  const attemptKey = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const done = step === ADD_EXCURSION_SUCCESS_STEP;
  const draft = draftOf(values, files.covers, today);
  const valid = isStepValid(step, draft);

  useEffect(() => {
    if (!done) void saveDraft(userId, values, step, files);
  }, [userId, values, step, files, done]);

  useEffect(() => {
    // Each step starts at its top, its title read out; not on the first paint, which the shell scrolls.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    heading.current?.focus();
    // A note about the restored draft has been read by now; a failure message stays with its step.
    setMessage((current) => (current?.kind === 'info' ? null : current));
  }, [step]);

  const update = (patch: Partial<ExcursionFormValues>) => {
    attemptKey.current = null;
    setValues((current) => ({ ...current, ...patch }));
  };
  const changeFiles = (change: (current: MediaFiles) => MediaFiles) => {
    attemptKey.current = null;
    setFiles(change);
  };

  async function submit() {
    const invalid = firstInvalidStep(draft);
    if (invalid !== null) {
      setStep(invalid);
      return;
    }
    if (!filesFitForm(files)) {
      setMessage({ kind: 'error', title: WIZARD.failed, text: MEDIA.formTooLarge });
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    setSubmitting(true);
    setMessage(null);
    try {
      const outcome = await createExcursion(
        { db },
        newExcursionPayload(values, userId, today),
        filesToSend(files),
        attemptKey.current,
        upload.start(),
      );
      if (outcome.ok) {
        void clearDraft(userId);
        setFiles(NO_FILES);
        setStep(ADD_EXCURSION_SUCCESS_STEP);
      } else if (outcome.offline) {
        setMessage({ kind: 'offline', title: WIZARD.offline, text: WIZARD.offlineDetail });
      } else {
        // SPEC §8 has no text for a failed creation; the server's reason (a refused file) helps more.
        console.error('Creating the excursion failed', outcome.error);
        setMessage({ kind: 'error', title: WIZARD.failed, text: outcome.error ?? '' });
      }
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        setMessage({ kind: 'info', text: UPLOAD.cancelled });
      } else {
        console.error('Creating the excursion failed', error);
        setMessage({ kind: 'error', title: WIZARD.failed, text: '' });
      }
    } finally {
      upload.finish();
      setSubmitting(false);
    }
  }

  const section = (() => {
    const props = { values, update };
    switch (step) {
      case 0:
        return <BasicsFields {...props} />;
      case 1:
        return <RouteFields {...props} />;
      case 2:
        return (
          <>
            <TripFields {...props} />
            <PlaceFields {...props} />
          </>
        );
      case 3:
        return <PriceFields {...props} />;
      case 4:
        return <ScheduleFields {...props} />;
      case 5:
        return <SeatFields {...props} />;
      case 6:
        return <MediaFields files={files} onChange={changeFiles} />;
      default:
        return <Success />;
    }
  })();

  const last = step === ADD_EXCURSION_FORM_STEPS - 1;
  return (
    <div className="xf-page">
      <PageHeader title={WIZARD.title} />
      {!done && <Progress step={step} />}
      {!online && last && <p className="xf-note">{WIZARD.offlineNote}</p>}
      <section className="xf-card xf-step" aria-labelledby="xf-step-title" data-step={step}>
        {!done && (
          <h2 id="xf-step-title" ref={heading} tabIndex={-1}>
            {WIZARD.steps[step]}
          </h2>
        )}
        {section}
        {!done && !valid && <p className="xf-hint xf-fix">{WIZARD.fixStep}</p>}
      </section>
      <FormDock
        message={
          upload.progress ? (
            <UploadStatus progress={upload.progress} onCancel={upload.cancel} />
          ) : (
            message && <FormMessage message={message} onClose={() => setMessage(null)} />
          )
        }
      >
        <button
          type="button"
          className="dock-back"
          // Dimmed on the success step (SPEC §2): the request is sent, there is nothing to go back to.
          disabled={step === 0 || done || submitting}
          onClick={() => setStep(step - 1)}
        >
          <FormIcon name="back" />
          {WIZARD.back}
        </button>
        <span className="xf-dock-summary">
          {done || last ? '' : WIZARD.stepOf(step + 1, ADD_EXCURSION_FORM_STEPS)}
        </span>
        {done ? (
          <Link className="button button-accent xf-primary" to="/">
            {WIZARD.home}
          </Link>
        ) : last ? (
          <button
            type="button"
            className="button button-accent xf-primary"
            disabled={!valid || submitting}
            onClick={() => void submit()}
          >
            {submitting ? WIZARD.loading : WIZARD.submit}
          </button>
        ) : (
          <button
            type="button"
            className="button button-accent xf-primary"
            disabled={!valid}
            onClick={() => setStep(step + 1)}
          >
            {WIZARD.next}
            <FormIcon name="forward" />
          </button>
        )}
      </FormDock>
    </div>
  );
}

/** Where the seller is: 'Шаг 3 из 7' and one bar per step. */
function Progress({ step }: { step: number }) {
  return (
    <div className="xf-progress">
      <p>
        {WIZARD.stepOf(step + 1, ADD_EXCURSION_FORM_STEPS)}
        <span aria-hidden="true"> · </span>
        {WIZARD.steps[step]}
      </p>
      <div className="xf-progress-bars" aria-hidden="true">
        {WIZARD.steps.map((name, n) => (
          <span key={name} className={n <= step ? 'done' : undefined} />
        ))}
      </div>
    </div>
  );
}

/** Step 7 (SPEC §2): the request is with a manager. */
function Success() {
  return (
    <div className="xf-success" role="status">
      <span className="xf-success-mark" aria-hidden="true">
        <FormIcon name="check" size={40} />
      </span>
      <p>{WIZARD.success}</p>
    </div>
  );
}
