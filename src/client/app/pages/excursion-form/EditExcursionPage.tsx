import './excursion-form.css';
import './excursion-form-lists.css';
import './excursion-form-files.css';
import './excursion-form-dock.css';
import { Link, useParams } from 'react-router-dom';
import { isEntityId } from '../../../../domain/ids';
import type { ReplicaExcursion, User } from '../../../../domain/types';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser, useHasSynced } from '../../hooks/account';
import { useExcursion } from '../../hooks/excursion';
import { BasicsFields } from './BasicsFields';
import { EditorTabs, TAB } from './EditorTabs';
import { FormDock, FormMessage } from './FormDock';
import { KeptPhotos } from './KeptPhotos';
import { MediaFields } from './MediaFields';
import { ModerationState } from './ModerationState';
import { PlaceFields } from './PlaceFields';
import { PriceFields } from './PriceFields';
import { RouteFields } from './RouteFields';
import { SeatFields } from './SeatFields';
import { EDITOR } from './strings';
import { TripFields } from './TripFields';
import { UploadStatus } from './UploadStatus';
import { useExcursionEditor } from './use-excursion-editor';

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

const BUTTON_TEXT = {
  idle: EDITOR.save,
  saving: EDITOR.saving,
  saved: EDITOR.saved,
  error: EDITOR.saveFailed,
} as const;

/** The six tabs of fields, the moderation state, and the dock with the message and Save. */
function Editor({ excursion, seller }: { excursion: ReplicaExcursion; seller: boolean }) {
  const form = useExcursionEditor(excursion, seller);
  const { kept, upload } = form;

  const props = { values: form.values, update: form.update };
  const panel = (() => {
    switch (form.tab) {
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
            <KeptPhotos kept={kept} marked={form.marked} onMark={form.mark} onDelete={form.deleteMarked} />
            <MediaFields
              files={form.files}
              onChange={form.changeFiles}
              kept={{ covers: kept.images.length, gallery: kept.gallery.length, video: kept.video !== '' }}
              currentVideo={
                excursion.video === ''
                  ? undefined
                  : { removed: kept.video === '', onToggle: form.toggleVideo }
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
      <EditorTabs tab={form.tab} onTab={form.setTab}>
        <div className="xf-card">{panel}</div>
      </EditorTabs>
      <FormDock
        message={
          upload.progress ? (
            <UploadStatus progress={upload.progress} onCancel={upload.cancel} />
          ) : (
            form.message && <FormMessage message={form.message} onClose={form.closeMessage} />
          )
        }
      >
        <button
          type="button"
          className={`button button-accent xf-save state-${form.status}`}
          disabled={form.status === 'saving'}
          onClick={() => void form.save()}
        >
          <span aria-live="polite">{BUTTON_TEXT[form.status]}</span>
        </button>
      </FormDock>
    </>
  );
}
