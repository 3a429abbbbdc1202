import { useState } from 'react';
import {
  canSubmitLogin,
  canSubmitRegistration,
  isValidEmail,
  isValidPassword,
  type RegistrationForm,
} from '../../../../domain/validation';
import { codeFromBoxes, emptyCode, isCodeComplete } from '../../../../domain/verification-code';
import {
  confirmPasswordReset,
  requestCode,
  requestPasswordReset,
  verifyCode,
  type Outcome,
} from '../../../commands/account';
import { useReplica } from '../../hooks/replica';
import { LOGIN } from './strings';

// The wizard of SPEC §4: step 0 (landing), 1 (e-mail and password), 2 (the e-mailed code), 3 (done).
// Login and registration are online only: the server mails the code and hands out the token.
// 'Забыли пароль?' runs the same steps in mode 'reset': 1 the e-mail, 2 the code and a new password
// (the form's password fields), 3 signed in.

export type WizardStep = 0 | 1 | 2 | 3;
export type WizardMode = 'login' | 'register' | 'reset';
/** Which request is running, so only its button shows the busy text. */
export type Pending = 'credentials' | 'code' | 'resend' | null;

const EMPTY_FORM: RegistrationForm = { email: '', password: '', repeatPassword: '', consent: false };

/** SPEC §8: the server's own text, else the fallback; offline gets its own text (no server spoke). */
export function failureText(
  outcome: Extract<Outcome<unknown>, { ok: false }>,
  fallback: string,
  offline: string = LOGIN.errors.offline,
): string {
  return outcome.offline ? offline : (outcome.error ?? fallback);
}

const resetFailure = (outcome: Extract<Outcome<unknown>, { ok: false }>) =>
  failureText(outcome, LOGIN.errors.reset, LOGIN.errors.resetOffline);

export function useLoginWizard(referrer: number | null) {
  const db = useReplica();
  const [step, setStep] = useState<WizardStep>(0);
  const [mode, setMode] = useState<WizardMode>('login');
  const [form, setForm] = useState<RegistrationForm>(EMPTY_FORM);
  const [boxes, setBoxes] = useState<string[]>(emptyCode);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The address the code went to, as sent (trimmed). */
  const [sentTo, setSentTo] = useState('');
  const [focusSignal, setFocusSignal] = useState(0);

  const email = form.email.trim();
  const canSubmit =
    mode === 'register' ? canSubmitRegistration({ ...form, email }) : canSubmitLogin({ ...form, email });
  /** Step 1 of a reset: an e-mail is all it takes. */
  const canRequestReset = isValidEmail(email);
  /** Step 2 of a reset: the whole code and a new password under registration's rules, typed twice. */
  const canConfirmReset =
    isCodeComplete(boxes) && isValidPassword(form.password) && form.repeatPassword === form.password;

  const clearMessages = () => {
    setError(null);
    setNotice(null);
  };

  const choose = (next: WizardMode) => {
    setMode(next);
    clearMessages();
    setStep(1);
  };

  /** 'Забыли пароль?' on the login step: the e-mail typed so far stays, the password does not. */
  const startReset = () => {
    clearMessages();
    setForm((current) => ({ ...current, password: '', repeatPassword: '' }));
    setMode('reset');
    setStep(1);
  };

  /** Назад: one step down (SPEC §4); a reset's first step goes back to the login. Step 0 and step 3 are handled by the page. */
  const back = () => {
    clearMessages();
    setBoxes(emptyCode());
    if (step === 1 && mode === 'reset') setMode('login');
    else if (step === 1) setStep(0);
    if (step === 2) setStep(1);
  };

  const submitResetEmail = async () => {
    if (!canRequestReset || pending) return;
    clearMessages();
    setPending('credentials');
    const outcome = await requestPasswordReset({ db }, email);
    setPending(null);
    if (!outcome.ok) {
      setError(resetFailure(outcome));
      return;
    }
    setSentTo(email);
    setBoxes(emptyCode());
    setForm((current) => ({ ...current, password: '', repeatPassword: '' }));
    setStep(2);
  };

  const resendReset = async () => {
    if (pending) return;
    clearMessages();
    setPending('resend');
    const outcome = await requestPasswordReset({ db }, sentTo);
    setPending(null);
    if (!outcome.ok) {
      setError(resetFailure(outcome));
      return;
    }
    setBoxes(emptyCode());
    setNotice(LOGIN.code.resent);
    setFocusSignal((n) => n + 1);
  };

  const confirmReset = async () => {
    if (!canConfirmReset || pending) return;
    clearMessages();
    setPending('code');
    const outcome = await confirmPasswordReset({ db }, sentTo, codeFromBoxes(boxes), form.password);
    setPending(null);
    if (outcome.ok) {
      setStep(3);
      return;
    }
    // The new password stays typed; the code is cleared so the next try starts from the first box.
    setError(resetFailure(outcome));
    setBoxes(emptyCode());
    setFocusSignal((n) => n + 1);
  };

  const send = () =>
    mode === 'register'
      ? requestCode({ db }, 'register', email, form.password, referrer)
      : requestCode({ db }, 'login', email, form.password);

  const submitCredentials = async () => {
    if (!canSubmit || pending) return;
    clearMessages();
    setPending('credentials');
    const outcome = await send();
    setPending(null);
    if (!outcome.ok) {
      setError(failureText(outcome, mode === 'register' ? LOGIN.errors.register : LOGIN.errors.login));
      return;
    }
    setSentTo(email);
    setBoxes(emptyCode());
    setStep(2);
  };

  const resend = async () => {
    if (pending) return;
    clearMessages();
    setPending('resend');
    const outcome = await send();
    setPending(null);
    if (!outcome.ok) {
      setError(failureText(outcome, mode === 'register' ? LOGIN.errors.register : LOGIN.errors.login));
      return;
    }
    setBoxes(emptyCode());
    setNotice(LOGIN.code.resent);
    setFocusSignal((n) => n + 1);
  };

  const verify = async (code: string) => {
    if (pending) return;
    clearMessages();
    setPending('code');
    const outcome = await verifyCode({ db }, sentTo, code);
    setPending(null);
    if (outcome.ok) {
      setStep(3);
      return;
    }
    // A wrong code is cleared so the next try starts from the first box.
    setError(failureText(outcome, LOGIN.errors.code));
    setBoxes(emptyCode());
    setFocusSignal((n) => n + 1);
  };

  const changeBoxes = (next: string[]) => {
    if (error) setError(null);
    setBoxes(next);
  };

  const changeForm = (patch: Partial<RegistrationForm>) => {
    if (error) setError(null);
    setForm((current) => ({ ...current, ...patch }));
  };

  return {
    step,
    mode,
    form,
    boxes,
    pending,
    error,
    notice,
    sentTo,
    focusSignal,
    canSubmit,
    canRequestReset,
    canConfirmReset,
    choose,
    back,
    submitCredentials,
    resend,
    verify,
    startReset,
    submitResetEmail,
    resendReset,
    confirmReset,
    changeBoxes,
    changeForm,
  };
}

export type LoginWizard = ReturnType<typeof useLoginWizard>;
