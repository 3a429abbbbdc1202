import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { isValidEmail, isValidPassword } from '../../../../domain/validation';
import { useOnline } from '../../hooks/online';
import { LOGIN } from './strings';
import type { LoginWizard } from './wizard';

const TEXT = LOGIN.form;

type Touched = Partial<Record<'email' | 'password' | 'repeatPassword', boolean>>;

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field (and tied to it for screen readers) once it is filled in wrongly. */
  hint: string | null;
  /** An eye button that shows the typed password. */
  reveal?: { shown: boolean; toggle: () => void };
}

export function Field({ label, hint, reveal, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <div className="login-input-row">
        <input
          id={id}
          aria-invalid={hint !== null}
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...input}
        />
        {reveal && (
          <button
            type="button"
            className="icon-button login-reveal"
            aria-label={reveal.shown ? TEXT.hidePassword : TEXT.showPassword}
            aria-pressed={reveal.shown}
            onClick={reveal.toggle}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.3a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4z"
              />
              {reveal.shown && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
            </svg>
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="login-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Step 1 (SPEC §2, §5): e-mail and password; registration adds the repeat and the consent box. */
export function CredentialsStep({ wizard, invited }: { wizard: LoginWizard; invited: boolean }) {
  const { form, mode, pending, error, canSubmit, changeForm } = wizard;
  const online = useOnline();
  const consentId = useId();
  const [touched, setTouched] = useState<Touched>({});
  const [shown, setShown] = useState(false);
  const register = mode === 'register';
  const busy = pending === 'credentials';
  const touch = (field: keyof Touched) => () => setTouched((current) => ({ ...current, [field]: true }));
  const reveal = { shown, toggle: () => setShown((value) => !value) };

  const emailHint =
    touched.email && form.email !== '' && !isValidEmail(form.email.trim()) ? TEXT.emailHint : null;
  const passwordHint =
    touched.password && form.password !== '' && !isValidPassword(form.password) ? TEXT.passwordHint : null;
  const repeatHint =
    touched.repeatPassword && form.repeatPassword !== '' && form.repeatPassword !== form.password
      ? TEXT.repeatHint
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.submitCredentials();
  };

  return (
    <section className="login-card">
      <div className="login-tabs" role="tablist" aria-label={TEXT.method}>
        <button type="button" role="tab" className="login-tab" aria-selected="true" id="login-tab-email">
          {TEXT.email}
        </button>
        <button
          type="button"
          role="tab"
          className="login-tab"
          aria-selected="false"
          disabled
          title={TEXT.phoneSoon}
        >
          {TEXT.phone}
        </button>
      </div>

      {/* The panel is a wrapper of its own: a <form> may not take the tabpanel role (ARIA in HTML). */}
      <div role="tabpanel" aria-labelledby="login-tab-email">
        <form className="login-form" onSubmit={submit} noValidate>
          {register && invited && <p className="login-invited">{TEXT.invitedNote}</p>}
          <Field
            label={TEXT.email}
            hint={emailHint}
            type="email"
            inputMode="email"
            autoComplete={register ? 'email' : 'username'}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={TEXT.emailPlaceholder}
            value={form.email}
            onChange={(event) => changeForm({ email: event.target.value })}
            onBlur={touch('email')}
          />
          <Field
            label={TEXT.password}
            hint={passwordHint}
            type={shown ? 'text' : 'password'}
            autoComplete={register ? 'new-password' : 'current-password'}
            value={form.password}
            onChange={(event) => changeForm({ password: event.target.value })}
            onBlur={touch('password')}
            reveal={reveal}
          />
          {mode === 'login' && (
            <button type="button" className="login-link-button login-forgot" onClick={wizard.startReset}>
              {TEXT.forgot}
            </button>
          )}
          {register && (
            <>
              <Field
                label={TEXT.repeatPassword}
                hint={repeatHint}
                type={shown ? 'text' : 'password'}
                autoComplete="new-password"
                value={form.repeatPassword}
                onChange={(event) => changeForm({ repeatPassword: event.target.value })}
                onBlur={touch('repeatPassword')}
              />
              <div className="login-consent">
                <input
                  id={consentId}
                  type="checkbox"
                  checked={form.consent}
                  onChange={(event) => changeForm({ consent: event.target.checked })}
                />
                <label htmlFor={consentId}>{TEXT.consent}</label>
              </div>
            </>
          )}

          <p className="login-note">{TEXT.codeNote}</p>
          {!online && !error && (
            <p className="login-message login-offline" role="status">
              {LOGIN.errors.offline}
            </p>
          )}
          {error && (
            <p className="login-message login-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button login-wide" disabled={!canSubmit || busy} aria-busy={busy}>
            {busy ? TEXT.busy : TEXT.next}
          </button>
        </form>
      </div>
    </section>
  );
}
