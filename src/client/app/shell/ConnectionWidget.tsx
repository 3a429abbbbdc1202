import { useState } from 'react';
import { usePendingCount, useRecentMessages, useSyncStatus } from '../hooks/status';
import { STATUS } from '../strings';

// Built on first use: an Intl formatter costs milliseconds to create, and the panel is closed on
// most pages, so the first paint should not pay for it.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: number) =>
  (timeFormat ??= new Intl.DateTimeFormat('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })).format(at);

/**
 * SPEC §1's debug widget on every page: collapsed to a dot by default; opened, it shows the socket
 * state, the changes waiting to be sent, the last successful sync and the messages received.
 */
export function ConnectionWidget() {
  const [open, setOpen] = useState(false);
  const status = useSyncStatus();
  const pending = usePendingCount();
  const messages = useRecentMessages();
  const state = status.online ? status.socket : 'failed';
  return (
    <aside className={`connection-widget${open ? ' open' : ''}`} aria-label={STATUS.widgetTitle}>
      <button
        type="button"
        className={`connection-dot state-${state}`}
        aria-expanded={open}
        aria-label={`${STATUS.widgetTitle}: ${STATUS.socket[state]}${pending ? `, ${STATUS.pending}: ${pending}` : ''}`}
        onClick={() => setOpen((value) => !value)}
      >
        {pending > 0 && <span className="connection-badge">{pending}</span>}
      </button>
      {open && (
        <div className="connection-panel">
          <dl>
            <dt>{STATUS.widgetTitle}</dt>
            <dd data-testid="socket-state">{STATUS.socket[state]}</dd>
            <dt>{STATUS.pending}</dt>
            <dd data-testid="pending-count">{pending}</dd>
            <dt>{STATUS.lastSync}</dt>
            <dd>{status.lastSyncedAt ? formatTime(status.lastSyncedAt) : STATUS.never}</dd>
          </dl>
          <h2>{STATUS.messages}</h2>
          {messages.length === 0 ? (
            <p>{STATUS.noMessages}</p>
          ) : (
            <ol className="connection-log">
              {messages.map((message) => (
                <li key={message.id}>
                  <time>{formatTime(message.at)}</time> {message.text}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </aside>
  );
}
