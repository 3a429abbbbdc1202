import { useId, useState, type FormEvent } from 'react';
import { isValidPassword } from '../../../../domain/validation';
import { useOnline } from '../../hooks/online';
import { CodeInput } from './CodeInput';
import { Field } from './CredentialsStep';
import { LOGIN } from './strings';
import type { LoginWizard } from './wizard';
import { StepMessage } from './StepMessage';

type Touched = Partial<Record<'password' | 'repeatPassword', boolean>>;

/**
 * 'Забыли пароль?', step 2: the six boxes for the mailed code and the new password, typed twice. The
 * code is not sent on its own as a login code is: it goes with the password, by the button.
 */
export function ResetCodeStep({ wizard }: { wizard: LoginWizard }) {
  const { form, boxes, pending, error, notice, sentTo, focusSignal, canConfirmReset, changeForm } = wizard;
  const online = useOnline();
  const labelId = useId();
  const messageId = useId();
  const [touched, setTouched] = useState<Touched>({});
  const [shown, setShown] = useState(false);
  const busy = pending === 'code';
  const touch = (field: keyof Touched) => () => setTouched((current) => ({ ...current, [field]: true }));

  const passwordHint =
    touched.password && form.password !== '' && !isValidPassword(form.password)
      ? LOGIN.form.passwordHint
      : null;
  const repeatHint =
    touched.repeatPassword && form.repeatPassword !== '' && form.repeatPassword !== form.password
      ? LOGIN.form.repeatHint
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.confirmReset();
  };

  return (
    <section className="login-card login-code login-reset" aria-labelledby={labelId}>
      <p className="login-lead">
        {LOGIN.reset.sentTo} <strong className="login-email">{sentTo}</strong>
      </p>
      <form className="login-form" onSubmit={submit} noValidate>
        <h2 id={labelId} className="login-code-label">
          {LOGIN.code.label}
        </h2>
        <CodeInput
          boxes={boxes}
          onChange={wizard.changeBoxes}
          onComplete={() => undefined}
          readOnly={busy}
          invalid={error !== null}
          labelledBy={labelId}
          describedBy={error || notice ? messageId : undefined}
          focusSignal={focusSignal}
        />
        <Field
          label={LOGIN.reset.newPassword}
          hint={passwordHint}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          value={form.password}
          onChange={(event) => changeForm({ password: event.target.value })}
          onBlur={touch('password')}
          reveal={{ shown, toggle: () => setShown((value) => !value) }}
        />
        <Field
          label={LOGIN.reset.repeatPassword}
          hint={repeatHint}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          value={form.repeatPassword}
          onChange={(event) => changeForm({ repeatPassword: event.target.value })}
          onBlur={touch('repeatPassword')}
        />
        <p className="login-note">{LOGIN.reset.note}</p>
        {!online && !error && (
          <p className="login-message login-offline" role="status">
            {LOGIN.errors.resetOffline}
          </p>
        )}
        <StepMessage id={messageId} error={error} notice={notice} />
        <button
          type="submit"
          className="button login-wide"
          disabled={!canConfirmReset || busy}
          aria-busy={busy}
        >
          {busy ? LOGIN.form.busy : LOGIN.reset.submit}
        </button>
      </form>
      <p className="login-note">{LOGIN.code.hint}</p>
      <button
        type="button"
        className="login-link-button"
        disabled={pending !== null}
        aria-busy={pending === 'resend'}
        onClick={() => void wizard.resendReset()}
      >
        {pending === 'resend' ? LOGIN.code.resending : LOGIN.code.resend}
      </button>
    </section>
  );
}
