import './push.css';
import { useEffect, useId, useState } from 'react';
import { rememberNotNow, shouldAsk } from './ask';
import { readAskFacts, turnOffReminders, turnOnReminders, type ReminderResult } from './reminders';
import { PUSH } from './strings';

// The offer of trip reminders, shown on /success under the paid notice (and nowhere else): a card in
// the page's flow, never over it. It appears only when shouldAsk says so and goes away for good after
// 'Не сейчас'.

type Step =
  | { kind: 'checking' | 'hidden' | 'ask' | 'turning-on' | 'on' | 'turning-off' | 'off' }
  | { kind: 'ask-failed'; message: string }
  | { kind: 'off-failed'; message: string };

const failureText = (result: ReminderResult & { ok: false }): string =>
  ({
    denied: PUSH.denied,
    dismissed: PUSH.dismissed,
    unsupported: PUSH.failed,
    offline: PUSH.offline,
    failed: PUSH.failed,
  })[result.reason];

export function ReminderOffer() {
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const titleId = useId();

  useEffect(() => {
    let live = true;
    readAskFacts()
      .then((facts) => live && setStep({ kind: shouldAsk(facts) ? 'ask' : 'hidden' }))
      .catch(() => live && setStep({ kind: 'hidden' }));
    return () => {
      live = false;
    };
  }, []);

  // Called in the tap's own task: turnOnReminders asks for the permission before awaiting anything.
  const turnOn = () => {
    setStep({ kind: 'turning-on' });
    void turnOnReminders().then(
      (result) => setStep(result.ok ? { kind: 'on' } : { kind: 'ask-failed', message: failureText(result) }),
      () => setStep({ kind: 'ask-failed', message: PUSH.failed }),
    );
  };
  const turnOff = () => {
    setStep({ kind: 'turning-off' });
    void turnOffReminders().then(
      (result) =>
        setStep(
          result.ok
            ? { kind: 'off' }
            : { kind: 'off-failed', message: result.reason === 'offline' ? PUSH.offline : PUSH.offFailed },
        ),
      () => setStep({ kind: 'off-failed', message: PUSH.offFailed }),
    );
  };
  const notNow = () => {
    rememberNotNow();
    setStep({ kind: 'hidden' });
  };

  if (step.kind === 'checking' || step.kind === 'hidden') return null;

  if (step.kind === 'off') {
    return (
      <section className="push-offer">
        <p className="push-offer-text" role="status">
          {PUSH.offText}
        </p>
      </section>
    );
  }

  if (step.kind === 'on' || step.kind === 'turning-off' || step.kind === 'off-failed') {
    return (
      <section className="push-offer push-offer-on" aria-labelledby={titleId}>
        <div role="status">
          <h2 id={titleId}>{PUSH.onTitle}</h2>
          <p className="push-offer-text">{PUSH.onText}</p>
        </div>
        {step.kind === 'off-failed' && (
          <p className="push-offer-error" role="alert">
            {step.message}
          </p>
        )}
        <button
          type="button"
          className="push-offer-quiet"
          onClick={turnOff}
          disabled={step.kind === 'turning-off'}
        >
          {step.kind === 'turning-off' ? PUSH.turningOff : PUSH.turnOff}
        </button>
      </section>
    );
  }

  const working = step.kind === 'turning-on';
  return (
    <section className="push-offer" aria-labelledby={titleId}>
      <svg className="push-offer-icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zm-2.4 15a2.5 2.5 0 0 0 4.8 0z"
          fill="currentColor"
        />
      </svg>
      <h2 id={titleId}>{PUSH.askTitle}</h2>
      <p className="push-offer-text">{PUSH.askText}</p>
      {step.kind === 'ask-failed' && (
        <p className="push-offer-error" role="alert">
          {step.message}
        </p>
      )}
      <div className="push-offer-actions">
        <button type="button" className="button" onClick={turnOn} disabled={working}>
          {working ? PUSH.turningOn : PUSH.turnOn}
        </button>
        <button type="button" className="push-offer-quiet" onClick={notNow} disabled={working}>
          {PUSH.notNow}
        </button>
      </div>
    </section>
  );
}
