import { useState, type FormEvent } from 'react';
import { isValidEmail } from '../../../../domain/validation';
import { useOnline } from '../../hooks/online';
import { Field } from './CredentialsStep';
import { LOGIN } from './strings';
import type { LoginWizard } from './wizard';

/** 'Забыли пароль?', step 1: the account's e-mail; the server mails a code to it. */
export function ResetEmailStep({ wizard }: { wizard: LoginWizard }) {
  const { form, pending, error, canRequestReset, changeForm } = wizard;
  const online = useOnline();
  const [touched, setTouched] = useState(false);
  const busy = pending === 'credentials';
  const emailHint =
    touched && form.email !== '' && !isValidEmail(form.email.trim()) ? LOGIN.form.emailHint : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.submitResetEmail();
  };

  return (
    <section className="login-card">
      <form className="login-form" onSubmit={submit} noValidate>
        <p className="login-lead">{LOGIN.reset.lead}</p>
        <Field
          label={LOGIN.form.email}
          hint={emailHint}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={LOGIN.form.emailPlaceholder}
          value={form.email}
          onChange={(event) => changeForm({ email: event.target.value })}
          onBlur={() => setTouched(true)}
        />
        {!online && !error && (
          <p className="login-message login-offline" role="status">
            {LOGIN.errors.resetOffline}
          </p>
        )}
        {error && (
          <p className="login-message login-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button login-wide"
          disabled={!canRequestReset || busy}
          aria-busy={busy}
        >
          {busy ? LOGIN.form.busy : LOGIN.reset.send}
        </button>
      </form>
    </section>
  );
}
