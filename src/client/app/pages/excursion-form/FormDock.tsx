import type { ReactNode } from 'react';
import { FormIcon } from './icons';
import { WIZARD } from './strings';

export type Message =
  { kind: 'info'; text: string } | { kind: 'offline' | 'error'; title: string; text: string };

/**
 * The form's actions, always within thumb reach above the tab bar, with a message over them when
 * there is one (a refused file, no connection).
 */
export function FormDock({ message, children }: { message?: ReactNode; children: ReactNode }) {
  return (
    <div className="xf-dock">
      {message}
      <div className="xf-dock-bar" data-testid="form-dock">
        {children}
      </div>
    </div>
  );
}

export function FormMessage({ message, onClose }: { message: Message; onClose: () => void }) {
  const alert = message.kind !== 'info';
  return (
    <div className={`xf-message xf-message-${message.kind}`} role={alert ? 'alert' : 'status'}>
      <div>
        {message.kind !== 'info' && <p className="xf-message-title">{message.title}</p>}
        {message.text && <p>{message.text}</p>}
      </div>
      <button type="button" className="xf-message-close" aria-label={WIZARD.close} onClick={onClose}>
        <FormIcon name="cross" />
      </button>
    </div>
  );
}
