import { useState } from 'react';
import type { LogRow } from '../../db/schema';
import { usePendingCount, useRecentMessages, useSyncStatus } from '../hooks/status';
import { STATUS } from '../strings';
import { CONNECTION_LOG } from './connection-strings';

// Built on first use: an Intl formatter costs milliseconds to create, and the panel is closed on
// most pages, so the first paint should not pay for it.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: number) =>
  (timeFormat ??= new Intl.DateTimeFormat('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })).format(at);

/** A log row in Russian: the engine's notes by their text, the server's messages by their type. */
function describe({ direction, text }: LogRow): string {
  if (direction === 'info') return CONNECTION_LOG.notes[text] ?? CONNECTION_LOG.note;
  let message: { type?: unknown; data?: { action?: unknown } };
  try {
    message = JSON.parse(text) as typeof message;
  } catch {
    return CONNECTION_LOG.unknown;
  }
  const action = typeof message?.data?.action === 'string' ? message.data.action : '';
  switch (message?.type) {
    case 'EXCURSION_UPDATE':
      return CONNECTION_LOG.excursion(action);
    case 'TOUR_UPDATE':
      return CONNECTION_LOG.tour(action);
    case 'USER_UPDATE':
      return CONNECTION_LOG.user(action);
    case 'TICKET_UPDATE':
      return CONNECTION_LOG.ticket;
    case 'subscribed':
      return CONNECTION_LOG.subscribed;
    case 'pong':
      return CONNECTION_LOG.pong;
    case 'error':
      return CONNECTION_LOG.error;
    default:
      return CONNECTION_LOG.unknown;
  }
}

/**
 * SPEC §1's debug widget on every page: collapsed to a dot in the top bar by default; opened, it shows
 * the socket state, the changes waiting to be sent, the last successful sync and the messages received.
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
                  <time>{formatTime(message.at)}</time> {describe(message)}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </aside>
  );
}
