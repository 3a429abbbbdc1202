import { useId } from 'react';
import { CodeInput } from './CodeInput';
import { LOGIN } from './strings';
import type { LoginWizard } from './wizard';
import { StepMessage } from './StepMessage';

const TEXT = LOGIN.code;

/** Step 2 (SPEC §2): the six boxes for the e-mailed code, checked as soon as the last one is filled. */
export function CodeStep({ wizard }: { wizard: LoginWizard }) {
  const { boxes, pending, error, notice, sentTo, focusSignal } = wizard;
  const labelId = useId();
  const messageId = useId();
  return (
    <section className="login-card login-code" aria-labelledby={labelId}>
      <svg
        className="login-mail-art"
        width="56"
        height="56"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="currentColor"
          d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 2v.5l8 5 8-5V7zm16 2.9-8 5-8-5V17h16z"
        />
      </svg>
      <p className="login-lead">
        {TEXT.sentTo} <strong className="login-email">{sentTo}</strong>
      </p>
      <h2 id={labelId} className="login-code-label">
        {TEXT.label}
      </h2>
      <CodeInput
        boxes={boxes}
        onChange={wizard.changeBoxes}
        onComplete={(code) => void wizard.verify(code)}
        readOnly={pending === 'code'}
        invalid={error !== null}
        labelledBy={labelId}
        describedBy={error || notice ? messageId : undefined}
        focusSignal={focusSignal}
      />
      <div className="login-code-messages">
        {pending === 'code' && (
          <p className="login-message login-checking" role="status">
            <span className="login-spinner" aria-hidden="true" />
            {TEXT.checking}
          </p>
        )}
        <StepMessage id={messageId} error={error} notice={notice} />
      </div>
      <p className="login-note">{TEXT.hint}</p>
      <button
        type="button"
        className="login-link-button"
        disabled={pending !== null}
        aria-busy={pending === 'resend'}
        onClick={() => void wizard.resend()}
      >
        {pending === 'resend' ? TEXT.resending : TEXT.resend}
      </button>
    </section>
  );
}
