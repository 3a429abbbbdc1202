import './admin.css';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { parsePositiveIntId } from '../../../../domain/ids';
import { adminUserIdError, isSuccessMessage } from '../../../../domain/validation';
import { changeRole } from '../../../commands/account';
import { useCurrentUser } from '../../hooks/account';
import { useReplica } from '../../hooks/replica';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { SESSION } from '../../strings';
import { ModerationList } from './ModerationList';
import { RevisionList } from './RevisionList';
import { ADMIN, ROLE_CHANGE as TEXTS, type RoleTarget as Target } from './strings';
import { UserSearch } from './UserSearch';

/**
 * /profile/admin-panel 'Панель администратора' (SPEC §2, §8): promote a user to seller or demote a
 * seller to user by id, find users by e-mail, name or id to do the same, and review sellers' new
 * excursions and changes. Only admins get the forms; the server refuses everyone else anyway. The
 * review queues are the admin's replica and read offline.
 */
export function AdminPanelPage() {
  const user = useCurrentUser();
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  return (
    <div className="admin-page">
      <PageHeader title={ADMIN.title} />
      {user.role === 'admin' ? (
        <>
          <RoleForm />
          <UserSearch />
          <ModerationList />
          <RevisionList />
        </>
      ) : (
        <div className="admin-denied">
          <p>{ADMIN.onlyAdmins}</p>
          <Link className="button" to="/profile">
            {ADMIN.backToProfile}
          </Link>
        </div>
      )}
    </div>
  );
}

function RoleForm() {
  const db = useReplica();
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState<Target | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function run(to: Target) {
    const empty = adminUserIdError(userId);
    const id = parsePositiveIntId(userId.trim());
    if (empty || id === null) {
      setMessage(empty ?? ADMIN.badId);
      return;
    }
    setBusy(to);
    setMessage(null);
    try {
      const outcome = await changeRole({ db }, id, to);
      if (outcome.ok) setMessage(TEXTS[to].success);
      else setMessage(outcome.offline ? ADMIN.networkError : (outcome.error ?? TEXTS[to].failure));
    } catch {
      setMessage(TEXTS[to].failure);
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('seller');
  };
  const success = message !== null && isSuccessMessage(message);

  return (
    <form className="admin-card" noValidate onSubmit={submit}>
      <p className="admin-lead">{ADMIN.lead}</p>
      <label className="admin-label" htmlFor="admin-user-id">
        {ADMIN.userId}
      </label>
      <input
        id="admin-user-id"
        inputMode="numeric"
        autoComplete="off"
        placeholder={ADMIN.placeholder}
        value={userId}
        aria-invalid={message !== null && !success}
        onChange={(event) => setUserId(event.target.value.replace(/\D/g, ''))}
      />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy !== null}>
          {busy === 'seller' ? ADMIN.working : ADMIN.promote}
        </button>
        <button
          type="button"
          className="button admin-demote"
          disabled={busy !== null}
          onClick={() => void run('user')}
        >
          {busy === 'user' ? ADMIN.working : ADMIN.demote}
        </button>
      </div>
      {message !== null &&
        (success ? (
          <p className="admin-message admin-success" role="status">
            {message}
          </p>
        ) : (
          <p className="admin-message admin-error" role="alert">
            {message}
          </p>
        ))}
    </form>
  );
}
