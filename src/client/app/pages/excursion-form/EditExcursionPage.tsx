import './excursion-form.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { draftOf, isStepValid } from '../../../../domain/excursion-form';
import { withoutMarked } from '../../../../domain/excursion-form-files';
import { excursionFields, formValuesOf } from '../../../../domain/excursion-form-submit';
import type { ExcursionFormValues } from '../../../../domain/excursion-form-values';
import { isEntityId } from '../../../../domain/ids';
import type { ReplicaExcursion, User } from '../../../../domain/types';
import { ownRevision, updateExcursion, UploadCancelledError } from '../../../commands/excursions';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser, useHasSynced } from '../../hooks/account';
import { useExcursion } from '../../hooks/excursion';
import { useReplica } from '../../hooks/replica';
import { BasicsFields } from './BasicsFields';
import { EditorTabs, TAB, type Tab } from './EditorTabs';
import { FormDock, FormMessage, type Message } from './FormDock';
import { KeptPhotos, type KeptMedia } from './KeptPhotos';
import { MediaFields } from './MediaFields';
import { filesFitForm, filesToSend, hasFiles, NO_FILES, type MediaFiles } from './media-files';
import { ModerationState } from './ModerationState';
import { PlaceFields } from './PlaceFields';
import { PriceFields } from './PriceFields';
import { RouteFields } from './RouteFields';
import { useSaveStatus } from '../../hooks/save-status';
import { SeatFields } from './SeatFields';
import { EDITOR, MEDIA, UPLOAD } from './strings';
import { TripFields } from './TripFields';
import { UploadStatus, useUpload } from './UploadStatus';

/**
 * /profile/edit/{id}, the excursion editor (SPEC §2, §4): its owner or an admin edits every field in
 * six tabs and saves; anyone else sees 'Excursion not found', as if it did not exist.
 */
export function EditExcursionPage() {
  const id = useParams().id ?? '';
  const user = useCurrentUser();
  const excursion = useExcursion(id);
  const synced = useHasSynced();
  const found = isEntityId(id) ? excursion : null;

  let body;
  if (!user || found === undefined || (found === null && !synced)) {
    body = <ListStatus>{EDITOR.loading}</ListStatus>;
  } else if (found === null || !mayEdit(user, found)) {
    body = (
      <section className="empty-state">
        <h2>{EDITOR.notFound}</h2>
        <Link className="button" to="/excursions">
          {EDITOR.allExcursions}
        </Link>
      </section>
    );
  } else {
    // Keyed by excursion: another id starts from that excursion's fields, not this one's edits.
    body = <Editor key={found._id} excursion={found} seller={user.role !== 'admin'} />;
  }
  return (
    <div className="xf-page">
      <PageHeader title={EDITOR.title} />
      {body}
    </div>
  );
}

/**
 * SPEC §6: a seller edits the excursions of their own list; an admin edits any. A plain user edits
 * none, even an excursion still on their list from before a demotion.
 */
function mayEdit(user: User, excursion: ReplicaExcursion): boolean {
  if (user.role === 'admin') return true;
  return (
    user.role === 'seller' && (excursion.ownerID === user.id || user.userExcursions.includes(excursion._id))
  );
}

function keptOf(excursion: ReplicaExcursion): KeptMedia {
  return { images: [...excursion.images], gallery: [...excursion.gallery], video: excursion.video };
}

/** The tab holding the first field that stops a save, or null when the form can be saved. */
function invalidTab(values: ExcursionFormValues, covers: readonly unknown[]): Tab | null {
  const draft = draftOf(values, covers);
  if (!isStepValid(0, draft)) return TAB.basics;
  if (!isStepValid(2, { ...draft, duration: 'ok' })) return TAB.basics;
  if (!isStepValid(2, draft)) return TAB.more;
  if (!isStepValid(1, draft)) return TAB.route;
  if (!isStepValid(5, draft)) return TAB.seats;
  if (!isStepValid(6, draft)) return TAB.photos;
  if (!isStepValid(3, draft)) return TAB.prices;
  return null;
}

const BUTTON_TEXT = {
  idle: EDITOR.save,
  saving: EDITOR.saving,
  saved: EDITOR.saved,
  error: EDITOR.saveFailed,
} as const;

/**
 * The form starts from the stored excursion once and is then the seller's own: live updates arriving
 * while they type never overwrite it. After a save it restarts from the server's answer.
 *
 * A published excursion's edit waits for review while the catalogue keeps the live version, so after
 * such a save, and when the editor opens over changes still waiting or refused, the form shows the
 * seller's proposed version (asked of the server) and says which version the catalogue shows.
 */
function Editor({ excursion, seller }: { excursion: ReplicaExcursion; seller: boolean }) {
  const db = useReplica();
  const [values, setValues] = useState(() => formValuesOf(excursion));
  const [kept, setKept] = useState(() => keptOf(excursion));
  const [marked, setMarked] = useState<string[]>([]);
  const [files, setFiles] = useState<MediaFiles>(NO_FILES);
  const [tab, setTab] = useState<Tab>(TAB.basics);
  const [message, setMessage] = useState<Message | null>(null);
  const status = useSaveStatus();
  const upload = useUpload();
  const attemptKey = useRef<string | null>(null);
  // Once the seller changes anything, the proposed version arriving late must not overwrite it.
  const touched = useRef(false);

  /** Restarts the form from the seller's proposed version of the excursion, when the server has one. */
  async function showProposal(): Promise<void> {
    const outcome = await ownRevision({ db }, excursion._id);
    if (!outcome.ok || !outcome.value || touched.current) return;
    setValues(formValuesOf(outcome.value.proposed));
    setKept(keptOf(outcome.value.proposed));
    setFiles(NO_FILES);
    setMarked([]);
  }

  useEffect(() => {
    // An admin's edit applies at once, so an admin edits the live version, never a seller's proposal.
    if (!seller) return;
    let live = true;
    void ownRevision({ db }, excursion._id).then((outcome) => {
      if (!live || !outcome.ok || !outcome.value || touched.current) return;
      const revision = outcome.value;
      setValues(formValuesOf(revision.proposed));
      setKept(keptOf(revision.proposed));
      setMessage({
        kind: 'info',
        text:
          revision.status === 'pending'
            ? EDITOR.revisionWaiting
            : EDITOR.revisionRejected(revision.reason.trim()),
      });
    });
    return () => {
      live = false;
    };
  }, [db, excursion._id, seller]);

  const update = (patch: Partial<ExcursionFormValues>) => {
    attemptKey.current = null;
    touched.current = true;
    setValues((current) => ({ ...current, ...patch }));
  };
  const changeFiles = (next: MediaFiles) => {
    attemptKey.current = null;
    touched.current = true;
    setFiles(next);
  };
  const deleteMarked = () => {
    attemptKey.current = null;
    touched.current = true;
    setKept({
      ...kept,
      images: withoutMarked(kept.images, marked),
      gallery: withoutMarked(kept.gallery, marked),
    });
    setMarked([]);
  };

  async function save() {
    const covers = [...kept.images, ...files.covers];
    const problem = invalidTab(values, covers);
    if (problem !== null) {
      setTab(problem);
      setMessage({ kind: 'error', title: EDITOR.saveFailed, text: EDITOR.invalid(EDITOR.tabs[problem]) });
      return;
    }
    if (!filesFitForm(files)) {
      setTab(TAB.photos);
      setMessage({ kind: 'error', title: EDITOR.saveFailed, text: MEDIA.formTooLarge });
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    status.start();
    setMessage(null);
    try {
      const outcome = await updateExcursion(
        { db },
        excursion._id,
        {
          ...excursionFields(values),
          // An edit keeps the prices the card compares against and the seller's similar excursions.
          adultInitPrice: excursion.adultInitPrice,
          kidInitPrice: excursion.kidInitPrice,
          similarExcursionIDs: excursion.similarExcursionIDs,
        },
        filesToSend(files),
        {
          images: kept.images,
          gallery: kept.gallery,
          removeVideo: kept.video === '' && excursion.video !== '',
        },
        attemptKey.current,
        // A save of fields alone is over in a blink: only new files get a progress bar.
        hasFiles(files) ? upload.start() : undefined,
      );
      if (outcome.ok) {
        status.settle('saved');
        attemptKey.current = null;
        const { excursion: saved, revision } = outcome.value;
        if (revision) {
          // The answer is the unchanged live excursion: the form keeps the seller's version instead.
          touched.current = false;
          setMessage({ kind: 'info', text: EDITOR.revisionSent });
          await showProposal();
          return;
        }
        setValues(formValuesOf(saved));
        setKept(keptOf(saved));
        setFiles(NO_FILES);
        setMarked([]);
        return;
      }
      status.settle('error');
      setMessage(
        outcome.offline
          ? { kind: 'offline', title: EDITOR.saveFailed, text: EDITOR.offline }
          : { kind: 'error', title: EDITOR.saveFailed, text: outcome.error ?? '' },
      );
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        // Nothing was saved: the button says so for its 2 s, the message says why.
        status.settle('error');
        setMessage({ kind: 'info', text: UPLOAD.cancelled });
        return;
      }
      console.error('Saving the excursion failed', error);
      status.settle('error');
      setMessage({ kind: 'error', title: EDITOR.saveFailed, text: '' });
    } finally {
      upload.finish();
    }
  }

  const props = { values, update };
  const panel = (() => {
    switch (tab) {
      case TAB.basics:
        return (
          <>
            <BasicsFields {...props} />
            <PlaceFields {...props} />
          </>
        );
      case TAB.more:
        return <TripFields {...props} />;
      case TAB.route:
        return <RouteFields {...props} />;
      case TAB.seats:
        return <SeatFields {...props} />;
      case TAB.photos:
        return (
          <>
            <KeptPhotos
              kept={kept}
              marked={marked}
              onMark={(next) => {
                touched.current = true;
                setMarked(next);
              }}
              onDelete={deleteMarked}
            />
            <MediaFields
              files={files}
              onChange={changeFiles}
              kept={{ covers: kept.images.length, gallery: kept.gallery.length, video: kept.video !== '' }}
              currentVideo={
                excursion.video === ''
                  ? undefined
                  : {
                      removed: kept.video === '',
                      onToggle: (removed) => {
                        attemptKey.current = null;
                        touched.current = true;
                        setKept({ ...kept, video: removed ? '' : excursion.video });
                      },
                    }
              }
            />
          </>
        );
      default:
        return <PriceFields {...props} />;
    }
  })();

  return (
    <>
      <p className="xf-excursion-title">
        <Link to={`/excursion/${excursion._id}`}>{excursion.title}</Link>
      </p>
      <ModerationState moderation={excursion.moderation} />
      <EditorTabs tab={tab} onTab={setTab}>
        <div className="xf-card">{panel}</div>
      </EditorTabs>
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
          className={`button button-accent xf-save state-${status.state}`}
          disabled={status.state === 'saving'}
          onClick={() => void save()}
        >
          <span aria-live="polite">{BUTTON_TEXT[status.state]}</span>
        </button>
      </FormDock>
    </>
  );
}
