import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isSuccessMessage } from '../../../../domain/validation';
import { MAX_ADMIN_USER_QUERY, type AdminUserPage, type AdminUserRow } from '../../../../protocol/moderation';
import { changeRole } from '../../../commands/account';
import { searchUsers } from '../../../commands/admin-users';
import type { Outcome } from '../../../commands/online';
import { useOnline } from '../../hooks/online';
import { useReplica } from '../../hooks/replica';
import { ADMIN, ROLE_CHANGE, USER_SEARCH as TEXT, type RoleTarget } from './strings';

/** Typing waits this long after the last key before it asks the server. */
const DEBOUNCE_MS = 300;

/** The answer for one query: the search shows it only while that query is still the one typed. */
type Answer =
  | { query: string; ok: false; message: string }
  | { query: string; ok: true; users: AdminUserRow[]; total: number; page: number };

/** What the server is asked: trimmed with inner spaces collapsed, as the server reads it. */
const normalised = (text: string) => text.trim().replace(/\s+/g, ' ');

const refusalText = (outcome: Outcome<unknown> & { ok: false }, fallback: string) =>
  outcome.offline ? ADMIN.networkError : (outcome.error ?? fallback);

const toAnswer = (query: string, outcome: Outcome<AdminUserPage>): Answer =>
  outcome.ok
    ? { query, ok: true, users: outcome.value.users, total: outcome.value.total, page: outcome.value.page }
    : { query, ok: false, message: refusalText(outcome, TEXT.loadFailed) };

/**
 * The admin panel's user search: find an account by e-mail, name or id, see its role and how many
 * excursions it owns, and make it a seller or a user again in one tap. Online only: the accounts
 * live on the server, and the phone holds none but its own.
 */
export function UserSearch() {
  const db = useReplica();
  const online = useOnline();
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<{ query: string; message: string } | null>(null);
  // Each search gets the next number; an answer to an older one (typing went on) is dropped.
  const generation = useRef(0);
  const searchedOnce = useRef(false);
  const inputId = useId();
  const headingId = useId();
  const query = normalised(typed);

  useEffect(() => {
    if (!online) return;
    const mine = ++generation.current;
    const controller = new AbortController();
    // The first list (every user) is asked at once; later ones wait for typing to pause.
    const delay = searchedOnce.current ? DEBOUNCE_MS : 0;
    searchedOnce.current = true;
    const timer = setTimeout(() => {
      void searchUsers({ db }, query, 1, controller.signal).then((outcome) => {
        if (mine === generation.current) setAnswer(toAnswer(query, outcome));
      });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [db, online, query]);

  async function loadMore() {
    if (!answer?.ok) return;
    const { query: asked, page } = answer;
    const mine = generation.current;
    setLoadingMore(true);
    setMoreError(null);
    const outcome = await searchUsers({ db }, asked, page + 1);
    setLoadingMore(false);
    if (mine !== generation.current) return;
    if (!outcome.ok) {
      setMoreError({ query: asked, message: refusalText(outcome, TEXT.loadFailed) });
      return;
    }
    setAnswer((current) => {
      if (!current?.ok || current.query !== asked) return current;
      // A user seen already (the list moved under the admin) is shown once.
      const seen = new Set(current.users.map((user) => user.id));
      const added = outcome.value.users.filter((user) => !seen.has(user.id));
      return {
        ...current,
        users: [...current.users, ...added],
        total: outcome.value.total,
        page: outcome.value.page,
      };
    });
  }

  /** The row as the server now has it, after a role change; the new role alone if it cannot tell. */
  const refreshRow = useCallback(
    async (id: number, role: AdminUserRow['role']) => {
      const replace = (fresh: Partial<AdminUserRow>) =>
        setAnswer((current) =>
          current?.ok
            ? {
                ...current,
                users: current.users.map((user) => (user.id === id ? { ...user, ...fresh } : user)),
              }
            : current,
        );
      replace({ role });
      const outcome = await searchUsers({ db }, String(id), 1);
      const row = outcome.ok ? outcome.value.users.find((user) => user.id === id) : undefined;
      if (row) replace(row);
    },
    [db],
  );

  const current = answer !== null && answer.query === query ? answer : null;
  return (
    <section className="admin-card user-search" aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.title}</h2>
      <label className="admin-label" htmlFor={inputId}>
        {TEXT.label}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_ADMIN_USER_QUERY}
        placeholder={TEXT.placeholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {!online ? (
        <p className="admin-message admin-error" role="alert">
          {ADMIN.networkError}
        </p>
      ) : current === null ? (
        <p className="user-search-note" role="status">
          {TEXT.searching}
        </p>
      ) : !current.ok ? (
        <p className="admin-message admin-error" role="alert">
          {current.message}
        </p>
      ) : (
        <>
          <p className="user-search-note" role="status">
            {current.total === 0 ? TEXT.nothing : TEXT.found(current.total)}
          </p>
          {current.users.length > 0 && (
            <ul className="user-search-list" aria-label={TEXT.results}>
              {current.users.map((user) => (
                <UserItem key={user.id} user={user} onChanged={refreshRow} />
              ))}
            </ul>
          )}
          {moreError?.query === query && (
            <p className="admin-message admin-error" role="alert">
              {moreError.message}
            </p>
          )}
          {current.users.length < current.total && (
            <button
              type="button"
              className="button admin-demote user-search-more"
              disabled={loadingMore}
              onClick={() => void loadMore()}
            >
              {loadingMore ? TEXT.working : TEXT.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function UserItem({
  user,
  onChanged,
}: {
  user: AdminUserRow;
  onChanged: (id: number, role: AdminUserRow['role']) => Promise<void>;
}) {
  const db = useReplica();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const nameId = useId();
  const fullName = [user.name, user.surname].filter(Boolean).join(' ') || TEXT.noName;
  const target: RoleTarget | null = user.role === 'user' ? 'seller' : user.role === 'seller' ? 'user' : null;

  async function change(to: RoleTarget) {
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await changeRole({ db }, user.id, to);
      if (outcome.ok) {
        setMessage(ROLE_CHANGE[to].success);
        await onChanged(user.id, to);
      } else setMessage(refusalText(outcome, ROLE_CHANGE[to].failure));
    } catch {
      setMessage(ROLE_CHANGE[to].failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="user-search-item" aria-labelledby={nameId}>
      <div className="user-search-head">
        <strong id={nameId} className="user-search-name">
          {fullName}
        </strong>
        <span className={`user-search-role user-search-role-${user.role}`}>{TEXT.roles[user.role]}</span>
      </div>
      <p className="user-search-email">{user.email}</p>
      <p className="user-search-facts">
        <span>{TEXT.id(user.id)}</span>
        <span>{TEXT.excursions(user.excursions)}</span>
      </p>
      {target && (
        <button
          type="button"
          className={
            target === 'seller' ? 'button user-search-action' : 'button admin-demote user-search-action'
          }
          disabled={busy}
          onClick={() => void change(target)}
        >
          {busy ? TEXT.working : target === 'seller' ? TEXT.makeSeller : TEXT.makeUser}
        </button>
      )}
      {message !== null &&
        (isSuccessMessage(message) ? (
          <p className="admin-message admin-success" role="status">
            {message}
          </p>
        ) : (
          <p className="admin-message admin-error" role="alert">
            {message}
          </p>
        ))}
    </li>
  );
}
