import { useCallback, useEffect, useRef, useState } from 'react';
import { draftOf, isStepValid } from '../../../../domain/excursion-form';
import { withoutMarked } from '../../../../domain/excursion-form-files';
import { excursionFields, formValuesOf } from '../../../../domain/excursion-form-submit';
import type { ExcursionFormValues } from '../../../../domain/excursion-form-values';
import type { ReplicaExcursion } from '../../../../domain/types';
import { ownRevision, updateExcursion, UploadCancelledError } from '../../../commands/excursions';
import { useReplica } from '../../hooks/replica';
import { useSaveStatus } from '../../hooks/save-status';
import { TAB, type Tab } from './EditorTabs';
import type { Message } from './FormDock';
import type { KeptMedia } from './KeptPhotos';
import { filesFitForm, filesToSend, hasFiles, NO_FILES, type MediaFiles } from './media-files';
import { EDITOR, MEDIA, UPLOAD } from './strings';
import { useUpload } from './UploadStatus';

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

/**
 * The editor's form: its fields, the media it keeps, marks and adds, the open tab, the dock's message
 * and the save.
 *
 * The form starts from the stored excursion once and is then the seller's own: live updates arriving
 * while they type never overwrite it. After a save it restarts from the server's answer.
 *
 * A published excursion's edit waits for review while the catalogue keeps the live version, so after
 * such a save, and when the editor opens over changes still waiting or refused, the form shows the
 * seller's proposed version (asked of the server) and says which version the catalogue shows.
 */
export function useExcursionEditor(excursion: ReplicaExcursion, seller: boolean) {
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

  /**
   * Restarts the form from the seller's proposed version of the excursion, when the server has one
   * and the seller has not started changing the form meanwhile; answers the revision it showed.
   */
  const showProposal = useCallback(
    async (current: () => boolean = () => true) => {
      const outcome = await ownRevision({ db }, excursion._id);
      if (!current() || !outcome.ok || !outcome.value || touched.current) return null;
      const revision = outcome.value;
      setValues(formValuesOf(revision.proposed));
      setKept(keptOf(revision.proposed));
      setFiles(NO_FILES);
      setMarked([]);
      return revision;
    },
    [db, excursion._id],
  );

  useEffect(() => {
    // An admin's edit applies at once, so an admin edits the live version, never a seller's proposal.
    if (!seller) return;
    let live = true;
    void showProposal(() => live).then((revision) => {
      if (!revision) return;
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
  }, [showProposal, seller]);

  /** Every change the seller makes: a new attempt key for the next save, and no late overwrite. */
  const changed = () => {
    attemptKey.current = null;
    touched.current = true;
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

  return {
    values,
    update(patch: Partial<ExcursionFormValues>) {
      changed();
      setValues((current) => ({ ...current, ...patch }));
    },
    files,
    changeFiles(change: (current: MediaFiles) => MediaFiles) {
      changed();
      setFiles(change);
    },
    kept,
    marked,
    mark(next: string[]) {
      touched.current = true;
      setMarked(next);
    },
    deleteMarked() {
      changed();
      setKept({
        ...kept,
        images: withoutMarked(kept.images, marked),
        gallery: withoutMarked(kept.gallery, marked),
      });
      setMarked([]);
    },
    /** Removes the excursion's current video on save, or keeps it again. */
    toggleVideo(removed: boolean) {
      changed();
      setKept({ ...kept, video: removed ? '' : excursion.video });
    },
    tab,
    setTab,
    message,
    closeMessage: () => setMessage(null),
    status: status.state,
    upload,
    save,
  };
}
