import './seller.css';
import './seller-excursion.css';
import './schedule-editor.css';
import './schedule-editor-save.css';
import './schedule-editor-rule.css';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../../hooks/account';
import { useExcursion } from '../../hooks/excursion';
import { ListStatus } from '../../components/lists/ListStatus';
import { itemPhase } from '../../components/lists/phase';
import { PageHeader } from '../../components/PageHeader';
import { SESSION } from '../../strings';
import { useScheduleRows } from './hooks';
import { canManage } from './ownership';
import { ScheduleEditor } from './ScheduleEditor';
import { SCHEDULE as TEXT } from './strings';
import { SellerNotFound } from './SellerNotFound';

/**
 * /profile/schedule/{id} (SPEC §2 "Seller schedule editor"). Scheduling needs ownership, admins
 * included (SPEC §6), so anyone else's excursion is 'Excursion not found'.
 */
export function ScheduleEditorPage() {
  const id = useParams().id ?? '';
  const user = useCurrentUser();
  const excursion = useExcursion(id);
  const rows = useScheduleRows(id);
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  const phase = itemPhase(excursion);
  if (phase === 'loading' || (phase === 'ready' && !rows)) return <ListStatus>{TEXT.loading}</ListStatus>;
  if (!excursion || !rows || !canManage(user, excursion, { adminExempt: false })) {
    return <SellerNotFound title={TEXT.notFound} hint={TEXT.notFoundHint} back={TEXT.backToList} />;
  }
  return (
    <div className="seller-page sched-page">
      <PageHeader title={TEXT.title} />
      <p className="sched-excursion">{excursion.title}</p>
      <ScheduleEditor excursionId={excursion._id} userId={user.id} rows={rows} />
    </div>
  );
}
